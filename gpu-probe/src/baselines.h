// The SKU catalogue shared with the worker (telemetry-model/src/main/resources/catalogue): gpu-skus.csv holds the
// datasheet facts of each SKU, gpu-baselines.csv the measured achievable figure per SKU and test, each with its source.
// CMake embeds both into the binary; --catalogue / --baselines read other copies at run time.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "check.h"

namespace gpuprobe {

struct Sku {
    std::string product_name;
    std::optional<double> memory_bandwidth_gbps;  // datasheet peak, reported for context, never scored against
    std::optional<int> pcie_gen;                  // the host link the datasheet specifies
    std::optional<int> pcie_width;
    std::map<std::string, std::optional<double>> peak_tflops;  // by precision: "FP64", "FP32", "TF32", "BF16", ...
};

struct Baseline {
    std::optional<double> achievable;  // empty: no trustworthy published measurement (source says why)
    std::string unit;
    std::string source;
};

class Baselines {
public:
    // CSV text with a header row; '#' lines and blank lines are skipped; columns are found by name.
    static Status parse_skus(const std::string& csv_text, Baselines& out);
    // Rows name a known probe test in its unit; a figure above the SKU's datasheet peak is an error.
    static Status parse_baselines(const std::string& csv_text, Baselines& out);
    // Empty paths mean the embedded copy.
    static Status load(const std::string& skus_path, const std::string& baselines_path, Baselines& out);

    const Sku* find(const std::string& product_name) const;
    const Baseline* baseline(const std::string& product_name, const std::string& test) const;
    // The measured figure a test of this SKU is scored against, if the catalogue has one.
    std::optional<double> achievable(const std::string& product_name, const std::string& test) const;
    std::size_t size() const { return skus_.size(); }
    std::string source;  // "embedded" or the file paths

private:
    std::map<std::string, Sku> skus_;
    std::map<std::pair<std::string, std::string>, Baseline> baselines_;
};

// The unit of a test that can have a baseline ("TFLOP/s", "GB/s"), or empty for any other key.
std::string baseline_unit(const std::string& test);

}  // namespace gpuprobe
