#!/bin/sh
# Runs the probe's CPU tests and a numpy reference (OpenBLAS sgemm; numpy copy and two-pass triad) with the same
# size and threads, and prints both and the ratio. Usage: cpu_reference.sh [gpu-probe binary] [n] [threads] [MiB]
set -eu
bin="${1:-build/gpu-probe}"
n="${2:-2048}"
threads="${3:-$(nproc)}"
mib="${4:-256}"
grep -m1 'model name' /proc/cpuinfo
echo "threads=$threads n=$n array_mib=$mib"
json=$(mktemp)
trap 'rm -f "$json"' EXIT
"$bin" -q -t cpu_gemm_fp32,cpu_memory_bandwidth --cpu-gemm-size "$n" -T "$threads" -m "$mib" -i 10 -w 3 --json "$json" || true
OPENBLAS_NUM_THREADS="$threads" OMP_NUM_THREADS="$threads" python3 - "$json" "$n" "$mib" <<'PY'
import json, sys, time
import numpy as np
r = json.load(open(sys.argv[1])); n = int(sys.argv[2]); mib = int(sys.argv[3])
t = r["cpu"]["tests"]
probe_gemm = t["cpu_gemm_fp32"]["value"]; probe_bw = t["cpu_memory_bandwidth"]["value"]
def med(f, reps=10, warm=3):
    for _ in range(warm): f()
    s = []
    for _ in range(reps):
        t0 = time.perf_counter(); f(); s.append(time.perf_counter() - t0)
    return sorted(s)[len(s) // 2]
a = np.random.rand(n, n).astype(np.float32); b = np.random.rand(n, n).astype(np.float32); c = np.empty_like(a)
ref_gemm = 2 * n**3 / med(lambda: np.matmul(a, b, out=c)) / 1e9
m = mib * 2**20 // 8
x = np.zeros(m); y = np.ones(m); z = np.full(m, 2.0)
ref_copy = 2 * 8 * m / med(lambda: np.copyto(x, y)) / 1e9             # STREAM copy counting: read + write
def triad():
    np.multiply(z, 3.0, out=x); np.add(x, y, out=x)                    # two passes: 5 x 8 bytes really moved
ref_triad = 5 * 8 * m / med(triad) / 1e9
print(f"GEMM FP32   probe {probe_gemm:8.1f} GFLOP/s  numpy/OpenBLAS {ref_gemm:8.1f} GFLOP/s  ratio {probe_gemm/ref_gemm:6.1%}")
print(f"bandwidth   probe {probe_bw:8.1f} GB/s (triad, {t['cpu_memory_bandwidth']['details']['threads']} threads)  "
      f"numpy copy {ref_copy:6.1f} GB/s  numpy 2-pass triad {ref_triad:6.1f} GB/s (numpy is single-threaded)  "
      f"ratio vs best {probe_bw/max(ref_copy, ref_triad):6.1%}")
PY
