#!/bin/sh
# gpu-probe's AMD path against stand-ins (fake_hip.cpp, fake_rocblas.cpp, fake_hipblaslt.cpp, fake_amd_smi.cpp; no AMD
# GPU needed),
# loaded with --rocm-libs: without rocBLAS and AMD SMI the GEMM and AMD SMI tests are waived naming the library and
# the GPU is reported by bus id, unless a fake sysfs tree (GPU_PROBE_SYSFS_ROOT) gives its board serial, which comes
# before AMD SMI's; with them the GEMM check passes a right result and fails a corrupted one, a rocBLAS
# error is classified, the GPU is AMD-<serial>, --gpus takes that id in any case, and uncorrectable/deferred ECC
# errors and a poisoned RAS block fail their tests; FP8 runs through hipBLASLt on gfx942 (FNUZ) and gfx950 (OCP),
# is scored against a baseline, fails gemm-corrupt, and is waived on gfx90a and without libhipblaslt.so. Then the
# real HIP runtime, where installed, on a machine without an AMD GPU: exit 3 with the CPU tests. Usage: fake_amd.sh /path/to/gpu-probe FAKE_ROCM_DIR
set -u
bin="$1"
rocm=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir "$tmp/hip-only" && ln -s "$rocm/libamdhip64.so" "$tmp/hip-only/libamdhip64.so"
# The board serial's first source is sysfs (amd_identity.h): none unless a run points GPU_PROBE_SYSFS_ROOT at a tree.
export GPU_PROBE_SYSFS_ROOT="$tmp/no-sysfs"
sysfs() {  # sysfs NAME CONTENT: a fake sysfs tree $tmp/NAME whose GPU at 0000:c1:00.0 has CONTENT as serial_number
  mkdir -p "$tmp/$1/bus/pci/devices/0000:c1:00.0" && printf "$2" >"$tmp/$1/bus/pci/devices/0000:c1:00.0/serial_number"
}
run() {  # run NAME LIBDIR [VAR=VALUE...] [-- ARGS...]: writes $tmp/NAME.json, returns gpu-probe's exit code
  name="$1"; dir="$2"; shift 2
  env "$@" "$bin" -q --json "$tmp/$name.json" --rocm-libs "$dir" --mem-size-mib 4 -i 2 -w 1 \
    --gemm-size 64 --cpu-gemm-size 32 ${GPUS:+--gpus "$GPUS"} ${FAULT:+--inject-fault "$FAULT"} \
    ${BASELINES:+--baselines "$BASELINES"}
}
check() {  # check NAME PYTHON-ASSERTIONS (r is the report, t the first GPU's tests)
  python3 - "$tmp/$1.json" "$2" <<'PY' || fail "$1: report"
import json, sys
r = json.load(open(sys.argv[1]))
t = r["gpus"][0]["tests"] if r["gpus"] else {}
exec(sys.argv[2])
PY
}

run bare "$tmp/hip-only"; [ $? -eq 0 ] || fail "waived tests are no failure: exit 0 expected"
check bare '
g = r["gpus"][0]
assert g["uuid"] == "AMD-PCI-0000:c1:00.0" and g["serial"] is None, g
assert g["details"]["serial_source"] == "none" and "worker cannot match" in g["details"]["id_note"], g
assert "no-sysfs" in g["details"]["id_note"] and "libamd_smi.so" in g["details"]["id_note"], g
for k in ("gemm_fp64", "gemm_fp32", "gemm_bf16", "gemm_fp16"):
    assert t[k]["status"] == "waived" and "librocblas.so" in t[k]["reason"], t[k]
for k in ("amd_smi_snapshot", "amd_smi_ecc", "amd_smi_ras"):
    assert t[k]["status"] == "waived" and "libamd_smi.so" in t[k]["reason"], t[k]
assert t["gemm_fp8"]["status"] == "waived" and "libhipblaslt.so" in t["gemm_fp8"]["reason"], t["gemm_fp8"]
assert "nvml_temperature" not in t and "gemm_tf32" not in t, sorted(t)
d = t["device_memory_bandwidth"]
assert d["details"]["method"].startswith("hipMemcpyAsync") and d["details"]["mismatches"] == 0, d
assert t["h2d_bandwidth"]["value"] > 0 and set(r["cpu"]["tests"]) == {"cpu_gemm_fp32", "cpu_memory_bandwidth"}'

run smi "$rocm"; [ $? -eq 0 ] || fail "a clean AMD SMI snapshot must exit 0"
check smi '
g = r["gpus"][0]
assert g["uuid"] == "AMD-692251001124" and g["serial"] == "692251001124" and g["pci_bus_id"] == "0000:c1:00.0", g
assert g["details"]["serial_source"] == "amd_smi" and "id_note" not in g["details"], g
s = t["amd_smi_snapshot"]
assert s["status"] == "passed" and s["value"] == 71 and s["unit"] == "celsius", s
assert s["details"]["memory_temperature_celsius"] == 64 and s["details"]["power_watts"] == 412, s
e = t["amd_smi_ecc"]["details"]
assert t["amd_smi_ecc"]["status"] == "passed" and e == {"correctable": 0, "uncorrectable": 0, "deferred": 0}, e
ras = t["amd_smi_ras"]
assert ras["status"] == "passed" and ras["details"]["ras_enabled_blocks"] == "umc,sdma,gfx,df", ras
assert ras["details"]["ras_uncorrectable_blocks"] == "", ras
for k in ("gemm_fp64", "gemm_fp32", "gemm_bf16", "gemm_fp16", "gemm_fp8"):
    d = t[k]["details"]
    assert t[k]["value"] > 0 and d["mismatches"] == 0 and d["checked_columns"] == 64, t[k]
    assert t[k]["status"] == "waived" and "no measured baseline" in t[k]["reason"], t[k]
f = t["gemm_fp8"]["details"]
assert f["library"].startswith("hipBLASLt") and f["fp8_format"] == "E4M3 FNUZ" and f["algorithms_tried"] == 2, f
assert g["details"]["gcn_arch_name"] == "gfx942" and g["compute_capability"] == "9.4", g'

# FP8 scored: an MI300X against a baseline file, with the catalogue's datasheet peak; OCP E4M3 on gfx950; none on gfx90a.
printf 'product_name,test,achievable,unit,source\nAMD Instinct MI300X OAM,gemm_fp8,0.0005,TFLOP/s,fake_amd.sh\n' \
  >"$tmp/baselines.csv"
BASELINES="$tmp/baselines.csv" run fp8scored "$rocm" FAKE_HIP_NAME="AMD Instinct MI300X OAM"
[ $? -eq 0 ] || fail "a right FP8 GEMM at its baseline must exit 0"
check fp8scored '
f = t["gemm_fp8"]
assert f["status"] == "passed" and f["baseline"] == 0.0005 and 1.0 < f["ratio"] < 1.1, f
assert f["details"]["datasheet_peak_tflops"] == 2614.9 and f["details"]["baseline_source"] == "fake_amd.sh", f'
run gfx950 "$rocm" FAKE_HIP_ARCH=gfx950; [ $? -eq 0 ] || fail "FP8 on gfx950 must exit 0"
check gfx950 '
f = t["gemm_fp8"]
assert f["details"]["fp8_format"] == "E4M3 (OCP)" and f["details"]["mismatches"] == 0 and f["value"] > 0, f'
run gfx90a "$rocm" FAKE_HIP_ARCH=gfx90a:sramecc+:xnack-; [ $? -eq 0 ] || fail "FP8 waived on gfx90a: exit 0"
check gfx90a '
f = t["gemm_fp8"]
assert f["status"] == "waived" and "gfx90a" in f["reason"] and "gfx94x" in f["reason"], f
assert r["gpus"][0]["details"]["gcn_arch_name"] == "gfx90a" and t["gemm_bf16"]["value"] > 0, r["gpus"][0]'

# sysfs gives the serial without AMD SMI, trimmed, and before AMD SMI; a blank file is no serial.
sysfs sys-serial ' PCB046982-0071\n'
run sysfs "$tmp/hip-only" GPU_PROBE_SYSFS_ROOT="$tmp/sys-serial"; [ $? -eq 0 ] || fail "sysfs serial: exit 0 expected"
check sysfs '
g = r["gpus"][0]
assert g["uuid"] == "AMD-PCB046982-0071" and g["serial"] == "PCB046982-0071", g
assert g["details"]["serial_source"] == "sysfs" and "id_note" not in g["details"], g'
run sysfsfirst "$rocm" GPU_PROBE_SYSFS_ROOT="$tmp/sys-serial"; [ $? -eq 0 ] || fail "sysfs and AMD SMI: exit 0 expected"
check sysfsfirst 'assert r["gpus"][0]["uuid"] == "AMD-PCB046982-0071", r["gpus"][0]'
sysfs sys-blank ' \n'
run sysfsblank "$tmp/hip-only" GPU_PROBE_SYSFS_ROOT="$tmp/sys-blank"; [ $? -eq 0 ] || fail "blank sysfs serial: exit 0"
check sysfsblank '
g = r["gpus"][0]
assert g["uuid"] == "AMD-PCI-0000:c1:00.0" and "is empty" in g["details"]["id_note"], g'
GPUS=amd-pcb046982-0071 run sysfschosen "$tmp/hip-only" GPU_PROBE_SYSFS_ROOT="$tmp/sys-serial"
[ $? -eq 0 ] || fail "--gpus by the sysfs serial must select the GPU"
check sysfschosen 'assert [g["uuid"] for g in r["gpus"]] == ["AMD-PCB046982-0071"], r["gpus"]'

FAULT=gemm-corrupt run corrupt "$rocm"; [ $? -eq 1 ] || fail "a corrupted GEMM result must exit 1"
check corrupt '
for k in ("gemm_fp64", "gemm_fp32", "gemm_bf16", "gemm_fp16", "gemm_fp8"):
    assert t[k]["status"] == "failed" and t[k]["details"]["mismatches"] > 0, t[k]'
run blaserror "$rocm" FAKE_ROCBLAS_STATUS=5; [ $? -eq 1 ] || fail "a rocBLAS error must exit 1"
check blaserror '
d = t["gemm_fp32"]["details"]
assert t["gemm_fp32"]["status"] == "error" and d["error_class"] == "resource", t["gemm_fp32"]
assert d["error_code"] == "rocblas_status_memory_error", d'

run ecc "$rocm" FAKE_ECC=5,2,1; [ $? -eq 1 ] || fail "uncorrectable ECC errors must exit 1"
check ecc '
e = t["amd_smi_ecc"]
assert e["status"] == "failed" and e["value"] == 2 and e["details"]["deferred"] == 1, e'
run deferred "$rocm" FAKE_ECC=0,0,4; [ $? -eq 1 ] || fail "deferred ECC errors must exit 1"
check deferred 'assert t["amd_smi_ecc"]["status"] == "failed", t["amd_smi_ecc"]'
run poison "$rocm" FAKE_RAS_POISON_BIT=8; [ $? -eq 1 ] || fail "a poisoned RAS block must exit 1"
check poison '
ras = t["amd_smi_ras"]
assert ras["status"] == "failed" and ras["details"]["ras_uncorrectable_blocks"] == "df" and "df" in ras["reason"], ras'

GPUS=amd-692251001124 run chosen "$rocm"; [ $? -eq 0 ] || fail "--gpus AMD id (any case) must select the GPU"
check chosen 'assert [g["uuid"] for g in r["gpus"]] == ["AMD-692251001124"], r["gpus"]'
GPUS=AMD-000000000000 run elsewhere "$rocm"; [ $? -eq 3 ] || fail "an AMD id not here must exit 3"
check elsewhere 'assert r["gpus"] == [] and r["gpus_not_visible"] == ["AMD-000000000000"], r'
run nodevice "$tmp/hip-only" FAKE_HIP_DEVICES=0; [ $? -eq 3 ] || fail "no AMD device must exit 3"
check nodevice '
assert r["verdict"] == "no_gpu" and "no AMD GPU" in r["gpu_status"], r["gpu_status"]
assert set(r["cpu"]["tests"]) == {"cpu_gemm_fp32", "cpu_memory_bandwidth"}, r["cpu"]'

# The real HIP runtime (Debian's libamdhip64 in CI) on a machine without an AMD GPU: no device, exit 3, CPU tests.
if [ ! -e /dev/kfd ] && ldconfig -p 2>/dev/null | grep -q 'libamdhip64.so' && ! ldconfig -p | grep -q 'libcuda.so.1'; then
  "$bin" -q --json "$tmp/real.json" --cpu-gemm-size 32 --mem-size-mib 4 -i 1 -w 0; [ $? -eq 3 ] || fail "real HIP runtime, no AMD GPU: exit 3"
  check real 'assert "no AMD GPU: hipInit" in r["gpu_status"] and r["cpu"]["tests"]["cpu_gemm_fp32"]["value"] > 0, r'
fi
echo ok
