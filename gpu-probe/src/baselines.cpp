#include "baselines.h"

#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>
#include <vector>

extern "C" const unsigned char gpuprobe_embedded_skus[];
extern "C" const unsigned char gpuprobe_embedded_baselines[];

namespace gpuprobe {
namespace {

// Splits one CSV record (RFC 4180 quoting: "a ""b""",c).
std::vector<std::string> split_csv(const std::string& line) {
    std::vector<std::string> fields;
    std::string cur;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        char ch = line[i];
        if (quoted) {
            if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cur += '"';
                ++i;
            } else if (ch == '"') {
                quoted = false;
            } else {
                cur += ch;
            }
        } else if (ch == '"') {
            quoted = true;
        } else if (ch == ',') {
            fields.push_back(cur);
            cur.clear();
        } else if (ch != '\r') {
            cur += ch;
        }
    }
    fields.push_back(cur);
    return fields;
}

Status to_number(const std::string& text, int line_no, std::optional<double>& out) {
    if (text.empty()) {
        out.reset();
        return Status::ok();
    }
    char* end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    if (*end != '\0' || v < 0) return Status::error("line " + std::to_string(line_no) + ": not a number: '" + text + "'");
    out = v;
    return Status::ok();
}

// A record with its fields looked up by header name.
struct Record {
    const std::vector<std::string>& header;
    const std::vector<std::string>& fields;
    int line_no;
    std::string operator[](const std::string& column) const {
        for (std::size_t i = 0; i < header.size(); ++i)
            if (header[i] == column) return fields[i];
        return "";
    }
};

// Calls `row` for each data record; fails when a required column is missing or a record has the wrong field count.
Status for_each_record(const std::string& csv_text, const std::vector<std::string>& required,
                       const std::function<Status(const Record&)>& row) {
    std::istringstream in(csv_text);
    std::string line;
    int line_no = 0;
    std::vector<std::string> header;
    while (std::getline(in, line)) {
        ++line_no;
        if (line.empty() || line[0] == '#' || line == "\r") continue;
        auto f = split_csv(line);
        if (header.empty()) {
            header = f;
            for (const auto& column : required) {
                bool found = false;
                for (const auto& h : header) found = found || h == column;
                CHECK(found, "catalogue header lacks the column '" + column + "'");
            }
            continue;
        }
        CHECK(f.size() == header.size(), "catalogue line " + std::to_string(line_no) + " has " +
                                             std::to_string(f.size()) + " fields, the header " +
                                             std::to_string(header.size()));
        CHECK_OK(row(Record{header, f, line_no}));
    }
    CHECK(!header.empty(), "catalogue is empty");
    return Status::ok();
}

Status read_file(const std::string& path, std::string& text) {
    std::ifstream in(path, std::ios::binary);
    CHECK(in.good(), "cannot read catalogue file '" + path + "'");
    std::stringstream ss;
    ss << in.rdbuf();
    text = ss.str();
    return Status::ok();
}

const char* peak_precision(const std::string& test) {
    static const std::map<std::string, const char*> precisions = {
        {"gemm_fp64", "FP64"}, {"gemm_fp32", "FP32"}, {"gemm_tf32", "TF32"},
        {"gemm_bf16", "BF16"}, {"gemm_fp16", "FP16"}, {"gemm_fp8", "FP8"}};
    auto it = precisions.find(test);
    return it == precisions.end() ? nullptr : it->second;
}

}  // namespace

std::string baseline_unit(const std::string& test) {
    if (peak_precision(test) != nullptr) return "TFLOP/s";
    if (test == "device_memory_bandwidth" || test == "h2d_bandwidth" || test == "d2h_bandwidth") return "GB/s";
    return "";
}

Status Baselines::parse_skus(const std::string& csv_text, Baselines& out) {
    return for_each_record(csv_text, {"product_name", "precision", "peak_tflops"}, [&](const Record& r) -> Status {
        Sku& sku = out.skus_[r["product_name"]];
        sku.product_name = r["product_name"];
        CHECK_OK(to_number(r["memory_bandwidth_gbps"], r.line_no, sku.memory_bandwidth_gbps));
        std::optional<double> gen, width;
        CHECK_OK(to_number(r["pcie_gen"], r.line_no, gen));
        CHECK_OK(to_number(r["pcie_width"], r.line_no, width));
        if (gen) sku.pcie_gen = static_cast<int>(*gen);
        if (width) sku.pcie_width = static_cast<int>(*width);
        CHECK_OK(to_number(r["peak_tflops"], r.line_no, sku.peak_tflops[r["precision"]]));
        return Status::ok();
    });
}

Status Baselines::parse_baselines(const std::string& csv_text, Baselines& out) {
    const std::vector<std::string> columns = {"product_name", "test", "achievable", "unit", "source"};
    return for_each_record(csv_text, columns, [&](const Record& r) -> Status {
        const std::string at = "baselines line " + std::to_string(r.line_no) + ": ";
        const std::string test = r["test"];
        const std::string unit = baseline_unit(test);
        CHECK(!unit.empty(), at + "'" + test + "' is not a test with a baseline");
        CHECK(r["unit"] == unit, at + test + " is measured in " + unit + ", not '" + r["unit"] + "'");
        CHECK(!r["source"].empty(), at + "every row needs a source (why it is empty, for an empty figure)");
        Baseline b{std::nullopt, unit, r["source"]};
        CHECK_OK(to_number(r["achievable"], r.line_no, b.achievable));
        const Sku* sku = out.find(r["product_name"]);
        CHECK(sku != nullptr, at + "'" + r["product_name"] + "' is not in the SKU catalogue");
        if (const char* precision = peak_precision(test)) {
            auto peak = sku->peak_tflops.find(precision);
            CHECK(peak != sku->peak_tflops.end(), at + sku->product_name + " has no " + precision + " in the catalogue");
            CHECK(!b.achievable || !peak->second || *b.achievable < *peak->second,
                  at + "an achievable figure must be below the datasheet peak");
        } else if (test == "device_memory_bandwidth") {
            CHECK(!b.achievable || !sku->memory_bandwidth_gbps || *b.achievable < *sku->memory_bandwidth_gbps,
                  at + "an achievable figure must be below the datasheet peak");
        }
        CHECK(out.baselines_.emplace(std::make_pair(sku->product_name, test), b).second,
              at + "a second row for " + sku->product_name + " " + test);
        return Status::ok();
    });
}

Status Baselines::load(const std::string& skus_path, const std::string& baselines_path, Baselines& out) {
    std::string skus = reinterpret_cast<const char*>(gpuprobe_embedded_skus);
    std::string baselines = reinterpret_cast<const char*>(gpuprobe_embedded_baselines);
    if (!skus_path.empty()) CHECK_OK(read_file(skus_path, skus));
    if (!baselines_path.empty()) CHECK_OK(read_file(baselines_path, baselines));
    out.source = skus_path.empty() && baselines_path.empty()
                     ? "embedded"
                     : (skus_path.empty() ? "embedded" : skus_path) + " + " +
                           (baselines_path.empty() ? "embedded" : baselines_path);
    CHECK_OK(parse_skus(skus, out));
    return parse_baselines(baselines, out);
}

const Sku* Baselines::find(const std::string& product_name) const {
    auto it = skus_.find(product_name);
    return it == skus_.end() ? nullptr : &it->second;
}

const Baseline* Baselines::baseline(const std::string& product_name, const std::string& test) const {
    auto it = baselines_.find({product_name, test});
    return it == baselines_.end() ? nullptr : &it->second;
}

std::optional<double> Baselines::achievable(const std::string& product_name, const std::string& test) const {
    const Baseline* b = baseline(product_name, test);
    return b == nullptr ? std::nullopt : b->achievable;
}

}  // namespace gpuprobe
