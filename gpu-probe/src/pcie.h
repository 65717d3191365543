// Scoring the PCIe link against the SKU's datasheet link (catalogue): a link narrower or of an older generation
// than the SKU's fails (a Gen5 x16 part on Gen3 or x8 moves at most a quarter or half of its data).
#pragma once
#include <optional>
#include <string>

namespace gpuprobe {

struct PcieLink {
    unsigned current_gen = 0, current_width = 0, max_gen = 0, max_width = 0;  // NVML; 0 = unknown
    unsigned load_gen = 0, load_width = 0;  // the highest seen while host<->device copies ran; 0 = not sampled
    std::optional<int> expected_gen, expected_width;  // the SKU's (catalogue)
};

struct PcieAssessment {
    bool failed = false;
    std::string reason;  // empty when the link is as expected
};

// Width: the link under load (else now) narrower than the SKU's (else the link's own maximum) fails. Generation:
// a link whose maximum is below the SKU's fails; so does one that stayed below it under load. An idle link lowers its
// generation to save power, so the generation now is not scored when no load was sampled.
PcieAssessment assess_pcie_link(const PcieLink& link);

// Payload bandwidth one direction of a link can carry at most, GB/s (line rate after 8b/10b or 128b/130b
// encoding, before packet overheads); 0 for an unknown generation. Context for h2d/d2h, never a baseline.
double pcie_link_gbps(unsigned gen, unsigned width);

}  // namespace gpuprobe
