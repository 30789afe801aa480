#pragma once

#include "model/capture/capture.h"
#include "rawrecords.h"

#include <QString>

namespace lanescope {

// Turns validated raw streams (level and clock known, spec §3.1) into the capture model: time base
// (§3.2, §2.10), the join with the viewer's deviations (§3.3, §13), phase records (§3.4) and host
// records (§2.9). Everything odd but usable becomes a warning on the capture.
void buildRawLayout(RawRecords &raw, Capture &capture, const QString &fileName);

} // namespace lanescope
