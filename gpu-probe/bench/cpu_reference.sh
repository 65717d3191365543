#!/bin/sh
# Runs the probe's CPU tests and a numpy reference with the same sizes and threads, alternating them for `rounds`
# rounds, and prints each round and the median ratios. GEMM: OpenBLAS sgemm (np.matmul). Bandwidth: the best of numpy
# copy and numpy's two-pass triad, each on one thread and on `threads` threads over contiguous slices.
# Usage: cpu_reference.sh [gpu-probe binary] [n] [threads] [MiB] [rounds]
set -eu
bin="${1:-build/gpu-probe}"
n="${2:-2048}"
threads="${3:-$(nproc)}"
mib="${4:-256}"
rounds="${5:-5}"
grep -m1 'model name' /proc/cpuinfo
echo "threads=$threads n=$n array_mib=$mib rounds=$rounds"
OPENBLAS_NUM_THREADS="$threads" OMP_NUM_THREADS="$threads" python3 - "$bin" "$n" "$threads" "$mib" "$rounds" <<'PY'
import json, statistics, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor
import numpy as np
binary = sys.argv[1]; n, threads, mib, rounds = map(int, sys.argv[2:])
def med(f, reps=10, warm=3):                                          # the probe's defaults: -i 10 -w 3
    for _ in range(warm): f()
    s = []
    for _ in range(reps):
        t0 = time.perf_counter(); f(); s.append(time.perf_counter() - t0)
    return statistics.median(s)
def probe():
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run([binary, "-q", "-t", "cpu_gemm_fp32,cpu_memory_bandwidth", "--cpu-gemm-size", str(n),
                        "-T", str(threads), "-m", str(mib), "-i", "10", "-w", "3", "--json", out.name])
        t = json.load(open(out.name))["cpu"]["tests"]
    return t["cpu_gemm_fp32"]["value"], t["cpu_memory_bandwidth"]["value"]
a = np.random.rand(n, n).astype(np.float32); b = np.random.rand(n, n).astype(np.float32); c = np.empty_like(a)
# Same array size as the probe; numpy advises huge pages for large arrays, as the probe does. Bytes are counted as
# STREAM does, the bytes each kernel names: copy 2 x 8, two-pass triad 5 x 8 per element (write-allocate not counted).
m = mib * 2**20 // 8
x = np.zeros(m); y = np.ones(m); z = np.full(m, 2.0)
def copy(lo, hi): np.copyto(x[lo:hi], y[lo:hi])
def triad(lo, hi):                                                    # numpy has no fused a = b + s*c: two passes
    np.multiply(z[lo:hi], 3.0, out=x[lo:hi]); np.add(x[lo:hi], y[lo:hi], out=x[lo:hi])
pool = ThreadPoolExecutor(threads)                                    # ufunc loops release the GIL
bounds = [(m * i // threads, m * (i + 1) // threads) for i in range(threads)]
def on_threads(kernel): return lambda: list(pool.map(lambda lh: kernel(*lh), bounds))
gemm_ratios, bw_ratios = [], []
for r in range(1, rounds + 1):
    load = open("/proc/loadavg").read().split()[0]
    probe_gemm, probe_bw = probe()
    ref_gemm = 2 * n**3 / med(lambda: np.matmul(a, b, out=c)) / 1e9
    refs = {"copy 1T": 2 * 8 * m / med(lambda: copy(0, m)) / 1e9,
            "triad 1T": 5 * 8 * m / med(lambda: triad(0, m)) / 1e9,
            f"copy {threads}T": 2 * 8 * m / med(on_threads(copy)) / 1e9,
            f"triad {threads}T": 5 * 8 * m / med(on_threads(triad)) / 1e9}
    best = max(refs, key=refs.get)
    gemm_ratios.append(probe_gemm / ref_gemm); bw_ratios.append(probe_bw / refs[best])
    print(f"round {r} load {load}: GEMM FP32 probe {probe_gemm:6.1f} numpy {ref_gemm:6.1f} GFLOP/s "
          f"({gemm_ratios[-1]:6.1%}) | bandwidth probe triad {probe_bw:5.1f} GB/s, numpy " + " ".join(f"{k} {v:.1f}" for k, v in refs.items())
          + f" GB/s ({bw_ratios[-1]:6.1%} of {best})")
print(f"median of {rounds} rounds: GEMM FP32 {statistics.median(gemm_ratios):6.1%}, "
      f"memory bandwidth {statistics.median(bw_ratios):6.1%} of the best numpy figure")
PY
