// The AMD path without an AMD GPU: --gpus AMD ids and their resolution, the id an AMD GPU is reported under and the
// board serial from a fake sysfs tree, which architectures run FP8, PCI bus ids as AMD SMI takes them, what ECC counts
// and RAS block states make of a test, and where ROCm libraries are looked for.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "amd_device.h"
#include "amd_gemm.h"
#include "gpu_selection.h"
#include "test_util.h"

using namespace gpuprobe;

static std::string detail(const TestResult& r, const std::string& key) {
    for (const auto& d : r.details)
        if (d.first == key) return std::get<std::string>(d.second);
    return "<absent>";
}

// A fake sysfs tree with one PCI device; `serial` is written as its serial_number unless null.
static std::string fake_sysfs(const char* serial) {
    char dir[] = "/tmp/gpu-probe-sysfs-XXXXXX";
    if (mkdtemp(dir) == nullptr) return "/nonexistent";
    const std::string device = std::string(dir) + "/bus/pci/devices/0000:c1:00.0";
    std::filesystem::create_directories(device);
    if (serial != nullptr) std::ofstream(device + "/serial_number") << serial;
    return dir;
}

static long long count(const TestResult& r, const std::string& key) {
    for (const auto& d : r.details)
        if (d.first == key) return std::get<long long>(d.second);
    return -1;
}

int main() {
    // --gpus: AMD ids in any case, as the worker writes them ("AMD-" + the exporter's serial_number).
    struct Case {
        const char* item;
        bool ok;
        const char* uuid;
    };
    const Case cases[] = {
        {"AMD-692251001124", true, "AMD-692251001124"},
        {"amd-PCB046982-0071", true, "AMD-PCB046982-0071"},
        {"AMD-PCI-0000:c1:00.0", true, "AMD-PCI-0000:c1:00.0"},
        {"AMD-", false, ""},
        {"AMD-serial with space", false, ""},
        {"AMD-x/y", false, ""},
    };
    for (const auto& c : cases) {
        GpuSelector s;
        const Status st = parse_gpu_selector(c.item, s);
        EXPECT(st.is_ok() == c.ok);
        if (c.ok) EXPECT_EQ(s.uuid, std::string(c.uuid));
        if (st.is_ok() != c.ok) std::fprintf(stderr, "  case %s\n", c.item);
    }
    // Resolution matches AMD ids case-insensitively; one this host lacks is listed as not visible.
    std::vector<GpuSelector> sel(2);
    EXPECT(parse_gpu_selector("amd-abc123", sel[0]).is_ok());
    EXPECT(parse_gpu_selector("AMD-ZZZ999", sel[1]).is_ok());
    std::vector<int> ordinals;
    std::vector<std::string> not_visible;
    EXPECT(resolve_gpu_selection(sel, {"AMD-XYZ", "AMD-ABC123"}, ordinals, not_visible).is_ok());
    EXPECT(ordinals == std::vector<int>{1});
    EXPECT(not_visible == std::vector<std::string>{"AMD-ZZZ999"});

    // The reported id: the board serial, else the bus id (a GPU the worker cannot match).
    EXPECT_EQ(amd_gpu_id("692251001124", "0000:c1:00.0"), std::string("AMD-692251001124"));
    EXPECT_EQ(amd_gpu_id("", "0000:c1:00.0"), std::string("AMD-PCI-0000:c1:00.0"));

    // The board serial from sysfs, trimmed; absent, empty or blank reads as none, with the reason.
    struct SysfsCase {
        const char* content;  // null: no serial_number file
        const char* pci;
        const char* serial;
        const char* why;
    };
    const SysfsCase sysfs_cases[] = {
        {"692251001124\n", "0000:c1:00.0", "692251001124", ""},
        {" \tPCB046982-0071 \r\n", "0000:C1:00.0", "PCB046982-0071", ""},
        {nullptr, "0000:c1:00.0", "", "cannot read "},
        {"", "0000:c1:00.0", "", "is empty"},
        {" \n\n", "0000:c1:00.0", "", "is empty"},
        {"692251001124\n", "0000:c2:00.0", "", "cannot read "},
    };
    for (const auto& c : sysfs_cases) {
        std::string why;
        const std::string root = fake_sysfs(c.content);
        const std::string got = sysfs_board_serial(root, c.pci, why);
        EXPECT_EQ(got, std::string(c.serial));
        EXPECT(why.find(c.why) != std::string::npos);
        std::filesystem::remove_all(root);
    }

    // The id: sysfs first, so that an AMD SMI missing or of an undeclared version leaves the worker's key intact;
    // with neither, the bus id and why each source gave none.
    {
        AmdEnvironment env;  // AMD SMI not loaded
        env.sysfs_root = fake_sysfs("692251001124\n");
        const AmdIdentity id = env.identify("0000:c1:00.0");
        EXPECT_EQ(id.serial, std::string("692251001124"));
        EXPECT_EQ(id.source, std::string("sysfs"));
        EXPECT_EQ(amd_gpu_id(id.serial, "0000:c1:00.0"), std::string("AMD-692251001124"));
        std::filesystem::remove_all(env.sysfs_root);
        env.sysfs_root = fake_sysfs(" \n");
        const AmdIdentity none = env.identify("0000:c1:00.0");
        EXPECT(none.serial.empty() && none.source.empty());
        EXPECT(none.missing.find("is empty") != std::string::npos && none.missing.find("AMD SMI: not loaded") != std::string::npos);
        std::filesystem::remove_all(env.sysfs_root);
    }

    // FP8: E4M3 FNUZ on gfx94x, OCP E4M3 on gfx95x, none elsewhere.
    EXPECT_EQ(amd_fp8_type("gfx942"), HIP_R_8F_E4M3_FNUZ);
    EXPECT_EQ(amd_fp8_type("gfx950"), CUDA_R_8F_E4M3);
    EXPECT_EQ(amd_fp8_type("gfx94"), HIP_R_8F_E4M3_FNUZ);  // from the compute capability, gcnArchName unread
    EXPECT_EQ(amd_fp8_type("gfx90a"), 0);
    EXPECT_EQ(amd_fp8_type("gfx1100"), 0);
    EXPECT_EQ(amd_fp8_type(""), 0);

    // amdsmi_bdf_t: function bits 0-2, device 3-7, bus 8-15, domain from 16.
    std::uint64_t bdf = 0;
    EXPECT(parse_pci_bdf("0000:c1:00.0", bdf) && bdf == 0xC100);
    EXPECT(parse_pci_bdf("0001:0A:1f.7", bdf) && bdf == ((1ull << 16) | (0x0A << 8) | (0x1F << 3) | 7));
    EXPECT(!parse_pci_bdf("c1:00.0", bdf));
    EXPECT(!parse_pci_bdf("0000:c1:00.0x", bdf));

    // ECC: uncorrectable or deferred errors fail; correctable ones alone pass.
    TestResult ecc;
    ecc.status = TestStatus::passed;
    assess_amd_ecc(AmdEccCounts{12, 0, 0, {}}, ecc);
    EXPECT(ecc.status == TestStatus::passed && count(ecc, "correctable") == 12);
    ecc.status = TestStatus::passed;
    assess_amd_ecc(AmdEccCounts{0, 2, 0, {}}, ecc);
    EXPECT(ecc.status == TestStatus::failed && count(ecc, "uncorrectable") == 2 && *ecc.value == 2);
    ecc.status = TestStatus::passed;
    assess_amd_ecc(AmdEccCounts{0, 0, 1, {}}, ecc);
    EXPECT(ecc.status == TestStatus::failed && count(ecc, "deferred") == 1);

    // RAS: MULT_UC and POISON name their block and fail; single correctable and enabled do not.
    EXPECT_EQ(ras_block_name(1), std::string("umc"));
    EXPECT_EQ(ras_block_name(1ull << 2), std::string("gfx"));
    EXPECT_EQ(ras_block_name(1ull << 40), std::string("block_40"));
    TestResult ras;
    ras.status = TestStatus::passed;
    assess_ras({{1, 6}, {1ull << 2, 3}}, ras);
    EXPECT(ras.status == TestStatus::passed && detail(ras, "ras_uncorrectable_blocks").empty());
    EXPECT_EQ(detail(ras, "ras_enabled_blocks"), std::string("umc,gfx"));
    ras.status = TestStatus::passed;
    assess_ras({{1, AMDSMI_RAS_ERR_STATE_MULT_UC}, {1ull << 8, AMDSMI_RAS_ERR_STATE_POISON}, {1ull << 2, 6}}, ras);
    EXPECT(ras.status == TestStatus::failed && *ras.value == 2);
    EXPECT_EQ(detail(ras, "ras_uncorrectable_blocks"), std::string("umc,df"));
    EXPECT(ras.reason.find("umc,df") != std::string::npos);

    // --rocm-libs: only that folder; else the sonames, then $ROCM_PATH/lib and /opt/rocm/lib.
    EXPECT(rocm_library_candidates({"librocblas.so"}, "/empty") == std::vector<std::string>{"/empty/librocblas.so"});
    const std::vector<std::string> searched = rocm_library_candidates({"librocblas.so"}, "");
    EXPECT(searched.front() == "librocblas.so" && searched.back() == "/opt/rocm/lib/librocblas.so");
    return TEST_RESULT();
}
