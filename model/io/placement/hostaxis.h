#pragma once

#include "capturetimebase.h"
#include "containmentplacement.h"
#include "model/io/records/clockalignmentrecord.h"
#include "model/io/records/rawrecords.h"

#include "model/capture/capture.h"

#include <QString>

namespace lanescope {

// How one records file's host clock meets its device axis, and the time base that goes with it.
struct HostAxis
{
    CaptureTimeBase timeBase;
    HostPlacement placement;
};

// What containment placement needs of a records file (upstream §2.3, §2.8), its device times and
// its dispatch_identity.json sidecar. Reads the raw records, so it runs before they are converted.
// Legacy aicpu_scheduler_phases count as AICPU streams.
ContainmentCapture containmentCaptureOf(const RawRecords &raw,
                                        const CaptureTimeBase::DeviceTimes &deviceTimes,
                                        const DispatchIdentity &sidecar = {});

// Chooses, in this order: a bounded metadata.clock_alignment (upstream §3), calibrated
// clock_anchors (base §2.10, HBG only, as before), containment against the host log (upstream §2),
// else none. Non-HBG captures keep their device-relative axis (§3.2) and only host lanes move; HBG
// captures are placed on the host clock as the converter does, falling back to the causal
// composite. `sidecar` narrows the host invocations containment may choose from. Warnings (an
// invalid record, an unaligned HBG capture) go to `capture`.
HostAxis chooseHostAxis(const RawRecords &raw, const CaptureTimeBase::DeviceTimes &deviceTimes,
                        const HostLog &log, const DispatchIdentity &sidecar, bool hostOrchestrated,
                        Capture &capture, const QString &fileName);

} // namespace lanescope
