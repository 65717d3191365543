#include "amd_device.h"

#ifdef GPU_PROBE_HAVE_HIP_KERNELS
extern "C" const unsigned char gpuprobe_kernels_hip[];
#endif

namespace gpuprobe {
namespace {

// RAII for one HIP event.
class HipEvent {
public:
    explicit HipEvent(HipApi& hip) : hip_(hip) { status_ = hip.hipEventCreate(&ev_); }
    ~HipEvent() {
        if (status_ == hipSuccess) hip_.hipEventDestroy(ev_);
    }
    HipEvent(const HipEvent&) = delete;
    HipEvent& operator=(const HipEvent&) = delete;
    hipError_t status() const { return status_; }
    hipEvent_t get() const { return ev_; }

private:
    HipApi& hip_;
    hipEvent_t ev_ = nullptr;
    hipError_t status_;
};

}  // namespace

Status AmdEnvironment::open(AmdEnvironment& env, const std::string& rocm_libs) {
    CHECK_OK(env.hip.load(rocm_libs));
    const hipError_t init = env.hip.hipInit(0);
    CHECK_AS(init == hipSuccess, "no AMD GPU: hipInit: " + env.hip.error_name(init) + " (" + std::to_string(init) + ")",
             ErrorClass::environment);
    const hipError_t counted = env.hip.hipGetDeviceCount(&env.device_count);
    CHECK_AS(counted == hipSuccess && env.device_count > 0,
             "no AMD GPU: hipGetDeviceCount: " + (counted == hipSuccess ? std::string("0 devices")
                                                                        : env.hip.error_name(counted)),
             ErrorClass::environment);
    int version = 0;
    if (env.hip.hipDriverGetVersion(&version) == hipSuccess)
        env.runtime_version = std::to_string(version / 10000000) + "." + std::to_string(version / 100000 % 100) + "." +
                              std::to_string(version % 100000);
    env.sysfs_root = gpuprobe::sysfs_root();
    env.smi_status = env.smi.load(rocm_libs);
    env.rocblas_status = env.rocblas.load(rocm_libs);
    env.hipblaslt_status = env.hipblaslt.load(rocm_libs);
    return Status::ok();
}

std::string amd_gpu_id(const std::string& serial, const std::string& pci_bus_id) {
    return serial.empty() ? "AMD-PCI-" + pci_bus_id : "AMD-" + serial;
}

// sysfs first: the driver's own file, the same FRU serial the exporter reports, readable whatever AMD SMI's version
// (whose board info the probe reads from one structure layout only) and without AMD SMI at all.
AmdIdentity AmdEnvironment::identify(const std::string& pci_bus_id) const {
    AmdIdentity id;
    std::string sysfs_why, smi_why;
    id.serial = sysfs_board_serial(sysfs_root, pci_bus_id, sysfs_why);
    if (!id.serial.empty()) {
        id.source = "sysfs";
        return id;
    }
    if (!smi_status) {
        smi_why = smi_status.message();
    } else if (amdsmi_processor_handle h = smi.handle_at(pci_bus_id)) {
        id.serial = smi.serial(h, smi_why);
    } else {
        smi_why = "AMD SMI has no GPU at PCI bus id " + pci_bus_id;
    }
    if (!id.serial.empty()) {
        id.source = "amd_smi";
        return id;
    }
    id.missing = "sysfs: " + sysfs_why + "; AMD SMI: " + smi_why;
    return id;
}

std::vector<std::string> AmdEnvironment::device_ids() {
    std::vector<std::string> ids;
    for (int i = 0; i < device_count; ++i) {
        char pci[64] = {0};
        const bool have_pci = hip.hipDeviceGetPCIBusId(pci, sizeof pci, i) == hipSuccess;
        ids.push_back(amd_gpu_id(have_pci ? identify(pci).serial : "", pci));
    }
    return ids;
}

Status AmdDevice::open(AmdEnvironment& env, int ordinal, std::unique_ptr<AmdDevice>& out) {
    std::unique_ptr<AmdDevice> g(new AmdDevice(env, ordinal));
    HipApi& hip = env.hip;
    hipDevice_t dev = 0;
    CHECK_HIP(hip, hip.hipSetDevice(ordinal));
    CHECK_HIP(hip, hip.hipDeviceGet(&dev, ordinal));
    char name[256] = {0}, pci[64] = {0};
    CHECK_HIP(hip, hip.hipDeviceGetName(name, sizeof name, dev));
    CHECK_HIP(hip, hip.hipDeviceGetPCIBusId(pci, sizeof pci, ordinal));
    CHECK_HIP(hip, hip.hipDeviceTotalMem(&g->total_memory, dev));
    int major = 0, minor = 0;
    CHECK_HIP(hip, hip.hipDeviceComputeCapability(&major, &minor, dev));
    g->name = name;
    g->arch = std::to_string(major) + "." + std::to_string(minor);
    g->gcn_arch = gcn_arch_name(hip, ordinal, major, minor);
    g->pci_bus_id = pci;
    CHECK_HIP(hip, hip.hipStreamCreate(&g->stream));
    if (env.smi_status) g->smi = env.smi.handle_at(g->pci_bus_id);
    g->identity = env.identify(g->pci_bus_id);
    g->uuid = amd_gpu_id(g->identity.serial, g->pci_bus_id);
#ifdef GPU_PROBE_HAVE_HIP_KERNELS
    const hipError_t loaded = hip.hipModuleLoadData(&g->module, gpuprobe_kernels_hip);
    if (loaded != hipSuccess) {
        g->module = nullptr;
        g->module_error = "kernel code object not loaded: " + hip.error_name(loaded);
    }
#else
    g->module_error = "built without hipcc";
#endif
    out = std::move(g);
    return Status::ok();
}

AmdDevice::~AmdDevice() {
    if (module != nullptr) hip.hipModuleUnload(module);
    if (stream != nullptr) hip.hipStreamDestroy(stream);
}

Status time_hip_ops(AmdDevice& g, int warmup, int iterations, const std::function<Status()>& op,
                    std::vector<double>& ms) {
    HipApi& hip = g.hip;
    for (int i = 0; i < warmup; ++i) CHECK_OK(op());
    std::vector<std::unique_ptr<HipEvent>> events;
    for (int i = 0; i < 2 * iterations; ++i) {
        events.push_back(std::make_unique<HipEvent>(hip));
        CHECK_HIP(hip, events.back()->status());
    }
    // Every op is queued before the one wait, so that host overhead between ops is not timed.
    for (int i = 0; i < iterations; ++i) {
        CHECK_HIP(hip, hip.hipEventRecord(events[2 * i]->get(), g.stream));
        CHECK_OK(op());
        CHECK_HIP(hip, hip.hipEventRecord(events[2 * i + 1]->get(), g.stream));
    }
    CHECK_HIP(hip, hip.hipEventSynchronize(events.back()->get()));
    ms.clear();
    for (int i = 0; i < iterations; ++i) {
        float t = 0;
        CHECK_HIP(hip, hip.hipEventElapsedTime(&t, events[2 * i]->get(), events[2 * i + 1]->get()));
        ms.push_back(t);
    }
    return Status::ok();
}

}  // namespace gpuprobe
