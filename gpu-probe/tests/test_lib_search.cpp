// Finding cuBLASLt without a GPU: the search order over fake library folders, the driver-version filter, --cublaslt,
// and an error that names every refused candidate (not only the last dlerror).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cublas_loader.h"
#include "dynlib.h"
#include "lib_search.h"
#include "test_util.h"

using namespace gpuprobe;
namespace fs = std::filesystem;

static void touch(const fs::path& p) { std::ofstream(p) << "not a library"; }

int main() {
    EXPECT_EQ(library_cuda_major("libcublasLt.so.12.8.4.1"), 12);
    EXPECT_EQ(library_cuda_major("/usr/local/cuda-13.0/lib64/libcublasLt.so.13"), 13);
    EXPECT_EQ(library_cuda_major("libcublasLt.so"), 0);
    EXPECT_EQ(library_cuda_major("libcublasLt.so.x"), 0);

    char tmpl[] = "/tmp/gpu-probe-libs-XXXXXX";
    const fs::path root = mkdtemp(tmpl);
    const fs::path cuda = root / "cuda-13.0" / "lib64", wheel = root / "site-packages" / "nvidia" / "cublas" / "lib";
    fs::create_directories(cuda);
    fs::create_directories(wheel);
    touch(cuda / "libcublasLt.so.13");
    touch(cuda / "libcublasLt.so.13.0.0.19");
    touch(cuda / "libcublas.so.13");  // not cuBLASLt
    touch(wheel / "libcublasLt.so.12");
    touch(wheel / "libcublasLt.so.11");
    const std::vector<std::string> dirs = {cuda.string(), wheel.string()};

    // Driver of CUDA 13: sonames first (the loader's path), then each folder newest first.
    std::vector<std::string> skipped;
    std::vector<std::string> c = cublaslt_candidates("", dirs, 13, skipped);
    const std::vector<std::string> want13 = {"libcublasLt.so.13", "libcublasLt.so.12", "libcublasLt.so.11",
                                             (cuda / "libcublasLt.so.13.0.0.19").string(),
                                             (cuda / "libcublasLt.so.13").string(),
                                             (wheel / "libcublasLt.so.12").string(),
                                             (wheel / "libcublasLt.so.11").string()};
    EXPECT(c == want13);
    EXPECT(skipped.empty());

    // Driver of CUDA 12: every CUDA 13 library is skipped, with why.
    skipped.clear();
    c = cublaslt_candidates("", dirs, 12, skipped);
    const std::vector<std::string> want12 = {"libcublasLt.so.12", "libcublasLt.so.11",
                                             (wheel / "libcublasLt.so.12").string(),
                                             (wheel / "libcublasLt.so.11").string()};
    EXPECT(c == want12);
    EXPECT_EQ(skipped.size(), 3u);
    EXPECT(skipped[0].find("driver supports CUDA 12") != std::string::npos);

    // --cublaslt: a file is the only candidate; a folder is searched alone.
    skipped.clear();
    EXPECT(cublaslt_candidates("/opt/x/libcublasLt.so.12", dirs, 13, skipped) ==
           std::vector<std::string>{"/opt/x/libcublasLt.so.12"});
    EXPECT(cublaslt_candidates(wheel.string(), dirs, 13, skipped) ==
           (std::vector<std::string>{(wheel / "libcublasLt.so.12").string(), (wheel / "libcublasLt.so.11").string()}));
    EXPECT(cublaslt_candidates(root.string(), dirs, 13, skipped).empty());
    EXPECT(!skipped.empty() && skipped.back().find("no libcublasLt") != std::string::npos);

    // Every failed attempt is in the error, not only the last.
    DynLib lib;
    EXPECT(!lib.open({(wheel / "libcublasLt.so.12").string(), (wheel / "libcublasLt.so.11").string()}));
    EXPECT(lib.error().find("libcublasLt.so.12") != std::string::npos);
    EXPECT(lib.error().find("libcublasLt.so.11") != std::string::npos);

    // The loader over a folder of broken files: an environment error naming each candidate.
    CublasLtApi lt;
    const Status s = lt.load(wheel.string(), 13);
    EXPECT(!s.is_ok());
    EXPECT(s.error_class() == ErrorClass::environment);
    EXPECT(s.message().find("libcublasLt.so.12") != std::string::npos);
    EXPECT(s.message().find("libcublasLt.so.11") != std::string::npos);
    EXPECT(s.message().find("--cublaslt") != std::string::npos);

    fs::remove_all(root);
    return TEST_RESULT();
}
