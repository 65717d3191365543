#include "cpu_gemm.h"
#include "cpu_probes.h"
#include "cpu_triad.h"
#include "test_util.h"

using namespace gpuprobe;

int main() {
    // Odd sizes exercise the edge tiles; results are exact (small integers).
    for (int n : {1, 7, 37, 100, 129}) {
        CpuGemmMeasurement m = measure_cpu_gemm(n, 2, 1, 2);
        EXPECT(m.checked > 0);
        EXPECT_EQ(m.mismatches, 0);
        EXPECT(m.gflops > 0);
    }
    // Non-square shape against a naive reference.
    const int M = 45, N = 70, K = 33;
    std::vector<float> a(M * K), b(K * N), c(M * N);
    for (int i = 0; i < M * K; ++i) a[i] = exact_pattern(i, 3, 1);
    for (int i = 0; i < K * N; ++i) b[i] = exact_pattern(i, 5, 2);
    sgemm(M, N, K, a.data(), b.data(), c.data(), 3);
    int bad = 0;
    for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j) {
            float want = 0;
            for (int p = 0; p < K; ++p) want += a[i * K + p] * b[p * N + j];
            bad += c[i * N + j] != want;
        }
    EXPECT_EQ(bad, 0);
    EXPECT(!sgemm_isa().empty());
    CpuGemmMeasurement big = measure_cpu_gemm(256, 3, 1, 2);
    EXPECT(big.mismatches == 0 && big.gflops > 0.1);
    TriadMeasurement t = measure_triad(8u << 20, 3, 1, 2);
    EXPECT(t.gbps > 0 && t.best_gbps >= t.gbps && t.mismatches == 0);
    // An odd element count over 3 threads: the last range ends off a cache line (scalar tail).
    TriadMeasurement odd = measure_triad((1u << 20) + 3 * sizeof(double), 2, 1, 3);
    EXPECT_EQ(odd.elements, (1u << 17) + 3);
    EXPECT_EQ(odd.mismatches, 0);
    // Fewer elements than one cache line per thread: empty ranges, and the last thread does all of it.
    TriadMeasurement tiny = measure_triad(5 * sizeof(double), 1, 0, 4);
    EXPECT(tiny.elements == 5 && tiny.mismatches == 0);
    EXPECT(!triad_store_method().empty());
    EXPECT(median({3, 1, 2}) == 2 && median({4, 1, 2, 3}) == 2.5);
    return TEST_RESULT();
}
