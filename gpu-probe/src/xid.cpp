#include "xid.h"

#include <algorithm>
#include <iterator>

namespace gpuprobe {
namespace {

void add_once(std::string& list, std::vector<long long>& seen, long long code) {
    if (std::find(seen.begin(), seen.end(), code) != seen.end()) return;
    seen.push_back(code);
    list += (list.empty() ? "" : ",") + std::to_string(code);
}

}  // namespace

XidKind classify_xid(long long code) {
    if (std::find(std::begin(kHardwareXids), std::end(kHardwareXids), code) != std::end(kHardwareXids))
        return XidKind::hardware;
    if (std::find(std::begin(kApplicationXids), std::end(kApplicationXids), code) != std::end(kApplicationXids))
        return XidKind::application;
    return XidKind::other;
}

void report_xids(const std::vector<XidEvent>& events, unsigned own_instance, TestResult& r) {
    std::string all, hardware, application, other, elsewhere;
    std::vector<long long> seen_all, seen_hw, seen_app, seen_other, seen_elsewhere;
    long long count = 0, last = -1;
    for (const auto& e : events) {
        const bool ours = own_instance == kNoInstance || e.gpu_instance == kNoInstance || e.gpu_instance == own_instance;
        if (!ours) {
            add_once(elsewhere, seen_elsewhere, e.code);
            continue;
        }
        ++count;
        last = e.code;
        add_once(all, seen_all, e.code);
        switch (classify_xid(e.code)) {
            case XidKind::hardware: add_once(hardware, seen_hw, e.code); break;
            case XidKind::application: add_once(application, seen_app, e.code); break;
            case XidKind::other: add_once(other, seen_other, e.code); break;
        }
    }
    r.value = static_cast<double>(count);
    r.details.emplace_back("window", std::string("from GPU open to this test; earlier XIDs are only in the kernel log"));
    r.details.emplace_back("xids", all);
    r.details.emplace_back("hardware_xids", hardware);
    r.details.emplace_back("application_xids", application);
    if (own_instance != kNoInstance) r.details.emplace_back("other_instance_xids", elsewhere);
    if (last >= 0) r.details.emplace_back("last_xid", last);
    if (!hardware.empty()) {
        r.status = TestStatus::failed;
        r.reason = "hardware XID " + hardware + " during the run";
    } else if (!other.empty()) {
        r.status = TestStatus::degraded;
        r.reason = "XID " + other + " during the run (not a known application XID)";
    } else if (!application.empty()) {
        r.status = TestStatus::passed;
        r.reason = "application XID " + application + " during the run: a program's fault, not the GPU's";
    } else {
        r.status = TestStatus::passed;
    }
}

}  // namespace gpuprobe
