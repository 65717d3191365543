// Error handling: functions return a Status; CHECK macros turn a failed expression into a Status carrying the
// expression text, file and line. Only main() turns a status into an exit code.
#pragma once
#include <string>
#include <utility>

namespace gpuprobe {

class Status {
public:
    Status() = default;
    static Status ok() { return Status(); }
    static Status error(std::string message, const char* expr = nullptr, const char* file = nullptr, int line = 0) {
        Status s;
        s.ok_ = false;
        s.message_ = std::move(message);
        if (expr != nullptr) {
            s.message_ += " [" + std::string(expr) + " at " + base_name(file) + ":" + std::to_string(line) + "]";
        }
        return s;
    }
    bool is_ok() const { return ok_; }
    explicit operator bool() const { return ok_; }
    const std::string& message() const { return message_; }

private:
    static std::string base_name(const char* file) {
        std::string f = file == nullptr ? "" : file;
        auto slash = f.find_last_of('/');
        return slash == std::string::npos ? f : f.substr(slash + 1);
    }
    bool ok_ = true;
    std::string message_;
};

}  // namespace gpuprobe

// Returns an error Status from the enclosing function when `cond` is false.
#define CHECK(cond, message)                                                                 \
    do {                                                                                     \
        if (!(cond)) return ::gpuprobe::Status::error((message), #cond, __FILE__, __LINE__); \
    } while (0)

// Propagates a failed Status from a call.
#define CHECK_OK(expr)                         \
    do {                                       \
        ::gpuprobe::Status _s = (expr);        \
        if (!_s.is_ok()) return _s;            \
    } while (0)
