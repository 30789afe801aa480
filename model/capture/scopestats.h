#pragma once

#include <QStringList>
#include <array>
#include <cstdint>
#include <vector>

namespace lanescope {

// scope_stats/scope_stats.jsonl (spec §8). Samples carry no timestamps (§8.4).
struct ScopeSample
{
    std::int64_t taskWindowStart = 0, taskWindowEnd = 0;
    std::uint64_t heapStart = 0, heapEnd = 0;
    std::int64_t depPoolStart = 0, depPoolEnd = 0;
    std::int64_t tensormap = 0;
    std::int32_t site = 0;     // index into ScopeStats::sites
    std::int32_t line = 0;     // 1-based line in the file, for messages
    std::int16_t depth = 0;
    std::int8_t ring = 0;
    bool begin = true;
    bool hasDepPool = false;
};

struct ScopeStats
{
    int version = 0;
    bool fatal = false;
    std::uint64_t dropped = 0;
    std::uint64_t total = 0;
    std::array<std::int64_t, 4> taskWindowMax = {0, 0, 0, 0};
    std::array<std::uint64_t, 4> heapMax = {0, 0, 0, 0};
    std::array<std::int64_t, 4> depPoolMax = {0, 0, 0, 0};
    bool hasDepPoolMax = false;
    std::int64_t tensormapMax = 0;
    QStringList sites;
    std::vector<ScopeSample> samples;

    bool isEmpty() const { return version == 0 && samples.empty(); }
};

} // namespace lanescope
