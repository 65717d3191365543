// The catalogue: both shipped files parse and agree with each other; the parser's rules, table-driven.
#include <cctype>
#include <vector>

#include "baselines.h"
#include "test_util.h"

using namespace gpuprobe;

static const char* kSkus =
    "# comment\r\n"
    "product_name,architecture,memory_bandwidth_gbps,pcie_gen,pcie_width,precision,peak_tflops\r\n"
    "\"GPU, \"\"A\"\"\",X,1000,5,16,BF16,100\r\n"
    "\"GPU, \"\"A\"\"\",X,1000,5,16,FP32,10\r\n";
static const char* kHeader = "product_name,test,achievable,unit,source\n";

static Status baselines(const std::string& rows, Baselines& out) {
    CHECK_OK(Baselines::parse_skus(kSkus, out));
    return Baselines::parse_baselines(std::string(kHeader) + rows, out);
}

int main(int argc, char** argv) {
    EXPECT(argc == 3);
    // The shipped files, read from the source tree and as embedded: the same figures.
    Baselines file;
    Status s = Baselines::load(argv[1], argv[2], file);
    if (!s) std::fprintf(stderr, "%s\n", s.message().c_str());
    EXPECT(s.is_ok());
    Baselines embedded;
    EXPECT(Baselines::load("", "", embedded).is_ok());
    EXPECT_EQ(embedded.source, "embedded");
    EXPECT_EQ(embedded.size(), file.size());
    const char* fleet[] = {"NVIDIA A100-SXM4-40GB", "NVIDIA A100-SXM4-80GB", "NVIDIA A100 80GB PCIe",
                           "NVIDIA H100 80GB HBM3", "NVIDIA H100 PCIe", "NVIDIA H100 NVL", "NVIDIA H200",
                           "NVIDIA L40S", "NVIDIA L4", "Tesla V100-SXM2-16GB", "Tesla V100-SXM2-32GB"};
    for (const char* name : fleet) {
        const Sku* sku = file.find(name);
        EXPECT(sku != nullptr && sku->pcie_gen && sku->pcie_width == 16);
        if (sku == nullptr) continue;
        // Every precision of the SKU and every bandwidth test has a row: a figure or the reason there is none.
        for (const auto& p : sku->peak_tflops) {
            std::string key = "gemm_" + p.first;
            for (auto& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            const Baseline* b = file.baseline(name, key);
            EXPECT(b != nullptr && !b->source.empty() && b->unit == "TFLOP/s");
        }
        for (const char* key : {"device_memory_bandwidth", "h2d_bandwidth", "d2h_bandwidth"}) {
            const Baseline* b = file.baseline(name, key);
            EXPECT(b != nullptr && !b->source.empty() && b->unit == "GB/s");
        }
    }
    EXPECT(file.find("NVIDIA H100 80GB HBM3")->pcie_gen == 5);
    EXPECT(file.find("Tesla V100-SXM2-32GB")->pcie_gen == 3);
    EXPECT(file.achievable("NVIDIA H100 80GB HBM3", "gemm_bf16") == 794.5);
    EXPECT(file.achievable("NVIDIA H100 80GB HBM3", "device_memory_bandwidth") == 2540.0);
    EXPECT(!file.achievable("NVIDIA H100 80GB HBM3", "gemm_fp16"));  // no published measurement: empty
    EXPECT(!file.achievable("NVIDIA H100", "gemm_bf16"));            // exact product names only
    EXPECT(embedded.achievable("NVIDIA H200", "gemm_fp8") == file.achievable("NVIDIA H200", "gemm_fp8"));

    // Parser rules: quoting, CRLF and comments pass; each bad row is an error.
    Baselines ok;
    EXPECT(baselines("\"GPU, \"\"A\"\"\",gemm_bf16,80,TFLOP/s,\"paper, table 2\"\n"
                     "\"GPU, \"\"A\"\"\",device_memory_bandwidth,,GB/s,none published\n", ok).is_ok());
    EXPECT(ok.achievable("GPU, \"A\"", "gemm_bf16") == 80.0);
    EXPECT_EQ(ok.baseline("GPU, \"A\"", "gemm_bf16")->source, "paper, table 2");
    EXPECT(!ok.achievable("GPU, \"A\"", "device_memory_bandwidth"));
    EXPECT(ok.find("GPU, \"A\"")->pcie_gen == 5);
    const std::vector<std::string> bad = {
        "\"GPU, \"\"A\"\"\",gemm_bf16,abc,TFLOP/s,x\n",            // not a number
        "\"GPU, \"\"A\"\"\",gemm_bf16,80,GB/s,x\n",                // wrong unit
        "\"GPU, \"\"A\"\"\",gemm_bf16,80,TFLOP/s,\n",              // no source
        "\"GPU, \"\"A\"\"\",gemm_bf,80,TFLOP/s,x\n",               // not a test key
        "\"GPU, \"\"A\"\"\",nvml_power,80,watts,x\n",              // a test without baselines
        "Other GPU,gemm_bf16,80,TFLOP/s,x\n",                      // SKU not in the catalogue
        "\"GPU, \"\"A\"\"\",gemm_fp8,80,TFLOP/s,x\n",              // precision the SKU lacks
        "\"GPU, \"\"A\"\"\",gemm_bf16,100,TFLOP/s,x\n",            // not below the datasheet peak
        "\"GPU, \"\"A\"\"\",device_memory_bandwidth,1000,GB/s,x\n",  // not below the datasheet peak
        "\"GPU, \"\"A\"\"\",gemm_fp32,9,TFLOP/s,x\n\"GPU, \"\"A\"\"\",gemm_fp32,8,TFLOP/s,y\n",  // a second row
        "\"GPU, \"\"A\"\"\",gemm_fp32,9,TFLOP/s\n",                // field count
    };
    for (const auto& rows : bad) {
        Baselines b;
        Status st = baselines(rows, b);
        EXPECT(!st.is_ok());
        if (st.is_ok()) std::fprintf(stderr, "accepted: %s", rows.c_str());
    }
    Baselines no_column;
    EXPECT(!Baselines::parse_skus("product_name,precision\nA,BF16\n", no_column).is_ok());
    Baselines missing;
    EXPECT(!Baselines::load("/nonexistent.csv", "", missing).is_ok());
    return TEST_RESULT();
}
