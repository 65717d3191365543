#include <vector>

#include "options.h"
#include "probe.h"
#include "test_util.h"

using namespace gpuprobe;

static Status parse(std::vector<const char*> args, Options& o) {
    args.insert(args.begin(), "gpu-probe");
    return parse_options(static_cast<int>(args.size()), args.data(), o);
}

int main() {
    {
        Options o;
        EXPECT(parse({"--tests", "gemm_bf16,cpu_gemm_fp32", "-g", "0,1", "--gemm-size=4096", "-i", "7", "-w", "0",
                      "--mem-size-mib", "64", "-T", "2", "--json", "-", "--prom", "out.prom", "--pass-ratio", "0.95",
                      "--degraded-ratio=0.8", "--push", "http://w/x", "--token-file", "t"}, o).is_ok());
        EXPECT_EQ(o.tests.size(), 2u);
        EXPECT_EQ(o.tests[1], "cpu_gemm_fp32");
        EXPECT_EQ(o.gpus.size(), 2u);
        EXPECT_EQ(o.gpus[1].index, 1);
        EXPECT_EQ(o.gemm_size, 4096);
        EXPECT_EQ(o.iterations, 7);
        EXPECT_EQ(o.warmup, 0);
        EXPECT_EQ(o.mem_size_mib, 64);
        EXPECT_EQ(o.threads, 2);
        EXPECT_EQ(o.json_path, "-");
        EXPECT_EQ(o.prom_path, "out.prom");
        EXPECT(o.pass_ratio == 0.95 && o.degraded_ratio == 0.8);
    }
    {
        Options o;
        EXPECT(parse({}, o).is_ok());
        EXPECT(o.tests.empty() && o.gemm_size == 8192 && o.pass_ratio == 0.90 && o.degraded_ratio == 0.75);
        Options h;
        EXPECT(parse({"-h"}, h).is_ok() && h.help);
        Options l;
        EXPECT(parse({"--list"}, l).is_ok() && l.list);
    }
    // Bad flags: each one a usage error with a message.
    const std::vector<std::vector<const char*>> bad = {
        {"--bogus"}, {"-x"}, {"positional"}, {"--iterations"}, {"--iterations", "0"}, {"--iterations", "3x"},
        {"--gemm-size", "-5"}, {"--gpus", "a"}, {"--gpus", "-1"}, {"--gpus", "GPU-30ad6183"},
        {"--gpus", "GPU-30ad6183-8b71-2bb3-ac89-5528898394ecff"}, {"--gpus", "MIG-30ad6183"}, {"--gpus", "MIX-30ad6183-8b71-2bb3-ac89-5528898394ec"}, {"--test-timeout", "0"},
        {"--gemm-seconds", "-1"}, {"--inject-fault", "ecc"}, {"--tests", ","}, {"--help=yes"}, {"--pass-ratio", "0"},
        {"--pass-ratio", "0.7", "--degraded-ratio", "0.8"}, {"--token-file", "t"}, {"--test", "gemm_bf16"},
    };
    for (const auto& args : bad) {
        Options o;
        Status s = parse(args, o);
        EXPECT(!s.is_ok());
        EXPECT(!s.message().empty());
    }
    // --gpus: indices and UUIDs (any case), resolved against the GPUs present.
    {
        Options o;
        EXPECT(parse({"--gpus", "GPU-30AD6183-8b71-2bb3-ac89-5528898394ec,0"}, o).is_ok());
        EXPECT_EQ(o.gpus.size(), 2u);
        EXPECT_EQ(o.gpus[0].uuid, "GPU-30ad6183-8b71-2bb3-ac89-5528898394ec");
        EXPECT(o.gpus[0].index == -1 && o.gpus[1].index == 0 && o.gpus[1].uuid.empty());
        const std::vector<std::string> present = {"GPU-00000000-0000-0000-0000-000000000000",
                                                  "GPU-30ad6183-8b71-2bb3-ac89-5528898394ec"};
        struct Resolve {
            std::vector<const char*> args;
            std::vector<int> ordinals;  // empty with ok = false: a usage error
            bool ok;
            const char* names;          // a word the error must name; when ok, the UUID skipped as not visible
        };
        const std::vector<Resolve> cases = {
            {{}, {0, 1}, true, ""},
            {{"--gpus", "1"}, {1}, true, ""},
            {{"--gpus", "gpu-30ad6183-8b71-2bb3-ac89-5528898394ec"}, {1}, true, ""},
            {{"--gpus", "GPU-30ad6183-8b71-2bb3-ac89-5528898394ec,1,0"}, {1, 0}, true, ""},
            {{"--gpus", "GPU-11111111-2222-3333-4444-555555555555"}, {}, true, "GPU-11111111-2222-3333-4444-555555555555"},
            {{"--gpus", "GPU-11111111-2222-3333-4444-555555555555,GPU-30ad6183-8b71-2bb3-ac89-5528898394ec"}, {1}, true,
             "GPU-11111111-2222-3333-4444-555555555555"},
            {{"--gpus", "2"}, {}, false, "only 2 GPU(s)"},
        };
        for (const auto& c : cases) {
            Options sel;
            EXPECT(parse(c.args, sel).is_ok());
            std::vector<int> ordinals;
            std::vector<std::string> not_visible;
            Status st = resolve_gpu_selection(sel.gpus, present, ordinals, not_visible);
            EXPECT(st.is_ok() == c.ok);
            if (c.ok) EXPECT(ordinals == c.ordinals);
            else EXPECT(st.message().find(c.names) != std::string::npos);
            // A UUID no visible GPU has is skipped and named, never a usage error.
            const std::string named = c.names;
            if (c.ok && !named.empty()) EXPECT(not_visible == std::vector<std::string>{named});
            if (c.ok && named.empty()) EXPECT(not_visible.empty());
        }
        unsigned char bytes[16] = {0x30, 0xad, 0x61, 0x83, 0x8b, 0x71, 0x2b, 0xb3, 0xac, 0x89, 0x55, 0x28, 0x89, 0x83, 0x94, 0xec};
        EXPECT_EQ(format_gpu_uuid(bytes), present[1]);
        // A MIG slice prints as dcgm-exporter and nvidia-smi -L print it, and --gpus takes it (any case).
        EXPECT_EQ(format_gpu_uuid(bytes, true), "MIG-30ad6183-8b71-2bb3-ac89-5528898394ec");
        Options mig;
        EXPECT(parse({"--gpus", "mig-30AD6183-8b71-2bb3-ac89-5528898394ec"}, mig).is_ok());
        EXPECT_EQ(mig.gpus[0].uuid, "MIG-30ad6183-8b71-2bb3-ac89-5528898394ec");
        std::vector<int> ordinals;
        std::vector<std::string> not_visible;
        EXPECT(resolve_gpu_selection(mig.gpus, {present[0], "MIG-30ad6183-8b71-2bb3-ac89-5528898394ec"}, ordinals,
                                     not_visible).is_ok());
        EXPECT(ordinals == std::vector<int>{1});
    }
    // GPU environment and load options, with their defaults.
    {
        Options d;
        EXPECT(parse({}, d).is_ok());
        EXPECT(d.gemm_warmup_seconds == 1.0 && d.gemm_seconds == 2.0 && d.test_timeout_seconds == 120);
        EXPECT(d.cublaslt_path.empty() && d.inject_fault.empty());
        Options o;
        EXPECT(parse({"--gemm-warmup-seconds", "0.5", "--gemm-seconds=0", "--test-timeout", "3", "--cublaslt",
                      "/opt/lib/libcublasLt.so.12", "--inject-fault", "gemm-corrupt"}, o).is_ok());
        EXPECT(o.gemm_warmup_seconds == 0.5 && o.gemm_seconds == 0 && o.test_timeout_seconds == 3);
        EXPECT_EQ(o.cublaslt_path, "/opt/lib/libcublasLt.so.12");
        EXPECT_EQ(o.inject_fault, "gemm-corrupt");
    }
    // Exact key selection: no substring or prefix matching; order follows the registry; duplicates run once. A key
    // names one probe per scope: gemm_bf16 is the NVIDIA (cuBLASLt) and the AMD (rocBLAS) test.
    Registry reg = make_registry();
    std::vector<Probe*> sel;
    EXPECT(!select_probes(reg, {"gemm"}, sel).is_ok());
    EXPECT(!select_probes(reg, {"gemm_bf"}, sel).is_ok());
    EXPECT(select_probes(reg, {"cpu_memory_bandwidth", "gemm_bf16", "gemm_bf16"}, sel).is_ok());
    EXPECT_EQ(sel.size(), 3u);
    EXPECT(sel[0]->key() == "gemm_bf16" && sel[0]->scope() == Scope::gpu);
    EXPECT(sel[1]->key() == "gemm_bf16" && sel[1]->scope() == Scope::amd_gpu);
    for (std::size_t i = 0; i < reg.size(); ++i)
        for (std::size_t j = i + 1; j < reg.size(); ++j)
            EXPECT(reg[i]->key() != reg[j]->key() || reg[i]->scope() != reg[j]->scope());
    EXPECT(select_probes(reg, {}, sel).is_ok());
    EXPECT_EQ(sel.size(), reg.size());
    EXPECT(usage_text("gpu-probe").find("--mem-size-mib") != std::string::npos);
    return TEST_RESULT();
}
