#pragma once

#include "model/capture/taskrow.h"
#include "model/io/placement/capturetimebase.h"
#include "rawrecords.h"

#include <vector>

namespace lanescope {

static_assert(RecordLimits::maxCoreId <= TaskRow::kMaxCoreId, "a core id the reader accepts fits a task row");

// One aicore_tasks row as a task row on `timeBase` (spec §3.3), without its AICPU side: what the
// whole capture's rows and a loading preview's (loadpreview.h) have in common.
inline TaskRow aicoreTaskRow(const RawAicoreRow &a, const CaptureTimeBase &timeBase,
                             const std::vector<CoreType> &coreTypes)
{
    TaskRow t;
    t.taskId = a.taskToken;
    t.coreId = a.coreId;
    t.regTaskId = a.regTaskId;
    t.runEpoch = a.runEpoch;
    // A core outside core_types is read as AIV (§2.3).
    t.coreType = std::size_t(a.coreId) < coreTypes.size() ? coreTypes[std::size_t(a.coreId)] : CoreType::Aiv;
    t.startUs = timeBase.deviceUs(a.startCycles);
    t.endUs = timeBase.deviceUs(a.endCycles);
    if (a.columns >= 6) {
        t.flags |= TaskRow::HasReceive;
        t.receiveUs = timeBase.deviceUs(CaptureTimeBase::receiveCycles(a.startCycles, a.receiveToStart));
    } else {
        t.receiveUs = t.startUs;
    }
    return t;
}

} // namespace lanescope
