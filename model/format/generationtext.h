#pragma once

#include "model/capture/capture.h"

#include <QString>

namespace lanescope {

// Which generation of the records file was detected, in one sentence for the file info (field
// supplement §1): its scheduler records, whether it carries a run identity, and its runtime, e.g.
// "scheduler record streams, no run identity, runtime inferred from the task ids
// (tensormap_and_ringbuffer)".
QString generationText(const Capture &capture);

// The runtime's name and whether it was inferred rather than written in metadata.runtime.
bool runtimeInferred(const CaptureInfo &info);

} // namespace lanescope
