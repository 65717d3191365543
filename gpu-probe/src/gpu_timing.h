// Timing GPU work with CUDA events, without the host in the measured intervals: every operation and event of a run
// is queued first and the host waits once at the end, so launch overhead and host wake-up never count.
#pragma once
#include <functional>
#include <vector>

#include "check.h"

namespace gpuprobe {

class GpuDevice;

// Queues `batches` × (`per_batch` × op, event) after a start event, waits once, and gives the time of one op in
// each batch (batch time / per_batch), in milliseconds.
Status time_queued(GpuDevice& g, int batches, long long per_batch, const std::function<Status()>& op,
                   std::vector<double>& ms_per_op);

struct WarmUp {
    long long ops = 0;
    double wall_seconds = 0;
    double seconds_per_op = 0;  // from the last (largest) chunk, where one wait is spread over the most ops
};

// Runs op untimed until at least `seconds` of wall time have passed (at least `min_ops` ops), in chunks that double
// up to 1024 ops, each queued then waited on once.
Status warm_up(GpuDevice& g, double seconds, long long min_ops, const std::function<Status()>& op, WarmUp& out);

}  // namespace gpuprobe
