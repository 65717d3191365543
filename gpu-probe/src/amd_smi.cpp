#include "amd_smi.h"

#include <cstdio>
#include <cstring>

#include "hip_api.h"

namespace gpuprobe {
namespace {

// amdsmi_gpu_block_t bits 0..18, in AMD SMI's order.
const char* const kRasBlocks[] = {"umc", "sdma", "gfx", "mmhub", "athub", "pcie_bif", "hdp", "xgmi_wafl", "df", "smn",
                                  "sem", "mp0", "mp1", "fuse", "mca", "vcn", "jpeg", "ih", "mpio"};
constexpr std::size_t kStringLength = 256;  // AMDSMI_MAX_STRING_LENGTH of kAmdSmiLayoutMajor
constexpr std::size_t kStructBuffer = 8192; // more than any version's structure, so a longer one never overruns

bool layout_known(const AmdSmiApi& api, std::string& why) {
    if (api.lib_major == kAmdSmiLayoutMajor) return true;
    why = "AMD SMI " + std::to_string(api.lib_major) + " lays this structure out otherwise than AMD SMI " +
          std::to_string(kAmdSmiLayoutMajor) + ", the version the probe declares";
    return false;
}

}  // namespace

Status AmdSmiApi::load(const std::string& dir) {
    const std::vector<std::string> names = {"libamd_smi.so", "libamd_smi.so.26", "libamd_smi.so.25", "libamd_smi.so.24"};
    CHECK_AS(lib.open(rocm_library_candidates(names, dir)), "no AMD SMI (libamd_smi.so): " + lib.error(),
             ErrorClass::environment);
    const bool ok = lib.sym(amdsmi_init, "amdsmi_init") && lib.sym(amdsmi_shut_down, "amdsmi_shut_down") &&
                    lib.sym(amdsmi_get_processor_handle_from_bdf, "amdsmi_get_processor_handle_from_bdf") &&
                    lib.sym(amdsmi_get_temp_metric, "amdsmi_get_temp_metric") &&
                    lib.sym(amdsmi_get_gpu_total_ecc_count, "amdsmi_get_gpu_total_ecc_count") &&
                    lib.sym(amdsmi_get_gpu_ecc_enabled, "amdsmi_get_gpu_ecc_enabled") &&
                    lib.sym(amdsmi_get_gpu_ecc_status, "amdsmi_get_gpu_ecc_status");
    CHECK_AS(ok, lib.name() + " lacks an AMD SMI entry point the probe needs", ErrorClass::environment);
    lib.sym(amdsmi_status_code_to_string, "amdsmi_status_code_to_string");
    lib.sym(amdsmi_get_gpu_board_info, "amdsmi_get_gpu_board_info");
    lib.sym(amdsmi_get_power_info, "amdsmi_get_power_info");
    // The first field is the major version from AMD SMI 25 on (earlier ones start with the year, e.g. 24).
    if (lib.sym(amdsmi_get_lib_version, "amdsmi_get_lib_version")) {
        unsigned char version[kStructBuffer] = {};
        if (amdsmi_get_lib_version(version) == AMDSMI_STATUS_SUCCESS) std::memcpy(&lib_major, version, sizeof lib_major);
    }
    const amdsmi_status_t s = amdsmi_init(AMDSMI_INIT_AMD_GPUS);
    CHECK_AS(s == AMDSMI_STATUS_SUCCESS, "amdsmi_init failed: " + error_text(s), ErrorClass::environment);
    initialised = true;
    return Status::ok();
}

std::string AmdSmiApi::error_text(amdsmi_status_t s) const {
    const char* text = nullptr;
    if (amdsmi_status_code_to_string != nullptr && amdsmi_status_code_to_string(s, &text) == AMDSMI_STATUS_SUCCESS &&
        text != nullptr)
        return std::string(text) + " (" + std::to_string(s) + ")";
    return "AMD SMI status " + std::to_string(s);
}

amdsmi_processor_handle AmdSmiApi::handle_at(const std::string& pci_bus_id) const {
    std::uint64_t bdf = 0;
    amdsmi_processor_handle h = nullptr;
    if (!parse_pci_bdf(pci_bus_id, bdf) || amdsmi_get_processor_handle_from_bdf(bdf, &h) != AMDSMI_STATUS_SUCCESS)
        return nullptr;
    return h;
}

std::string AmdSmiApi::serial(amdsmi_processor_handle h, std::string& why) const {
    if (amdsmi_get_gpu_board_info == nullptr) {
        why = "this AMD SMI lacks amdsmi_get_gpu_board_info";
        return "";
    }
    if (!layout_known(*this, why)) return "";
    static thread_local unsigned char info[kStructBuffer];
    std::memset(info, 0, sizeof info);
    const amdsmi_status_t s = amdsmi_get_gpu_board_info(h, info);
    if (s != AMDSMI_STATUS_SUCCESS) {
        why = "amdsmi_get_gpu_board_info: " + error_text(s);
        return "";
    }
    const char* serial = reinterpret_cast<const char*>(info + kStringLength);  // after model_number
    return std::string(serial, strnlen(serial, kStringLength));
}

bool AmdSmiApi::power_watts(amdsmi_processor_handle h, double& watts, std::string& why) const {
    if (amdsmi_get_power_info == nullptr) {
        why = "this AMD SMI lacks amdsmi_get_power_info";
        return false;
    }
    if (!layout_known(*this, why)) return false;
    unsigned char info[kStructBuffer] = {};
    const amdsmi_status_t s = amdsmi_get_power_info(h, info);
    if (s != AMDSMI_STATUS_SUCCESS) {
        why = "amdsmi_get_power_info: " + error_text(s);
        return false;
    }
    std::uint32_t current = 0, average = 0;
    std::memcpy(&current, info + 8, sizeof current);
    std::memcpy(&average, info + 12, sizeof average);
    // MI300 reports current power, MI200 and earlier the average; an unsupported member reads UINT32_MAX.
    const std::uint32_t w = current != 0 && current != UINT32_MAX ? current : average;
    if (w == 0 || w == UINT32_MAX) {
        why = "AMD SMI reports no socket power for this GPU";
        return false;
    }
    watts = w;
    return true;
}

bool parse_pci_bdf(const std::string& pci_bus_id, std::uint64_t& bdf) {
    // Only hex digits and the separators: sscanf's %x would also take a "0x" prefix or stop short of junk.
    if (pci_bus_id.find_first_not_of("0123456789abcdefABCDEF:.") != std::string::npos) return false;
    unsigned long long domain = 0;
    unsigned bus = 0, device = 0, function = 0;
    char tail = 0;
    if (std::sscanf(pci_bus_id.c_str(), "%llx:%x:%x.%x%c", &domain, &bus, &device, &function, &tail) != 4) return false;
    if (bus > 0xFF || device > 0x1F || function > 0x7) return false;
    bdf = (domain << 16) | (static_cast<std::uint64_t>(bus) << 8) | (device << 3) | function;
    return true;
}

std::string ras_block_name(std::uint64_t block) {
    for (std::size_t bit = 0; bit < sizeof kRasBlocks / sizeof kRasBlocks[0]; ++bit)
        if (block == (1ull << bit)) return kRasBlocks[bit];
    for (unsigned bit = 0; bit < 64; ++bit)
        if (block == (1ull << bit)) return "block_" + std::to_string(bit);
    return "blocks_" + std::to_string(block);  // not one bit: never asked for by this probe
}

void assess_amd_ecc(const AmdEccCounts& c, TestResult& r) {
    r.value = static_cast<double>(c.uncorrectable);
    r.details = {{"correctable", static_cast<long long>(c.correctable)},
                 {"uncorrectable", static_cast<long long>(c.uncorrectable)},
                 {"deferred", static_cast<long long>(c.deferred)}};
    if (c.uncorrectable > 0 || c.deferred > 0) {
        r.status = TestStatus::failed;
        r.reason = std::to_string(c.uncorrectable) + " uncorrectable and " + std::to_string(c.deferred) +
                   " deferred ECC errors since the driver loaded";
    }
}

void assess_ras(const std::vector<RasBlockState>& blocks, TestResult& r) {
    std::string enabled, bad;
    long long bad_count = 0;
    for (const auto& b : blocks) {
        enabled += (enabled.empty() ? "" : ",") + ras_block_name(b.block);
        if (b.state == AMDSMI_RAS_ERR_STATE_MULT_UC || b.state == AMDSMI_RAS_ERR_STATE_POISON) {
            bad += (bad.empty() ? "" : ",") + ras_block_name(b.block);
            ++bad_count;
        }
    }
    r.value = static_cast<double>(bad_count);
    r.details = {{"ras_enabled_blocks", enabled}, {"ras_uncorrectable_blocks", bad}};
    if (bad_count > 0) {
        r.status = TestStatus::failed;
        r.reason = "RAS reports uncorrectable errors in " + bad;
    }
}

}  // namespace gpuprobe
