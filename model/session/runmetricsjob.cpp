#include "runmetricsjob.h"

#include "latestonlyworker.h"

namespace lanescope {

RunMetricsJob::RunMetricsJob(QObject *parent) : QObject(parent), m_worker(new LatestOnlyWorker(this)) {}

// Deleted here, while the job is whole: the worker cancels and waits for its threads.
RunMetricsJob::~RunMetricsJob()
{
    delete m_worker;
}

void RunMetricsJob::cancel()
{
    m_worker->cancel();
}

bool RunMetricsJob::busy() const
{
    return m_worker->busy();
}

bool RunMetricsJob::pending() const
{
    return m_worker->pending();
}

void RunMetricsJob::start(std::vector<CapturePtr> before, std::vector<CapturePtr> after)
{
    if (before.empty() || after.empty()) {
        cancel();
        return;
    }
    m_worker->start([this, before = std::move(before), after = std::move(after),
                     checkpoint = m_checkpoint](const std::atomic<bool> &cancelled) -> std::function<void()> {
        const CancelCheck isCancelled(&cancelled);
        // The checkpoint runs before each run's metrics: measure the sides run by run.
        const auto measure = [&](const std::vector<CapturePtr> &runs) -> std::optional<SideRuns> {
            SideRuns side;
            for (const CapturePtr &run : runs) {
                if (checkpoint)
                    checkpoint(cancelled);
                std::optional<SideRuns> one = measureRuns({run}, isCancelled);
                if (!one)
                    return std::nullopt;
                side.runs.push_back(run);
                side.metrics.push_back(std::move(one->metrics.front()));
            }
            return side;
        };
        auto result = std::make_shared<RunMetricsResult>();
        std::optional<SideRuns> b = measure(before);
        std::optional<SideRuns> a = b ? measure(after) : std::nullopt;
        if (!a)
            return {};
        result->before = std::move(*b);
        result->after = std::move(*a);
        return [this, result = RunMetricsResultPtr(std::move(result))] { emit finished(result); };
    });
}

} // namespace lanescope
