// A per-test watchdog: a hung GPU blocks forever inside the driver (cuEventSynchronize, a full launch queue), where
// no timeout can reach. The work runs on its own thread; the caller waits at most `seconds`. On expiry the thread is
// abandoned, still blocked, with everything it uses kept alive by the shared state, and the caller reports a timeout
// and ends the process without waiting for it (main.cpp).
#pragma once
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace gpuprobe {

template <typename T>
std::optional<T> run_with_watchdog(std::function<T()> work, double seconds) {
    struct Shared {
        std::mutex mutex;
        std::condition_variable done_cv;
        std::optional<T> result;
        std::function<T()> work;
    };
    auto shared = std::make_shared<Shared>();
    shared->work = std::move(work);
    std::thread([shared] {
        T value = shared->work();
        std::lock_guard<std::mutex> lock(shared->mutex);
        shared->result = std::move(value);
        shared->done_cv.notify_all();
    }).detach();
    std::unique_lock<std::mutex> lock(shared->mutex);
    shared->done_cv.wait_for(lock, std::chrono::duration<double>(seconds), [&] { return shared->result.has_value(); });
    return shared->result;
}

}  // namespace gpuprobe
