#pragma once

#include "stringtable.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace lanescope {

// The arg that says which run wrote an event (supplement §4.3); kept for every slice that has it.
inline constexpr std::string_view kRunEpochArg = "run_epoch";

// A numeric arg of a trace slice kept for its details (e.g. scheduler-duration-us). Only a few keys
// are kept, and only for the slices that carry them, so a large trace pays nothing for the rest.
struct TraceSliceArg
{
    std::uint32_t ref = 0; // the slice's Slice::ref (its event's ordinal)
    std::uint32_t key = 0; // Capture::strings index of the arg's name
    double value = 0;
};

// The kept args of the slice with this ref, in file order; `args` is sorted by ref.
inline std::span<const TraceSliceArg> traceSliceArgsOf(const std::vector<TraceSliceArg> &args,
                                                       std::uint32_t ref)
{
    const auto [first, last] =
        std::equal_range(args.begin(), args.end(), TraceSliceArg{ref, 0, 0},
                         [](const TraceSliceArg &a, const TraceSliceArg &b) { return a.ref < b.ref; });
    return {first, last};
}

// The run (supplement §4.3) of the trace slice with this ref: its kept kRunEpochArg, 0 = none
// (epochs count from 1).
inline std::uint32_t traceRunEpochOf(const std::vector<TraceSliceArg> &args, const StringTable &strings,
                                     std::uint32_t ref)
{
    const std::int64_t key = strings.find(QLatin1String(kRunEpochArg.data(), qsizetype(kRunEpochArg.size())));
    if (key < 0)
        return 0;
    for (const TraceSliceArg &a : traceSliceArgsOf(args, ref))
        if (a.key == std::uint32_t(key))
            return std::uint32_t(a.value);
    return 0;
}

} // namespace lanescope
