// Cache-blocked, multithreaded single-precision GEMM (row-major C = A·B) used by the cpu_gemm_fp32 probe.
#pragma once
#include <cstddef>
#include <string>

namespace gpuprobe {

// Computes C[m×n] = A[m×k] · B[k×n] (row-major, C overwritten) with `threads` std::threads.
void sgemm(int m, int n, int k, const float* a, const float* b, float* c, int threads);

// The instruction set the runtime dispatch chose for this CPU ("avx512", "avx2", "generic").
std::string sgemm_isa();

}  // namespace gpuprobe
