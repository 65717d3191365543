#include "rocblas_api.h"

#include "error_class.h"

namespace gpuprobe {

Status RocblasApi::load(const std::string& dir) {
    const std::vector<std::string> names = {"librocblas.so", "librocblas.so.5", "librocblas.so.4"};
    CHECK_AS(lib.open(rocm_library_candidates(names, dir)), "no rocBLAS (librocblas.so): " + lib.error(),
             ErrorClass::environment);
    const bool ok = lib.sym(create_handle, "rocblas_create_handle") && lib.sym(destroy_handle, "rocblas_destroy_handle") &&
                    lib.sym(set_stream, "rocblas_set_stream") && lib.sym(gemm_ex, "rocblas_gemm_ex");
    CHECK_AS(ok, lib.name() + " lacks rocblas_gemm_ex or handle entry points", ErrorClass::environment);
    lib.sym(status_to_string, "rocblas_status_to_string");
    return Status::ok();
}

Status rocblas_error(const RocblasApi& api, rocblas_status s, const char* expr, const char* file, int line) {
    ErrorInfo info = classify_rocblas(s);
    if (info.code.empty() && api.status_to_string != nullptr) info.code = api.status_to_string(s);
    return Status::error("rocBLAS " + info.code + " (" + std::to_string(s) + ")", expr, file, line)
        .classified(info.error_class, info.code);
}

}  // namespace gpuprobe
