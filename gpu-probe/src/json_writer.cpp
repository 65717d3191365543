#include "json_writer.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace gpuprobe {

void JsonWriter::newline() {
    if (indent_ <= 0) return;
    out_ += '\n';
    out_.append(first_.size() * static_cast<std::size_t>(indent_), ' ');
}

void JsonWriter::before_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!first_.empty()) {
        if (!first_.back()) out_ += ',';
        first_.back() = false;
        newline();
    }
}

JsonWriter& JsonWriter::begin_object() {
    before_value();
    out_ += '{';
    first_.push_back(true);
    return *this;
}

JsonWriter& JsonWriter::close(char bracket) {
    bool empty = first_.back();
    first_.pop_back();
    if (!empty) newline();
    out_ += bracket;
    return *this;
}

JsonWriter& JsonWriter::end_object() { return close('}'); }

JsonWriter& JsonWriter::begin_array() {
    before_value();
    out_ += '[';
    first_.push_back(true);
    return *this;
}

JsonWriter& JsonWriter::end_array() { return close(']'); }

JsonWriter& JsonWriter::key(const std::string& k) {
    before_value();
    out_ += escape(k);
    out_ += indent_ > 0 ? ": " : ":";
    after_key_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(const std::string& s) {
    before_value();
    out_ += escape(s);
    return *this;
}

JsonWriter& JsonWriter::value(double d) {
    before_value();
    out_ += number(d);
    return *this;
}

JsonWriter& JsonWriter::value(long long i) {
    before_value();
    out_ += std::to_string(i);
    return *this;
}

JsonWriter& JsonWriter::value(bool b) {
    before_value();
    out_ += b ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::null() {
    before_value();
    out_ += "null";
    return *this;
}

std::string JsonWriter::number(double d) {
    if (!std::isfinite(d)) return "null";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, d);
    return std::string(buf, res.ptr);
}

std::string JsonWriter::escape(const std::string& s) {
    std::string out = "\"";
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const std::size_t n = s.size();
    for (std::size_t i = 0; i < n;) {
        unsigned char c = p[i];
        if (c < 0x80) {
            switch (c) {
                case '"': out += "\\\""; break;
                case '\\': out += "\\\\"; break;
                case '\b': out += "\\b"; break;
                case '\f': out += "\\f"; break;
                case '\n': out += "\\n"; break;
                case '\r': out += "\\r"; break;
                case '\t': out += "\\t"; break;
                default:
                    if (c < 0x20 || c == 0x7f) {
                        char buf[8];
                        std::snprintf(buf, sizeof buf, "\\u%04x", c);
                        out += buf;
                    } else {
                        out += static_cast<char>(c);
                    }
            }
            ++i;
            continue;
        }
        // Validate one UTF-8 sequence (no overlongs, no surrogates, <= U+10FFFF); copy it or emit U+FFFD.
        int len = (c >= 0xC2 && c <= 0xDF) ? 2 : (c >= 0xE0 && c <= 0xEF) ? 3 : (c >= 0xF0 && c <= 0xF4) ? 4 : 0;
        bool ok = len > 0 && i + len <= n;
        for (int k = 1; ok && k < len; ++k) ok = (p[i + k] & 0xC0) == 0x80;
        if (ok && len == 3) {
            if (c == 0xE0 && p[i + 1] < 0xA0) ok = false;
            if (c == 0xED && p[i + 1] >= 0xA0) ok = false;
        }
        if (ok && len == 4) {
            if (c == 0xF0 && p[i + 1] < 0x90) ok = false;
            if (c == 0xF4 && p[i + 1] >= 0x90) ok = false;
        }
        if (ok) {
            out.append(s, i, len);
            i += len;
        } else {
            out += "\xEF\xBF\xBD";
            ++i;
        }
    }
    out += '"';
    return out;
}

namespace {

void write_detail(JsonWriter& w, const DetailValue& v) {
    if (std::holds_alternative<double>(v)) w.value(std::get<double>(v));
    else if (std::holds_alternative<long long>(v)) w.value(std::get<long long>(v));
    else if (std::holds_alternative<bool>(v)) w.value(std::get<bool>(v));
    else w.value(std::get<std::string>(v));
}

// A "details" object, left out when there are none.
void write_details(JsonWriter& w, const std::vector<std::pair<std::string, DetailValue>>& details) {
    if (details.empty()) return;
    w.key("details").begin_object();
    for (const auto& d : details) {
        w.key(d.first);
        write_detail(w, d.second);
    }
    w.end_object();
}

void write_tests(JsonWriter& w, const std::vector<TestResult>& tests) {
    w.key("tests").begin_object();
    for (const auto& t : tests) {
        w.key(t.key).begin_object();
        w.key("status").value(to_string(t.status));
        w.key("value").value(t.value);
        w.key("unit").value(t.unit);
        w.key("baseline").value(t.baseline);
        w.key("ratio").value(t.ratio);
        if (t.reason.empty()) w.key("reason").null();
        else w.key("reason").value(t.reason);
        if (!t.precision.empty()) w.key("precision").value(t.precision);
        write_details(w, t.details);
        w.end_object();
    }
    w.end_object();
}

void opt_string(JsonWriter& w, const char* k, const std::string& v) {
    w.key(k);
    if (v.empty()) w.null();
    else w.value(v);
}

}  // namespace

std::string report_to_json(const RunReport& r) {
    JsonWriter w;
    w.begin_object();
    w.key("schema_version").value(r.schema_version);
    w.key("probe_version").value(r.probe_version);
    w.key("run_id").value(r.run_id);
    opt_string(w, "request_id", r.request_id);
    w.key("started_at").value(r.started_at);
    w.key("finished_at").value(r.finished_at);
    w.key("duration_seconds").value(r.duration_seconds);
    w.key("verdict").value(to_string(r.verdict));
    w.key("exit_code").value(r.exit_code);
    w.key("host").begin_object();
    w.key("hostname").value(r.host.hostname);
    w.key("kernel").value(r.host.kernel);
    w.key("os").value(r.host.os);
    opt_string(w, "driver", r.host.driver);
    opt_string(w, "cuda", r.host.cuda);
    w.key("cpu_model").value(r.host.cpu_model);
    w.key("logical_cpus").value(r.host.logical_cpus);
    w.end_object();
    w.key("scoring").begin_object();
    w.key("pass_ratio").value(r.pass_ratio);
    w.key("degraded_ratio").value(r.degraded_ratio);
    w.key("baselines").value(r.baselines_source);
    w.end_object();
    w.key("gpu_status").value(r.gpu_status);
    if (r.gpu_error) {
        w.key("gpu_error").begin_object().key("error_class").value(r.gpu_error->first);
        if (!r.gpu_error->second.empty()) w.key("error_code").value(r.gpu_error->second);
        w.end_object();
    }
    if (!r.gpus_not_visible.empty()) {
        w.key("gpus_not_visible").begin_array();
        for (const auto& uuid : r.gpus_not_visible) w.value(uuid);
        w.end_array();
    }
    w.key("gpus").begin_array();
    for (const auto& g : r.gpus) {
        w.begin_object();
        w.key("uuid").value(g.uuid);
        w.key("index").value(g.index);
        w.key("name").value(g.name);
        opt_string(w, "serial", g.serial);
        w.key("pci_bus_id").value(g.pci_bus_id);
        w.key("compute_capability").value(g.compute_capability);
        write_details(w, g.details);
        w.key("verdict").value(to_string(verdict_of_tests(g.tests)));
        write_tests(w, g.tests);
        w.end_object();
    }
    w.end_array();
    w.key("cpu").begin_object();
    w.key("verdict").value(to_string(verdict_of_tests(r.cpu_tests)));
    write_tests(w, r.cpu_tests);
    w.end_object();
    w.end_object();
    return w.str() + "\n";
}

}  // namespace gpuprobe
