#!/bin/sh
# End-to-end: run the binary on this machine. Without a GPU/driver it must exit 3 with valid JSON holding the CPU
# tests; usage errors exit 2. Usage: e2e.sh /path/to/gpu-probe
set -u
bin="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$bin" --cpu-gemm-size 192 --mem-size-mib 16 -i 3 -w 1 --json "$tmp/r.json" --prom "$tmp/r.prom" -q
rc=$?
if [ -e /dev/nvidiactl ] || ldconfig -p 2>/dev/null | grep -q 'libcuda.so.1'; then
  [ "$rc" -eq 0 ] || [ "$rc" -eq 1 ] || fail "exit $rc on a GPU machine"
else
  [ "$rc" -eq 3 ] || fail "expected exit 3 without a GPU, got $rc"
fi
python3 -m json.tool "$tmp/r.json" > /dev/null || fail "invalid JSON"
python3 - "$tmp/r.json" <<'PY' || fail "JSON content"
import json, re, sys
r = json.load(open(sys.argv[1]))
assert r["schema_version"] == "1.2"
assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", r["run_id"])
for k in ("started_at", "finished_at"):
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", r[k]), r[k]
assert set(r["host"]) >= {"hostname", "kernel", "driver", "cuda", "os"}
t = r["cpu"]["tests"]
assert t["cpu_gemm_fp32"]["value"] > 0 and t["cpu_gemm_fp32"]["details"]["mismatches"] == 0
assert t["cpu_memory_bandwidth"]["value"] > 0
for test in t.values():
    assert test["status"] in ("passed", "degraded", "failed", "waived", "error")
    assert set(test) >= {"status", "value", "unit", "baseline", "ratio", "reason"}
PY
grep -q '^# TYPE gpu_probe_cpu_gemm_flops gauge$' "$tmp/r.prom" || fail "prom output"

"$bin" --bogus 2>"$tmp/err"; [ $? -eq 2 ] || fail "--bogus must exit 2"
grep -q "unknown option" "$tmp/err" || fail "--bogus message"
"$bin" --tests gemm 2>/dev/null; [ $? -eq 2 ] || fail "--tests gemm (substring) must exit 2"
"$bin" --baselines /nonexistent.csv 2>/dev/null; [ $? -eq 2 ] || fail "missing baselines must exit 2"
"$bin" --catalogue /nonexistent.csv 2>/dev/null; [ $? -eq 2 ] || fail "missing catalogue must exit 2"
"$bin" --gpus GPU-not-a-uuid 2>"$tmp/err"; [ $? -eq 2 ] || fail "a malformed --gpus UUID must exit 2"
grep -q "GPU-not-a-uuid" "$tmp/err" || fail "--gpus message names the item"
GPU_PROBE_TOKEN= "$bin" --push http://127.0.0.1:9/ 2>/dev/null; [ $? -eq 2 ] || fail "--push without token must exit 2"
"$bin" --help | grep -q -- "--gemm-size" || fail "--help"
"$bin" --version | grep -q "gpu-probe" || fail "--version"
"$bin" --list | grep -q "^  gemm_bf16 " || fail "--list"
# Push with retries against a closed port: transport errors are retried, then exit 4 (report still written).
GPU_PROBE_TOKEN=t timeout 60 "$bin" -q -t cpu_gemm_fp32 --cpu-gemm-size 32 -i 1 -w 0 --json /dev/null \
  --push http://127.0.0.1:9/api/ingest/v1/probe-runs 2>"$tmp/push"
rc=$?
if grep -q "libcurl" "$tmp/push"; then [ $rc -eq 2 ] || fail "no libcurl must exit 2"; else
  [ $rc -eq 4 ] || fail "unreachable push must exit 4, got $rc"
  grep -q "attempt 5: transport error" "$tmp/push" || fail "push retries"
fi
echo ok
