// CPU memory bandwidth: STREAM triad a = b + s·c on doubles, threads over contiguous ranges.
#pragma once
#include <cstddef>
#include <string>

namespace gpuprobe {

struct TriadMeasurement {
    double gbps = 0;            // 3 arrays × 8 bytes × n / median seconds / 1e9 (STREAM counting)
    double median_seconds = 0;
    double best_gbps = 0;       // from the fastest repetition, as STREAM reports
    long long mismatches = 0;
    std::size_t elements = 0;
};

TriadMeasurement measure_triad(std::size_t bytes_per_array, int iterations, int warmup, int threads);

// How the triad writes `a`: "non-temporal (SSE2 streaming stores)" on x86-64, "regular stores" elsewhere.
std::string triad_store_method();

}  // namespace gpuprobe
