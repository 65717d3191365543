#include "gpu_selection.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace gpuprobe {
namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// A device UUID with its prefix in upper case: "GPU-" or "MIG-", then 8-4-4-4-12 hex digits.
bool is_device_uuid(const std::string& s) {
    static const int kGroups[] = {8, 4, 4, 4, 12};
    if (s.rfind("GPU-", 0) != 0 && s.rfind("MIG-", 0) != 0) return false;
    std::size_t pos = 4;
    for (int g = 0; g < 5; ++g) {
        for (int i = 0; i < kGroups[g]; ++i, ++pos)
            if (pos >= s.size() || !std::isxdigit(static_cast<unsigned char>(s[pos]))) return false;
        if (g < 4 && (pos >= s.size() || s[pos++] != '-')) return false;
    }
    return pos == s.size();
}

// An AMD GPU id after its "AMD-" prefix: the board serial (letters and digits), or "PCI-" and a bus id for a GPU
// whose serial is unknown (amd_device.h); at most 64 characters.
bool is_amd_id_body(const std::string& s) {
    return !s.empty() && s.size() <= 64 && std::all_of(s.begin(), s.end(), [](unsigned char c) {
        return std::isalnum(c) != 0 || c == ':' || c == '.' || c == '-' || c == '_';
    });
}

}  // namespace

Status parse_gpu_selector(const std::string& item, GpuSelector& out) {
    out = GpuSelector{};
    const std::string prefix = item.size() > 4 ? lower(item.substr(0, 4)) : "";
    const std::string kind = prefix == "gpu-" ? "GPU-" : prefix == "mig-" ? "MIG-" : "";
    if (!kind.empty() && is_device_uuid(kind + item.substr(4))) {
        out.uuid = kind + lower(item.substr(4));
        return Status::ok();
    }
    if (prefix == "amd-" && is_amd_id_body(item.substr(4))) {
        out.uuid = "AMD-" + item.substr(4);
        return Status::ok();
    }
    const bool digits = !item.empty() && item.size() <= 4 &&
                        std::all_of(item.begin(), item.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
    CHECK(digits, "--gpus expects device indices, GPU/MIG UUIDs (GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx) or AMD GPU "
                      "ids (AMD-<serial>), got '" +
                      item + "'");
    out.index = std::stoi(item);
    return Status::ok();
}

Status resolve_gpu_selection(const std::vector<GpuSelector>& selectors, const std::vector<std::string>& device_uuids,
                             std::vector<int>& ordinals, std::vector<std::string>& not_visible) {
    ordinals.clear();
    not_visible.clear();
    const int count = static_cast<int>(device_uuids.size());
    if (selectors.empty()) {
        for (int i = 0; i < count; ++i) ordinals.push_back(i);
        return Status::ok();
    }
    for (const auto& s : selectors) {
        int ordinal = s.index;
        if (!s.uuid.empty()) {
            auto it = std::find_if(device_uuids.begin(), device_uuids.end(),
                                   [&](const std::string& u) { return lower(u) == lower(s.uuid); });
            if (it == device_uuids.end()) {
                if (std::find(not_visible.begin(), not_visible.end(), s.uuid) == not_visible.end())
                    not_visible.push_back(s.uuid);
                continue;
            }
            ordinal = static_cast<int>(it - device_uuids.begin());
        }
        CHECK(ordinal >= 0 && ordinal < count,
              "--gpus " + std::to_string(ordinal) + ": only " + std::to_string(count) + " GPU(s) present");
        if (std::find(ordinals.begin(), ordinals.end(), ordinal) == ordinals.end()) ordinals.push_back(ordinal);
    }
    return Status::ok();
}

std::string format_gpu_uuid(const unsigned char b[16], bool mig) {
    char uuid[64];
    std::snprintf(uuid, sizeof uuid, "%s%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
                  mig ? "MIG-" : "GPU-", b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
    return uuid;
}

}  // namespace gpuprobe
