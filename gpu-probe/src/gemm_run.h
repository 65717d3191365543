// One GPU GEMM measurement with cuBLASLt: random data timed after a warm-up, then integer data checked in full; and
// the test result any GEMM measurement (cuBLASLt or rocBLAS) is reported as.
#pragma once
#include <string>
#include <vector>

#include "check.h"
#include "gemm_data.h"
#include "probe.h"

namespace gpuprobe {

class GpuDevice;

struct Precision {
    const char* key;
    const char* label;
    int ab_type;
    int cd_type;
    int compute;
    int scale_type;
    int min_cc;       // major*10+minor
    int exact_limit;  // largest integer the check may feed this precision (exact in the input type)
};

struct GemmSettings {
    int n = 8192;
    int batches = 10;             // --iterations: timed batches, the median batch is reported
    double warmup_seconds = 1.0;
    double timed_seconds = 2.0;
    bool corrupt_one_element = false;  // --inject-fault gemm-corrupt
};

struct GemmOutcome {
    std::vector<double> ms;        // per GEMM, one per batch
    long long per_batch = 0, warmup_gemms = 0, algorithms_tried = 0;
    double warmup_wall_seconds = 0;
    int check_limit = 0;           // check inputs were integers in [-check_limit, check_limit]
    CheckOutcome check;
};

// An error Status of class environment with code CUBLAS_STATUS_NOT_SUPPORTED means no algorithm of cuBLASLt runs
// this precision here: the probe waives the test.
Status run_gemm(GpuDevice& g, const Precision& p, const GemmSettings& s, GemmOutcome& out);

// The GEMM operands in host memory as `fill(row, col, seed, out)` writes each element, n×n each, column-major: A
// stored K×M (used transposed; seed 1), then B stored K×N (seed 2); `store(host)` copies each to its device buffer.
template <typename Fill, typename Store>
Status fill_operands(int n, int bytes, Fill fill, Store store_a, Store store_b) {
    std::vector<unsigned char> host(static_cast<std::size_t>(n) * n * bytes);
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < n; ++k) CHECK_OK(fill(i, k, 1u, &host[(static_cast<std::size_t>(i) * n + k) * bytes]));
    CHECK_OK(store_a(host));
    for (int j = 0; j < n; ++j)
        for (int k = 0; k < n; ++k) CHECK_OK(fill(k, j, 2u, &host[(static_cast<std::size_t>(j) * n + k) * bytes]));
    return store_b(host);
}

// A GEMM test's result before measuring: unit, precision, metric and the shape details (gemm_report.cpp).
TestResult gemm_result_shell(const char* label, const Options& o);
// The measured outcome into `r`: timings, the check's counts, `failed` on any mismatch, else scored against the
// catalogue's figure for `product` and `key`.
void report_gemm(TestResult& r, const ProbeContext& ctx, const std::string& product, const char* key,
                 const GemmOutcome& out, bool injected);

}  // namespace gpuprobe
