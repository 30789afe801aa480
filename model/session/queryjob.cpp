#include "queryjob.h"

#include "latestonlyworker.h"

#include "model/query/queryengine.h"

#include <QElapsedTimer>
#include <mutex>

namespace lanescope {

// The engine of one run, shared by the requests asked of it: a cancelled query may still be
// stopping on its thread when the next one starts, and the engine runs one statement at a time.
struct QueryJob::Engine
{
    std::mutex mutex;
    CapturePtr capture;
    std::vector<CapturePtr> allRuns;
    std::unique_ptr<QueryEngine> engine; // made on first use, on a worker thread
};

QueryJob::QueryJob(QObject *parent) : QObject(parent), m_worker(new LatestOnlyWorker(this)) {}

// Deleted here, while the job is whole: the worker cancels and waits for its threads.
QueryJob::~QueryJob()
{
    delete m_worker;
}

void QueryJob::setCapture(CapturePtr capture, std::vector<CapturePtr> allRuns)
{
    if (capture == m_capture)
        return;
    cancel();
    m_capture = std::move(capture);
    m_engine.reset();
    if (m_capture) {
        m_engine = std::make_shared<Engine>();
        m_engine->capture = m_capture;
        m_engine->allRuns = std::move(allRuns);
    }
}

bool QueryJob::start(const QString &sql, QueryOptions options)
{
    if (!m_engine)
        return false;
    m_worker->start(
        [this, engine = m_engine, sql, options](const std::atomic<bool> &cancelled) -> std::function<void()> {
            const std::lock_guard lock(engine->mutex);
            if (cancelled)
                return {};
            QElapsedTimer timer;
            timer.start();
            if (!engine->engine)
                engine->engine = std::make_unique<QueryEngine>(engine->capture, engine->allRuns);
            auto outcome = std::make_shared<QueryOutcome>();
            outcome->sql = sql;
            outcome->capture = engine->capture;
            outcome->result = engine->engine->execute(sql, &cancelled, options);
            outcome->elapsedMs = double(timer.nsecsElapsed()) / 1e6;
            if (cancelled)
                return {};
            return [this, outcome = QueryOutcomePtr(std::move(outcome))] { emit finished(outcome); };
        });
    return true;
}

void QueryJob::cancel()
{
    m_worker->cancel();
}

bool QueryJob::busy() const
{
    return m_worker->busy();
}

bool QueryJob::pending() const
{
    return m_worker->pending();
}

} // namespace lanescope
