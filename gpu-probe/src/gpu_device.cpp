#include "gpu_device.h"

#include "gpu_selection.h"

#ifdef GPU_PROBE_HAVE_KERNELS
extern "C" const unsigned char gpuprobe_kernels_fatbin[];
#endif

namespace gpuprobe {

Status GpuEnvironment::open(GpuEnvironment& env) {
    CHECK_OK(env.cuda.load());
    CUresult r = env.cuda.cuInit(0);
    CHECK_AS(r != CUDA_ERROR_NO_DEVICE, "no GPU: cuInit reports no CUDA-capable device", ErrorClass::environment);
    CHECK_CU(env.cuda, r);
    int version = 0;
    CHECK_CU(env.cuda, env.cuda.cuDriverGetVersion(&version));
    env.cuda_version = std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
    CHECK_CU(env.cuda, env.cuda.cuDeviceGetCount(&env.device_count));
    CHECK(env.device_count > 0, "no GPU: the CUDA driver sees no device");
    env.nvml_status = env.nvml.load();
    if (env.nvml_status) {
        char buf[96] = {0};
        if (env.nvml.nvmlSystemGetDriverVersion(buf, sizeof buf) == NVML_SUCCESS) env.driver_version = buf;
    }
    env.cublaslt_status = env.cublaslt.load();
    return Status::ok();
}

Status GpuEnvironment::device_uuids(std::vector<std::string>& out) {
    out.clear();
    for (int i = 0; i < device_count; ++i) {
        CUdevice dev = 0;
        CUuuid id {};
        CHECK_CU(cuda, cuda.cuDeviceGet(&dev, i));
        CHECK_CU(cuda, cuda.cuDeviceGetUuid(&id, dev));
        out.push_back(format_gpu_uuid(id.bytes));
    }
    return Status::ok();
}

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
    g->uuid = format_gpu_uuid(id.bytes);
    char pci[64] = {0};
    CHECK_CU(cu, cu.cuDeviceGetPCIBusId(pci, sizeof pci, g->device));
    g->pci_bus_id = pci;
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
    if (env.nvml_status) {
        NvmlApi& n = env.nvml;
        if (n.nvmlDeviceGetHandleByPciBusId_v2(pci, &g->nvml) != NVML_SUCCESS) g->nvml = nullptr;
        if (g->nvml != nullptr && n.nvmlDeviceGetSerial != nullptr) {
            char serial[64] = {0};
            if (n.nvmlDeviceGetSerial(g->nvml, serial, sizeof serial) == NVML_SUCCESS) g->serial = serial;
        }
        // Subscribe to critical XID events now, so that nvml_xid (run last) sees any XID raised during the run.
        if (g->nvml != nullptr && n.nvmlEventSetCreate != nullptr && n.nvmlDeviceRegisterEvents != nullptr &&
            n.nvmlEventSetCreate(&g->xid_events) == NVML_SUCCESS) {
            if (n.nvmlDeviceRegisterEvents(g->nvml, nvmlEventTypeXidCriticalError, g->xid_events) != NVML_SUCCESS) {
                n.nvmlEventSetFree(g->xid_events);
                g->xid_events = nullptr;
            }
        }
    }
    out = std::move(g);
    return Status::ok();
}

GpuDevice::~GpuDevice() {
    if (xid_events != nullptr && env.nvml.nvmlEventSetFree != nullptr) env.nvml.nvmlEventSetFree(xid_events);
    if (module != nullptr) cu.cuModuleUnload(module);
    if (stream != nullptr) cu.cuStreamDestroy(stream);
    if (ctx != nullptr) cu.cuDevicePrimaryCtxRelease(device);
}

}  // namespace gpuprobe
