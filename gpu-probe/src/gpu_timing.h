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

// Runs op untimed until at least `seconds` of wall time have passed (at least `min_ops` ops), in growing chunks
// queued then waited on; gives how many ran and the wall time, for sizing the timed batches.
Status warm_up(GpuDevice& g, double seconds, long long min_ops, const std::function<Status()>& op, long long& ops,
               double& wall_seconds);

}  // namespace gpuprobe
