#pragma once

#include "rawrecords.h"

#include "model/capture/capture.h"

#include <cstdint>
#include <vector>

namespace lanescope {

class CaptureTimeBase;

// The kernel launches of a records file (field supplement §3): metadata.run_boundaries names where
// each launch of a DFX window starts, and the rows and records of one launch are joined and analysed
// apart from the others'. A file with one boundary (or none) is one run, as before launches. When
// boundaries were dropped, or some entry is not a [k, start_cycles] pair, the launches cannot be told
// apart: nothing is guessed, the file stays one run, flagged partial, and is not analysed.

// The starts of the file's launches in device cycles, ascending; empty unless it has several that
// can be told apart.
std::vector<std::uint64_t> launchStartCycles(const RawRecords &raw);

// Puts the launches on the capture's axis (info.launches, in start order) or, when they cannot be
// told apart, says so (info.launchesUnknown) with a warning naming the file and the count.
void applyLaunchBoundaries(const RawRecords &raw, const CaptureTimeBase &timeBase, Capture &capture,
                           const QString &fileName);

} // namespace lanescope
