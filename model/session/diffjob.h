#pragma once

#include "model/capture/capture.h"
#include "model/diff/makespanattribution.h"
#include "model/diff/taskdiff.h"

#include <QObject>
#include <memory>

namespace lanescope {

class LatestOnlyWorker;

// The task diff and the makespan attribution of one before/after pair.
struct DiffResult
{
    CapturePtr before;
    CapturePtr after;
    TaskDiff diff;
    MakespanAttribution attribution;
};
using DiffResultPtr = std::shared_ptr<const DiffResult>;

// Computes a pair's diff off the GUI thread, as CaptureLoader analyses a capture: a worker thread
// per pair, the result delivered on this object's thread. A new pair cancels the one before it,
// whose result, if it still arrives, is dropped: only the latest pair's result is delivered
// (LatestOnlyWorker). The destructor cancels and waits for the workers.
class DiffJob : public QObject
{
    Q_OBJECT

public:
    explicit DiffJob(QObject *parent = nullptr);
    ~DiffJob() override;

    // Starts diffing `before` against `after`; a null side clears (nothing is delivered).
    void start(CapturePtr before, CapturePtr after, TaskDiffOptions options = {});
    void cancel();
    // A worker thread is still running (a cancelled one's included).
    bool busy() const;
    // The latest pair's diff is under way.
    bool pending() const;

signals:
    void finished(lanescope::DiffResultPtr result);

private:
    LatestOnlyWorker *m_worker = nullptr;
};

} // namespace lanescope
