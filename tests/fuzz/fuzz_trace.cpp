// Trace Event Format JSON (merged_swimlane*.json, CPM_*.json, other producers).
#include "fuzzinput.h"
#include "model/io/trace/tracereader.h"

#include <algorithm>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace lanescope;
    ensureCoreApplication();
    auto source = fuzzSource(data, size, "merged_swimlane_fuzz.json");
    Capture capture;
    ReadError error;
    readChromeTrace(*source, capture, &error);
    // Kept slice args are looked up by binary search: they must stay sorted by ref, and every
    // slice's lookup must only find its own.
    const auto &args = capture.traceSliceArgs;
    if (!std::is_sorted(args.begin(), args.end(),
                        [](const TraceSliceArg &a, const TraceSliceArg &b) { return a.ref < b.ref; }))
        __builtin_trap();
    for (const Lane &lane : capture.lanes)
        for (const Slice &s : lane.slices)
            for (const TraceSliceArg &a : traceSliceArgsOf(args, s.ref))
                if (a.ref != s.ref || a.key >= std::uint32_t(capture.strings.size()))
                    __builtin_trap();
    return 0;
}
