#pragma once

#include "capture.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace lanescope {

// Every bar a search can find, in the order results are listed (start time, then lane, then
// slice), with what a query matches it by. Built once per run by the document, so that a query
// only marks the names it matches and filters this list: no pass over the rows, no sort.
class SliceSearchIndex
{
public:
    struct Bar
    {
        std::int32_t lane = -1;
        std::uint32_t slice = 0;
        // Worker lanes: index into functions(); trace lanes: the slice's label (Capture::strings);
        // -1 for a bar found only by its lane's name.
        std::int32_t key = -1;
        bool firstOfLane = false;    // slice 0 of a non-empty lane: found by the lane's name
        std::uint8_t unused[3] = {}; // as PhaseRecord's
    };

    SliceSearchIndex() = default;
    explicit SliceSearchIndex(const Capture &capture);
    // Takes back the index of `capture` as bars(), functions() and functionNames() gave it, as a
    // snapshot keeps it; nothing when a part does not fit the capture (a bar past its lane, a key
    // past what it names, bars out of time order): a snapshot is checked, never trusted.
    static std::optional<SliceSearchIndex> restore(const Capture &capture, FlatArray<Bar> bars,
                                                   std::vector<int> functions,
                                                   std::vector<QString> functionNames);

    const FlatArray<Bar> &bars() const { return m_bars; }
    // The distinct func ids of the rows, ascending, and their names (labels.h functionName).
    const std::vector<int> &functions() const { return m_functions; }
    const std::vector<QString> &functionNames() const { return m_functionNames; }
    std::size_t memoryBytes() const { return m_bars.memoryBytes() + m_functions.capacity() * sizeof(int); }

private:
    FlatArray<Bar> m_bars;
    std::vector<int> m_functions;
    std::vector<QString> m_functionNames;
};

} // namespace lanescope
