// Where the probe looks for cuBLASLt: a container image may carry it in the CUDA toolkit folder, the distribution's
// library folder or a Python wheel (nvidia-cublas), none of which need be on the loader's path.
#pragma once
#include <string>
#include <vector>

namespace gpuprobe {

// The CUDA major version a library file name states: "libcublasLt.so.12.8.4.1" → 12; 0 when it states none.
int library_cuda_major(const std::string& file_name);

// The folders searched after --cublaslt and the loader's own path, in order: $CUDA_HOME/$CUDA_PATH lib64,
// /usr/local/cuda*/lib64 (and targets/*/lib), /usr/lib/x86_64-linux-gnu, /usr/lib64, and nvidia/cublas/lib of the
// Python site-packages under /usr, /usr/local, /opt/conda and $VIRTUAL_ENV. Only folders that exist.
std::vector<std::string> default_cublaslt_dirs();

// The files to try, in order: `explicit_path` (a file, or a folder to search) when given, then the bare sonames
// (LD_LIBRARY_PATH and ldconfig decide), then each folder's libcublasLt.so.* files, highest version first.
// A candidate whose name states a CUDA major above `driver_cuda_major` (from cuDriverGetVersion; 0 = unknown) is
// left out and named in `skipped` with why: such a library fails on this driver.
std::vector<std::string> cublaslt_candidates(const std::string& explicit_path, const std::vector<std::string>& dirs,
                                             int driver_cuda_major, std::vector<std::string>& skipped);

}  // namespace gpuprobe
