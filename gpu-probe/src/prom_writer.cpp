#include "prom_writer.h"

#include <cmath>
#include <map>
#include <vector>

#include "json_writer.h"

namespace gpuprobe {
namespace {

struct Family {
    std::string help;
    std::vector<std::string> samples;
};

class Exposition {
public:
    void add(const std::string& name, const std::string& help,
             const std::vector<std::pair<std::string, std::string>>& labels, double value) {
        auto it = index_.find(name);
        if (it == index_.end()) {
            it = index_.emplace(name, families_.size()).first;
            families_.push_back({name, Family{help, {}}});
        }
        std::string line = name;
        if (!labels.empty()) {
            line += '{';
            for (std::size_t i = 0; i < labels.size(); ++i) {
                if (i > 0) line += ',';
                line += labels[i].first + "=\"" + prom_escape_label(labels[i].second) + "\"";
            }
            line += '}';
        }
        line += ' ';
        line += format(value);
        families_[it->second].second.samples.push_back(line);
    }

    std::string str() const {
        std::string out;
        for (const auto& [name, fam] : families_) {
            out += "# HELP " + name + " " + escape_help(fam.help) + "\n";
            out += "# TYPE " + name + " gauge\n";
            for (const auto& s : fam.samples) out += s + "\n";
        }
        return out;
    }

private:
    static std::string format(double v) {
        if (std::isnan(v)) return "NaN";
        if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
        return JsonWriter::number(v);
    }
    static std::string escape_help(const std::string& h) {
        std::string out;
        for (char c : h) {
            if (c == '\\') out += "\\\\";
            else if (c == '\n') out += "\\n";
            else out += c;
        }
        return out;
    }
    std::map<std::string, std::size_t> index_;
    std::vector<std::pair<std::string, Family>> families_;
};

const TestStatus kStatuses[] = {TestStatus::passed, TestStatus::degraded, TestStatus::failed, TestStatus::waived,
                                TestStatus::error};

void add_tests(Exposition& e, const std::vector<TestResult>& tests,
               const std::vector<std::pair<std::string, std::string>>& base) {
    for (const auto& t : tests) {
        auto labels = base;
        labels.emplace_back("test", t.key);
        if (!t.precision.empty()) labels.emplace_back("precision", t.precision);
        if (t.value && !t.metric.empty()) {
            e.add("gpu_probe_" + t.metric, t.metric_help, labels, *t.value * t.metric_scale);
        }
        if (t.baseline && !t.metric.empty()) {
            e.add("gpu_probe_" + t.metric + "_baseline", "Baseline of gpu_probe_" + t.metric + " for this SKU.",
                  labels, *t.baseline * t.metric_scale);
        }
        if (t.ratio) e.add("gpu_probe_test_ratio", "Measured value divided by the SKU baseline.", labels, *t.ratio);
        for (TestStatus s : kStatuses) {
            auto sl = labels;
            sl.emplace_back("status", to_string(s));
            e.add("gpu_probe_test_status", "Test outcome as a state set: 1 for the test's status, 0 for the others.",
                  sl, t.status == s ? 1.0 : 0.0);
        }
    }
}

}  // namespace

std::string prom_escape_label(const std::string& v) {
    std::string out;
    for (char c : v) {
        if (c == '\\') out += "\\\\";
        else if (c == '"') out += "\\\"";
        else if (c == '\n') out += "\\n";
        else out += c;
    }
    return out;
}

std::string report_to_prometheus(const RunReport& r) {
    Exposition e;
    e.add("gpu_probe_info", "Probe run identity; always 1.",
          {{"run_id", r.run_id}, {"version", r.probe_version}, {"hostname", r.host.hostname},
           {"driver", r.host.driver}, {"cuda", r.host.cuda}},
          1.0);
    e.add("gpu_probe_run_started_timestamp_seconds", "Unix time the run started.", {}, r.started_unix_seconds);
    e.add("gpu_probe_run_duration_seconds", "Wall time of the whole run.", {}, r.duration_seconds);
    e.add("gpu_probe_exit_code", "Exit code: 0 healthy, 1 unhealthy, 3 no GPU or driver.", {},
          static_cast<double>(r.exit_code));
    e.add("gpu_probe_gpus", "GPUs probed in this run.", {}, static_cast<double>(r.gpus.size()));
    for (const auto& g : r.gpus) {
        Verdict v = verdict_of_tests(g.tests);
        for (Verdict s : {Verdict::healthy, Verdict::degraded, Verdict::failed}) {
            e.add("gpu_probe_gpu_verdict", "GPU verdict as a state set: 1 for the GPU's verdict.",
                  {{"uuid", g.uuid}, {"gpu", std::to_string(g.index)}, {"verdict", to_string(s)}},
                  v == s ? 1.0 : 0.0);
        }
    }
    for (const auto& g : r.gpus) add_tests(e, g.tests, {{"uuid", g.uuid}, {"gpu", std::to_string(g.index)}});
    add_tests(e, r.cpu_tests, {{"uuid", ""}, {"gpu", "cpu"}});
    return e.str();
}

}  // namespace gpuprobe
