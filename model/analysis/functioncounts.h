#pragma once

#include "model/capture/capture.h"

#include <cstddef>
#include <vector>

namespace lanescope {

// How many rows each function has (func id -1: unresolved rows).
struct FunctionCount
{
    int funcId = -1;
    std::size_t rows = 0;
    friend bool operator==(const FunctionCount &, const FunctionCount &) = default;
};

// Every function of the capture's rows, the most frequent first, ties by ascending func id: the
// order the colour legend lists them in. One pass over the rows, done once per run by the document.
std::vector<FunctionCount> functionsByCount(const Capture &capture);

} // namespace lanescope
