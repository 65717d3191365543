#include "lib_search.h"

#include <glob.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace gpuprobe {
namespace {

namespace fs = std::filesystem;
const std::string kStem = "libcublasLt.so";
const char* const kSonames[] = {"libcublasLt.so.13", "libcublasLt.so.12", "libcublasLt.so.11"};

std::vector<std::string> glob_dirs(const std::string& pattern) {
    std::vector<std::string> out;
    glob_t g {};
    if (glob(pattern.c_str(), GLOB_ONLYDIR, nullptr, &g) == 0)
        for (std::size_t i = 0; i < g.gl_pathc; ++i) out.emplace_back(g.gl_pathv[i]);
    globfree(&g);
    return out;
}

// The numbers after ".so." ("12.8.4.1" → {12, 8, 4, 1}), for ordering the files of one folder newest first.
std::vector<int> version_of(const std::string& file_name) {
    std::vector<int> v;
    if (file_name.rfind(kStem + ".", 0) != 0) return v;
    std::string rest = file_name.substr(kStem.size() + 1);
    std::size_t pos = 0;
    while (pos < rest.size()) {
        std::size_t dot = rest.find('.', pos);
        std::string part = rest.substr(pos, dot == std::string::npos ? std::string::npos : dot - pos);
        if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos) return {};
        v.push_back(std::atoi(part.c_str()));
        if (dot == std::string::npos) break;
        pos = dot + 1;
    }
    return v;
}

std::vector<std::string> files_in(const std::string& dir) {
    std::vector<std::pair<std::vector<int>, std::string>> found;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name == kStem || !version_of(name).empty()) found.emplace_back(version_of(name), it->path().string());
    }
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<std::string> out;
    for (auto& f : found) out.push_back(std::move(f.second));
    return out;
}

}  // namespace

int library_cuda_major(const std::string& file_name) {
    const std::string base = fs::path(file_name).filename().string();
    std::vector<int> v = version_of(base);
    return v.empty() ? 0 : v.front();
}

std::vector<std::string> default_cublaslt_dirs() {
    std::vector<std::string> patterns;
    for (const char* env : {"CUDA_HOME", "CUDA_PATH"})
        if (const char* v = std::getenv(env); v != nullptr && *v != '\0') patterns.push_back(std::string(v) + "/lib64");
    for (const char* p : {"/usr/local/cuda/lib64", "/usr/local/cuda-*/lib64", "/usr/local/cuda*/targets/*/lib",
                          "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64",
                          "/usr/lib/python3*/site-packages/nvidia/cublas/lib",
                          "/usr/local/lib/python3*/site-packages/nvidia/cublas/lib",
                          "/usr/local/lib/python3*/dist-packages/nvidia/cublas/lib",
                          "/usr/lib/python3/dist-packages/nvidia/cublas/lib",
                          "/opt/conda/lib/python3*/site-packages/nvidia/cublas/lib"})
        patterns.emplace_back(p);
    if (const char* venv = std::getenv("VIRTUAL_ENV"); venv != nullptr && *venv != '\0')
        patterns.push_back(std::string(venv) + "/lib/python3*/site-packages/nvidia/cublas/lib");
    std::vector<std::string> dirs;
    for (const auto& p : patterns)
        for (auto& d : glob_dirs(p)) {
            const std::string canonical = fs::weakly_canonical(d).string();
            if (std::find(dirs.begin(), dirs.end(), canonical) == dirs.end()) dirs.push_back(canonical);
        }
    return dirs;
}

std::vector<std::string> cublaslt_candidates(const std::string& explicit_path, const std::vector<std::string>& dirs,
                                             int driver_cuda_major, std::vector<std::string>& skipped) {
    std::vector<std::string> all;
    if (!explicit_path.empty()) {
        std::error_code ec;
        if (fs::is_directory(explicit_path, ec)) {
            all = files_in(explicit_path);
            if (all.empty()) skipped.push_back(explicit_path + ": no " + kStem + "* in this folder");
        } else {
            all.push_back(explicit_path);
        }
    } else {
        all.assign(std::begin(kSonames), std::end(kSonames));
        for (const auto& d : dirs)
            for (auto& f : files_in(d)) all.push_back(std::move(f));
    }
    std::vector<std::string> out;
    for (auto& c : all) {
        const int major = library_cuda_major(c);
        if (driver_cuda_major > 0 && major > driver_cuda_major) {
            skipped.push_back(c + ": CUDA " + std::to_string(major) + " library, the driver supports CUDA " +
                              std::to_string(driver_cuda_major));
        } else if (std::find(out.begin(), out.end(), c) == out.end()) {
            out.push_back(std::move(c));
        }
    }
    return out;
}

}  // namespace gpuprobe
