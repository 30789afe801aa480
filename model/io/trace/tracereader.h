#pragma once

#include "model/capture/capture.h"
#include "model/io/json/bytesource.h"
#include "model/io/readerror.h"

namespace lanescope {

// Reads any Trace Event Format JSON (merged_swimlane*.json, CPM_*.json and traces from other
// producers) into `capture`: info.format = ChromeTrace, info.level / clockFreqHz stay null,
// info.traceBaseUs (the earliest timestamp; all times are relative to it), info.partial,
// info.warnings; lanes in display order (one per thread, plus instant and async lanes), counters,
// flows, and slice / flow names in capture.strings. Slice::ref is the event's position in the
// event list, Slice::label its interned name.
//
// Accepts the object form {"traceEvents": [...], ...} with members in any order and the bare
// array form, including a missing closing ']' (allowed by the format). Returns false, with `error`
// naming the file, byte offset and reason, only when no event could be read at all.
bool readChromeTrace(ByteSource &source, Capture &capture, ReadError *error,
                     const LoadControl *control = nullptr);

} // namespace lanescope
