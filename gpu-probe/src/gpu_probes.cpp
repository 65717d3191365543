// GPU bandwidth probes: device memory bandwidth (STREAM triad kernel, or a device-to-device copy in a build without
// kernels) and host<->device bandwidth (pinned memory); and the order every GPU probe runs in.
#include <algorithm>
#include <cstring>
#include <functional>
#include <vector>

#include "bandwidth_report.h"
#include "gpu_device.h"
#include "gpu_timing.h"
#include "pcie.h"
#include "probe.h"

namespace gpuprobe {
namespace {

// --warmup untimed ops, then --iterations ops each between two events, all queued before the one wait; NVML is
// sampled meanwhile (load_samples.h).
Status time_ops(GpuDevice& g, const Options& o, const std::function<CUresult()>& op, std::vector<double>& ms) {
    auto checked = [&]() -> Status {
        CHECK_CU(g.cu, op());
        return Status::ok();
    };
    NvmlSampler sampler(g.env.nvml, g.nvml, g.load);
    WarmUp warm;
    CHECK_OK(warm_up(g, 0.0, o.warmup, checked, warm));
    return time_queued(g, o.iterations, 1, checked, ms);
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
        TestResult r = device_bandwidth_shell();
        double bytes_per_op = 0;
        std::vector<double> ms;
        long long mismatches = 0;
        Status s = measure(g, ctx.options, r, bytes_per_op, ms, mismatches);
        if (!s) {
            set_error(r, s);
            return r;
        }
        report_device_bandwidth(r, ctx, g.name, bytes_per_op, ms, mismatches);
        return r;
    }

private:
    static Status measure(GpuDevice& g, const Options& o, TestResult& r, double& bytes_per_op, std::vector<double>& ms,
                          long long& mismatches) {
        CudaApi& cu = g.cu;
        const std::size_t bytes = static_cast<std::size_t>(o.mem_size_mib) << 20;
        const unsigned long long n = bytes / sizeof(double);
        CHECK_OK(g.check_not_busy(3 * bytes));
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
            CHECK_OK(time_ops(g, o,
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
        CHECK_OK(time_ops(g, o,
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
        TestResult r = copy_bandwidth_shell(to_device_);
        const std::size_t bytes = static_cast<std::size_t>(ctx.options.mem_size_mib) << 20;
        std::vector<double> ms;
        std::string placement = "pinned (cuMemAllocHost), first touched by this test's thread";
        Status s = [&]() -> Status {
            CHECK_OK(g.check_not_busy(bytes));
            // Bind this test's thread (its own, watchdog.h) to the GPU's CPUs so that the pinned buffer is first
            // touched, so placed, on the GPU's NUMA node.
            NvmlApi& n = g.env.nvml;
            if (g.nvml != nullptr && n.nvmlDeviceSetCpuAffinity != nullptr &&
                n.nvmlDeviceSetCpuAffinity(g.nvml) == NVML_SUCCESS)
                placement = "pinned (cuMemAllocHost), first touched by a thread bound to the GPU's CPUs (NUMA-local)";
            PinnedBuffer host(cu, bytes);
            DeviceBuffer dev(cu, bytes);
            CHECK_CU(cu, host.status());
            CHECK_CU(cu, dev.status());
            std::memset(host.get(), 0x5A, bytes);
            return time_ops(g, ctx.options, [&] {
                return to_device_ ? cu.cuMemcpyHtoDAsync(dev.get(), host.get(), bytes, g.stream)
                                  : cu.cuMemcpyDtoHAsync(host.get(), dev.get(), bytes, g.stream);
            }, ms);
        }();
        if (g.nvml != nullptr && g.env.nvml.nvmlDeviceClearCpuAffinity != nullptr)
            g.env.nvml.nvmlDeviceClearCpuAffinity(g.nvml);
        if (!s) {
            set_error(r, s);
            return r;
        }
        report_copy_bandwidth(r, ctx, g.name, key(), bytes, ms, placement);
        check_link(g, ctx, r);
        return r;
    }

private:
    // The link the copies ran on (sampled during them) against the SKU's: a slower or narrower one fails the test
    // whatever the bandwidth baseline says. The line rate of that link is context.
    static void check_link(GpuDevice& g, const ProbeContext& ctx, TestResult& r) {
        PcieLink link;
        link.load_gen = g.load.pcie_gen_max;
        link.load_width = g.load.pcie_width_max;
        if (const Sku* sku = ctx.baselines.find(g.name)) {
            link.expected_gen = sku->pcie_gen;
            link.expected_width = sku->pcie_width;
        }
        if (link.load_gen == 0 || link.load_width == 0) return;
        r.details.emplace_back("link_gen_under_load", static_cast<long long>(link.load_gen));
        r.details.emplace_back("link_width_under_load", static_cast<long long>(link.load_width));
        if (const double line = pcie_link_gbps(link.load_gen, link.load_width); line > 0) {
            r.details.emplace_back("link_line_rate_gbps", line);
            r.details.emplace_back("fraction_of_line_rate", *r.value / line);
        }
        const PcieAssessment a = assess_pcie_link(link);
        if (a.failed && r.status != TestStatus::error) {
            r.status = TestStatus::failed;
            r.reason = a.reason;
        }
    }

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
