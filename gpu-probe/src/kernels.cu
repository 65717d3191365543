// Device kernels, compiled by nvcc into a fatbin (SASS for sm_80/sm_90 + compute_90 PTX for later GPUs), embedded
// into the binary and loaded with cuModuleLoadData: no libcudart at run time.
extern "C" __global__ void stream_triad(double* __restrict__ a, const double* __restrict__ b,
                                        const double* __restrict__ c, double scalar, unsigned long long n) {
    unsigned long long i = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
    const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
    for (; i < n; i += stride) a[i] = b[i] + scalar * c[i];
}
