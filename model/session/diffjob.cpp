#include "diffjob.h"

#include <QThread>
#include <algorithm>

namespace lanescope {

DiffJob::DiffJob(QObject *parent) : QObject(parent) {}

DiffJob::~DiffJob()
{
    cancel();
    for (const QPointer<QThread> &thread : std::as_const(m_threads))
        if (thread)
            thread->wait();
}

void DiffJob::cancel()
{
    if (m_current)
        m_current->cancel = true;
    m_current.reset();
}

bool DiffJob::busy() const
{
    return std::any_of(m_threads.begin(), m_threads.end(),
                       [](const QPointer<QThread> &t) { return t && t->isRunning(); });
}

void DiffJob::start(CapturePtr before, CapturePtr after, TaskDiffOptions options)
{
    cancel();
    if (!before || !after)
        return;
    auto run = std::make_shared<Run>();
    m_current = run;
    QThread *thread = QThread::create([this, run, before, after, options = std::move(options)] {
        auto result = std::make_shared<DiffResult>();
        result->before = before;
        result->after = after;
        result->diff = diffTasks(*before, *after, options, CancelCheck(&run->cancel));
        if (run->cancel || result->diff.cancelled)
            return;
        result->attribution = attributeMakespanChange(*before, *after);
        // Queued to this object's thread; dropped with the object, and when a newer pair came.
        QMetaObject::invokeMethod(
            this,
            [this, run, result = DiffResultPtr(std::move(result))] {
                if (m_current != run || run->cancel)
                    return;
                m_current.reset();
                emit finished(result);
            },
            Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, this, [this, thread] {
        m_threads.removeAll(thread);
        thread->deleteLater();
    });
    thread->setParent(
        this); // deleted with the job (after the destructor's wait) if finished() never got through
    m_threads << thread;
    thread->start();
}

} // namespace lanescope
