#include "amd_gemm.h"

#include <cstdint>

namespace gpuprobe {
namespace {

constexpr int kSampledEntries = 512;

// A and B as `fill` writes them (fill_operands), copied to the device.
template <typename Fill>
Status upload(AmdGemmOperands& ops, Fill fill) {
    auto to = [&ops](const HipBuffer& d) {
        return [&ops, &d](const std::vector<unsigned char>& host) -> Status {
            CHECK_HIP(ops.hip, ops.hip.hipMemcpy(d.get(), host.data(), host.size(), hipMemcpyHostToDevice));
            return Status::ok();
        };
    };
    return fill_operands(ops.n, element_bytes(ops.ab_type), fill, to(ops.a), to(ops.b));
}

std::size_t elements(int n) { return static_cast<std::size_t>(n) * n; }

}  // namespace

AmdGemmOperands::AmdGemmOperands(HipApi& h, int size, int ab, int cd)
    : hip(h), n(size), ab_type(ab), cd_type(cd), a(h, elements(size) * element_bytes(ab)),
      b(h, elements(size) * element_bytes(ab)), d(h, elements(size) * element_bytes(cd)) {}

Status AmdGemmOperands::allocated() const {
    CHECK_HIP(hip, a.status());
    CHECK_HIP(hip, b.status());
    CHECK_HIP(hip, d.status());
    return Status::ok();
}

Status AmdGemmOperands::fill_random() {
    std::uint64_t rng = 0x9E3779B97F4A7C15ull;
    return upload(*this, [&](int, int, unsigned, unsigned char* e) {
        random_element(ab_type, rng, e);
        return Status::ok();
    });
}

Status time_and_check_amd_gemm(AmdDevice& g, const Options& o, AmdGemmOperands& ops, int exact_limit,
                               const std::function<Status()>& gemm, GemmOutcome& out) {
    HipApi& hip = g.hip;
    const int n = ops.n, cd = element_bytes(ops.cd_type);
    out.per_batch = 1;
    out.warmup_gemms = o.warmup;
    CHECK_OK(time_hip_ops(g, o.warmup, o.iterations, gemm, out.ms));

    out.check_limit = check_value_limit(exact_limit, ops.cd_type == CUDA_R_64F, n);
    CHECK_OK(upload(ops, [&](int r, int c, unsigned seed, unsigned char* e) {
        CHECK(encode_exact(ops.ab_type, check_value(r, c, seed, out.check_limit), e), "check value not exact");
        return Status::ok();
    }));
    CHECK_OK(gemm());
    CHECK_HIP(hip, hip.hipStreamSynchronize(g.stream));
    std::vector<unsigned char> result(elements(n) * cd);
    CHECK_HIP(hip, hip.hipMemcpy(result.data(), ops.d.get(), result.size(), hipMemcpyDeviceToHost));
    if (o.inject_fault == "gemm-corrupt") {
        unsigned char* at = &result[(static_cast<std::size_t>(n / 2) * n + n / 3) * cd];
        CHECK(encode_exact(ops.cd_type, decode_element(ops.cd_type, at) + 1.0, at),
              "cannot corrupt the element exactly");
    }
    out.check = check_result(result.data(), ops.cd_type, n, out.check_limit, reference_column_sums(n, out.check_limit),
                             kSampledEntries);
    return Status::ok();
}

int amd_fp8_type(const std::string& gcn_arch) {
    if (gcn_arch.rfind("gfx94", 0) == 0) return HIP_R_8F_E4M3_FNUZ;
    if (gcn_arch.rfind("gfx95", 0) == 0) return CUDA_R_8F_E4M3;  // HIP_R_8F_E4M3, the same value
    return 0;
}

}  // namespace gpuprobe
