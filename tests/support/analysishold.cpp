#include "analysishold.h"

#include <QMutex>
#include <QTest>

namespace lanescope {

namespace {

QString stageName(AnalysisStage stage)
{
    switch (stage) {
    case AnalysisStage::Report:
        return QStringLiteral("report");
    case AnalysisStage::Landmarks:
        return QStringLiteral("landmarks");
    case AnalysisStage::Metrics:
        return QStringLiteral("metrics");
    case AnalysisStage::Symptoms:
        return QStringLiteral("symptoms");
    }
    return QStringLiteral("?");
}

// The hold whose analysis this thread runs: a thread knows its own analysis, where a job's
// address or a thread id may be reused by the next job once the held one is gone.
thread_local const void *t_heldBy = nullptr;

} // namespace

struct AnalysisHold::State
{
    AnalysisStage stage;
    QMutex mutex;
    bool held = false;
    bool released = false;
    QStringList after;
};

AnalysisHold::AnalysisHold(AnalysisStage stage) : m_state(std::make_shared<State>())
{
    m_state->stage = stage;
}

CaptureLoader::Checkpoint AnalysisHold::checkpoint() const
{
    return [state = m_state](AnalysisStage stage, const std::atomic<bool> &cancelled) {
        QMutexLocker lock(&state->mutex);
        if (t_heldBy == state.get()) {
            state->after << stageName(stage);
            return;
        }
        if (state->held || stage != state->stage)
            return;
        state->held = true;
        t_heldBy = state.get();
        lock.unlock();
        cancelled.wait(false); // until cancel() or the loader's destructor notifies
        lock.relock();
        state->released = true;
    };
}

bool AnalysisHold::waitUntilHeld(int timeoutMs) const
{
    // The loader starts the analysis from its thread's event loop: keep it turning.
    return QTest::qWaitFor(
        [state = m_state] {
            QMutexLocker lock(&state->mutex);
            return state->held;
        },
        timeoutMs);
}

bool AnalysisHold::released() const
{
    QMutexLocker lock(&m_state->mutex);
    return m_state->released;
}

QStringList AnalysisHold::stagesAfterRelease() const
{
    QMutexLocker lock(&m_state->mutex);
    return m_state->after;
}

} // namespace lanescope
