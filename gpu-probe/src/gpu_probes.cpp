// GPU bandwidth probes: device memory bandwidth (STREAM triad kernel, or a device-to-device copy in a build without
// kernels) and host<->device bandwidth (pinned memory); and the order every GPU probe runs in.
#include <algorithm>
#include <cstring>
#include <functional>
#include <vector>

#include "cpu_probes.h"
#include "gpu_device.h"
#include "probe.h"

namespace gpuprobe {
namespace {

Status time_copies(GpuDevice& g, int warmup, int iterations, const std::function<CUresult()>& op, std::vector<double>& ms) {
    CudaApi& cu = g.cu;
    for (int w = 0; w < warmup; ++w) CHECK_CU(cu, op());
    Event start(cu), stop(cu);
    CHECK_CU(cu, start.status());
    CHECK_CU(cu, stop.status());
    for (int it = 0; it < iterations; ++it) {
        CHECK_CU(cu, cu.cuEventRecord(start.get(), g.stream));
        CHECK_CU(cu, op());
        CHECK_CU(cu, cu.cuEventRecord(stop.get(), g.stream));
        CHECK_CU(cu, cu.cuEventSynchronize(stop.get()));
        float t = 0;
        CHECK_CU(cu, cu.cuEventElapsedTime(&t, start.get(), stop.get()));
        ms.push_back(t);
    }
    return Status::ok();
}

class DeviceBandwidthProbe : public Probe {
public:
    std::string key() const override { return "device_memory_bandwidth"; }
    std::string description() const override {
        return "GPU memory bandwidth: STREAM triad kernel a = b + s*c (3 x 8 bytes per element), median of CUDA events";
    }
    Scope scope() const override { return Scope::gpu; }
    TestResult run(ProbeContext& ctx) override {
        GpuDevice& g = *ctx.gpu;
        TestResult r;
        r.unit = "GB/s";
        r.metric = "device_memory_bandwidth_bytes_per_second";
        r.metric_help = "GPU device memory bandwidth, bytes/s (bytes read + written over the median event time).";
        r.metric_scale = 1e9;
        double bytes_per_op = 0;
        std::vector<double> ms;
        long long mismatches = 0;
        Status s = measure(g, ctx.options, r, bytes_per_op, ms, mismatches);
        if (!s) {
            set_error(r, s);
            return r;
        }
        const double med = median(ms);
        r.value = bytes_per_op / (med * 1e-3) / 1e9;
        r.details.emplace_back("median_ms", med);
        r.details.emplace_back("bytes_per_iteration", static_cast<long long>(bytes_per_op));
        r.details.emplace_back("mismatches", mismatches);
        if (mismatches > 0) {
            r.status = TestStatus::failed;
            r.reason = "result check failed on " + std::to_string(mismatches) + " sampled elements";
            return r;
        }
        r.status = TestStatus::passed;
        score_with_catalogue(r, ctx, g.name, key());
        if (const Sku* sku = ctx.baselines.find(g.name); sku != nullptr && sku->memory_bandwidth_gbps) {
            r.details.emplace_back("datasheet_peak_gbps", *sku->memory_bandwidth_gbps);
            r.details.emplace_back("fraction_of_datasheet_peak", *r.value / *sku->memory_bandwidth_gbps);
        }
        return r;
    }

private:
    static Status measure(GpuDevice& g, const Options& o, TestResult& r, double& bytes_per_op, std::vector<double>& ms,
                          long long& mismatches) {
        CudaApi& cu = g.cu;
        const std::size_t bytes = static_cast<std::size_t>(o.mem_size_mib) << 20;
        const unsigned long long n = bytes / sizeof(double);
        DeviceBuffer a(cu, bytes), b(cu, bytes), c(cu, bytes);
        CHECK_CU(cu, a.status());
        CHECK_CU(cu, b.status());
        CHECK_CU(cu, c.status());
        r.details.emplace_back("array_mib", static_cast<long long>(o.mem_size_mib));
        if (g.module == nullptr) {
            // No kernels in this build: time a device-to-device copy (read + write = 2 x bytes).
            r.details.emplace_back("method", std::string("cuMemcpyDtoDAsync (") + g.module_error + ")");
            bytes_per_op = 2.0 * bytes;
            CHECK_CU(cu, cu.cuMemsetD8(b.get(), 1, bytes));
            CHECK_OK(time_copies(g, o.warmup, o.iterations,
                                 [&] { return cu.cuMemcpyDtoDAsync(a.get(), b.get(), bytes, g.stream); }, ms));
            CHECK_CU(cu, cu.cuStreamSynchronize(g.stream));
            for (std::size_t i = 0; i < bytes; i += 1000003) {
                unsigned char got = 0;
                CHECK_CU(cu, cu.cuMemcpyDtoH(&got, a.get() + i, 1));
                if (got != 1) ++mismatches;
            }
            return Status::ok();
        }
        std::vector<double> hb(n), hc(n);
        for (unsigned long long i = 0; i < n; ++i) {
            hb[i] = 1.0 + static_cast<double>(i % 7);
            hc[i] = 2.0 + static_cast<double>(i % 5);
        }
        CHECK_CU(cu, cu.cuMemcpyHtoD(b.get(), hb.data(), bytes));
        CHECK_CU(cu, cu.cuMemcpyHtoD(c.get(), hc.data(), bytes));
        CUfunction fn = nullptr;
        CHECK_CU(cu, cu.cuModuleGetFunction(&fn, g.module, "stream_triad"));
        CUdeviceptr pa = a.get(), pb = b.get(), pc = c.get();
        double scalar = 3.0;
        unsigned long long count = n;
        void* args[] = {&pa, &pb, &pc, &scalar, &count};
        const unsigned block = 256;
        const unsigned grid = static_cast<unsigned>(
            std::min<unsigned long long>((n + block - 1) / block, static_cast<unsigned long long>(g.sm_count) * 32));
        r.details.emplace_back("method", std::string("stream_triad kernel"));
        r.details.emplace_back("grid", static_cast<long long>(grid));
        r.details.emplace_back("block", static_cast<long long>(block));
        bytes_per_op = 3.0 * bytes;
        CHECK_OK(time_copies(g, o.warmup, o.iterations,
                             [&] { return cu.cuLaunchKernel(fn, grid, 1, 1, block, 1, 1, 0, g.stream, args, nullptr); },
                             ms));
        for (unsigned long long i = 0; i < n; i += 1000003) {
            double got = 0;
            CHECK_CU(cu, cu.cuMemcpyDtoH(&got, pa + i * sizeof(double), sizeof(double)));
            if (got != hb[i] + scalar * hc[i]) ++mismatches;
        }
        return Status::ok();
    }
};

class HostDeviceBandwidthProbe : public Probe {
public:
    explicit HostDeviceBandwidthProbe(bool to_device) : to_device_(to_device) {}
    std::string key() const override { return to_device_ ? "h2d_bandwidth" : "d2h_bandwidth"; }
    std::string description() const override {
        return std::string(to_device_ ? "Host-to-device" : "Device-to-host") +
               " copy bandwidth from pinned memory, median of CUDA events";
    }
    Scope scope() const override { return Scope::gpu; }
    TestResult run(ProbeContext& ctx) override {
        GpuDevice& g = *ctx.gpu;
        CudaApi& cu = g.cu;
        TestResult r;
        r.unit = "GB/s";
        r.metric = to_device_ ? "host_to_device_bandwidth_bytes_per_second" : "device_to_host_bandwidth_bytes_per_second";
        r.metric_help = to_device_ ? "Host-to-device copy bandwidth from pinned memory, bytes/s (median)."
                                   : "Device-to-host copy bandwidth into pinned memory, bytes/s (median).";
        r.metric_scale = 1e9;
        const std::size_t bytes = static_cast<std::size_t>(ctx.options.mem_size_mib) << 20;
        PinnedBuffer host(cu, bytes);
        DeviceBuffer dev(cu, bytes);
        std::vector<double> ms;
        Status s = [&]() -> Status {
            CHECK_CU(cu, host.status());
            CHECK_CU(cu, dev.status());
            std::memset(host.get(), 0x5A, bytes);
            return time_copies(g, ctx.options.warmup, ctx.options.iterations, [&] {
                return to_device_ ? cu.cuMemcpyHtoDAsync(dev.get(), host.get(), bytes, g.stream)
                                  : cu.cuMemcpyDtoHAsync(host.get(), dev.get(), bytes, g.stream);
            }, ms);
        }();
        if (!s) {
            set_error(r, s);
            return r;
        }
        const double med = median(ms);
        r.value = static_cast<double>(bytes) / (med * 1e-3) / 1e9;
        r.details = {{"buffer_mib", static_cast<long long>(ctx.options.mem_size_mib)},
                     {"memory", std::string("pinned (cuMemAllocHost)")},
                     {"median_ms", med}};
        r.status = TestStatus::passed;
        score_with_catalogue(r, ctx, g.name, key());
        return r;
    }

private:
    bool to_device_;
};

}  // namespace

void add_gemm_probes(Registry& r);  // gemm_probe.cpp
void add_nvml_probes(Registry& r);  // nvml_probes.cpp

void add_gpu_probes(Registry& r) {
    add_gemm_probes(r);
    r.push_back(std::make_unique<DeviceBandwidthProbe>());
    r.push_back(std::make_unique<HostDeviceBandwidthProbe>(true));
    r.push_back(std::make_unique<HostDeviceBandwidthProbe>(false));
    add_nvml_probes(r);
}

}  // namespace gpuprobe
