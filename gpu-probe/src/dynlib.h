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
    ~DynLib() {
        if (handle_ != nullptr) dlclose(handle_);
    }
    // Tries each name in turn; returns false (and fills error()) when none loads.
    bool open(const std::vector<std::string>& names) {
        for (const auto& n : names) {
            handle_ = dlopen(n.c_str(), RTLD_NOW | RTLD_LOCAL);
            if (handle_ != nullptr) {
                name_ = n;
                return true;
            }
            const char* e = dlerror();
            error_ = e != nullptr ? e : n + ": not found";
        }
        return false;
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
