// NVML, loaded from libnvidia-ml.so.1 with dlopen: the few types and entry points the probe uses.
#pragma once
#include <string>

#include "check.h"
#include "dynlib.h"

namespace gpuprobe {

using nvmlReturn_t = int;
typedef struct nvmlDevice_st* nvmlDevice_t;
typedef struct nvmlEventSet_st* nvmlEventSet_t;
struct nvmlEventData_t {
    nvmlDevice_t device;
    unsigned long long eventType;
    unsigned long long eventData;
    unsigned int gpuInstanceId;
    unsigned int computeInstanceId;
};
struct nvmlProcessInfo_t {  // nvmlProcessInfo_v2_t, as _v3 of the process queries fills it
    unsigned int pid;
    unsigned long long usedGpuMemory;
    unsigned int gpuInstanceId;
    unsigned int computeInstanceId;
};
constexpr nvmlReturn_t NVML_SUCCESS = 0;
constexpr nvmlReturn_t NVML_ERROR_INSUFFICIENT_SIZE = 7;
constexpr nvmlReturn_t NVML_ERROR_TIMEOUT = 10;
constexpr int NVML_TEMPERATURE_GPU = 0;
constexpr int NVML_TEMPERATURE_THRESHOLD_SLOWDOWN = 1;
constexpr int NVML_CLOCK_SM = 1;
constexpr int NVML_CLOCK_MEM = 2;
constexpr int NVML_MEMORY_ERROR_TYPE_CORRECTED = 0;
constexpr int NVML_MEMORY_ERROR_TYPE_UNCORRECTED = 1;
constexpr int NVML_VOLATILE_ECC = 0;
constexpr int NVML_AGGREGATE_ECC = 1;
constexpr unsigned long long nvmlEventTypeXidCriticalError = 0x8ULL;

struct NvmlApi {
    DynLib lib;
    bool initialised = false;
    nvmlReturn_t (*nvmlInit_v2)() = nullptr;
    nvmlReturn_t (*nvmlShutdown)() = nullptr;
    const char* (*nvmlErrorString)(nvmlReturn_t) = nullptr;
    nvmlReturn_t (*nvmlSystemGetDriverVersion)(char*, unsigned) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetHandleByPciBusId_v2)(const char*, nvmlDevice_t*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetSerial)(nvmlDevice_t, char*, unsigned) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetUUID)(nvmlDevice_t, char*, unsigned) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetTemperature)(nvmlDevice_t, int, unsigned*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetTemperatureThreshold)(nvmlDevice_t, int, unsigned*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetPowerUsage)(nvmlDevice_t, unsigned*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetEnforcedPowerLimit)(nvmlDevice_t, unsigned*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetClockInfo)(nvmlDevice_t, int, unsigned*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetMaxClockInfo)(nvmlDevice_t, int, unsigned*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetCurrentClocksEventReasons)(nvmlDevice_t, unsigned long long*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetTotalEccErrors)(nvmlDevice_t, int, int, unsigned long long*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetRemappedRows)(nvmlDevice_t, unsigned*, unsigned*, unsigned*, unsigned*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetCurrPcieLinkGeneration)(nvmlDevice_t, unsigned*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetMaxPcieLinkGeneration)(nvmlDevice_t, unsigned*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetCurrPcieLinkWidth)(nvmlDevice_t, unsigned*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetMaxPcieLinkWidth)(nvmlDevice_t, unsigned*) = nullptr;
    nvmlReturn_t (*nvmlEventSetCreate)(nvmlEventSet_t*) = nullptr;
    nvmlReturn_t (*nvmlDeviceRegisterEvents)(nvmlDevice_t, unsigned long long, nvmlEventSet_t) = nullptr;
    nvmlReturn_t (*nvmlEventSetWait_v2)(nvmlEventSet_t, nvmlEventData_t*, unsigned) = nullptr;
    nvmlReturn_t (*nvmlEventSetFree)(nvmlEventSet_t) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetComputeRunningProcesses_v3)(nvmlDevice_t, unsigned*, nvmlProcessInfo_t*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetMigMode)(nvmlDevice_t, unsigned*, unsigned*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetHandleByUUID)(const char*, nvmlDevice_t*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetGpuInstanceId)(nvmlDevice_t, unsigned*) = nullptr;
    nvmlReturn_t (*nvmlDeviceSetCpuAffinity)(nvmlDevice_t) = nullptr;
    nvmlReturn_t (*nvmlDeviceClearCpuAffinity)(nvmlDevice_t) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetCount_v2)(unsigned*) = nullptr;
    nvmlReturn_t (*nvmlDeviceGetHandleByIndex_v2)(unsigned, nvmlDevice_t*) = nullptr;

    NvmlApi() = default;
    NvmlApi(const NvmlApi&) = delete;
    NvmlApi& operator=(const NvmlApi&) = delete;
    ~NvmlApi() {
        if (initialised) nvmlShutdown();
    }
    // Loads libnvidia-ml.so.1 and calls nvmlInit_v2; nvmlShutdown runs in the destructor.
    Status load();
    std::string error_text(nvmlReturn_t r) const {
        return nvmlErrorString != nullptr ? nvmlErrorString(r) : "NVML error " + std::to_string(r);
    }
};

// Names of the set bits of an NVML clocks-event (throttle) reason mask, comma-separated.
std::string decode_clock_event_reasons(unsigned long long mask);
// True when the mask holds a reason that means the GPU is being slowed by a fault or limit, not by idleness or
// an application clock setting: SW thermal, HW slowdown, HW thermal, HW power brake.
bool clock_event_reasons_harmful(unsigned long long mask);

}  // namespace gpuprobe
