// Scoring a measured value against a baseline, and turning test statuses into verdicts and an exit code.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "check.h"
#include "result.h"

namespace gpuprobe {

struct Thresholds {
    double pass_ratio = 0.90;      // see README "Scoring" for why these defaults
    double degraded_ratio = 0.75;  // DCGM's own floor: 0.75 × the measured figure
};

// Sets status, baseline and ratio of a measured result. Does nothing to a result that is already failed or error
// (a failed result check outranks any throughput). A missing baseline gives `waived` with
// "no measured baseline for <subject>".
void score(TestResult& r, std::optional<double> baseline, const std::string& subject, const Thresholds& t);

// Marks a result `error` with the status's message as reason and details `error_class` (always) and `error_code`
// (when the failing library named one), replacing earlier ones.
void set_error(TestResult& r, const Status& s);
// Gives an `error` result without an `error_class` detail the class `unknown`, so that every error carries one.
void ensure_error_class(TestResult& r);

// Run verdict and exit code: 1 when anything failed or the driver is broken (gpu_error), else 3 when no GPU was
// probed, else 0.
void finish_verdict(RunReport& report, bool gpu_present);

}  // namespace gpuprobe
