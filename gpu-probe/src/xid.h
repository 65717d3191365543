// What an XID says about the GPU. The probe reports every XID it sees as a fact; only the hardware ones below fail
// the nvml_xid test. Application XIDs (a program's fault: illegal address, exception, reset channel, preemption)
// are reported with a reason and do not fail it. One list, here, used by the probe and its tests.
#pragma once
#include <string>
#include <vector>

#include "result.h"

namespace gpuprobe {

enum class XidKind { hardware, application, other };

// 48 DBE ECC, 63/64 row remap event/failure, 74 NVLink, 79 fallen off the bus, 92 high SBE rate, 94/95 contained
// and uncontained ECC.
inline constexpr int kHardwareXids[] = {48, 63, 64, 74, 79, 92, 94, 95};
// 13 graphics engine exception, 31 MMU fault, 43 reset channel, 45 preemptive cleanup: a program's own fault.
inline constexpr int kApplicationXids[] = {13, 31, 43, 45};

XidKind classify_xid(long long code);

// One XID event as NVML delivers it; gpu_instance is the MIG GPU instance it names, or kNoInstance.
struct XidEvent {
    long long code;
    unsigned gpu_instance;
};
inline constexpr unsigned kNoInstance = 0xFFFFFFFFu;

// Fills r (status, value, reason, details xids/hardware_xids/application_xids/other_instance_xids) from the events
// of one GPU. `own_instance` is the MIG GPU instance under test (kNoInstance for a whole GPU): another slice's
// XIDs are listed apart and never fail this one.
void report_xids(const std::vector<XidEvent>& events, unsigned own_instance, TestResult& r);

}  // namespace gpuprobe
