// A small streaming JSON writer (RFC 8259): correct string escaping, invalid UTF-8 replaced by U+FFFD,
// shortest round-trip numbers, NaN/Inf as null; and the report serialiser built on it.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "result.h"

namespace gpuprobe {

class JsonWriter {
public:
    explicit JsonWriter(int indent = 2) : indent_(indent) {}
    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();
    JsonWriter& key(const std::string& k);
    JsonWriter& value(const std::string& s);
    JsonWriter& value(const char* s) { return value(std::string(s)); }
    JsonWriter& value(double d);
    JsonWriter& value(long long i);
    JsonWriter& value(int i) { return value(static_cast<long long>(i)); }
    JsonWriter& value(bool b);
    JsonWriter& null();
    JsonWriter& value(const std::optional<double>& d) { return d ? value(*d) : null(); }
    const std::string& str() const { return out_; }

    static std::string escape(const std::string& s);  // with the surrounding quotes
    static std::string number(double d);

private:
    void before_value();
    JsonWriter& close(char bracket);
    void newline();
    std::string out_;
    std::vector<bool> first_;  // per open container: no member written yet
    int indent_;
    bool after_key_ = false;
};

std::string report_to_json(const RunReport& report);

}  // namespace gpuprobe
