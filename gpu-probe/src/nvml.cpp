#include "nvml.h"

namespace gpuprobe {

Status NvmlApi::load() {
    CHECK(lib.open({"libnvidia-ml.so.1"}), "NVML not available: " + lib.error());
    bool ok = lib.sym(nvmlInit_v2, "nvmlInit_v2") && lib.sym(nvmlShutdown, "nvmlShutdown") &&
              lib.sym(nvmlErrorString, "nvmlErrorString") &&
              lib.sym(nvmlSystemGetDriverVersion, "nvmlSystemGetDriverVersion") &&
              lib.sym(nvmlDeviceGetHandleByPciBusId_v2, "nvmlDeviceGetHandleByPciBusId_v2") &&
              lib.sym(nvmlDeviceGetUUID, "nvmlDeviceGetUUID");
    CHECK(ok, "libnvidia-ml.so.1 lacks nvmlInit_v2 or device lookup entry points");
    // Optional entry points: a missing one makes only its test waived.
    lib.sym(nvmlDeviceGetSerial, "nvmlDeviceGetSerial");
    lib.sym(nvmlDeviceGetTemperature, "nvmlDeviceGetTemperature");
    lib.sym(nvmlDeviceGetTemperatureThreshold, "nvmlDeviceGetTemperatureThreshold");
    lib.sym(nvmlDeviceGetPowerUsage, "nvmlDeviceGetPowerUsage");
    lib.sym(nvmlDeviceGetEnforcedPowerLimit, "nvmlDeviceGetEnforcedPowerLimit");
    lib.sym(nvmlDeviceGetClockInfo, "nvmlDeviceGetClockInfo");
    lib.sym(nvmlDeviceGetMaxClockInfo, "nvmlDeviceGetMaxClockInfo");
    if (!lib.sym(nvmlDeviceGetCurrentClocksEventReasons, "nvmlDeviceGetCurrentClocksEventReasons"))
        lib.sym(nvmlDeviceGetCurrentClocksEventReasons, "nvmlDeviceGetCurrentClocksThrottleReasons");
    lib.sym(nvmlDeviceGetTotalEccErrors, "nvmlDeviceGetTotalEccErrors");
    lib.sym(nvmlDeviceGetRemappedRows, "nvmlDeviceGetRemappedRows");
    lib.sym(nvmlDeviceGetCurrPcieLinkGeneration, "nvmlDeviceGetCurrPcieLinkGeneration");
    lib.sym(nvmlDeviceGetMaxPcieLinkGeneration, "nvmlDeviceGetMaxPcieLinkGeneration");
    lib.sym(nvmlDeviceGetCurrPcieLinkWidth, "nvmlDeviceGetCurrPcieLinkWidth");
    lib.sym(nvmlDeviceGetMaxPcieLinkWidth, "nvmlDeviceGetMaxPcieLinkWidth");
    lib.sym(nvmlEventSetCreate, "nvmlEventSetCreate");
    lib.sym(nvmlDeviceRegisterEvents, "nvmlDeviceRegisterEvents");
    lib.sym(nvmlEventSetWait_v2, "nvmlEventSetWait_v2");
    lib.sym(nvmlEventSetFree, "nvmlEventSetFree");
    lib.sym(nvmlDeviceGetComputeRunningProcesses_v3, "nvmlDeviceGetComputeRunningProcesses_v3");
    lib.sym(nvmlDeviceGetMigMode, "nvmlDeviceGetMigMode");
    lib.sym(nvmlDeviceGetHandleByUUID, "nvmlDeviceGetHandleByUUID");
    lib.sym(nvmlDeviceGetGpuInstanceId, "nvmlDeviceGetGpuInstanceId");
    lib.sym(nvmlDeviceSetCpuAffinity, "nvmlDeviceSetCpuAffinity");
    lib.sym(nvmlDeviceClearCpuAffinity, "nvmlDeviceClearCpuAffinity");
    lib.sym(nvmlDeviceGetCount_v2, "nvmlDeviceGetCount_v2");
    lib.sym(nvmlDeviceGetHandleByIndex_v2, "nvmlDeviceGetHandleByIndex_v2");
    nvmlReturn_t r = nvmlInit_v2();
    CHECK(r == NVML_SUCCESS, "nvmlInit_v2 failed: " + error_text(r));
    initialised = true;
    return Status::ok();
}

namespace {
struct ReasonBit {
    unsigned long long bit;
    const char* name;
};
constexpr ReasonBit kReasons[] = {
    {0x1ULL, "gpu_idle"},          {0x2ULL, "applications_clocks_setting"}, {0x4ULL, "sw_power_cap"},
    {0x8ULL, "hw_slowdown"},       {0x10ULL, "sync_boost"},                 {0x20ULL, "sw_thermal_slowdown"},
    {0x40ULL, "hw_thermal_slowdown"}, {0x80ULL, "hw_power_brake_slowdown"}, {0x100ULL, "display_clock_setting"},
};
}  // namespace

std::string decode_clock_event_reasons(unsigned long long mask) {
    std::string out;
    unsigned long long known = 0;
    for (const auto& r : kReasons) {
        known |= r.bit;
        if (mask & r.bit) out += (out.empty() ? "" : ",") + std::string(r.name);
    }
    if (mask & ~known) out += (out.empty() ? "" : ",") + std::string("unknown");
    return out.empty() ? "none" : out;
}

bool clock_event_reasons_harmful(unsigned long long mask) { return (mask & (0x8ULL | 0x20ULL | 0x40ULL | 0x80ULL)) != 0; }

}  // namespace gpuprobe
