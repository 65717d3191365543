// Non-temporal stores write `a` straight to memory, so the bytes that move are the 3 × 8 per element that STREAM
// counts; regular stores would first read every line of `a` into cache (write-allocate), moving 4 × 8 bytes while
// 3 × 8 are counted. SSE2 is in every x86-64 CPU, and wider streaming stores gain nothing on a memory-bound loop
// because the write-combining buffers assemble full cache lines either way.
#include "cpu_triad.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <new>
#include <thread>
#include <vector>

#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>
#define GPU_PROBE_STREAMING_STORES 1
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "cpu_probes.h"

namespace gpuprobe {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kLineDoubles = 64 / sizeof(double);

struct FreeDeleter {
    void operator()(double* p) const { std::free(p); }
};
using DoubleArray = std::unique_ptr<double[], FreeDeleter>;

// Huge-page aligned and advised, as numpy does for large arrays on Linux: the TLB then covers arrays far beyond the
// last-level cache, and the reference in bench/cpu_reference.sh runs on the same kind of memory.
DoubleArray huge_page_array(std::size_t count) {
    std::size_t bytes = (count * sizeof(double) + kHugePage - 1) / kHugePage * kHugePage;
    if (bytes == 0) bytes = kHugePage;
    void* p = std::aligned_alloc(kHugePage, bytes);
    if (p == nullptr) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(p, bytes, MADV_HUGEPAGE);  // advice only: without transparent huge pages the arrays use 4 KiB pages
#endif
    return DoubleArray(static_cast<double*>(p));
}

// a[lo, hi) = b + s·c; lo is a cache-line multiple, so with 64-byte aligned arrays every streaming store is aligned.
void triad_range(double* __restrict a, const double* __restrict b, const double* __restrict c, double s,
                 std::size_t lo, std::size_t hi) {
    std::size_t i = lo;
#ifdef GPU_PROBE_STREAMING_STORES
    const __m128d sv = _mm_set1_pd(s);
    for (; i + 2 <= hi; i += 2)
        _mm_stream_pd(a + i, _mm_add_pd(_mm_load_pd(b + i), _mm_mul_pd(sv, _mm_load_pd(c + i))));
    _mm_sfence();  // streaming stores are weakly ordered: make them visible before the thread reports done
#endif
    for (; i < hi; ++i) a[i] = b[i] + s * c[i];
}

}  // namespace

std::string triad_store_method() {
#ifdef GPU_PROBE_STREAMING_STORES
    return "non-temporal (SSE2 streaming stores)";
#else
    return "regular stores";
#endif
}

TriadMeasurement measure_triad(std::size_t bytes_per_array, int iterations, int warmup, int threads) {
    TriadMeasurement m;
    const std::size_t n = bytes_per_array / sizeof(double);
    m.elements = n;
    DoubleArray a = huge_page_array(n), b = huge_page_array(n), c = huge_page_array(n);
    const double scalar = 3.0;
    // Thread t always gets the same cache-line aligned range, for the first touch and for every timed pass.
    auto parallel = [&](auto&& body) {
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; ++t) {
            std::size_t lo = n * t / threads / kLineDoubles * kLineDoubles;
            std::size_t hi = t + 1 == threads ? n : n * (t + 1) / threads / kLineDoubles * kLineDoubles;
            pool.emplace_back([&body, lo, hi] { body(lo, hi); });
        }
        for (auto& th : pool) th.join();
    };
    // First touch by the thread that later streams the range puts its pages on that thread's NUMA node.
    parallel([&](std::size_t lo, std::size_t hi) {
        for (std::size_t i = lo; i < hi; ++i) {
            a[i] = 0.0;
            b[i] = 1.0 + static_cast<double>(i % 7);
            c[i] = 2.0 + static_cast<double>(i % 5);
        }
    });
    auto triad = [&](std::size_t lo, std::size_t hi) { triad_range(a.get(), b.get(), c.get(), scalar, lo, hi); };
    for (int w = 0; w < warmup; ++w) parallel(triad);
    std::vector<double> secs;
    for (int it = 0; it < iterations; ++it) {
        auto t0 = Clock::now();
        parallel(triad);
        secs.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    }
    const double bytes = 3.0 * sizeof(double) * static_cast<double>(n);
    m.median_seconds = median(secs);
    m.gbps = bytes / m.median_seconds / 1e9;
    m.best_gbps = bytes / *std::min_element(secs.begin(), secs.end()) / 1e9;
    // Every element, so a range boundary or tail that a thread skipped is caught; one untimed pass costs little.
    for (std::size_t i = 0; i < n; ++i) {
        if (a[i] != b[i] + scalar * c[i]) ++m.mismatches;
    }
    return m;
}

}  // namespace gpuprobe
