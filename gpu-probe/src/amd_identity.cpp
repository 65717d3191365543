#include "amd_identity.h"

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace gpuprobe {

std::string sysfs_root() {
    const char* root = std::getenv("GPU_PROBE_SYSFS_ROOT");
    return root != nullptr && *root != '\0' ? root : "/sys";
}

std::string sysfs_board_serial(const std::string& root, const std::string& pci_bus_id, std::string& why) {
    std::string bus_id = pci_bus_id;  // sysfs names devices in lower case; HIP's spelling is not promised
    for (char& c : bus_id) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const std::string path = root + "/bus/pci/devices/" + bus_id + "/serial_number";
    std::ifstream in(path);
    if (!in) {
        why = "cannot read " + path;
        return "";
    }
    std::ostringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) {
        why = path + " is empty";
        return "";
    }
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

}  // namespace gpuprobe
