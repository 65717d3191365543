#include "baselines.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

extern "C" const unsigned char gpuprobe_embedded_catalogue[];

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

}  // namespace

Status Baselines::parse(const std::string& csv_text, Baselines& out) {
    std::istringstream in(csv_text);
    std::string line;
    int line_no = 0;
    std::vector<std::string> header;
    int c_name = -1, c_prec = -1, c_peak = -1, c_ach = -1, c_bw = -1;
    while (std::getline(in, line)) {
        ++line_no;
        if (line.empty() || line[0] == '#' || line == "\r") continue;
        auto f = split_csv(line);
        if (header.empty()) {
            header = f;
            for (int i = 0; i < static_cast<int>(f.size()); ++i) {
                if (f[i] == "product_name") c_name = i;
                if (f[i] == "precision") c_prec = i;
                if (f[i] == "peak_tflops") c_peak = i;
                if (f[i] == "achievable_tflops") c_ach = i;
                if (f[i] == "memory_bandwidth_gbps") c_bw = i;
            }
            CHECK(c_name >= 0 && c_prec >= 0 && c_ach >= 0,
                  "catalogue header lacks product_name, precision or achievable_tflops");
            continue;
        }
        CHECK(f.size() == header.size(), "catalogue line " + std::to_string(line_no) + " has " +
                                             std::to_string(f.size()) + " fields, the header " +
                                             std::to_string(header.size()));
        Sku& sku = out.skus_[f[c_name]];
        sku.product_name = f[c_name];
        if (c_bw >= 0) CHECK_OK(to_number(f[c_bw], line_no, sku.memory_bandwidth_gbps));
        SkuPrecision& p = sku.precisions[f[c_prec]];
        if (c_peak >= 0) CHECK_OK(to_number(f[c_peak], line_no, p.peak_tflops));
        CHECK_OK(to_number(f[c_ach], line_no, p.achievable_tflops));
    }
    CHECK(!header.empty(), "catalogue is empty");
    return Status::ok();
}

Status Baselines::load_file(const std::string& path, Baselines& out) {
    std::ifstream in(path, std::ios::binary);
    CHECK(in.good(), "cannot read baselines file '" + path + "'");
    std::stringstream ss;
    ss << in.rdbuf();
    out.source = path;
    return parse(ss.str(), out);
}

Status Baselines::load_embedded(Baselines& out) {
    out.source = "embedded";
    return parse(reinterpret_cast<const char*>(gpuprobe_embedded_catalogue), out);
}

const Sku* Baselines::find(const std::string& product_name) const {
    auto it = skus_.find(product_name);
    return it == skus_.end() ? nullptr : &it->second;
}

std::optional<double> Baselines::achievable_tflops(const std::string& product_name, const std::string& precision) const {
    const Sku* sku = find(product_name);
    if (sku == nullptr) return std::nullopt;
    auto it = sku->precisions.find(precision);
    if (it == sku->precisions.end()) return std::nullopt;
    return it->second.achievable_tflops;
}

}  // namespace gpuprobe
