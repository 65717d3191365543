// RAII handle for a dlopen'ed library and typed symbol lookup.
#pragma once
#include <dlfcn.h>

#include <string>
#include <vector>

namespace gpuprobe {

class DynLib {
public:
    DynLib() = default;
    DynLib(const DynLib&) = delete;
    DynLib& operator=(const DynLib&) = delete;
    ~DynLib() { close(); }
    // Tries each name in turn; returns false when none loads. error() then holds every attempt's dlerror, so that a
    // report says why each candidate was refused, not only the last.
    bool open(const std::vector<std::string>& names) {
        for (const auto& n : names)
            if (open_one(n)) return true;
        return false;
    }
    // Opens one name (closing any library held); on failure appends "name: dlerror" to error().
    bool open_one(const std::string& n) {
        close();
        handle_ = dlopen(n.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (handle_ != nullptr) {
            name_ = n;
            return true;
        }
        const char* e = dlerror();
        note(e != nullptr ? e : n + ": not found");
        return false;
    }
    // Appends a reason a candidate was refused (e.g. after loading it: too new for the driver).
    void note(const std::string& why) { error_ += (error_.empty() ? "" : "; ") + why; }
    void close() {
        if (handle_ != nullptr) dlclose(handle_);
        handle_ = nullptr;
        name_.clear();
    }
    template <typename F>
    bool sym(F& f, const char* name) const {
        f = reinterpret_cast<F>(dlsym(handle_, name));
        return f != nullptr;
    }
    bool loaded() const { return handle_ != nullptr; }
    const std::string& name() const { return name_; }
    const std::string& error() const { return error_; }

private:
    void* handle_ = nullptr;
    std::string name_;
    std::string error_;
};

}  // namespace gpuprobe
