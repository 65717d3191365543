#include "pcie.h"

namespace gpuprobe {

PcieAssessment assess_pcie_link(const PcieLink& l) {
    PcieAssessment a;
    auto fail = [&](const std::string& why) {
        a.failed = true;
        a.reason += (a.reason.empty() ? "" : "; ") + why;
    };
    const unsigned width = l.load_width > 0 ? l.load_width : l.current_width;
    const unsigned want_width = l.expected_width ? static_cast<unsigned>(*l.expected_width) : l.max_width;
    if (width > 0 && want_width > 0 && width < want_width)
        fail("link trained at x" + std::to_string(width) + " of x" + std::to_string(want_width) +
             (l.expected_width ? " (the SKU's)" : " (the link's maximum)"));
    if (l.expected_gen) {
        const unsigned want_gen = static_cast<unsigned>(*l.expected_gen);
        if (l.max_gen > 0 && l.max_gen < want_gen) {
            fail("link can reach Gen" + std::to_string(l.max_gen) + " only, the SKU's is Gen" + std::to_string(want_gen));
        } else if (l.load_gen > 0 && l.load_gen < want_gen) {
            fail("link ran at Gen" + std::to_string(l.load_gen) + " under load, the SKU's is Gen" +
                 std::to_string(want_gen));
        }
    }
    return a;
}

double pcie_link_gbps(unsigned gen, unsigned width) {
    static const double kGtPerLane[] = {0, 2.5, 5, 8, 16, 32};
    if (gen == 0 || gen > 5) return 0;
    const double encoding = gen <= 2 ? 8.0 / 10.0 : 128.0 / 130.0;
    return kGtPerLane[gen] * encoding / 8.0 * width;
}

}  // namespace gpuprobe
