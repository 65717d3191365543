// AMD SMI (libamd_smi.so), loaded with dlopen like NVML: the entry points the AMD snapshot tests use, declared here,
// and the readings' meaning kept apart from the library so that it is tested without a GPU. Structures changed
// layout between AMD SMI versions; the two read through one (board info, power info) are read only from the version
// whose layout is declared here (kAmdSmiLayoutMajor), the others take scalars.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "check.h"
#include "dynlib.h"
#include "result.h"

namespace gpuprobe {

using amdsmi_status_t = int;
typedef void* amdsmi_processor_handle;
constexpr amdsmi_status_t AMDSMI_STATUS_SUCCESS = 0, AMDSMI_STATUS_NOT_SUPPORTED = 2, AMDSMI_STATUS_NO_PERM = 10;
constexpr std::uint64_t AMDSMI_INIT_AMD_GPUS = 1u << 1;
constexpr int AMDSMI_TEMPERATURE_TYPE_EDGE = 0, AMDSMI_TEMPERATURE_TYPE_HOTSPOT = 1, AMDSMI_TEMPERATURE_TYPE_VRAM = 2;
constexpr int AMDSMI_TEMP_CURRENT = 0;
// amdsmi_ras_err_state_t: multiple uncorrectable errors, and poison (firmware found an error and isolated the page;
// AMD says to treat it as uncorrectable).
constexpr int AMDSMI_RAS_ERR_STATE_MULT_UC = 4, AMDSMI_RAS_ERR_STATE_POISON = 5;

// amdsmi_error_count_t; deferred_count exists from ROCm 6.2 (the buffer is zeroed, so older libraries read 0).
struct AmdEccCounts {
    std::uint64_t correctable = 0, uncorrectable = 0, deferred = 0;
    std::uint64_t reserved[5] = {};
};

// AMD SMI 26 (ROCm 7): AMDSMI_MAX_STRING_LENGTH 256, board info starting model_number then product_serial, power
// info starting socket_power (uint64) then current_socket_power and average_socket_power (uint32).
constexpr unsigned kAmdSmiLayoutMajor = 26;

struct AmdSmiApi {
    DynLib lib;
    bool initialised = false;
    amdsmi_status_t (*amdsmi_init)(std::uint64_t) = nullptr;
    amdsmi_status_t (*amdsmi_shut_down)() = nullptr;
    amdsmi_status_t (*amdsmi_get_lib_version)(void*) = nullptr;
    amdsmi_status_t (*amdsmi_status_code_to_string)(amdsmi_status_t, const char**) = nullptr;
    amdsmi_status_t (*amdsmi_get_processor_handle_from_bdf)(std::uint64_t, amdsmi_processor_handle*) = nullptr;
    amdsmi_status_t (*amdsmi_get_gpu_board_info)(amdsmi_processor_handle, void*) = nullptr;
    amdsmi_status_t (*amdsmi_get_temp_metric)(amdsmi_processor_handle, int, int, std::int64_t*) = nullptr;
    amdsmi_status_t (*amdsmi_get_power_info)(amdsmi_processor_handle, void*) = nullptr;
    amdsmi_status_t (*amdsmi_get_gpu_total_ecc_count)(amdsmi_processor_handle, AmdEccCounts*) = nullptr;
    amdsmi_status_t (*amdsmi_get_gpu_ecc_enabled)(amdsmi_processor_handle, std::uint64_t*) = nullptr;
    amdsmi_status_t (*amdsmi_get_gpu_ecc_status)(amdsmi_processor_handle, std::uint64_t, int*) = nullptr;

    AmdSmiApi() = default;
    AmdSmiApi(const AmdSmiApi&) = delete;
    AmdSmiApi& operator=(const AmdSmiApi&) = delete;
    ~AmdSmiApi() {
        if (initialised) amdsmi_shut_down();
    }
    // Loads AMD SMI from `dir` (--rocm-libs; empty = search) and initialises it for AMD GPUs.
    Status load(const std::string& dir);
    std::string error_text(amdsmi_status_t s) const;
    // The handle of the GPU at a PCI bus id as HIP prints it ("0000:c1:00.0"); null when AMD SMI has none.
    amdsmi_processor_handle handle_at(const std::string& pci_bus_id) const;
    // The board serial (product_serial), or why it is not read (`why`).
    std::string serial(amdsmi_processor_handle h, std::string& why) const;
    // Socket power in watts (current, else average), or why it is not read.
    bool power_watts(amdsmi_processor_handle h, double& watts, std::string& why) const;
    unsigned lib_major = 0;  // amdsmi_get_lib_version's major
};

// amdsmi_bdf_t of a PCI bus id "DDDD:BB:DD.F": function in bits 0-2, device 3-7, bus 8-15, domain above. False when
// the text is no bus id.
bool parse_pci_bdf(const std::string& pci_bus_id, std::uint64_t& bdf);

// The name of one amdsmi_gpu_block_t bit ("umc", "gfx", …; "block_<bit>" for one this probe does not name).
std::string ras_block_name(std::uint64_t block);

// What the ECC counters since the driver loaded say: uncorrectable or deferred errors fail the test (a deferred error
// is an uncorrectable one whose poisoned data no one has consumed yet), correctable ones are context.
void assess_amd_ecc(const AmdEccCounts& counts, TestResult& r);

// One RAS block's state (amdsmi_ras_err_state_t). Blocks in MULT_UC or POISON fail the test and are named in
// `ras_uncorrectable_blocks`; `ras_enabled_blocks` lists those RAS covers.
struct RasBlockState {
    std::uint64_t block;
    int state;
};
void assess_ras(const std::vector<RasBlockState>& blocks, TestResult& r);

}  // namespace gpuprobe
