// How GPU faults and conditions become test outcomes, without a GPU: the XID table, cuInit codes, NVML return
// codes, the PCIe link against the SKU's, a GPU busy with other work, load-sample spreads and the watchdog.
#include <future>
#include <string>
#include <vector>

#include "error_class.h"
#include "gpu_busy.h"
#include "load_samples.h"
#include "pcie.h"
#include "test_util.h"
#include "watchdog.h"
#include "xid.h"

using namespace gpuprobe;

static std::string detail(const TestResult& r, const std::string& key) {
    for (const auto& d : r.details)
        if (d.first == key) return std::get<std::string>(d.second);
    return "<absent>";
}

int main() {
    // XIDs: the hardware list fails, application XIDs pass with a reason, others degrade; all are listed.
    for (int code : {48, 63, 64, 74, 79, 92, 94, 95}) EXPECT(classify_xid(code) == XidKind::hardware);
    for (int code : {13, 31, 43, 45}) EXPECT(classify_xid(code) == XidKind::application);
    EXPECT(classify_xid(119) == XidKind::other);
    struct XidCase {
        std::vector<XidEvent> events;
        unsigned own;
        TestStatus status;
        const char* xids;
        const char* hardware;
    };
    const XidCase xid_cases[] = {
        {{}, kNoInstance, TestStatus::passed, "", ""},
        {{{13, kNoInstance}, {43, kNoInstance}, {13, kNoInstance}}, kNoInstance, TestStatus::passed, "13,43", ""},
        {{{31, kNoInstance}, {79, kNoInstance}, {48, kNoInstance}}, kNoInstance, TestStatus::failed, "31,79,48", "79,48"},
        {{{119, kNoInstance}}, kNoInstance, TestStatus::degraded, "119", ""},
        // MIG: another slice's XID 48 is listed apart and does not fail this slice; an unattributed one does.
        {{{48, 2}, {13, 1}}, 1, TestStatus::passed, "13", ""},
        {{{79, kNoInstance}}, 1, TestStatus::failed, "79", "79"},
    };
    for (const auto& c : xid_cases) {
        TestResult r;
        report_xids(c.events, c.own, r);
        EXPECT(r.status == c.status);
        EXPECT_EQ(detail(r, "xids"), c.xids);
        EXPECT_EQ(detail(r, "hardware_xids"), c.hardware);
        if (c.status != TestStatus::passed || !c.events.empty()) EXPECT(!r.reason.empty() || c.own != kNoInstance);
    }
    {
        TestResult r;
        report_xids({{48, 2}, {13, 1}}, 1, r);
        EXPECT_EQ(detail(r, "other_instance_xids"), "48");
        EXPECT(r.value && *r.value == 1);
    }

    // cuInit: only "no device" and the stub library are "no GPU"; a broken driver is the GPU's outcome.
    struct InitCase {
        int code;
        bool no_gpu;
        ErrorClass error_class;
        const char* name;
    };
    const InitCase init_cases[] = {
        {100, true, ErrorClass::environment, "CUDA_ERROR_NO_DEVICE"},
        {34, true, ErrorClass::environment, "CUDA_ERROR_STUB_LIBRARY"},
        {999, false, ErrorClass::hardware, "CUDA_ERROR_UNKNOWN"},
        {803, false, ErrorClass::environment, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"},
        {3, false, ErrorClass::environment, "CUDA_ERROR_NOT_INITIALIZED"},
        {46, false, ErrorClass::resource, "CUDA_ERROR_DEVICE_UNAVAILABLE"},
    };
    for (const auto& c : init_cases) {
        const DriverInitOutcome o = classify_driver_init(c.code);
        EXPECT(o.no_gpu == c.no_gpu);
        EXPECT(o.info.error_class == c.error_class);
        EXPECT_EQ(o.info.code, c.name);
    }

    // NVML: what a node may lack waives; GPU lost / reset required are hardware; timeouts and resources keep theirs.
    struct NvmlCase {
        int code;
        NvmlVerdict verdict;
        ErrorClass error_class;
    };
    const NvmlCase nvml_cases[] = {
        {3, NvmlVerdict::waive, ErrorClass::environment},   {4, NvmlVerdict::waive, ErrorClass::environment},
        {13, NvmlVerdict::waive, ErrorClass::environment},  {21, NvmlVerdict::waive, ErrorClass::unknown},
        {15, NvmlVerdict::error, ErrorClass::hardware},     {16, NvmlVerdict::error, ErrorClass::hardware},
        {10, NvmlVerdict::error, ErrorClass::timeout},      {19, NvmlVerdict::error, ErrorClass::resource},
        {999, NvmlVerdict::error, ErrorClass::unknown},
    };
    for (const auto& c : nvml_cases) {
        const NvmlOutcome o = nvml_outcome(c.code);
        EXPECT(o.verdict == c.verdict);
        EXPECT(o.info.error_class == c.error_class);
    }

    // PCIe: Gen3 or x8 on a Gen5 x16 SKU fails; an idle link's low generation alone does not.
    struct LinkCase {
        PcieLink link;
        bool failed;
        const char* names;
    };
    auto link = [](unsigned cg, unsigned cw, unsigned mg, unsigned mw, unsigned lg, unsigned lw, int eg, int ew) {
        PcieLink l;
        l.current_gen = cg, l.current_width = cw, l.max_gen = mg, l.max_width = mw, l.load_gen = lg, l.load_width = lw;
        if (eg > 0) l.expected_gen = eg;
        if (ew > 0) l.expected_width = ew;
        return l;
    };
    const LinkCase link_cases[] = {
        {link(5, 16, 5, 16, 5, 16, 5, 16), false, ""},
        {link(1, 16, 5, 16, 0, 0, 5, 16), false, ""},          // idle, not sampled under load
        {link(3, 16, 3, 16, 3, 16, 5, 16), true, "Gen3"},      // Gen3 slot
        {link(1, 16, 5, 16, 3, 16, 5, 16), true, "under load"},
        {link(5, 8, 5, 16, 5, 8, 5, 16), true, "x8 of x16"},
        {link(4, 8, 4, 16, 0, 0, 0, 0), true, "x8 of x16"},   // unknown SKU: the link's own maximum
        {link(4, 16, 4, 16, 4, 16, 0, 0), false, ""},
    };
    for (const auto& c : link_cases) {
        const PcieAssessment a = assess_pcie_link(c.link);
        EXPECT(a.failed == c.failed);
        EXPECT(a.reason.find(c.names) != std::string::npos);
    }
    EXPECT(pcie_link_gbps(5, 16) > 63.0 && pcie_link_gbps(5, 16) < 63.1);
    EXPECT(pcie_link_gbps(3, 16) > 15.7 && pcie_link_gbps(3, 16) < 15.8);
    EXPECT(pcie_link_gbps(0, 16) == 0);

    // Busy: other processes or too little free memory; the error is resource / GPU_BUSY, never hardware.
    EXPECT(busy_reason({}, 80ull << 30, 1ull << 30).empty());
    EXPECT(busy_reason({{4242, 1ull << 30, 0}}, 80ull << 30, 1ull << 30).find("pid 4242") != std::string::npos);
    EXPECT(busy_reason({}, 512ull << 20, 1ull << 30).find("512 MiB free") != std::string::npos);
    const Status busy = busy_status("x");
    EXPECT(busy.error_class() == ErrorClass::resource && busy.error_code() == "GPU_BUSY");

    // Load samples: min / median / max of what was sampled, nothing when nothing was.
    const auto s = spread_of({1400, 1980, 1755, 1980});
    EXPECT(s && s->min == 1400 && s->max == 1980 && s->median == (1755 + 1980) / 2.0 && s->count == 4);
    EXPECT(!spread_of({}));
    TestResult sampled;
    add_spread(sampled, "load_watts", {300, 700, 650});
    EXPECT_EQ(sampled.details.size(), 4u);
    EXPECT_EQ(sampled.details[1].first, "load_watts_median");

    // Watchdog: a finished operation gives its result; a hung one (blocked until released) gives none.
    EXPECT(run_with_watchdog<int>([] { return 7; }, 60.0) == std::optional<int>(7));
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    const std::optional<int> hung = run_with_watchdog<int>([released] {
        released.wait();  // as a hung cuEventSynchronize: never returns by itself
        return 1;
    }, 0.2);
    EXPECT(!hung.has_value());
    release.set_value();
    return TEST_RESULT();
}
