#pragma once

#include "model/capture/capture.h"
#include "model/io/json/bytesource.h"
#include "model/io/readerror.h"

namespace lanescope {

// Reads a chip_swimlane_records.json (or legacy name/shape) into `capture`: info (layout, levelKey, level,
// clockFreqHz, numCores, coreTypes, coreToThread, runtime, hostOrchestrated, hostClockAligned, baseCycles,
// partial, warnings), rows (joined, sorted by unsigned task id, file order kept within a task: stable sort),
// schedulerThreads, orchestratorLanes, hostUploads, phaseKinds.
// Returns false (with `error` set: file + byte offset + one-line reason) only when nothing usable can be
// read; truncated or partly bad input returns true with info.partial = true and warnings.
// `splitNear` ≥ 0 reads the file on two threads, cut at the stream member nearest that byte within a
// quarter of the file (recordssplit.h), where the source can be read out of order; the result is
// the same.
bool readRecords(ByteSource &source, Capture &capture, ReadError *error, const LoadControl *control = nullptr,
                 std::int64_t splitNear = -1);

} // namespace lanescope
