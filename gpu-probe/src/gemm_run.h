// One GPU GEMM measurement with cuBLASLt: random data timed after a warm-up, then integer data checked in full.
#pragma once
#include <string>
#include <vector>

#include "check.h"
#include "gemm_data.h"

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

}  // namespace gpuprobe
