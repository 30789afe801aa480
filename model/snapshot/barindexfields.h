#pragma once

#include "model/index/barindex.h"

#include <optional>

namespace lanescope {

namespace snapshot {
struct Out;
struct In;
} // namespace snapshot

// How a run's bar index travels in its snapshot, so that reopening reads it instead of walking
// every bar again: written part by part, and read back only once every part is checked against the
// run, as any input is. A level names only slices its lane holds; its blocks and buckets are as many
// as its size makes; a bucket's longest bar is a bar the lane could hold; every time is a number.
struct BarIndexFields
{
    static void put(snapshot::Out &io, const BarIndex &index);
    // The index of `run`, or nothing when the snapshot holds none or (having failed `io`) a broken one.
    static std::optional<BarIndex> get(snapshot::In &io, const Capture &run);
};

} // namespace lanescope
