#include "gemm_data.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace gpuprobe {
namespace {

// A binary floating-point format narrower than FP32, as stored: sign, `exp_bits` exponent, `man_bits` mantissa.
struct SmallFloat {
    int exp_bits, man_bits, bias;
    bool e4m3;  // FP8 E4M3: no infinities; exponent field all ones is finite except mantissa all ones (NaN)
    bool fnuz;  // E4M3 FNUZ: every exponent field finite; no negative zero, its pattern (sign bit alone) is the NaN
};
constexpr SmallFloat kFp16{5, 10, 15, false, false}, kBf16{8, 7, 127, false, false}, kE4m3{4, 3, 7, true, false},
    kE4m3Fnuz{4, 3, 8, true, true};

bool small_format(int type, SmallFloat& f) {
    switch (type) {
        case CUDA_R_16F: f = kFp16; return true;
        case CUDA_R_16BF: f = kBf16; return true;
        case CUDA_R_8F_E4M3: f = kE4m3; return true;
        case HIP_R_8F_E4M3_FNUZ: f = kE4m3Fnuz; return true;
    }
    return false;
}

bool encode_small(const SmallFloat& f, double v, std::uint32_t& bits) {
    if (!std::isfinite(v)) return false;
    const std::uint32_t sign = std::signbit(v) && !(f.fnuz && v == 0) ? 1u : 0u;  // FNUZ: -0 is +0
    const double a = std::fabs(v);
    const int max_field = f.e4m3 ? (1 << f.exp_bits) - 1 : (1 << f.exp_bits) - 2;
    std::uint32_t field = 0;
    double mantissa = 0;  // integer mantissa bits, exact when v is representable
    if (a != 0) {
        int e = 0;
        std::frexp(a, &e);  // a = m · 2^e, m in [0.5, 1): the leading bit is 2^(e-1)
        const int unbiased = e - 1;
        if (unbiased + f.bias >= 1) {
            field = static_cast<std::uint32_t>(unbiased + f.bias);
            mantissa = std::ldexp(a, f.man_bits - unbiased) - std::ldexp(1.0, f.man_bits);
        } else {
            mantissa = std::ldexp(a, f.man_bits + f.bias - 1);  // subnormal: a = mantissa · 2^(1 - bias - man_bits)
        }
        if (field > static_cast<std::uint32_t>(max_field) || mantissa != std::floor(mantissa)) return false;
        if (f.e4m3 && !f.fnuz && static_cast<int>(field) == max_field && mantissa == (1 << f.man_bits) - 1)
            return false;  // NaN
    }
    bits = sign << (f.exp_bits + f.man_bits) | field << f.man_bits | static_cast<std::uint32_t>(mantissa);
    return true;
}

double decode_small(const SmallFloat& f, std::uint32_t bits) {
    const std::uint32_t man = bits & ((1u << f.man_bits) - 1);
    const std::uint32_t field = (bits >> f.man_bits) & ((1u << f.exp_bits) - 1);
    const bool neg = (bits >> (f.exp_bits + f.man_bits)) & 1u;
    const std::uint32_t all_ones = (1u << f.exp_bits) - 1;
    double v;
    if (f.fnuz && neg && field == 0 && man == 0) {
        v = std::numeric_limits<double>::quiet_NaN();
    } else if (f.e4m3 && !f.fnuz && field == all_ones && man == (1u << f.man_bits) - 1) {
        v = std::numeric_limits<double>::quiet_NaN();
    } else if (!f.e4m3 && field == all_ones) {
        v = man == 0 ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
    } else if (field == 0) {
        v = std::ldexp(static_cast<double>(man), 1 - f.bias - f.man_bits);
    } else {
        v = std::ldexp(static_cast<double>(man | 1u << f.man_bits), static_cast<int>(field) - f.bias - f.man_bits);
    }
    return neg ? -v : v;
}

std::uint64_t next(std::uint64_t& s) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
}

}  // namespace

int element_bytes(int type) {
    switch (type) {
        case CUDA_R_64F: return 8;
        case CUDA_R_32F: return 4;
        case CUDA_R_16F:
        case CUDA_R_16BF: return 2;
        case CUDA_R_8F_E4M3:
        case HIP_R_8F_E4M3_FNUZ: return 1;
    }
    return 0;
}

bool encode_exact(int type, double v, unsigned char* out) {
    SmallFloat f;
    if (small_format(type, f)) {
        std::uint32_t bits = 0;
        if (!encode_small(f, v, bits)) return false;
        if (element_bytes(type) == 2) {
            const std::uint16_t h = static_cast<std::uint16_t>(bits);
            std::memcpy(out, &h, 2);
        } else {
            *out = static_cast<unsigned char>(bits);
        }
        return true;
    }
    if (type == CUDA_R_32F) {
        const float x = static_cast<float>(v);
        if (static_cast<double>(x) != v) return false;
        std::memcpy(out, &x, 4);
        return true;
    }
    if (type == CUDA_R_64F) {
        std::memcpy(out, &v, 8);
        return std::isfinite(v);
    }
    return false;
}

double decode_element(int type, const unsigned char* p) {
    SmallFloat f;
    if (small_format(type, f)) {
        std::uint16_t h = 0;
        if (element_bytes(type) == 2) std::memcpy(&h, p, 2); else h = *p;
        return decode_small(f, h);
    }
    if (type == CUDA_R_64F) {
        double d;
        std::memcpy(&d, p, 8);
        return d;
    }
    float x;
    std::memcpy(&x, p, 4);
    return x;
}

void random_element(int type, std::uint64_t& state, unsigned char* out) {
    const std::uint64_t r = next(state);
    const int exponent = -static_cast<int>(r & 3u);  // -3 .. 0
    const bool neg = (r >> 2) & 1u;
    const std::uint64_t man = r >> 11;               // 53 random bits
    SmallFloat f;
    if (small_format(type, f)) {
        const std::uint32_t bits = (neg ? 1u : 0u) << (f.exp_bits + f.man_bits) |
                                   static_cast<std::uint32_t>(exponent + f.bias) << f.man_bits |
                                   static_cast<std::uint32_t>(man & ((1u << f.man_bits) - 1));
        if (element_bytes(type) == 2) {
            const std::uint16_t h = static_cast<std::uint16_t>(bits);
            std::memcpy(out, &h, 2);
        } else {
            *out = static_cast<unsigned char>(bits);
        }
    } else if (type == CUDA_R_32F) {
        const std::uint32_t bits = (neg ? 1u : 0u) << 31 | static_cast<std::uint32_t>(exponent + 127) << 23 |
                                   static_cast<std::uint32_t>(man & 0x7FFFFFu);
        std::memcpy(out, &bits, 4);
    } else if (type == CUDA_R_64F) {
        const std::uint64_t bits = (neg ? 1ull : 0ull) << 63 | static_cast<std::uint64_t>(exponent + 1023) << 52 |
                                   (man & ((1ull << 52) - 1));
        std::memcpy(out, &bits, 8);
    }
}

int check_value_limit(int input_exact_limit, bool fp64_accumulate, int k) {
    const double accumulator = fp64_accumulate ? 9007199254740992.0 : 16777216.0;  // 2^53, 2^24
    const int by_accumulator = static_cast<int>(std::floor(std::sqrt(accumulator / std::max(k, 1))));
    return std::max(1, std::min(input_exact_limit, by_accumulator));
}

int check_value(unsigned i, unsigned j, unsigned seed, int limit) {
    std::uint32_t h = i * 0x9E3779B1u ^ (j + seed) * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    h *= 0x297A2D39u;
    h ^= h >> 15;
    return static_cast<int>(h % static_cast<std::uint32_t>(2 * limit + 1)) - limit;
}

std::vector<double> reference_column_sums(int n, int limit) {
    std::vector<double> a_sums(n, 0.0), out(n, 0.0);
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < n; ++k) a_sums[k] += check_value(i, k, 1, limit);
    for (int j = 0; j < n; ++j) {
        double s = 0;
        for (int k = 0; k < n; ++k) s += a_sums[k] * check_value(k, j, 2, limit);
        out[j] = s;
    }
    return out;
}

double reference_entry(int i, int j, int n, int limit) {
    double s = 0;
    for (int k = 0; k < n; ++k) s += static_cast<double>(check_value(i, k, 1, limit)) * check_value(k, j, 2, limit);
    return s;
}

CheckOutcome check_result(const unsigned char* d, int cd_type, int n, int limit, const std::vector<double>& want_sums,
                          int samples) {
    CheckOutcome out;
    const int bytes = element_bytes(cd_type);
    auto entry = [&](int i, int j) { return decode_element(cd_type, d + (static_cast<std::size_t>(j) * n + i) * bytes); };
    for (int j = 0; j < n; ++j) {
        double sum = 0;
        bool integral = true;  // every right entry is an integer; a fractional or non-finite one is wrong at once
        for (int i = 0; i < n; ++i) {
            const double v = entry(i, j);
            integral = integral && std::isfinite(v) && v == std::nearbyint(v);
            sum += v;
        }
        ++out.columns_checked;
        if (!integral || sum != want_sums[j]) {
            if (out.first_bad_column < 0) {
                out.first_bad_column = j;
                out.first_bad_got = sum;
                out.first_bad_want = want_sums[j];
            }
            ++out.bad_columns;
        }
    }
    for (int s = 0; s < samples; ++s) {
        const int i = static_cast<int>((s * 7919LL) % n), j = static_cast<int>((s * 104729LL + 13) % n);
        ++out.entries_checked;
        if (entry(i, j) != reference_entry(i, j, n, limit)) ++out.bad_entries;
    }
    return out;
}

}  // namespace gpuprobe
