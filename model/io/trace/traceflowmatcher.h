#pragma once

#include "traceevent.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace lanescope {

// A v1 flow event ("s" start, "t" step, "f" finish) bound to the thread it was recorded on.
struct FlowMark
{
    std::uint32_t cat = 0; // Utf8Interner id
    TraceId id;
    double ts = 0;            // absolute
    std::uint32_t thread = 0; // builder's thread index
    std::uint32_t ordinal = 0;
    std::uint32_t name = 0; // Capture::strings id
    std::int32_t rank = -1; // joins only marks of this rank; -1 = the id alone decides
    char phase = 's';
};

// A v2 flow endpoint: a slice carrying "flow_out" and/or "flow_in" with a "bind_id" (or "id").
struct FlowEndpoint
{
    TraceId id;
    double startUs = 0; // absolute; arrows arrive at the slice's start
    double endUs = 0;   // absolute; arrows leave from the slice's end
    std::uint32_t thread = 0;
    std::uint32_t ordinal = 0;
    std::int32_t rank = -1; // as FlowMark::rank
    bool in = false;
    bool out = false;
};

// One arrow, still in thread indices and absolute time.
struct FlowLink
{
    std::uint32_t fromThread = 0;
    std::uint32_t toThread = 0;
    double fromUs = 0;
    double toUs = 0;
    std::uint32_t name = 0;
};

// Chains v1 flow events that share (cat, id, rank) in time order: s→t→…→f gives one arrow per step.
// A start never continued and a step or finish with no open chain are paired with each other in
// time order: a flow whose finish comes before its start is kept as an arrow backwards in time (a
// happens-before violation). What is left unpaired counts as unmatched. Sorts `marks`.
void matchV1Flows(std::vector<FlowMark> &marks, std::vector<FlowLink> &out, std::size_t &unmatched);

// Links each flow_out slice to every later flow_in slice with the same id and rank, until the next
// flow_out of that id takes over; a slice with both flags continues the chain. Unused flow_out
// slices and flow_in slices with no earlier flow_out are paired in time order, backwards in time,
// as in matchV1Flows. Sorts `ends`.
void matchV2Flows(std::vector<FlowEndpoint> &ends, std::uint32_t name, std::vector<FlowLink> &out,
                  std::size_t &unmatched);

} // namespace lanescope
