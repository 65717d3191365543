#include "cpu_probes.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <thread>

#include "cpu_gemm.h"
#include "cpu_triad.h"
#include "probe.h"

namespace gpuprobe {

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    std::size_t n = v.size();
    return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

float exact_pattern(unsigned i, unsigned j, unsigned seed) {
    std::uint32_t h = i * 0x9E3779B1u ^ (j + seed) * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    return static_cast<float>(static_cast<int>(h % 5u) - 2);
}

namespace {

int effective_threads(int requested) {
    if (requested > 0) return requested;
    unsigned hc = std::thread::hardware_concurrency();
    return hc == 0 ? 1 : static_cast<int>(hc);
}

}  // namespace

CpuGemmMeasurement measure_cpu_gemm(int n, int iterations, int warmup, int threads) {
    const std::size_t nn = static_cast<std::size_t>(n) * n;
    std::vector<float> a(nn), b(nn), c(nn);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            a[static_cast<std::size_t>(i) * n + j] = exact_pattern(i, j, 1);
            b[static_cast<std::size_t>(i) * n + j] = exact_pattern(i, j, 2);
        }
    CpuGemmMeasurement m;
    m.isa = sgemm_isa();
    for (int w = 0; w < warmup; ++w) sgemm(n, n, n, a.data(), b.data(), c.data(), threads);
    std::vector<double> secs;
    for (int it = 0; it < iterations; ++it) {
        auto t0 = Clock::now();
        sgemm(n, n, n, a.data(), b.data(), c.data(), threads);
        secs.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    }
    m.median_seconds = median(secs);
    m.min_seconds = *std::min_element(secs.begin(), secs.end());
    m.gflops = 2.0 * n * static_cast<double>(n) * n / m.median_seconds / 1e9;
    // Sampled exact check: 1024 entries spread over C, plus the four corners (edge tiles).
    std::vector<std::pair<int, int>> samples = {{0, 0}, {0, n - 1}, {n - 1, 0}, {n - 1, n - 1}};
    for (int s = 0; s < 1024; ++s) samples.emplace_back((s * 7919) % n, (s * 104729 + 13) % n);
    for (auto [i, j] : samples) {
        double expect = 0;
        for (int p = 0; p < n; ++p)
            expect += static_cast<double>(a[static_cast<std::size_t>(i) * n + p]) * b[static_cast<std::size_t>(p) * n + j];
        ++m.checked;
        if (static_cast<double>(c[static_cast<std::size_t>(i) * n + j]) != expect) ++m.mismatches;
    }
    return m;
}

namespace {

class CpuGemmProbe : public Probe {
public:
    std::string key() const override { return "cpu_gemm_fp32"; }
    std::string description() const override {
        return "CPU single-precision GEMM GFLOP/s (blocked, multithreaded), exact result check";
    }
    Scope scope() const override { return Scope::cpu; }
    TestResult run(ProbeContext& ctx) override {
        const Options& o = ctx.options;
        const int threads = effective_threads(o.threads);
        CpuGemmMeasurement m = measure_cpu_gemm(o.cpu_gemm_size, o.iterations, o.warmup, threads);
        TestResult r;
        r.unit = "GFLOP/s";
        r.value = m.gflops;
        r.precision = "FP32";
        r.metric = "cpu_gemm_flops";
        r.metric_help = "CPU single-precision GEMM throughput, FLOP/s (2*n^3 per GEMM, median of the timed runs).";
        r.metric_scale = 1e9;
        r.details = {{"m", static_cast<long long>(o.cpu_gemm_size)},
                     {"n", static_cast<long long>(o.cpu_gemm_size)},
                     {"k", static_cast<long long>(o.cpu_gemm_size)},
                     {"threads", static_cast<long long>(threads)},
                     {"isa", m.isa},
                     {"iterations", static_cast<long long>(o.iterations)},
                     {"warmup", static_cast<long long>(o.warmup)},
                     {"median_ms", m.median_seconds * 1e3},
                     {"min_ms", m.min_seconds * 1e3},
                     {"check", std::string("exact integers, sampled against a double reference")},
                     {"checked_entries", m.checked},
                     {"mismatches", m.mismatches}};
        if (m.mismatches > 0) {
            r.status = TestStatus::failed;
            r.reason = "result check: " + std::to_string(m.mismatches) + " of " + std::to_string(m.checked) +
                       " sampled entries differ from the exact result";
            return r;
        }
        r.status = TestStatus::passed;
        score(r, std::nullopt, "CPU (" + std::to_string(threads) + " threads) FP32 GEMM", ctx.thresholds);
        return r;
    }
};

class CpuMemoryBandwidthProbe : public Probe {
public:
    std::string key() const override { return "cpu_memory_bandwidth"; }
    std::string description() const override {
        return "CPU memory bandwidth, STREAM triad a = b + s*c over threads, non-temporal stores (3 x 8 bytes per element)";
    }
    Scope scope() const override { return Scope::cpu; }
    TestResult run(ProbeContext& ctx) override {
        const Options& o = ctx.options;
        const int threads = effective_threads(o.threads);
        TriadMeasurement m =
            measure_triad(static_cast<std::size_t>(o.mem_size_mib) << 20, o.iterations, o.warmup, threads);
        TestResult r;
        r.unit = "GB/s";
        r.value = m.gbps;
        r.metric = "cpu_memory_bandwidth_bytes_per_second";
        r.metric_help = "CPU STREAM-triad memory bandwidth, bytes/s (3 arrays x 8 bytes per element, median).";
        r.metric_scale = 1e9;
        r.details = {{"array_mib", static_cast<long long>(o.mem_size_mib)},
                     {"elements", static_cast<long long>(m.elements)},
                     {"threads", static_cast<long long>(threads)},
                     {"stores", triad_store_method()},
                     {"iterations", static_cast<long long>(o.iterations)},
                     {"median_ms", m.median_seconds * 1e3},
                     {"best_gbps", m.best_gbps},
                     {"mismatches", m.mismatches}};
        if (m.mismatches > 0) {
            r.status = TestStatus::failed;
            r.reason = "triad result check failed on " + std::to_string(m.mismatches) + " sampled elements";
            return r;
        }
        r.status = TestStatus::passed;
        score(r, std::nullopt, "CPU memory bandwidth", ctx.thresholds);
        return r;
    }
};

}  // namespace

void add_cpu_probes(Registry& r) {
    r.push_back(std::make_unique<CpuGemmProbe>());
    r.push_back(std::make_unique<CpuMemoryBandwidthProbe>());
}

}  // namespace gpuprobe
