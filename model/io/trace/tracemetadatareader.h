#pragma once

#include "model/capture/tracetimeline.h"
#include "model/io/json/jsoncursor.h"

#include <QString>
#include <QStringList>

namespace lanescope {

// Reads the top-level `metadata` of a merged trace (= the converter's timeline_metadata, supplement
// §2.7, §2.10) into `timeline`: layout, trace_status, cross-domain latency, placement (single file)
// or ranks[].placement and cross_rank_uncertainty_ns (directory). `runtime` gets metadata.runtime.
// The cursor is at the member's value; a value of the wrong type is skipped, never fatal. Returns
// false only when the cursor failed.
bool readTraceMetadata(JsonCursor &cursor, TraceTimeline &timeline, QString &runtime);

// What the timeline metadata says a reader must not take for measured, as capture warnings.
QStringList traceTimelineWarnings(const TraceTimeline &timeline);

} // namespace lanescope
