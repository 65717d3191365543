#include "hip_api.h"

#include <cstdlib>
#include <cstring>

#include "error_class.h"

namespace gpuprobe {

std::vector<std::string> rocm_library_candidates(const std::vector<std::string>& sonames, const std::string& dir) {
    std::vector<std::string> out;
    if (!dir.empty()) {
        for (const auto& s : sonames) out.push_back(dir + "/" + s);
        return out;
    }
    out = sonames;
    std::vector<std::string> dirs;
    if (const char* rocm = std::getenv("ROCM_PATH"); rocm != nullptr && *rocm != '\0') dirs.push_back(std::string(rocm) + "/lib");
    dirs.push_back("/opt/rocm/lib");
    for (const auto& d : dirs)
        for (const auto& s : sonames) out.push_back(d + "/" + s);
    return out;
}

Status HipApi::load(const std::string& dir) {
    const std::vector<std::string> names = {"libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5"};
    CHECK_AS(lib.open(rocm_library_candidates(names, dir)), "no HIP runtime (libamdhip64.so): " + lib.error(),
             ErrorClass::environment);
    const bool ok =
        lib.sym(hipInit, "hipInit") && lib.sym(hipDriverGetVersion, "hipDriverGetVersion") &&
        lib.sym(hipGetDeviceCount, "hipGetDeviceCount") && lib.sym(hipDeviceGet, "hipDeviceGet") &&
        lib.sym(hipDeviceGetName, "hipDeviceGetName") && lib.sym(hipDeviceGetPCIBusId, "hipDeviceGetPCIBusId") &&
        lib.sym(hipDeviceTotalMem, "hipDeviceTotalMem") &&
        lib.sym(hipDeviceComputeCapability, "hipDeviceComputeCapability") && lib.sym(hipSetDevice, "hipSetDevice") &&
        lib.sym(hipMalloc, "hipMalloc") && lib.sym(hipFree, "hipFree") && lib.sym(hipMemcpy, "hipMemcpy") &&
        lib.sym(hipMemcpyAsync, "hipMemcpyAsync") && lib.sym(hipMemset, "hipMemset") &&
        lib.sym(hipHostMalloc, "hipHostMalloc") && lib.sym(hipHostFree, "hipHostFree") &&
        lib.sym(hipStreamCreate, "hipStreamCreate") && lib.sym(hipStreamDestroy, "hipStreamDestroy") &&
        lib.sym(hipStreamSynchronize, "hipStreamSynchronize") && lib.sym(hipEventCreate, "hipEventCreate") &&
        lib.sym(hipEventDestroy, "hipEventDestroy") && lib.sym(hipEventRecord, "hipEventRecord") &&
        lib.sym(hipEventSynchronize, "hipEventSynchronize") && lib.sym(hipEventElapsedTime, "hipEventElapsedTime") &&
        lib.sym(hipModuleLoadData, "hipModuleLoadData") && lib.sym(hipModuleUnload, "hipModuleUnload") &&
        lib.sym(hipModuleGetFunction, "hipModuleGetFunction") &&
        lib.sym(hipModuleLaunchKernel, "hipModuleLaunchKernel") && lib.sym(hipGetErrorName, "hipGetErrorName");
    CHECK_AS(ok, lib.name() + " lacks a HIP entry point the probe needs", ErrorClass::environment);
    lib.sym(hipGetDevicePropertiesR0600, "hipGetDevicePropertiesR0600");
    lib.sym(hipGetDeviceProperties, "hipGetDeviceProperties");
    return Status::ok();
}

std::string gcn_arch_name(HipApi& hip, int ordinal, int cc_major, int cc_minor) {
    // Offsets of gcnArchName[256]. ROCm 5's hipDeviceProp_t (hipGetDeviceProperties): 396, offsetof with Debian's
    // ROCm 5.2 header. hipDeviceProp_tR0600 (ROCm 6 and later, exported under that name): 1160, counted from the
    // field list of ROCm 6's header and a layout assertion compiled against it elsewhere, not compiled here (no ROCm 6
    // header on the build machines). Both are read into a buffer larger than either structure and only a "gfx" name
    // is taken, so that a misjudged layout yields no name (then the compute capability's) rather than a wrong one.
    constexpr std::size_t kR0600GcnArchName = 1160, kR0000GcnArchName = 396, kArchNameLength = 256;
    static thread_local unsigned char props[8192];
    std::string name;
    std::memset(props, 0, sizeof props);
    if (hip.hipGetDevicePropertiesR0600 != nullptr) {
        if (hip.hipGetDevicePropertiesR0600(props, ordinal) == hipSuccess)
            name.assign(reinterpret_cast<const char*>(props + kR0600GcnArchName),
                        strnlen(reinterpret_cast<const char*>(props + kR0600GcnArchName), kArchNameLength));
    } else if (hip.hipGetDeviceProperties != nullptr && hip.hipGetDeviceProperties(props, ordinal) == hipSuccess) {
        name.assign(reinterpret_cast<const char*>(props + kR0000GcnArchName),
                    strnlen(reinterpret_cast<const char*>(props + kR0000GcnArchName), kArchNameLength));
    }
    name = name.substr(0, name.find(':'));
    if (name.rfind("gfx", 0) == 0 && name.size() > 3) return name;
    return "gfx" + std::to_string(cc_major) + std::to_string(cc_minor);
}

std::string HipApi::error_name(hipError_t e) const {
    const char* name = hipGetErrorName != nullptr ? hipGetErrorName(e) : nullptr;
    return name != nullptr ? name : "hipError " + std::to_string(e);
}

Status hip_status(const HipApi& api, hipError_t e, const char* expr, const char* file, int line) {
    ErrorInfo info = classify_hip(e);
    if (info.code.empty()) info.code = api.error_name(e);
    return Status::error("HIP " + info.code + " (" + std::to_string(e) + ")", expr, file, line)
        .classified(info.error_class, info.code);
}

}  // namespace gpuprobe
