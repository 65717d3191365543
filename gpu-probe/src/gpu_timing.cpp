#include "gpu_timing.h"

#include <algorithm>
#include <chrono>
#include <memory>

#include "gpu_device.h"

namespace gpuprobe {

Status time_queued(GpuDevice& g, int batches, long long per_batch, const std::function<Status()>& op,
                   std::vector<double>& ms_per_op) {
    CudaApi& cu = g.cu;
    std::vector<std::unique_ptr<Event>> events;
    for (int i = 0; i <= batches; ++i) {
        events.push_back(std::make_unique<Event>(cu));
        CHECK_CU(cu, events.back()->status());
    }
    CHECK_CU(cu, cu.cuEventRecord(events[0]->get(), g.stream));
    for (int b = 0; b < batches; ++b) {
        for (long long i = 0; i < per_batch; ++i) CHECK_OK(op());
        CHECK_CU(cu, cu.cuEventRecord(events[b + 1]->get(), g.stream));
    }
    CHECK_CU(cu, cu.cuEventSynchronize(events[batches]->get()));
    for (int b = 0; b < batches; ++b) {
        float ms = 0;
        CHECK_CU(cu, cu.cuEventElapsedTime(&ms, events[b]->get(), events[b + 1]->get()));
        ms_per_op.push_back(static_cast<double>(ms) / static_cast<double>(per_batch));
    }
    return Status::ok();
}

Status warm_up(GpuDevice& g, double seconds, long long min_ops, const std::function<Status()>& op, WarmUp& out) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    out = WarmUp{};
    for (long long chunk = 1; out.ops < min_ops || out.wall_seconds < seconds; chunk = std::min(chunk * 2, 1024LL)) {
        const auto chunk_start = Clock::now();
        for (long long i = 0; i < chunk; ++i) CHECK_OK(op());
        CHECK_CU(g.cu, g.cu.cuStreamSynchronize(g.stream));
        const auto now = Clock::now();
        out.ops += chunk;
        out.wall_seconds = std::chrono::duration<double>(now - start).count();
        out.seconds_per_op = std::chrono::duration<double>(now - chunk_start).count() / static_cast<double>(chunk);
    }
    return Status::ok();
}

}  // namespace gpuprobe
