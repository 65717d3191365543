#!/bin/sh
# gpu-probe against a stand-in CUDA driver (fake_cuda.cpp, no GPU needed): a broken driver fails the run instead of
# reporting "no GPU"; a missing cuBLASLt is an environment error on every GEMM test; a busy GPU is resource/GPU_BUSY;
# a hung GPU ends in a timeout error with the report written; with a stand-in cuBLASLt (fake_cublaslt.cpp, a CPU GEMM)
# the GEMM path runs end to end: a refused algorithm is retried, a precision without one is waived, the column-sum check
# passes a right result and fails one corrupted element, and a cuBLASLt newer than the driver is refused.
# Usage: fake_driver.sh /path/to/gpu-probe FAKE_CUDA_DIR FAKE_CUBLASLT_DIR
set -u
bin="$1"
export LD_LIBRARY_PATH="$2"
lt="$3"
gemms=gemm_fp64,gemm_fp32,gemm_bf16,gemm_fp16,gemm_fp8
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
run() {  # run NAME VAR=VALUE [ARGS...]: writes $tmp/NAME.json, returns gpu-probe's exit code
  name="$1"; var="$2"; shift 2
  env "$var" "$bin" -q --json "$tmp/$name.json" --cublaslt "$tmp/no-such-lib" --mem-size-mib 4 -i 2 -w 1 \
    --gemm-size 64 --gemm-warmup-seconds 0 --gemm-seconds 0 \
    --tests gemm_bf16,device_memory_bandwidth,h2d_bandwidth,cpu_gemm_fp32 --cpu-gemm-size 32 "$@"
}
check() {  # check NAME PYTHON-ASSERTIONS (r is the report, t the first GPU's tests)
  python3 - "$tmp/$1.json" "$2" <<'PY' || fail "$1: report"
import json, sys
r = json.load(open(sys.argv[1]))
t = r["gpus"][0]["tests"] if r["gpus"] else {}
exec(sys.argv[2])
PY
}

run broken FAKE_CUINIT=999; [ $? -eq 1 ] || fail "cuInit 999 must exit 1"
check broken '
assert r["verdict"] == "failed" and r["gpu_error"] == {"error_class": "hardware", "error_code": "CUDA_ERROR_UNKNOWN"}, r
o = t["gpu_open"]  # the GPU NVML still names gets the outcome
assert r["gpus"][0]["uuid"] == "GPU-00112233-4455-6677-8899-aabbccddeeff" and o["status"] == "error", r["gpus"]
assert o["details"]["error_class"] == "hardware", o'
run mismatch FAKE_CUINIT=803; [ $? -eq 1 ] || fail "cuInit 803 must exit 1"
check mismatch 'assert r["gpu_error"]["error_class"] == "environment", r'
run nodevice FAKE_CUINIT=100; [ $? -eq 3 ] || fail "cuInit 100 must exit 3"
check nodevice 'assert r["verdict"] == "no_gpu" and "gpu_error" not in r, r'

run healthy FAKE_CUINIT=0; [ $? -eq 1 ] || fail "no cuBLASLt must exit 1"
check healthy '
g = t["gemm_bf16"]
assert g["status"] == "error" and g["details"]["error_class"] == "environment", g
assert "no-such-lib" in g["reason"], g["reason"]
assert r["gpus"][0]["uuid"].startswith("GPU-"), r["gpus"][0]
assert t["device_memory_bandwidth"]["details"]["mismatches"] == 0, t
assert t["device_memory_bandwidth"]["status"] in ("waived", "passed"), t'

run busy FAKE_FREE_MIB=100; [ $? -eq 1 ] || fail "busy must exit 1"
check busy '
d = t["device_memory_bandwidth"]
assert d["status"] == "error" and d["details"]["error_class"] == "resource" and d["details"]["error_code"] == "GPU_BUSY", d'

start=$(date +%s)
run hung FAKE_HANG=1 --test-timeout 1; rc=$?
[ $rc -eq 1 ] || fail "a hung GPU must exit 1, got $rc"
[ $(( $(date +%s) - start )) -lt 60 ] || fail "the watchdog did not end the hung run"
check hung '
d, h = t["device_memory_bandwidth"], t["h2d_bandwidth"]
assert d["status"] == "error" and d["details"]["error_class"] == "timeout", d
assert h["status"] == "error" and h["details"]["error_class"] == "timeout" and "not run" in h["reason"], h
assert r["cpu"]["tests"]["cpu_gemm_fp32"]["value"] > 0'
run gemm FAKE_CUINIT=0 --cublaslt "$lt" --tests $gemms; [ $? -eq 0 ] || fail "right GEMMs must exit 0"
check gemm '
for key in ("gemm_fp64", "gemm_fp32", "gemm_bf16", "gemm_fp16"):
    d = t[key]["details"]
    assert t[key]["status"] == "waived" and "no measured baseline" in t[key]["reason"], t[key]
    assert d["mismatches"] == 0 and d["checked_columns"] == 64 and d["algorithms_tried"] == 2, d
assert t["gemm_fp8"]["status"] == "waived" and "no FP8 algorithm" in t["gemm_fp8"]["reason"], t["gemm_fp8"]'
run corrupt FAKE_CUINIT=0 --cublaslt "$lt" --tests $gemms --inject-fault gemm-corrupt
[ $? -eq 1 ] || fail "a corrupted GEMM element must exit 1"
check corrupt '
for key in ("gemm_fp64", "gemm_fp32", "gemm_bf16", "gemm_fp16"):
    assert t[key]["status"] == "failed" and t[key]["details"]["mismatches"] >= 1, t[key]
    assert "column 32" in t[key]["reason"], t[key]["reason"]'
run toonew FAKE_CUBLASLT_VERSION=130100 --cublaslt "$lt" --tests gemm_bf16; [ $? -eq 1 ] || fail "CUDA 13 cuBLASLt on a 12.8 driver"
check toonew '
g = t["gemm_bf16"]
assert g["status"] == "error" and g["details"]["error_class"] == "environment", g
assert "cuBLASLt 13.x, the driver supports CUDA 12" in g["reason"], g["reason"]'
snapshot=device_memory_bandwidth,h2d_bandwidth,nvml_temperature,nvml_power,nvml_clocks,nvml_ecc,nvml_pcie_link,nvml_xid
run nvml FAKE_XIDS=13,43 --tests $snapshot; [ $? -eq 0 ] || fail "application XIDs alone must not fail the run"
check nvml '
x = t["nvml_xid"]
assert x["status"] == "passed" and x["details"]["application_xids"] == "13,43" and "application XID" in x["reason"], x
c = t["nvml_clocks"]["details"]
assert c["sm_clock_load_mhz_median"] == 1980 and c["sm_clock_load_mhz_samples"] >= 2, c
assert t["nvml_power"]["details"]["load_watts_max"] == 512, t["nvml_power"]
p = t["nvml_pcie_link"]
assert p["status"] == "passed" and p["details"]["load_gen"] == 5, p
assert t["h2d_bandwidth"]["details"]["link_line_rate_gbps"] > 63, t["h2d_bandwidth"]
assert "bound to the GPU" in t["h2d_bandwidth"]["details"]["memory"], t["h2d_bandwidth"]'
run hwxid FAKE_XIDS=13,79,79 --tests nvml_xid; [ $? -eq 1 ] || fail "a hardware XID must exit 1"
check hwxid '
x = t["nvml_xid"]
assert x["status"] == "failed" and x["details"]["hardware_xids"] == "79" and x["details"]["xids"] == "13,79", x
assert x["value"] == 3, x'
(export FAKE_NAME="NVIDIA H100 PCIe" FAKE_PCIE_GEN=3; run gen3 FAKE_PCIE_MAXGEN=3 --tests h2d_bandwidth,nvml_pcie_link); rc=$?
[ $rc -eq 1 ] || fail "a Gen3 link on a Gen5 SKU must exit 1, got $rc"
check gen3 '
p, h = t["nvml_pcie_link"], t["h2d_bandwidth"]
assert p["status"] == "failed" and "Gen3 only" in p["reason"] and p["details"]["expected_gen"] == 5, p
assert h["status"] == "failed" and "Gen3 under load" in h["reason"], h'
(export FAKE_NAME="NVIDIA H100 PCIe"; run x8 FAKE_PCIE_WIDTH=8 --tests nvml_pcie_link); [ $? -eq 1 ] || fail "x8 on x16"
check x8 'assert "x8 of x16" in t["nvml_pcie_link"]["reason"], t'
(export FAKE_MIG=1; run mig FAKE_XIDS=48:2,13:1 --tests nvml_xid); [ $? -eq 0 ] || fail "another slice XID must not fail"
check mig '
assert r["gpus"][0]["uuid"] == "MIG-00112233-4455-6677-8899-aabbccddeeff", r["gpus"][0]["uuid"]
x = t["nvml_xid"]["details"]
assert x["other_instance_xids"] == "48" and x["xids"] == "13" and x["hardware_xids"] == "", x'
run lost FAKE_LOST=1 --tests nvml_temperature; [ $? -eq 1 ] || fail "GPU lost must exit 1"
check lost '
d = t["nvml_temperature"]["details"]
assert d["error_class"] == "hardware" and d["error_code"] == "NVML_ERROR_GPU_IS_LOST", d'
run noperm FAKE_NOPERM=1 --tests nvml_ecc; [ $? -eq 0 ] || fail "no permission must waive"
check noperm 'assert t["nvml_ecc"]["status"] == "waived", t'
run procs FAKE_PROCS=1 --tests device_memory_bandwidth; [ $? -eq 1 ] || fail "another process must make the GPU busy"
check procs '
d = t["device_memory_bandwidth"]
assert d["details"]["error_code"] == "GPU_BUSY" and "pid 4242" in d["reason"], d'
echo ok
