#pragma once

// Holds one analysis of a CaptureLoader at a known stage, so that a test cancels it, closes its
// tab or destroys its window while the analysis is certainly running, and sees what the analysis
// did once it was let go.

#include "model/session/captureloader.h"

#include <QStringList>
#include <memory>

namespace lanescope {

class AnalysisHold
{
public:
    // The first analysis to reach `stage` waits there until its job is cancelled; every other
    // analysis, and that one after it was let go, runs on.
    explicit AnalysisHold(AnalysisStage stage);

    // For CaptureLoader::setCheckpoint; shares this hold's state, so it may outlive the hold.
    CaptureLoader::Checkpoint checkpoint() const;

    // Whether an analysis is held, turning the event loop meanwhile for at most `timeoutMs` (a guard
    // against a test that hangs, not a time budget).
    bool waitUntilHeld(int timeoutMs = 120000) const;
    // The held analysis was let go: its job was cancelled.
    bool released() const;
    // The stages the held analysis reached after it was let go: none if it stopped at its cancel
    // point instead of running to its end.
    QStringList stagesAfterRelease() const;

private:
    struct State;
    std::shared_ptr<State> m_state;
};

} // namespace lanescope
