// A stand-in for rocBLAS (librocblas.so), for fake_amd.sh with fake_hip.cpp, whose "device" memory is host memory:
// rocblas_gemm_ex computes D = op(A)·B on the CPU in double, so the probe's AMD GEMM path (types, layout, timing, the
// column-sum check and --inject-fault) runs end to end. FAKE_ROCBLAS_STATUS=<n> makes every GEMM return n.
#include <cstdlib>
#include <vector>

#include "gemm_data.h"
#include "rocblas_api.h"

using namespace gpuprobe;

namespace {
// The element encoding (gemm_data.h) of a rocblas_datatype.
int encoding(int rocblas_type) {
    switch (rocblas_type) {
        case rocblas_datatype_f64_r: return CUDA_R_64F;
        case rocblas_datatype_f16_r: return CUDA_R_16F;
        case rocblas_datatype_bf16_r: return CUDA_R_16BF;
        default: return CUDA_R_32F;
    }
}
}  // namespace

extern "C" {
rocblas_status rocblas_create_handle(rocblas_handle* h) { *h = reinterpret_cast<rocblas_handle>(0x3); return 0; }
rocblas_status rocblas_destroy_handle(rocblas_handle) { return 0; }
rocblas_status rocblas_set_stream(rocblas_handle, hipStream_t) { return 0; }
rocblas_status rocblas_gemm_ex(rocblas_handle, int trans_a, int trans_b, int m, int n, int k, const void*,
                               const void* a, int a_type, int lda, const void* b, int b_type, int ldb, const void*,
                               const void*, int, int, void* d, int d_type, int ldd, int, int, std::int32_t,
                               std::uint32_t) {
    if (const char* s = std::getenv("FAKE_ROCBLAS_STATUS")) return std::atoi(s);
    if (trans_b != rocblas_operation_none) return 2;  // the probe only asks for TN
    const int ta = encoding(a_type), tb = encoding(b_type), td = encoding(d_type);
    const int ea = element_bytes(ta), eb = element_bytes(tb), ed = element_bytes(td);
    const auto* pa = static_cast<const unsigned char*>(a);
    const auto* pb = static_cast<const unsigned char*>(b);
    auto* pd = static_cast<unsigned char*>(d);
    std::vector<double> column(static_cast<std::size_t>(k));
    for (int j = 0; j < n; ++j) {
        for (int x = 0; x < k; ++x) column[x] = decode_element(tb, pb + (static_cast<std::size_t>(j) * ldb + x) * eb);
        for (int i = 0; i < m; ++i) {
            double sum = 0;
            for (int x = 0; x < k; ++x) {
                // op(A)[i][x]: A is stored k×m (column i contiguous) when transposed, m×k otherwise.
                const std::size_t at = trans_a == rocblas_operation_transpose ? static_cast<std::size_t>(i) * lda + x
                                                                              : static_cast<std::size_t>(x) * lda + i;
                sum += decode_element(ta, pa + at * ea) * column[x];
            }
            encode_exact(td, sum, pd + (static_cast<std::size_t>(j) * ldd + i) * ed);
        }
    }
    return 0;
}
}
