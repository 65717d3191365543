// CPU probes (run everywhere, exercised by CI): single-precision GEMM and a STREAM triad (cpu_triad.h).
#pragma once
#include <string>
#include <vector>

namespace gpuprobe {

struct CpuGemmMeasurement {
    double gflops = 0;          // 2·n³ / median seconds / 1e9
    double median_seconds = 0;
    double min_seconds = 0;
    long long checked = 0;      // sampled entries compared with a double-precision reference
    long long mismatches = 0;
    std::string isa;
};

CpuGemmMeasurement measure_cpu_gemm(int n, int iterations, int warmup, int threads);

double median(std::vector<double> v);

// Small exact integers in [-2, 2] from a hash of (i, j, seed), used as GEMM inputs on CPU and GPU: every product
// and partial sum is exactly representable (FP8 E4M3 and up, K < 2^22 with FP32 accumulation), so the expected
// result of any output entry is known exactly.
float exact_pattern(unsigned i, unsigned j, unsigned seed);

}  // namespace gpuprobe
