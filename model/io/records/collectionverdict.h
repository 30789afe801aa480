#pragma once

#include "model/capture/capture.h"
#include "rawrecords.h"

namespace lanescope {

// Carries metadata.collection and the run-boundary counts into the capture (supplement §4.5, §5):
// a verdict other than "published" and every loss the file admits become warnings naming the
// counters behind them, and mark the capture partial. The launches the boundaries mark, and their
// loss: launchboundaries.h.
void applyRunCollection(const RawRecords &raw, Capture &capture, const QString &fileName);

} // namespace lanescope
