#include "captureloader.h"

#include "capturefacts.h"

#include <QThread>
#include <algorithm>
#include <utility>

namespace lanescope {

CaptureLoader::CaptureLoader(QObject *parent) : QObject(parent) {}

void CaptureLoader::Job::stop()
{
    cancel = true;
    cancel.notify_all(); // a checkpoint may be waiting for it
}

CaptureLoader::~CaptureLoader()
{
    // The workers report through this object: stop them before it goes away.
    for (auto &[id, job] : m_jobs)
        job->stop();
    for (const QPointer<QThread> &thread : std::as_const(m_threads))
        if (thread)
            thread->wait();
}

void CaptureLoader::setCheckpoint(Checkpoint checkpoint)
{
    m_checkpoint = std::move(checkpoint);
}

void CaptureLoader::setPreviewCheckpoint(PreviewCheckpoint checkpoint)
{
    m_previewCheckpoint = std::move(checkpoint);
}

bool CaptureLoader::busy() const
{
    return std::any_of(m_threads.begin(), m_threads.end(),
                       [](const QPointer<QThread> &t) { return t && t->isRunning(); });
}

void CaptureLoader::start(const std::shared_ptr<Job> &job, std::function<void()> work)
{
    QThread *thread = QThread::create([job, work = std::move(work)] {
        if (!job->cancel)
            work();
    });
    connect(thread, &QThread::finished, this, [this, thread] {
        m_threads.removeAll(thread);
        thread->deleteLater();
    });
    // A child: deleted with the loader (after the destructor's wait) if its finished() never got
    // through.
    thread->setParent(this);
    m_threads << thread;
    thread->start();
}

void CaptureLoader::post(int id, const std::shared_ptr<Job> &job, std::function<void()> report)
{
    // Queued to this object's thread; dropped with the object. The job may be cancelled meanwhile.
    QMetaObject::invokeMethod(
        this,
        [this, id, job, report = std::move(report)] {
            const auto it = m_jobs.find(id);
            if (it != m_jobs.end() && it->second == job && !job->cancel)
                report();
        },
        Qt::QueuedConnection);
}

void CaptureLoader::offerPreview(int id, const std::shared_ptr<Job> &job, std::shared_ptr<Capture> preview)
{
    // What the window would otherwise build on its own thread is built here, as the document's is:
    // the bar index. Its facts stay empty: a preview grows with every part read, and what the
    // panels show of a whole run waits for the whole run.
    preview->facts = std::make_shared<CaptureFacts>();
    auto index = std::make_shared<const CaptureIndex>(*preview);
    bool queued = false;
    {
        const std::lock_guard lock(job->previewMutex);
        queued = bool(job->pendingPreview);
        job->pendingPreview = std::move(preview);
        job->pendingPreviewIndex = std::move(index);
    }
    if (!queued)
        post(id, job, [this, id, job] {
            CapturePtr latest;
            CaptureIndexPtr latestIndex;
            {
                const std::lock_guard lock(job->previewMutex);
                latest = std::exchange(job->pendingPreview, nullptr);
                latestIndex = std::exchange(job->pendingPreviewIndex, nullptr);
            }
            if (latest && !job->opened)
                emit previewed(id, latest, latestIndex, qint64(latest->rows.size()));
        });
    if (job->previewCheckpoint)
        job->previewCheckpoint(job->cancel);
}

int CaptureLoader::open(const QString &path)
{
    const int id = m_nextId++;
    auto job = std::make_shared<Job>();
    job->checkpoint = m_checkpoint;
    job->previewCheckpoint = m_previewCheckpoint;
    m_jobs[id] = job;
    LoadControl control;
    control.cancel = &job->cancel;
    control.recordsRead = &job->recordsRead;
    control.progress = [this, id, job](std::int64_t done, std::int64_t total) {
        const int permille =
            total > 0 ? int(std::clamp<double>(double(done) / double(total), 0, 1) * 1000) : -1;
        if (job->lastPermille.exchange(permille) != permille) {
            const std::int64_t records = job->recordsRead.load(std::memory_order_relaxed);
            post(id, job, [this, id, done, total, records] { emit progress(id, done, total, records); });
        }
    };
    control.previewPacing = m_previewPacing;
    control.preview = [this, id, job](std::shared_ptr<Capture> preview) {
        offerPreview(id, job, std::move(preview));
    };
    start(job, [this, id, job, path, control] {
        OpenedDocument result = openDocument(path, control);
        if (!result.ok()) {
            // A cancelled job hears nothing, not even its failure; the caller knows it cancelled.
            post(id, job, [this, id, error = result.error] {
                m_jobs.erase(id);
                emit failed(id, error);
            });
            return;
        }
        post(id, job, [this, id, job, document = result.document] {
            job->opened = true;
            emit opened(id, document);
            analyse(id, job, document);
        });
    });
    return id;
}

void CaptureLoader::analyse(int id, const std::shared_ptr<Job> &job, const DocumentPtr &document)
{
    auto pending = std::make_shared<int>(document->runs.size() > 1 ? 2 : 1); // read on this thread only
    auto done = [this, id, pending] {
        if (--*pending == 0)
            m_jobs.erase(id);
    };
    // Every run is analysed on its own, the default run first; "All runs" never is.
    start(job, [this, id, job, document, done] {
        std::vector<std::shared_ptr<Capture>> runs = document->runs.runs;
        std::stable_partition(runs.begin(), runs.end(),
                              [&](const auto &r) { return r == document->runs.defaultRun(); });
        AnalysisControl control;
        control.cancel = &job->cancel;
        if (job->checkpoint)
            control.checkpoint = [job](AnalysisStage stage) { job->checkpoint(stage, job->cancel); };
        for (const auto &run : runs) {
            if (!isAnalysable(run->info))
                continue; // its panels say why (analysisPendingText)
            std::optional<CaptureAnalysis> result = analyseRun(*document, *run, control);
            if (!result)
                return; // cancelled
            auto analysis = std::make_shared<const CaptureAnalysis>(std::move(*result));
            post(id, job, [this, id, run, analysis] { emit analysed(id, run, analysis); });
        }
        post(id, job, done);
    });
    if (document->runs.size() > 1)
        start(job, [this, id, job, document, done] {
            std::shared_ptr<Capture> allRuns = layOutAllRuns(document->runs);
            CaptureIndexPtr index;
            if (allRuns) {
                allRuns->facts = computeCaptureFacts(*allRuns);
                index = std::make_shared<const CaptureIndex>(*allRuns);
            }
            post(id, job, [this, id, allRuns = CapturePtr(std::move(allRuns)), index, done] {
                emit allRunsLaidOut(id, allRuns, index);
                done();
            });
        });
}

void CaptureLoader::cancel(int job)
{
    if (const auto it = m_jobs.find(job); it != m_jobs.end()) {
        it->second->stop();
        m_jobs.erase(it);
    }
}

} // namespace lanescope
