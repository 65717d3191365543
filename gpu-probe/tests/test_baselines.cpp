#include "baselines.h"
#include "test_util.h"

using namespace gpuprobe;

int main(int argc, char** argv) {
    EXPECT(argc == 2);
    Baselines file;
    Status s = Baselines::load_file(argv[1], file);
    if (!s) std::fprintf(stderr, "%s\n", s.message().c_str());
    EXPECT(s.is_ok());
    EXPECT(file.size() >= 5);
    auto bf16 = file.achievable_tflops("NVIDIA H100 80GB HBM3", "BF16");
    EXPECT(bf16 && *bf16 > 500 && *bf16 < 989.4);  // a measured figure, below the datasheet peak
    EXPECT(!file.achievable_tflops("NVIDIA H100 80GB HBM3", "FP8"));  // not yet measured: empty
    EXPECT(!file.achievable_tflops("NVIDIA H100", "BF16"));           // exact product names only
    const Sku* h100 = file.find("NVIDIA H100 80GB HBM3");
    EXPECT(h100 != nullptr && h100->memory_bandwidth_gbps && h100->precisions.count("FP64") == 1);
    // The embedded copy is the same file.
    Baselines embedded;
    EXPECT(Baselines::load_embedded(embedded).is_ok());
    EXPECT_EQ(embedded.size(), file.size());
    EXPECT(embedded.achievable_tflops("NVIDIA H100 80GB HBM3", "BF16") == bf16);
    // Quoting, comments, CRLF and errors.
    Baselines q;
    EXPECT(Baselines::parse("# c\r\nproduct_name,precision,peak_tflops,achievable_tflops\r\n\"A, \"\"x\"\"\",BF16,10,8\r\n", q).is_ok());
    EXPECT(q.achievable_tflops("A, \"x\"", "BF16") == 8.0);
    Baselines bad;
    EXPECT(!Baselines::parse("product_name,precision\nA,B\n", bad).is_ok());
    Baselines bad2;
    EXPECT(!Baselines::parse("product_name,precision,achievable_tflops\nA,BF16,abc\n", bad2).is_ok());
    Baselines bad3;
    EXPECT(!Baselines::parse("product_name,precision,achievable_tflops\nA,BF16\n", bad3).is_ok());
    Baselines missing;
    EXPECT(!Baselines::load_file("/nonexistent.csv", missing).is_ok());
    return TEST_RESULT();
}
