// A stand-in for libnvidia-ml.so.1 (named: no GPU exists on the build machines), beside fake_cuda.cpp in
// fake_driver.sh. One GPU at the fake driver's PCI bus id; environment variables choose what it reports:
//   FAKE_XIDS="79,13:1"   XID events in order, each code[:GPU instance] (no instance: the whole GPU)
//   FAKE_MIG=1            MIG mode on (the CUDA device is then GPU instance 1's slice)
//   FAKE_PROCS=1          another process (pid 4242) computes on the GPU
//   FAKE_PCIE_GEN / FAKE_PCIE_MAXGEN / FAKE_PCIE_WIDTH   the link (default Gen5, x16)
//   FAKE_LOST=1           temperature reads fail with GPU_IS_LOST; FAKE_NOPERM=1: ECC reads fail with NO_PERMISSION
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {
using Ret = int;
struct Event {
    void* device;
    unsigned long long type, data;
    unsigned gi, ci;
};
struct Proc {
    unsigned pid;
    unsigned long long used;
    unsigned gi, ci;
};
void* const kGpu = reinterpret_cast<void*>(0x10);
void* const kSlice = reinterpret_cast<void*>(0x20);
int env_int(const char* name, int fallback) {
    const char* v = std::getenv(name);
    return v != nullptr && *v != '\0' ? std::atoi(v) : fallback;
}
std::vector<Event>& pending() {
    static std::vector<Event> events = [] {
        std::vector<Event> out;
        const char* spec = std::getenv("FAKE_XIDS");
        std::string s = spec != nullptr ? spec : "";
        for (std::size_t pos = 0; pos < s.size();) {
            std::size_t comma = s.find(',', pos);
            std::string item = s.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
            std::size_t colon = item.find(':');
            const unsigned gi = colon == std::string::npos ? 0xFFFFFFFFu : std::stoul(item.substr(colon + 1));
            out.push_back({kGpu, 0x8, std::stoull(item.substr(0, colon)), gi, 0xFFFFFFFFu});
            pos = comma == std::string::npos ? s.size() : comma + 1;
        }
        return out;
    }();
    return events;
}
Ret put(unsigned* out, unsigned v) { *out = v; return 0; }
}  // namespace

extern "C" {
Ret nvmlInit_v2() { return 0; }
Ret nvmlShutdown() { return 0; }
const char* nvmlErrorString(Ret r) { return r == 15 ? "GPU is lost" : r == 4 ? "Insufficient Permissions" : "fake"; }
Ret nvmlSystemGetDriverVersion(char* v, unsigned n) { std::strncpy(v, "580.00.00-fake", n); return 0; }
Ret nvmlDeviceGetHandleByPciBusId_v2(const char*, void** d) { *d = kGpu; return 0; }
Ret nvmlDeviceGetHandleByUUID(const char* uuid, void** d) { *d = std::strncmp(uuid, "MIG-", 4) == 0 ? kSlice : kGpu; return 0; }
Ret nvmlDeviceGetUUID(void*, char* u, unsigned n) { std::strncpy(u, "GPU-00112233-4455-6677-8899-aabbccddeeff", n); return 0; }
Ret nvmlDeviceGetSerial(void*, char* s, unsigned n) { std::strncpy(s, "1650000000001", n); return 0; }
Ret nvmlDeviceGetCount_v2(unsigned* c) { return put(c, 1); }
Ret nvmlDeviceGetHandleByIndex_v2(unsigned, void** d) { *d = kGpu; return 0; }
Ret nvmlDeviceGetMigMode(void*, unsigned* cur, unsigned* pend) { *pend = 0; return put(cur, env_int("FAKE_MIG", 0)); }
Ret nvmlDeviceGetGpuInstanceId(void* d, unsigned* gi) { return d == kSlice ? put(gi, 1) : 3; }
Ret nvmlDeviceGetTemperature(void*, int, unsigned* t) { return env_int("FAKE_LOST", 0) ? 15 : put(t, 61); }
Ret nvmlDeviceGetTemperatureThreshold(void*, int, unsigned* t) { return put(t, 90); }
Ret nvmlDeviceGetPowerUsage(void*, unsigned* mw) { return put(mw, 512000); }
Ret nvmlDeviceGetEnforcedPowerLimit(void*, unsigned* mw) { return put(mw, 700000); }
Ret nvmlDeviceGetClockInfo(void*, int type, unsigned* mhz) { return put(mhz, type == 1 ? 1980 : 2619); }
Ret nvmlDeviceGetMaxClockInfo(void*, int type, unsigned* mhz) { return put(mhz, type == 1 ? 1980 : 2619); }
Ret nvmlDeviceGetCurrentClocksEventReasons(void*, unsigned long long* m) { *m = 0; return 0; }
Ret nvmlDeviceGetTotalEccErrors(void*, int, int, unsigned long long* n) { *n = 0; return env_int("FAKE_NOPERM", 0) ? 4 : 0; }
Ret nvmlDeviceGetRemappedRows(void*, unsigned* a, unsigned* b, unsigned* c, unsigned* d) { *a = *b = *c = *d = 0; return 0; }
Ret nvmlDeviceGetCurrPcieLinkGeneration(void*, unsigned* g) { return put(g, env_int("FAKE_PCIE_GEN", 5)); }
Ret nvmlDeviceGetMaxPcieLinkGeneration(void*, unsigned* g) { return put(g, env_int("FAKE_PCIE_MAXGEN", 5)); }
Ret nvmlDeviceGetCurrPcieLinkWidth(void*, unsigned* w) { return put(w, env_int("FAKE_PCIE_WIDTH", 16)); }
Ret nvmlDeviceGetMaxPcieLinkWidth(void*, unsigned* w) { return put(w, 16); }
Ret nvmlEventSetCreate(void** set) { *set = reinterpret_cast<void*>(0x30); return 0; }
Ret nvmlDeviceRegisterEvents(void*, unsigned long long, void*) { return 0; }
Ret nvmlEventSetFree(void*) { return 0; }
Ret nvmlEventSetWait_v2(void*, Event* out, unsigned) {
    if (pending().empty()) return 10;  // NVML_ERROR_TIMEOUT: no more events
    *out = pending().front();
    pending().erase(pending().begin());
    return 0;
}
Ret nvmlDeviceGetComputeRunningProcesses_v3(void*, unsigned* count, Proc* procs) {
    if (!env_int("FAKE_PROCS", 0)) return put(count, 0);
    if (*count < 1) return *count = 1, 7;
    procs[0] = {4242, 1ull << 30, 1, 0};
    return put(count, 1);
}
Ret nvmlDeviceSetCpuAffinity(void*) { return 0; }
Ret nvmlDeviceClearCpuAffinity(void*) { return 0; }
}
