#include "scopebufferorder.h"

#include <algorithm>
#include <limits>
#include <map>

namespace lanescope {

namespace {

std::uint64_t saturatingAdd(std::uint64_t a, std::uint64_t b)
{
    return b > std::numeric_limits<std::uint64_t>::max() - a ? std::numeric_limits<std::uint64_t>::max()
                                                             : a + b;
}

// Stable-sorts the samples at `at` (ascending indices) by buf_seq among those places.
void sortInPlace(std::vector<ScopeSample> &samples, const std::vector<std::size_t> &at)
{
    std::vector<ScopeSample> moved;
    moved.reserve(at.size());
    for (std::size_t i : at)
        moved.push_back(samples[i]);
    std::stable_sort(moved.begin(), moved.end(),
                     [](const ScopeSample &a, const ScopeSample &b) { return a.bufSeq < b.bufSeq; });
    for (std::size_t k = 0; k < at.size(); ++k)
        samples[at[k]] = moved[k];
}

} // namespace

std::vector<RunBufferOrder> orderSamplesByBuffer(std::vector<ScopeSample> &samples)
{
    std::map<std::uint64_t, std::vector<std::size_t>> positions; // run key -> sample indices
    for (std::size_t i = 0; i < samples.size(); ++i)
        if (samples[i].hasBufSeq)
            positions[scopeRunKey(samples[i])].push_back(i);

    std::vector<RunBufferOrder> runs;
    runs.reserve(positions.size());
    for (const auto &[run, at] : positions) {
        RunBufferOrder order;
        order.runKey = run;
        const auto late = std::adjacent_find(at.begin(), at.end(), [&](std::size_t a, std::size_t b) {
            return samples[a].bufSeq > samples[b].bufSeq;
        });
        if (late != at.end()) {
            order.firstOutOfOrder = samples[*std::next(late)].line;
            sortInPlace(samples, at);
        }
        for (std::size_t k = 1; k < at.size(); ++k) {
            const std::uint64_t prev = samples[at[k - 1]].bufSeq, next = samples[at[k]].bufSeq;
            if (next - prev <= 1) // the same buffer, or the next one
                continue;
            if (order.gaps++ == 0) {
                order.firstGapFrom = prev;
                order.firstGapTo = next;
                order.firstGapLine = samples[at[k]].line;
            }
            order.missingBuffers = saturatingAdd(order.missingBuffers, next - prev - 1);
        }
        runs.push_back(order);
    }
    return runs;
}

} // namespace lanescope
