// The SKU catalogue (telemetry-model/src/main/resources/catalogue/gpu-skus.csv): the single source of baselines.
// CMake embeds it into the binary; --baselines FILE reads another copy at run time.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "check.h"

namespace gpuprobe {

struct SkuPrecision {
    std::optional<double> peak_tflops;
    std::optional<double> achievable_tflops;  // the measured baseline; empty until measured on that SKU
};

struct Sku {
    std::string product_name;
    std::optional<double> memory_bandwidth_gbps;  // datasheet peak, reported for context, never scored against
    std::map<std::string, SkuPrecision> precisions;  // "FP64", "FP32", "TF32", "BF16", "FP16", "FP8"
};

class Baselines {
public:
    // Parses CSV text with a header row; '#' lines and blank lines are skipped. Columns are found by name.
    static Status parse(const std::string& csv_text, Baselines& out);
    static Status load_file(const std::string& path, Baselines& out);
    static Status load_embedded(Baselines& out);

    const Sku* find(const std::string& product_name) const;
    // The achievable (measured) TFLOP/s for a SKU and precision, if the catalogue has one.
    std::optional<double> achievable_tflops(const std::string& product_name, const std::string& precision) const;
    std::size_t size() const { return skus_.size(); }
    std::string source;  // "embedded" or the file path

private:
    std::map<std::string, Sku> skus_;
};

}  // namespace gpuprobe
