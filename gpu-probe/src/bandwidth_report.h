// The bandwidth tests' results, whichever runtime measured them (CUDA or HIP): one unit, metric and detail shape, one
// check verdict and one scoring.
#pragma once
#include <string>
#include <vector>

#include "probe.h"

namespace gpuprobe {

// A device memory bandwidth result before measuring: unit GB/s and its metric.
TestResult device_bandwidth_shell();
// The measured outcome into `r`: GB/s from the median of `ms` (milliseconds per op of `bytes_per_op`), `failed` when
// the sampled check found `mismatches`, else scored against `product`'s catalogue figure, with its datasheet peak.
void report_device_bandwidth(TestResult& r, const ProbeContext& ctx, const std::string& product, double bytes_per_op,
                             const std::vector<double>& ms, long long mismatches);

// A host<->device copy bandwidth result before measuring.
TestResult copy_bandwidth_shell(bool to_device);
// GB/s of `bytes` per copy from the median of `ms`, the buffer's placement (`memory`), scored for `product`.
void report_copy_bandwidth(TestResult& r, const ProbeContext& ctx, const std::string& product, const std::string& key,
                           std::size_t bytes, const std::vector<double>& ms, const std::string& memory);

}  // namespace gpuprobe
