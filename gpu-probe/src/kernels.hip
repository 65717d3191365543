// The HIP kernels of the AMD path, compiled by hipcc to a code object bundle (one per --offload-arch), embedded as
// bytes and loaded with hipModuleLoadData: the counterpart of kernels.cu.
#include <hip/hip_runtime.h>

// STREAM triad a = b + s*c over n doubles, grid-stride so that any grid covers any n.
extern "C" __global__ void stream_triad(double* a, const double* b, const double* c, double s, unsigned long long n) {
    const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
    for (unsigned long long i = static_cast<unsigned long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
        a[i] = b[i] + s * c[i];
}
