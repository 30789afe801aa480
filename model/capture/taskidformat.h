#pragma once

#include <cstdint>

namespace lanescope {

// How a capture's 64-bit task ids split into displayed parts (spec §3.5, §11; supplement §8).
enum class TaskIdFormat : std::uint8_t {
    RingLocal,  // tensormap_and_ringbuffer and older captures: (ring << 32) | local -> r<ring>t<local>
    HbgGlobal,  // host_build_graph, every id below 2^32: both HBG layouts read them alike -> t<local>
    HbgInGraph, // host_build_graph before #2299: (space << 32) | (graph << 10 | node) -> g<graph>t<node>
    HbgSubTask, // host_build_graph after #2299: (space << 62) | (parent << 32) | local -> t, g<parent>t, p
};

} // namespace lanescope
