package org.aitelemetry.model.fleet;

/** Numeric precisions the GEMM probes measure. */
public enum Precision {
    FP64,
    FP32,
    TF32,
    BF16,
    FP16,
    FP8
}
