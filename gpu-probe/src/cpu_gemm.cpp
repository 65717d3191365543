// Goto-style blocked SGEMM: pack a KC×NR panel of B and an MR×KC sliver of A into contiguous buffers, then an
// MR×NR register-blocked micro-kernel does rank-1 updates. The micro-kernel is written with GCC/Clang generic vector
// types (no intrinsics): the same template is instantiated inside functions compiled for AVX-512, AVX2+FMA and
// the x86-64 baseline (function multiversioning by target attribute), and the best one the CPU supports is chosen at
// run time. So the default build stays portable (-O3, no -march) and still uses wide FMA where the CPU has it.
#include "cpu_gemm.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

namespace gpuprobe {
namespace {

constexpr int KC = 256;

struct FreeDeleter {
    void operator()(float* p) const { std::free(p); }
};
using AlignedBuffer = std::unique_ptr<float[], FreeDeleter>;

AlignedBuffer aligned_floats(std::size_t count) {
    std::size_t bytes = ((count * sizeof(float) + 63) / 64) * 64;
    return AlignedBuffer(static_cast<float*>(std::aligned_alloc(64, bytes == 0 ? 64 : bytes)));
}

template <int W>
struct Vec {
    typedef float type __attribute__((vector_size(W * 4)));
};

// One thread's share: rows [row0, row1) of C.
struct Work {
    int m, n, k;
    const float* a;
    const float* b;
    float* c;
    int row0, row1;
};

template <int MR, int NV, int W>
__attribute__((always_inline)) inline void micro_kernel(int kc, const float* __restrict ap, const float* __restrict bp,
                                                        float* __restrict c, int ldc, int rows, int cols) {
    using V = typename Vec<W>::type;
    constexpr int NR = NV * W;
    V acc[MR][NV];
#pragma GCC unroll 16
    for (int i = 0; i < MR; ++i)
#pragma GCC unroll 8
        for (int v = 0; v < NV; ++v) acc[i][v] = V{};
    for (int p = 0; p < kc; ++p) {
        V bv[NV];
#pragma GCC unroll 8
        for (int v = 0; v < NV; ++v) std::memcpy(&bv[v], bp + p * NR + v * W, sizeof(V));
#pragma GCC unroll 16
        for (int i = 0; i < MR; ++i) {
            const float s = ap[p * MR + i];
#pragma GCC unroll 8
            for (int v = 0; v < NV; ++v) acc[i][v] += bv[v] * s;
        }
    }
    if (rows == MR && cols == NR) {
#pragma GCC unroll 16
        for (int i = 0; i < MR; ++i)
#pragma GCC unroll 8
            for (int v = 0; v < NV; ++v) {
                V cv;
                std::memcpy(&cv, c + i * ldc + v * W, sizeof(V));
                cv += acc[i][v];
                std::memcpy(c + i * ldc + v * W, &cv, sizeof(V));
            }
    } else {
        alignas(64) float tile[MR][NR];
        std::memcpy(tile, acc, sizeof(tile));
        for (int i = 0; i < rows; ++i)
            for (int j = 0; j < cols; ++j) c[i * ldc + j] += tile[i][j];
    }
}

template <int MR, int NV, int W>
__attribute__((always_inline)) inline void gemm_rows(const Work& w) {
    constexpr int NR = NV * W;
    constexpr int MC = MR * 16;
    constexpr int NC = NR * 64;
    AlignedBuffer apack = aligned_floats(static_cast<std::size_t>(MC) * KC);
    AlignedBuffer bpack = aligned_floats(static_cast<std::size_t>(KC) * NC);
    for (int i = w.row0; i < w.row1; ++i) std::memset(w.c + static_cast<std::size_t>(i) * w.n, 0, sizeof(float) * w.n);
    for (int jc = 0; jc < w.n; jc += NC) {
        const int nc = std::min(NC, w.n - jc);
        for (int pc = 0; pc < w.k; pc += KC) {
            const int kc = std::min(KC, w.k - pc);
            // Pack B[pc:pc+kc, jc:jc+nc] as NR-wide slivers, zero-padded.
            for (int jr = 0; jr < nc; jr += NR) {
                const int cols = std::min(NR, nc - jr);
                float* dst = bpack.get() + static_cast<std::size_t>(jr) * kc;
                for (int p = 0; p < kc; ++p) {
                    const float* src = w.b + static_cast<std::size_t>(pc + p) * w.n + jc + jr;
                    int j = 0;
                    for (; j < cols; ++j) dst[p * NR + j] = src[j];
                    for (; j < NR; ++j) dst[p * NR + j] = 0.0f;
                }
            }
            for (int ic = w.row0; ic < w.row1; ic += MC) {
                const int mc = std::min(MC, w.row1 - ic);
                // Pack A[ic:ic+mc, pc:pc+kc] as MR-tall slivers, zero-padded.
                for (int ir = 0; ir < mc; ir += MR) {
                    const int rows = std::min(MR, mc - ir);
                    float* dst = apack.get() + static_cast<std::size_t>(ir) * kc;
                    for (int p = 0; p < kc; ++p) {
                        int i = 0;
                        for (; i < rows; ++i) dst[p * MR + i] = w.a[static_cast<std::size_t>(ic + ir + i) * w.k + pc + p];
                        for (; i < MR; ++i) dst[p * MR + i] = 0.0f;
                    }
                }
                for (int jr = 0; jr < nc; jr += NR) {
                    const int cols = std::min(NR, nc - jr);
                    for (int ir = 0; ir < mc; ir += MR) {
                        const int rows = std::min(MR, mc - ir);
                        micro_kernel<MR, NV, W>(kc, apack.get() + static_cast<std::size_t>(ir) * kc,
                                                bpack.get() + static_cast<std::size_t>(jr) * kc,
                                                w.c + static_cast<std::size_t>(ic + ir) * w.n + jc + jr, w.n, rows, cols);
                    }
                }
            }
        }
    }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define GPUPROBE_X86_DISPATCH 1
__attribute__((target("avx512f,avx512vl,avx2,fma"))) void gemm_avx512(const Work& w) { gemm_rows<12, 2, 16>(w); }
__attribute__((target("avx2,fma"))) void gemm_avx2(const Work& w) { gemm_rows<6, 2, 8>(w); }
#endif
void gemm_generic(const Work& w) { gemm_rows<6, 2, 4>(w); }

using GemmFn = void (*)(const Work&);

struct Choice {
    GemmFn fn;
    const char* isa;
};

Choice choose() {
#ifdef GPUPROBE_X86_DISPATCH
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")) return {gemm_avx512, "avx512"};
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return {gemm_avx2, "avx2"};
#endif
    return {gemm_generic, "generic"};
}

}  // namespace

std::string sgemm_isa() { return choose().isa; }

void sgemm(int m, int n, int k, const float* a, const float* b, float* c, int threads) {
    const Choice choice = choose();
    threads = std::max(1, std::min(threads, m));
    // Split rows in multiples of 12 (a multiple of every MR) so no thread gets a ragged sliver it need not have.
    const int unit = 12;
    const int units = (m + unit - 1) / unit;
    std::vector<std::thread> pool;
    int row = 0;
    for (int t = 0; t < threads; ++t) {
        const int share = units / threads + (t < units % threads ? 1 : 0);
        const int end = std::min(m, row + share * unit);
        Work w{m, n, k, a, b, c, row, end};
        row = end;
        if (w.row0 >= w.row1) continue;
        if (t == threads - 1) {
            choice.fn(w);
        } else {
            pool.emplace_back([choice, w] { choice.fn(w); });
        }
    }
    for (auto& th : pool) th.join();
}

}  // namespace gpuprobe
