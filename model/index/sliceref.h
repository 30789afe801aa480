#pragma once

#include <cstddef>

namespace lanescope {

// One bar of the timeline: a Capture::lanes index and an index into that lane's slices.
struct SliceRef
{
    int lane = -1;
    std::size_t slice = 0;

    bool isValid() const { return lane >= 0; }
    friend bool operator==(const SliceRef &, const SliceRef &) = default;
};

} // namespace lanescope
