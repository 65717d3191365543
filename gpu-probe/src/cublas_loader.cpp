#include "cublas_loader.h"

#include "lib_search.h"

namespace gpuprobe {

Status CublasLtApi::load(const std::string& explicit_path, int driver_cuda_major) {
    std::vector<std::string> skipped;
    const std::vector<std::string> candidates =
        cublaslt_candidates(explicit_path, explicit_path.empty() ? default_cublaslt_dirs() : std::vector<std::string>{},
                            driver_cuda_major, skipped);
    for (const auto& s : skipped) lib.note(s);
    for (const auto& c : candidates) {
        if (!lib.open_one(c)) continue;
        bool ok = lib.sym(create, "cublasLtCreate") && lib.sym(destroy, "cublasLtDestroy") &&
                  lib.sym(desc_create, "cublasLtMatmulDescCreate") &&
                  lib.sym(desc_destroy, "cublasLtMatmulDescDestroy") &&
                  lib.sym(desc_set, "cublasLtMatmulDescSetAttribute") &&
                  lib.sym(layout_create, "cublasLtMatrixLayoutCreate") &&
                  lib.sym(layout_destroy, "cublasLtMatrixLayoutDestroy") &&
                  lib.sym(pref_create, "cublasLtMatmulPreferenceCreate") &&
                  lib.sym(pref_destroy, "cublasLtMatmulPreferenceDestroy") &&
                  lib.sym(pref_set, "cublasLtMatmulPreferenceSetAttribute") &&
                  lib.sym(heuristic, "cublasLtMatmulAlgoGetHeuristic") && lib.sym(matmul, "cublasLtMatmul") &&
                  lib.sym(get_version, "cublasLtGetVersion");
        if (!ok) {
            lib.note(c + ": lacks a cuBLASLt entry point the probe needs");
            continue;
        }
        // An unversioned file name says nothing; the library's own version does.
        const int major = static_cast<int>(get_version() / 10000);
        if (driver_cuda_major > 0 && major > driver_cuda_major) {
            lib.note(c + ": cuBLASLt " + std::to_string(major) + ".x, the driver supports CUDA " +
                     std::to_string(driver_cuda_major));
            continue;
        }
        return Status::ok();
    }
    lib.close();
    return Status::error("cuBLASLt not found or not usable (--cublaslt PATH names it): " +
                         (lib.error().empty() ? std::string("no candidate") : lib.error()))
        .classified(ErrorClass::environment);
}

}  // namespace gpuprobe
