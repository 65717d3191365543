// Prometheus text exposition (format 0.0.4) of a run: every value in base units (FLOP/s, bytes/s, celsius, watts),
// one # HELP / # TYPE per metric family, label values escaped (\\, \", \n).
#pragma once
#include <string>

#include "result.h"

namespace gpuprobe {

std::string report_to_prometheus(const RunReport& report);
std::string prom_escape_label(const std::string& v);

}  // namespace gpuprobe
