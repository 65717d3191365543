#include "hipblaslt_api.h"

#include "error_class.h"

namespace gpuprobe {

// 24 (algo: 16 bytes and a size_t) + 8 + 4 + 4 + 16, from hipblaslt.h's field list; not compiled against it here.
static_assert(sizeof(hipblasLtMatmulHeuristicResult_t) == 56, "hipblasLtMatmulHeuristicResult_t's fields changed");

Status HipblasltApi::load(const std::string& dir) {
    const std::vector<std::string> names = {"libhipblaslt.so", "libhipblaslt.so.1", "libhipblaslt.so.0"};
    CHECK_AS(lib.open(rocm_library_candidates(names, dir)), "no hipBLASLt (libhipblaslt.so): " + lib.error(),
             ErrorClass::environment);
    const bool ok =
        lib.sym(create, "hipblasLtCreate") && lib.sym(destroy, "hipblasLtDestroy") &&
        lib.sym(desc_create, "hipblasLtMatmulDescCreate") && lib.sym(desc_destroy, "hipblasLtMatmulDescDestroy") &&
        lib.sym(desc_set, "hipblasLtMatmulDescSetAttribute") &&
        lib.sym(layout_create, "hipblasLtMatrixLayoutCreate") &&
        lib.sym(layout_destroy, "hipblasLtMatrixLayoutDestroy") &&
        lib.sym(pref_create, "hipblasLtMatmulPreferenceCreate") &&
        lib.sym(pref_destroy, "hipblasLtMatmulPreferenceDestroy") &&
        lib.sym(pref_set, "hipblasLtMatmulPreferenceSetAttribute") &&
        lib.sym(heuristic, "hipblasLtMatmulAlgoGetHeuristic") && lib.sym(matmul, "hipblasLtMatmul");
    CHECK_AS(ok, lib.name() + " lacks a hipBLASLt entry point the probe needs", ErrorClass::environment);
    return Status::ok();
}

Status hipblaslt_error(hipblasStatus_t s, const char* expr, const char* file, int line) {
    ErrorInfo info = classify_hipblas(s);
    if (info.code.empty()) info.code = "HIPBLAS_STATUS_" + std::to_string(s);
    return Status::error("hipBLASLt " + info.code + " (" + std::to_string(s) + ")", expr, file, line)
        .classified(info.error_class, info.code);
}

}  // namespace gpuprobe
