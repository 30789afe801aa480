#pragma once

#include "capturedocument.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>

class QThread;

namespace lanescope {

// Opens inputs off the thread it lives on: openDocument (with previews of a large records file
// while it loads, loadpreview.h), then the analysis of every run (the default run first) and the
// "All runs" layout, side by side. Each step is reported as a signal on
// the loader's own thread, under the job id open() returned; nothing more arrives for a job once it
// is cancelled. Cancelling stops a load at its next progress step and an analysis at its next
// cancel point (between its stages and inside the long ones), so the destructor, which cancels
// every job, waits at most that long.
class CaptureLoader : public QObject
{
    Q_OBJECT

public:
    explicit CaptureLoader(QObject *parent = nullptr);
    ~CaptureLoader() override;

    // Starts opening `path`; the id names the job in every signal.
    int open(const QString &path);
    void cancel(int job);
    // Some worker thread is still running (a cancelled job's included).
    bool busy() const;

    // Called on the analysing thread at every stage's cancel point of the jobs opened from now on,
    // with that job's cancel flag: a test holds a job at a known point by blocking here until the
    // flag turns true (std::atomic::wait; cancel() and the destructor notify it).
    using Checkpoint = std::function<void(AnalysisStage stage, const std::atomic<bool> &cancelled)>;
    void setCheckpoint(Checkpoint checkpoint);
    // Called on the loading thread after each preview is handed out, for the jobs opened from now
    // on, with the job's cancel flag: a test holds a load there to look at its preview.
    using PreviewCheckpoint = std::function<void(const std::atomic<bool> &cancelled)>;
    void setPreviewCheckpoint(PreviewCheckpoint checkpoint);
    // When the jobs opened from now on hand out previews.
    void setPreviewPacing(PreviewPacing pacing) { m_previewPacing = pacing; }

signals:
    // Bytes read of all the input's files, and their size together (`total` <= 0: the amount of
    // work is unknown); `records` counts the AICore rows (or task objects) read so far.
    void progress(int job, qint64 done, qint64 total, qint64 records);
    // The AICore rows read so far of a large records file, as bars (loadpreview.h), with its bar
    // index built on the loading thread; `rowsRead` is how many rows it holds. Only the latest is
    // delivered: one the receiver has not had yet is replaced by a newer one. None comes after
    // `opened`.
    void previewed(int job, lanescope::CapturePtr preview, lanescope::CaptureIndexPtr index, qint64 rowsRead);
    void opened(int job, lanescope::DocumentPtr document);
    void failed(int job, const lanescope::ReadError &error);
    void analysed(int job, lanescope::CapturePtr run, lanescope::CaptureAnalysisPtr analysis);
    // The "All runs" view of a document with several runs, with its bar index, both built here.
    void allRunsLaidOut(int job, lanescope::CapturePtr allRuns, lanescope::CaptureIndexPtr index);

private:
    struct Job
    {
        std::atomic<bool> cancel{false};
        std::atomic<int> lastPermille{-1}; // progress already reported, to post one update per 0.1 %
        std::atomic<std::int64_t> recordsRead{0};
        Checkpoint checkpoint;
        PreviewCheckpoint previewCheckpoint;
        // The preview not delivered yet; set on the loading thread, taken on the loader's.
        std::mutex previewMutex;
        CapturePtr pendingPreview;
        CaptureIndexPtr pendingPreviewIndex;
        bool opened = false; // on the loader's thread: no preview after the document

        void stop();
    };

    // Hands the job's preview to the loading thread's caller: queues its delivery unless one is
    // queued already, which then delivers this newer one.
    void offerPreview(int id, const std::shared_ptr<Job> &job, std::shared_ptr<Capture> preview);

    void start(const std::shared_ptr<Job> &job, std::function<void()> work);
    // Runs `report` on the loader's thread if the job is still wanted then.
    void post(int id, const std::shared_ptr<Job> &job, std::function<void()> report);
    void analyse(int id, const std::shared_ptr<Job> &job, const DocumentPtr &document);

    Checkpoint m_checkpoint;
    PreviewCheckpoint m_previewCheckpoint;
    PreviewPacing m_previewPacing;
    int m_nextId = 1;
    std::map<int, std::shared_ptr<Job>> m_jobs; // open or analysing
    QList<QPointer<QThread>> m_threads;
};

} // namespace lanescope
