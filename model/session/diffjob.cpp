#include "diffjob.h"

#include "latestonlyworker.h"

namespace lanescope {

DiffJob::DiffJob(QObject *parent) : QObject(parent), m_worker(new LatestOnlyWorker(this)) {}

// Deleted here, while the job is whole: the worker cancels and waits for its threads.
DiffJob::~DiffJob()
{
    delete m_worker;
}

void DiffJob::cancel()
{
    m_worker->cancel();
}

bool DiffJob::busy() const
{
    return m_worker->busy();
}

bool DiffJob::pending() const
{
    return m_worker->pending();
}

void DiffJob::start(CapturePtr before, CapturePtr after, TaskDiffOptions options)
{
    if (!before || !after) {
        cancel();
        return;
    }
    m_worker->start(
        [this, before = std::move(before), after = std::move(after),
         options = std::move(options)](const std::atomic<bool> &cancelled) -> std::function<void()> {
            auto result = std::make_shared<DiffResult>();
            result->before = before;
            result->after = after;
            result->diff = diffTasks(*before, *after, options, CancelCheck(&cancelled));
            if (cancelled || result->diff.cancelled)
                return {};
            result->attribution = attributeMakespanChange(*before, *after);
            return [this, result = DiffResultPtr(std::move(result))] { emit finished(result); };
        });
}

} // namespace lanescope
