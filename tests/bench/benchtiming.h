#pragma once

// Timing shared by the painting benchmarks.

#include <algorithm>
#include <ctime>
#include <functional>
#include <vector>

namespace lanescope::bench {

// CPU time of this thread: painting is single-threaded, and what other processes take from the
// machine while a benchmark runs is not the frame's cost.
inline double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

inline double median(std::vector<double> ms)
{
    std::sort(ms.begin(), ms.end());
    return ms.empty() ? 0.0 : ms[ms.size() / 2];
}

// The median CPU time of `runs` calls of `work`.
inline double medianCpuMs(int runs, const std::function<void()> &work)
{
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        const double start = threadCpuMs();
        work();
        ms.push_back(threadCpuMs() - start);
    }
    return median(std::move(ms));
}

} // namespace lanescope::bench
