// The data of the GPU GEMM probe, kept apart from the GPU so that it is tested without one: element encodings for
// every precision (FP64, FP32/TF32, BF16, FP16, FP8 E4M3 and AMD's E4M3 FNUZ), random inputs for timing, exact integer
// inputs for the result check, and the check itself (every column sum of D against a double-precision reference, plus
// sampled entries).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace gpuprobe {

// cudaDataType_t values the probe uses (library_types.h). HIP's hipDataType gives these types the same values, and
// adds FP8 E4M3 "FNUZ" (exponent bias 8, no negative zero, 0x80 the only NaN), MI300's (gfx94x) FP8, as 1000.
constexpr int CUDA_R_32F = 0, CUDA_R_64F = 1, CUDA_R_16F = 2, CUDA_R_16BF = 14, CUDA_R_8F_E4M3 = 28;
constexpr int HIP_R_8F_E4M3_FNUZ = 1000;

int element_bytes(int type);
// Writes v in `type` when v is exactly representable there (finite, no rounding); false otherwise.
bool encode_exact(int type, double v, unsigned char* out);
// The value of one element of `type` (NaN for FP8's NaN pattern).
double decode_element(int type, const unsigned char* p);
// A random finite element with a random sign, an exponent in [-3, 0] and random mantissa bits: magnitudes in
// [1/8, 2), so that no product or sum of the timed GEMM overflows, and the bits toggle as real data does
// (small integers leave most mantissa bits zero and draw less power). `state` is a xorshift64 state, never 0.
void random_element(int type, std::uint64_t& state, unsigned char* out);

// The largest integer L such that inputs in [-L, L] are exact in `type` and every partial sum of a K-long dot
// product, |sum| ≤ K·L², is exact in the accumulator (2^24 for FP32, 2^53 for FP64). FP8 is held to 4: Hopper's
// FP8 tensor cores keep fewer accumulator bits than FP32 between promotions (docs/probe.md).
int check_value_limit(int type, bool fp64_accumulate, int k);
// An integer in [-limit, limit] from a hash of (i, j, seed): the result check's inputs.
int check_value(unsigned i, unsigned j, unsigned seed, int limit);

// Column sums of D = op(A)·B for the check inputs, with op(A)[i][k] = check_value(i, k, 1, limit) and
// B[k][j] = check_value(k, j, 2, limit), n×n: sum_i D[i][j] = sum_k (sum_i op(A)[i][k]) · B[k][j], in double (exact).
std::vector<double> reference_column_sums(int n, int limit);
double reference_entry(int i, int j, int n, int limit);

struct CheckOutcome {
    long long columns_checked = 0, bad_columns = 0;
    long long entries_checked = 0, bad_entries = 0;
    long long first_bad_column = -1;
    double first_bad_got = 0, first_bad_want = 0;
    long long mismatches() const { return bad_columns + bad_entries; }
};

// Checks D (n×n, column-major, FP32 or FP64 elements as `cd_type`): every column's sum against `want_sums`, and
// `samples` entries against reference_entry. Any wrong element changes its column's sum, so one corrupted entry is
// always caught; the sampled entries name a wrong value.
CheckOutcome check_result(const unsigned char* d, int cd_type, int n, int limit, const std::vector<double>& want_sums,
                          int samples);

}  // namespace gpuprobe
