#include "gpu_device.h"

#include <unistd.h>

#include "error_class.h"
#include "gpu_selection.h"

#ifdef GPU_PROBE_HAVE_KERNELS
extern "C" const unsigned char gpuprobe_kernels_fatbin[];
#endif

namespace gpuprobe {

Status GpuEnvironment::open(GpuEnvironment& env, const std::string& cublaslt_path) {
    CHECK_OK(env.cuda.load());
    const CUresult r = env.cuda.cuInit(0);
    if (r != CUDA_SUCCESS) {
        const DriverInitOutcome init = classify_driver_init(r);
        env.driver_broken = !init.no_gpu;
        const std::string name = init.info.code.empty() ? env.cuda.error_text(r) : init.info.code;
        return Status::error(init.no_gpu ? "no GPU: cuInit: " + name + " (" + std::to_string(r) + ")"
                                         : "CUDA driver broken: cuInit: " + name + " (" + std::to_string(r) + ")" +
                                               (r == 999 ? ", as after an XID 79 (GPU fallen off the bus)" : ""))
            .classified(init.info.error_class, init.info.code);
    }
    // cuInit succeeded: a driver that then cannot say its version or count its devices is broken, not absent.
    const Status queried = [&]() -> Status {
        int version = 0;
        CHECK_CU(env.cuda, env.cuda.cuDriverGetVersion(&version));
        env.driver_cuda_major = version / 1000;
        env.cuda_version = std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
        CHECK_CU(env.cuda, env.cuda.cuDeviceGetCount(&env.device_count));
        return Status::ok();
    }();
    env.driver_broken = !queried;
    CHECK_OK(queried);
    CHECK_AS(env.device_count > 0, "no GPU: the CUDA driver sees no device", ErrorClass::environment);
    env.nvml_status = env.nvml.load();
    if (env.nvml_status) {
        char buf[96] = {0};
        if (env.nvml.nvmlSystemGetDriverVersion(buf, sizeof buf) == NVML_SUCCESS) env.driver_version = buf;
    }
    env.cublaslt_status = env.cublaslt.load(cublaslt_path, env.driver_cuda_major);
    return Status::ok();
}

bool GpuEnvironment::is_mig(const char* pci) {
    nvmlDevice_t parent = nullptr;
    unsigned current = 0, pending = 0;
    return nvml_status && nvml.nvmlDeviceGetMigMode != nullptr &&
           nvml.nvmlDeviceGetHandleByPciBusId_v2(pci, &parent) == NVML_SUCCESS &&
           nvml.nvmlDeviceGetMigMode(parent, &current, &pending) == NVML_SUCCESS && current == 1;
}

Status GpuEnvironment::device_uuids(std::vector<std::string>& out) {
    out.clear();
    for (int i = 0; i < device_count; ++i) {
        CUdevice dev = 0;
        CUuuid id {};
        char pci[64] = {0};
        CHECK_CU(cuda, cuda.cuDeviceGet(&dev, i));
        CHECK_CU(cuda, cuda.cuDeviceGetUuid(&id, dev));
        CHECK_CU(cuda, cuda.cuDeviceGetPCIBusId(pci, sizeof pci, dev));
        out.push_back(format_gpu_uuid(id.bytes, is_mig(pci)));
    }
    return Status::ok();
}

std::vector<std::string> GpuEnvironment::nvml_uuids() {
    std::vector<std::string> out;
    if (!nvml.initialised && !(nvml_status = nvml.load())) return out;
    unsigned count = 0;
    if (nvml.nvmlDeviceGetCount_v2 == nullptr || nvml.nvmlDeviceGetHandleByIndex_v2 == nullptr ||
        nvml.nvmlDeviceGetCount_v2(&count) != NVML_SUCCESS)
        return out;
    for (unsigned i = 0; i < count; ++i) {
        nvmlDevice_t d = nullptr;
        char uuid[96] = {0};
        if (nvml.nvmlDeviceGetHandleByIndex_v2(i, &d) == NVML_SUCCESS &&
            nvml.nvmlDeviceGetUUID(d, uuid, sizeof uuid) == NVML_SUCCESS)
            out.emplace_back(uuid);
    }
    return out;
}

namespace {

// NVML's side of one GPU: handle, serial, MIG slice and its GPU instance, the other processes on it (listed before
// this probe makes its context, so that its own is not among them whatever PID namespace it runs in), and the XID
// subscription that nvml_xid reads at the end.
void open_nvml(GpuEnvironment& env, GpuDevice& g, const CUuuid& id) {
    NvmlApi& n = env.nvml;
    g.mig = env.is_mig(g.pci_bus_id.c_str());
    g.uuid = format_gpu_uuid(id.bytes, g.mig);
    if (!env.nvml_status) return;
    if (n.nvmlDeviceGetHandleByPciBusId_v2(g.pci_bus_id.c_str(), &g.nvml) != NVML_SUCCESS) {
        g.nvml = nullptr;
        return;
    }
    if (n.nvmlDeviceGetSerial != nullptr) {
        char serial[64] = {0};
        if (n.nvmlDeviceGetSerial(g.nvml, serial, sizeof serial) == NVML_SUCCESS) g.serial = serial;
    }
    nvmlDevice_t slice = nullptr;
    if (g.mig && n.nvmlDeviceGetHandleByUUID != nullptr && n.nvmlDeviceGetGpuInstanceId != nullptr &&
        n.nvmlDeviceGetHandleByUUID(g.uuid.c_str(), &slice) == NVML_SUCCESS)
        n.nvmlDeviceGetGpuInstanceId(slice, &g.gpu_instance);
    g.other_processes = other_compute_processes(n, g.nvml, static_cast<unsigned>(getpid()), g.gpu_instance);
    if (n.nvmlEventSetCreate != nullptr && n.nvmlDeviceRegisterEvents != nullptr &&
        n.nvmlEventSetCreate(&g.xid_events) == NVML_SUCCESS &&
        n.nvmlDeviceRegisterEvents(g.nvml, nvmlEventTypeXidCriticalError, g.xid_events) != NVML_SUCCESS) {
        n.nvmlEventSetFree(g.xid_events);
        g.xid_events = nullptr;
    }
}

}  // namespace

Status GpuDevice::open(GpuEnvironment& env, int ordinal, std::unique_ptr<GpuDevice>& out) {
    std::unique_ptr<GpuDevice> g(new GpuDevice(env, ordinal));
    CudaApi& cu = env.cuda;
    CHECK(ordinal >= 0 && ordinal < env.device_count,
          "GPU index " + std::to_string(ordinal) + " does not exist (" + std::to_string(env.device_count) + " GPUs)");
    CHECK_CU(cu, cu.cuDeviceGet(&g->device, ordinal));
    char name[256] = {0};
    CHECK_CU(cu, cu.cuDeviceGetName(name, sizeof name, g->device));
    g->name = name;
    CUuuid id {};
    CHECK_CU(cu, cu.cuDeviceGetUuid(&id, g->device));
    char pci[64] = {0};
    CHECK_CU(cu, cu.cuDeviceGetPCIBusId(pci, sizeof pci, g->device));
    g->pci_bus_id = pci;
    open_nvml(env, *g, id);
    CHECK_CU(cu, cu.cuDeviceGetAttribute(&g->cc_major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, g->device));
    CHECK_CU(cu, cu.cuDeviceGetAttribute(&g->cc_minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, g->device));
    CHECK_CU(cu, cu.cuDeviceGetAttribute(&g->sm_count, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, g->device));
    CHECK_CU(cu, cu.cuDeviceTotalMem(&g->total_memory, g->device));
    CHECK_CU(cu, cu.cuDevicePrimaryCtxRetain(&g->ctx, g->device));
    CHECK_CU(cu, cu.cuCtxSetCurrent(g->ctx));
    CHECK_CU(cu, cu.cuStreamCreate(&g->stream, 0));
#ifdef GPU_PROBE_HAVE_KERNELS
    CUresult mr = cu.cuModuleLoadData(&g->module, gpuprobe_kernels_fatbin);
    if (mr != CUDA_SUCCESS) {
        g->module = nullptr;
        g->module_error = "cannot load the embedded kernels: " + cu.error_text(mr);
    }
#else
    g->module_error = "built without nvcc (GPU_PROBE_CUDA=OFF): no embedded kernels";
#endif
    out = std::move(g);
    return Status::ok();
}

Status GpuDevice::check_not_busy(std::size_t bytes) {
    std::size_t free_bytes = 0, total = 0;
    CHECK_CU(cu, cu.cuMemGetInfo(&free_bytes, &total));
    const std::string why = busy_reason(other_processes, free_bytes, bytes);
    if (!why.empty()) return busy_status(why);
    return Status::ok();
}

GpuDevice::~GpuDevice() {
    if (xid_events != nullptr && env.nvml.nvmlEventSetFree != nullptr) env.nvml.nvmlEventSetFree(xid_events);
    if (module != nullptr) cu.cuModuleUnload(module);
    if (stream != nullptr) cu.cuStreamDestroy(stream);
    if (ctx != nullptr) cu.cuDevicePrimaryCtxRelease(device);
}

}  // namespace gpuprobe
