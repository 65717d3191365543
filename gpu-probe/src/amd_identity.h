// The board serial an AMD GPU is known by (the worker keys AMD GPUs "AMD-" + the device-metrics-exporter's
// serial_number), read where no library version matters: the amdgpu driver's sysfs file. AMD SMI is the second source
// (amd_smi.h: only the version whose structure layout the probe declares), the PCI bus id the last resort.
#pragma once
#include <string>

namespace gpuprobe {

// The sysfs mount the probe reads: $GPU_PROBE_SYSFS_ROOT when set (for tests only: a fake tree, README.md), else /sys.
std::string sysfs_root();

// The FRU board serial amdgpu exposes at <root>/bus/pci/devices/<bus id>/serial_number, whitespace-trimmed; empty,
// with `why`, when the file is absent, unreadable or blank (a GPU without a FRU EEPROM, an older driver).
std::string sysfs_board_serial(const std::string& root, const std::string& pci_bus_id, std::string& why);

}  // namespace gpuprobe
