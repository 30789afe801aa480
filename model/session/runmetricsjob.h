#pragma once

#include "model/capture/capture.h"
#include "model/techniques/sideruns.h"

#include <QObject>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace lanescope {

class LatestOnlyWorker;

// The metrics of every run of both sides of a comparison.
struct RunMetricsResult
{
    SideRuns before;
    SideRuns after;
};
using RunMetricsResultPtr = std::shared_ptr<const RunMetricsResult>;

// Measures the runs of a comparison's two sides off the GUI thread with measureRuns(), the
// function the CLI's `compare` measures its sides with: a second or more per large run, too long
// for the GUI thread once a side has several. A newer request cancels the one before it, whose
// result is dropped (LatestOnlyWorker); the destructor cancels and waits.
class RunMetricsJob : public QObject
{
    Q_OBJECT

public:
    explicit RunMetricsJob(QObject *parent = nullptr);
    ~RunMetricsJob() override;

    // Starts measuring; an empty side clears (nothing is delivered).
    void start(std::vector<CapturePtr> before, std::vector<CapturePtr> after);
    void cancel();
    // A worker thread is still running (a cancelled request's included).
    bool busy() const;
    // The latest request's metrics are under way.
    bool pending() const;

    // Called on the worker thread before each run is measured, with the request's cancel flag:
    // lets a test hold a request at a known point (std::atomic::wait; cancel() wakes it). Applies
    // to the requests started from now on.
    using Checkpoint = std::function<void(const std::atomic<bool> &cancelled)>;
    void setCheckpoint(Checkpoint checkpoint) { m_checkpoint = std::move(checkpoint); }

signals:
    void finished(lanescope::RunMetricsResultPtr result);

private:
    LatestOnlyWorker *m_worker = nullptr;
    Checkpoint m_checkpoint;
};

} // namespace lanescope
