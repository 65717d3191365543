// The GPU GEMM's data without a GPU: encodings exact over the check ranges in every precision, random timing data
// finite and bounded, and the result check catching one planted wrong element (as --inject-fault gemm-corrupt plants).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "gemm_data.h"
#include "test_util.h"

using namespace gpuprobe;

struct Range {
    int type;
    int exact_limit;  // every integer in [-limit, limit] round-trips; limit + 1 does not (0: not checked)
};

// D = op(A)·B for the check inputs, column-major, as the GPU would write it in `cd_type`.
static std::vector<unsigned char> reference_result(int n, int limit, int cd_type) {
    const int bytes = element_bytes(cd_type);
    std::vector<unsigned char> d(static_cast<std::size_t>(n) * n * bytes);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
            EXPECT(encode_exact(cd_type, reference_entry(i, j, n, limit), &d[(static_cast<std::size_t>(j) * n + i) * bytes]));
    return d;
}

int main() {
    // Integers round-trip exactly up to each format's limit, and the first integer past it is refused.
    const Range ranges[] = {{CUDA_R_8F_E4M3, 16},   {HIP_R_8F_E4M3_FNUZ, 16}, {CUDA_R_16BF, 256},
                            {CUDA_R_16F, 2048},     {CUDA_R_32F, 1 << 24},    {CUDA_R_64F, 0}};
    for (const auto& r : ranges) {
        const int top = r.exact_limit > 0 ? r.exact_limit : 5000;
        for (int v = -top; v <= top; v += (top > 5000 ? 4093 : 1)) {
            unsigned char buf[8] = {0};
            EXPECT(encode_exact(r.type, v, buf));
            EXPECT(decode_element(r.type, buf) == v);
        }
        if (r.exact_limit > 0 && r.exact_limit < (1 << 24)) {
            unsigned char buf[8];
            EXPECT(!encode_exact(r.type, r.exact_limit + 1, buf));
        }
    }
    // Known bit patterns: the encoder is the formats' own, not a table for |v| <= 2.
    unsigned char b[2];
    EXPECT(encode_exact(CUDA_R_16F, -3.0, b));
    std::uint16_t h;
    std::memcpy(&h, b, 2);
    EXPECT_EQ(h, 0xC200);
    EXPECT(encode_exact(CUDA_R_8F_E4M3, 448.0, b) && b[0] == 0x7E);  // E4M3's largest finite value
    EXPECT(!encode_exact(CUDA_R_8F_E4M3, 480.0, b));                // its NaN pattern is not a value
    EXPECT(encode_exact(CUDA_R_8F_E4M3, 0.25, b) && b[0] == 0x28);
    // E4M3 FNUZ (MI300): bias 8, so the same value has another pattern; the all-ones pattern is finite (240, its
    // largest), 448 is beyond it, -0 is stored as +0 and the sign bit alone is the NaN.
    EXPECT(encode_exact(HIP_R_8F_E4M3_FNUZ, 0.25, b) && b[0] == 0x30);
    EXPECT(encode_exact(HIP_R_8F_E4M3_FNUZ, 1.0, b) && b[0] == 0x40);
    EXPECT(encode_exact(HIP_R_8F_E4M3_FNUZ, 240.0, b) && b[0] == 0x7F);
    EXPECT(encode_exact(HIP_R_8F_E4M3_FNUZ, -240.0, b) && b[0] == 0xFF);
    EXPECT(!encode_exact(HIP_R_8F_E4M3_FNUZ, 448.0, b));
    EXPECT(encode_exact(HIP_R_8F_E4M3_FNUZ, -0.0, b) && b[0] == 0x00);
    b[0] = 0x80;
    EXPECT(std::isnan(decode_element(HIP_R_8F_E4M3_FNUZ, b)));
    b[0] = 0x01;
    EXPECT(decode_element(HIP_R_8F_E4M3_FNUZ, b) == std::ldexp(1.0, -10));  // smallest subnormal
    EXPECT(encode_exact(CUDA_R_16BF, 0.5, b));
    EXPECT(!encode_exact(CUDA_R_16F, 0.1, b));  // not representable: refused, never rounded

    // Random timing data: finite, magnitudes in [1/8, 2), both signs, many distinct values.
    for (int type : {CUDA_R_64F, CUDA_R_32F, CUDA_R_16BF, CUDA_R_16F, CUDA_R_8F_E4M3, HIP_R_8F_E4M3_FNUZ}) {
        std::uint64_t state = 42;
        int negative = 0;
        std::vector<double> seen;
        for (int i = 0; i < 2000; ++i) {
            unsigned char e[8];
            random_element(type, state, e);
            const double v = decode_element(type, e);
            EXPECT(std::isfinite(v) && std::fabs(v) >= 0.125 && std::fabs(v) < 2.0);
            negative += v < 0;
            if (seen.size() < 64 && std::find(seen.begin(), seen.end(), v) == seen.end()) seen.push_back(v);
        }
        EXPECT(negative > 800 && negative < 1200);
        EXPECT(seen.size() >= 32);
    }

    // Check ranges: exact in the input type and within the accumulator for K.
    EXPECT_EQ(check_value_limit(2048, false, 8192), 45);  // 8192 · 45² < 2^24 < 8192 · 46²
    EXPECT_EQ(check_value_limit(256, false, 64), 256);
    EXPECT_EQ(check_value_limit(4, false, 8192), 4);
    EXPECT_EQ(check_value_limit(1024, true, 8192), 1024);
    int lo = 0, hi = 0;
    for (unsigned i = 0; i < 1000; ++i) {
        const int v = check_value(i, i * 7, 1, 45);
        EXPECT(v >= -45 && v <= 45);
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    EXPECT(lo == -45 && hi == 45);

    // The check: a right result passes; one element off by one, a fraction or NaN is caught, in FP32 and FP64.
    const int n = 48, limit = 45;
    const std::vector<double> sums = reference_column_sums(n, limit);
    for (int cd_type : {CUDA_R_32F, CUDA_R_64F}) {
        const std::vector<unsigned char> right = reference_result(n, limit, cd_type);
        const CheckOutcome ok = check_result(right.data(), cd_type, n, limit, sums, 64);
        EXPECT(ok.mismatches() == 0 && ok.columns_checked == n && ok.entries_checked == 64);
        const int bytes = element_bytes(cd_type);
        for (double delta : {1.0, -1.0, 0.5, static_cast<double>(NAN)}) {
            std::vector<unsigned char> bad = right;
            unsigned char* at = &bad[(static_cast<std::size_t>(n / 2) * n + n / 3) * bytes];
            const double was = decode_element(cd_type, at);
            if (cd_type == CUDA_R_32F) {
                const float f = static_cast<float>(std::isnan(delta) ? delta : was + delta);
                std::memcpy(at, &f, 4);
            } else {
                const double d = std::isnan(delta) ? delta : was + delta;
                std::memcpy(at, &d, 8);
            }
            const CheckOutcome c = check_result(bad.data(), cd_type, n, limit, sums, 0);
            EXPECT_EQ(c.bad_columns, 1);
            EXPECT_EQ(c.first_bad_column, n / 2);
        }
    }
    return TEST_RESULT();
}
