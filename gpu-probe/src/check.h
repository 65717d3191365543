// Error handling: functions return a Status; CHECK macros turn a failed expression into a Status carrying the
// expression text, file and line, and, where the failing call says why, an error class and the library's error name
// (the worker reads those, never the message). Only main() turns a status into an exit code.
#pragma once
#include <string>
#include <utility>

namespace gpuprobe {

// Why a test could not give a result: the run lacked something (resource), the node lacks something (environment),
// it ran out of time (timeout), the GPU reported a fault (hardware), or it cannot be told (unknown).
enum class ErrorClass { unknown, resource, environment, timeout, hardware };
inline const char* to_string(ErrorClass c) {
    switch (c) {
        case ErrorClass::resource: return "resource";
        case ErrorClass::environment: return "environment";
        case ErrorClass::timeout: return "timeout";
        case ErrorClass::hardware: return "hardware";
        case ErrorClass::unknown: break;
    }
    return "unknown";
}

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
    // The same error with its class and the library's error name (e.g. CUDA_ERROR_OUT_OF_MEMORY).
    Status classified(ErrorClass c, std::string code = "") const {
        Status s = *this;
        s.error_class_ = c;
        s.error_code_ = std::move(code);
        return s;
    }
    bool is_ok() const { return ok_; }
    ErrorClass error_class() const { return error_class_; }
    const std::string& error_code() const { return error_code_; }
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
    ErrorClass error_class_ = ErrorClass::unknown;
    std::string error_code_;
};

}  // namespace gpuprobe

// Returns an error Status from the enclosing function when `cond` is false.
#define CHECK(cond, message)                                                                 \
    do {                                                                                     \
        if (!(cond)) return ::gpuprobe::Status::error((message), #cond, __FILE__, __LINE__); \
    } while (0)

// As CHECK, with the class of error a false `cond` means (e.g. environment: "cuBLASLt has no FP8 algorithm").
#define CHECK_AS(cond, message, error_class)                                                                  \
    do {                                                                                                      \
        if (!(cond))                                                                                          \
            return ::gpuprobe::Status::error((message), #cond, __FILE__, __LINE__).classified(error_class);  \
    } while (0)

// Propagates a failed Status from a call.
#define CHECK_OK(expr)                         \
    do {                                       \
        ::gpuprobe::Status _s = (expr);        \
        if (!_s.is_ok()) return _s;            \
    } while (0)
