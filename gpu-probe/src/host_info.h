// Host facts (hostname, kernel, OS, CPU), run identifiers (UUID v4) and RFC 3339 UTC timestamps.
#pragma once
#include <chrono>
#include <string>

#include "result.h"

namespace gpuprobe {

HostInfo collect_host_info();
std::string new_uuid_v4();
std::string rfc3339_utc(std::chrono::system_clock::time_point t);  // 2026-01-31T12:00:00.123Z

}  // namespace gpuprobe
