// AMD GPU bandwidth: device memory (the STREAM triad kernel compiled by hipcc, or a device-to-device copy in a build
// without it) and host<->device copies from pinned memory; the same keys, units and scoring as the CUDA tests.
#include <algorithm>

#include "amd_device.h"
#include "bandwidth_report.h"

namespace gpuprobe {
namespace {

class AmdDeviceBandwidthProbe : public Probe {
public:
    std::string key() const override { return "device_memory_bandwidth"; }
    std::string description() const override {
        return "AMD GPU memory bandwidth: STREAM triad kernel a = b + s*c (3 x 8 bytes per element), median of HIP events";
    }
    Scope scope() const override { return Scope::amd_gpu; }
    TestResult run(ProbeContext& ctx) override {
        AmdDevice& g = *ctx.amd;
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
    static Status measure(AmdDevice& g, const Options& o, TestResult& r, double& bytes_per_op, std::vector<double>& ms,
                          long long& mismatches) {
        HipApi& hip = g.hip;
        const std::size_t bytes = static_cast<std::size_t>(o.mem_size_mib) << 20;
        const unsigned long long n = bytes / sizeof(double);
        HipBuffer a(hip, bytes), b(hip, bytes), c(hip, bytes);
        CHECK_HIP(hip, a.status());
        CHECK_HIP(hip, b.status());
        CHECK_HIP(hip, c.status());
        r.details.emplace_back("array_mib", static_cast<long long>(o.mem_size_mib));
        if (g.module == nullptr) {
            r.details.emplace_back("method", "hipMemcpyAsync device to device (" + g.module_error + ")");
            bytes_per_op = 2.0 * bytes;
            CHECK_HIP(hip, hip.hipMemset(b.get(), 1, bytes));
            CHECK_OK(time_hip_ops(g, o.warmup, o.iterations, [&]() -> Status {
                CHECK_HIP(hip, hip.hipMemcpyAsync(a.get(), b.get(), bytes, hipMemcpyDeviceToDevice, g.stream));
                return Status::ok();
            }, ms));
            for (std::size_t i = 0; i < bytes; i += 1000003) {
                unsigned char got = 0;
                CHECK_HIP(hip, hip.hipMemcpy(&got, a.bytes() + i, 1, hipMemcpyDeviceToHost));
                if (got != 1) ++mismatches;
            }
            return Status::ok();
        }
        std::vector<double> hb(n), hc(n);
        for (unsigned long long i = 0; i < n; ++i) {
            hb[i] = 1.0 + static_cast<double>(i % 7);
            hc[i] = 2.0 + static_cast<double>(i % 5);
        }
        CHECK_HIP(hip, hip.hipMemcpy(b.get(), hb.data(), bytes, hipMemcpyHostToDevice));
        CHECK_HIP(hip, hip.hipMemcpy(c.get(), hc.data(), bytes, hipMemcpyHostToDevice));
        hipFunction_t fn = nullptr;
        CHECK_HIP(hip, hip.hipModuleGetFunction(&fn, g.module, "stream_triad"));
        void* pa = a.get();
        void* pb = b.get();
        void* pc = c.get();
        double scalar = 3.0;
        unsigned long long count = n;
        void* args[] = {&pa, &pb, &pc, &scalar, &count};
        const unsigned block = 256;
        // A grid-stride kernel: enough blocks to fill any current AMD GPU (304 CUs on MI300X) many times over.
        const unsigned grid = static_cast<unsigned>(std::min<unsigned long long>((n + block - 1) / block, 304 * 32));
        r.details.emplace_back("method", std::string("stream_triad kernel"));
        r.details.emplace_back("grid", static_cast<long long>(grid));
        r.details.emplace_back("block", static_cast<long long>(block));
        bytes_per_op = 3.0 * bytes;
        CHECK_OK(time_hip_ops(g, o.warmup, o.iterations, [&]() -> Status {
            CHECK_HIP(hip, hip.hipModuleLaunchKernel(fn, grid, 1, 1, block, 1, 1, 0, g.stream, args, nullptr));
            return Status::ok();
        }, ms));
        for (unsigned long long i = 0; i < n; i += 1000003) {
            double got = 0;
            CHECK_HIP(hip, hip.hipMemcpy(&got, a.bytes() + i * sizeof(double), sizeof got, hipMemcpyDeviceToHost));
            if (got != hb[i] + scalar * hc[i]) ++mismatches;
        }
        return Status::ok();
    }
};

class AmdHostDeviceBandwidthProbe : public Probe {
public:
    explicit AmdHostDeviceBandwidthProbe(bool to_device) : to_device_(to_device) {}
    std::string key() const override { return to_device_ ? "h2d_bandwidth" : "d2h_bandwidth"; }
    std::string description() const override {
        return std::string(to_device_ ? "Host-to-device" : "Device-to-host") +
               " copy bandwidth from pinned memory on an AMD GPU, median of HIP events";
    }
    Scope scope() const override { return Scope::amd_gpu; }
    TestResult run(ProbeContext& ctx) override {
        AmdDevice& g = *ctx.amd;
        HipApi& hip = g.hip;
        TestResult r = copy_bandwidth_shell(to_device_);
        const std::size_t bytes = static_cast<std::size_t>(ctx.options.mem_size_mib) << 20;
        std::vector<double> ms;
        Status s = [&]() -> Status {
            HipPinnedBuffer host(hip, bytes);
            HipBuffer dev(hip, bytes);
            CHECK_HIP(hip, host.status());
            CHECK_HIP(hip, dev.status());
            const int kind = to_device_ ? hipMemcpyHostToDevice : hipMemcpyDeviceToHost;
            void* to = to_device_ ? dev.get() : host.get();
            void* from = to_device_ ? host.get() : dev.get();
            return time_hip_ops(g, ctx.options.warmup, ctx.options.iterations, [&]() -> Status {
                CHECK_HIP(hip, hip.hipMemcpyAsync(to, from, bytes, kind, g.stream));
                return Status::ok();
            }, ms);
        }();
        if (!s) {
            set_error(r, s);
            return r;
        }
        report_copy_bandwidth(r, ctx, g.name, key(), bytes, ms, "pinned (hipHostMalloc)");
        return r;
    }

private:
    bool to_device_;
};

}  // namespace

void add_amd_bandwidth_probes(Registry& r) {
    r.push_back(std::make_unique<AmdDeviceBandwidthProbe>());
    r.push_back(std::make_unique<AmdHostDeviceBandwidthProbe>(true));
    r.push_back(std::make_unique<AmdHostDeviceBandwidthProbe>(false));
}

}  // namespace gpuprobe
