// What the AMD GEMM tests share, whichever library runs the GEMM (rocBLAS: amd_gemm_probe.cpp; hipBLASLt, for FP8:
// amd_fp8_probe.cpp): the operands in device memory, the timing and the result check, as the cuBLASLt test's
// (gemm_data.h, gemm_report.cpp).
#pragma once
#include <functional>
#include <string>

#include "amd_device.h"
#include "gemm_run.h"

namespace gpuprobe {

// The operands of one n×n GEMM, column-major: A (used transposed) and B of `ab_type`, D of `cd_type`.
struct AmdGemmOperands {
    AmdGemmOperands(HipApi& hip, int n, int ab_type, int cd_type);
    Status allocated() const;
    // A and B as random data (random_element): what the timed GEMMs run on.
    Status fill_random();
    HipApi& hip;
    const int n, ab_type, cd_type;
    HipBuffer a, b, d;
};

// --warmup untimed then --iterations timed `gemm`s (one each between two events), then the check: integer inputs
// exact in the input type, one `gemm`, D read back (one element corrupted under --inject-fault gemm-corrupt) and
// checked against a double-precision reference.
Status time_and_check_amd_gemm(AmdDevice& g, const Options& o, AmdGemmOperands& ops, int exact_limit,
                               const std::function<Status()>& gemm, GemmOutcome& out);

// The FP8 type a GPU architecture's matrix cores take (hipDataType): E4M3 FNUZ on gfx94x (MI300), OCP E4M3 on gfx95x
// (MI350); 0 for one without FP8 (gfx90a and earlier CDNA, RDNA as far as this probe goes).
int amd_fp8_type(const std::string& gcn_arch);

}  // namespace gpuprobe
