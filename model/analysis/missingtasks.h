#pragma once

#include "model/capture/capture.h"

#include <cstdint>
#include <vector>

namespace lanescope {

// The tasks `capture`'s graph lists as work on a core (DepGraph::isKernelTask) that no row shows
// and no scheduler marker accounts for (a dummy task or a predicated skip, which run on no core by
// design), ascending: work the capture lacks, because it was cut short or a buffer was lost. Empty
// without deps.json's task list, which is what can tell.
std::vector<std::uint64_t> tasksWithoutRows(const Capture &capture);

} // namespace lanescope
