// Error classification: codes of the CUDA driver, cuBLAS and NVML map to a class and name; CHECK_CU, CHECK_BLAS
// and set_error carry them into a test's details.
#include <string>

#include "cublas_loader.h"
#include "cuda_loader.h"
#include "error_class.h"
#include "scoring.h"
#include "test_util.h"

using namespace gpuprobe;

struct Case {
    ErrorInfo (*classify)(int);
    int value;
    ErrorClass error_class;
    const char* code;
};

static Status failing_cu(const CudaApi& api, CUresult r) {
    CHECK_CU(api, r);
    return Status::ok();
}
static Status failing_blas(cublasStatus_t b) {
    CHECK_BLAS(b);
    return Status::ok();
}
static Status failing_condition() {
    CHECK_AS(1 + 1 == 3, "no algorithm", ErrorClass::environment);
    return Status::ok();
}

static std::string detail(const TestResult& r, const std::string& key) {
    for (const auto& d : r.details)
        if (d.first == key) return std::get<std::string>(d.second);
    return "<absent>";
}

int main() {
    const Case cases[] = {
        {classify_cuda, 2, ErrorClass::resource, "CUDA_ERROR_OUT_OF_MEMORY"},
        {classify_cuda, 46, ErrorClass::resource, "CUDA_ERROR_DEVICE_UNAVAILABLE"},
        {classify_cuda, 216, ErrorClass::resource, "CUDA_ERROR_CONTEXT_ALREADY_IN_USE"},
        {classify_cuda, 3, ErrorClass::environment, "CUDA_ERROR_NOT_INITIALIZED"},
        {classify_cuda, 100, ErrorClass::environment, "CUDA_ERROR_NO_DEVICE"},
        {classify_cuda, 209, ErrorClass::environment, "CUDA_ERROR_NO_BINARY_FOR_GPU"},
        {classify_cuda, 801, ErrorClass::environment, "CUDA_ERROR_NOT_SUPPORTED"},
        {classify_cuda, 802, ErrorClass::environment, "CUDA_ERROR_SYSTEM_NOT_READY"},
        {classify_cuda, 803, ErrorClass::environment, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"},
        {classify_cuda, 800, ErrorClass::environment, "CUDA_ERROR_NOT_PERMITTED"},
        {classify_cuda, 702, ErrorClass::timeout, "CUDA_ERROR_LAUNCH_TIMEOUT"},
        {classify_cuda, 909, ErrorClass::timeout, "CUDA_ERROR_TIMEOUT"},
        {classify_cuda, 214, ErrorClass::hardware, "CUDA_ERROR_ECC_UNCORRECTABLE"},
        {classify_cuda, 714, ErrorClass::hardware, "CUDA_ERROR_HARDWARE_STACK_ERROR"},
        {classify_cuda, 220, ErrorClass::hardware, "CUDA_ERROR_NVLINK_UNCORRECTABLE"},
        {classify_cuda, 700, ErrorClass::unknown, "CUDA_ERROR_ILLEGAL_ADDRESS"},
        {classify_cuda, 719, ErrorClass::unknown, "CUDA_ERROR_LAUNCH_FAILED"},
        {classify_cuda, 999, ErrorClass::unknown, "CUDA_ERROR_UNKNOWN"},
        {classify_cuda, 12345, ErrorClass::unknown, ""},
        {classify_cublas, 3, ErrorClass::resource, "CUBLAS_STATUS_ALLOC_FAILED"},
        {classify_cublas, 1, ErrorClass::environment, "CUBLAS_STATUS_NOT_INITIALIZED"},
        {classify_cublas, 8, ErrorClass::environment, "CUBLAS_STATUS_ARCH_MISMATCH"},
        {classify_cublas, 15, ErrorClass::environment, "CUBLAS_STATUS_NOT_SUPPORTED"},
        {classify_cublas, 13, ErrorClass::unknown, "CUBLAS_STATUS_EXECUTION_FAILED"},
        {classify_nvml, 4, ErrorClass::environment, "NVML_ERROR_NO_PERMISSION"},
        {classify_nvml, 9, ErrorClass::environment, "NVML_ERROR_DRIVER_NOT_LOADED"},
        {classify_nvml, 18, ErrorClass::environment, "NVML_ERROR_LIB_RM_VERSION_MISMATCH"},
        {classify_nvml, 19, ErrorClass::resource, "NVML_ERROR_IN_USE"},
        {classify_nvml, 10, ErrorClass::timeout, "NVML_ERROR_TIMEOUT"},
        {classify_nvml, 15, ErrorClass::hardware, "NVML_ERROR_GPU_IS_LOST"},
        {classify_nvml, 14, ErrorClass::hardware, "NVML_ERROR_CORRUPTED_INFOROM"},
        {classify_nvml, 16, ErrorClass::hardware, "NVML_ERROR_RESET_REQUIRED"},
        {classify_nvml, 999, ErrorClass::unknown, "NVML_ERROR_UNKNOWN"},
        {classify_hip, 2, ErrorClass::resource, "hipErrorOutOfMemory"},
        {classify_hip, 100, ErrorClass::environment, "hipErrorNoDevice"},
        {classify_hip, 209, ErrorClass::environment, "hipErrorNoBinaryForGpu"},
        {classify_hip, 214, ErrorClass::hardware, "hipErrorECCNotCorrectable"},
        {classify_hip, 700, ErrorClass::unknown, "hipErrorIllegalAddress"},
        {classify_rocblas, 5, ErrorClass::resource, "rocblas_status_memory_error"},
        {classify_rocblas, 2, ErrorClass::environment, "rocblas_status_not_implemented"},
        {classify_hipblas, 2, ErrorClass::resource, "HIPBLAS_STATUS_ALLOC_FAILED"},
        {classify_hipblas, 7, ErrorClass::environment, "HIPBLAS_STATUS_NOT_SUPPORTED"},
    };
    for (const auto& c : cases) {
        ErrorInfo info = c.classify(c.value);
        EXPECT(info.error_class == c.error_class);
        EXPECT_EQ(info.code, std::string(c.code));
        if (info.error_class != c.error_class || info.code != c.code) std::fprintf(stderr, "  case %s\n", c.code);
    }

    // Where the call fails: CHECK_CU (no driver loaded, so the name comes from the table), CHECK_BLAS, CHECK_AS.
    CudaApi no_driver;
    Status oom = failing_cu(no_driver, 2);
    EXPECT(!oom.is_ok() && oom.error_class() == ErrorClass::resource && oom.error_code() == "CUDA_ERROR_OUT_OF_MEMORY");
    Status ecc = failing_cu(no_driver, 214);
    EXPECT(ecc.error_class() == ErrorClass::hardware);
    EXPECT(ecc.message().find("CUDA CUDA_ERROR_ECC_UNCORRECTABLE (214)") == 0);
    Status unnamed = failing_cu(no_driver, 12345);
    EXPECT(unnamed.error_class() == ErrorClass::unknown && unnamed.error_code().empty());
    Status blas = failing_blas(3);
    EXPECT(blas.error_class() == ErrorClass::resource && blas.error_code() == "CUBLAS_STATUS_ALLOC_FAILED");
    EXPECT(blas.message().find("CUBLAS_STATUS_ALLOC_FAILED") != std::string::npos);
    Status cond = failing_condition();
    EXPECT(cond.error_class() == ErrorClass::environment && cond.error_code().empty());
    EXPECT(Status::error("plain").error_class() == ErrorClass::unknown);

    // Into a test's details: error_class always, error_code when named; replaced, not duplicated.
    TestResult r;
    r.status = TestStatus::passed;
    set_error(r, oom);
    EXPECT(r.status == TestStatus::error && r.reason == oom.message());
    EXPECT_EQ(detail(r, "error_class"), "resource");
    EXPECT_EQ(detail(r, "error_code"), "CUDA_ERROR_OUT_OF_MEMORY");
    set_error(r, ecc);
    EXPECT_EQ(detail(r, "error_class"), "hardware");
    EXPECT_EQ(r.details.size(), 2u);
    TestResult bare;
    bare.status = TestStatus::error;
    ensure_error_class(bare);
    EXPECT_EQ(detail(bare, "error_class"), "unknown");
    EXPECT_EQ(detail(bare, "error_code"), "<absent>");
    TestResult passed;
    passed.status = TestStatus::passed;
    ensure_error_class(passed);
    EXPECT(passed.details.empty());
    return TEST_RESULT();
}
