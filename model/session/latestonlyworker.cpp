#include "latestonlyworker.h"

#include <QThread>
#include <algorithm>

namespace lanescope {

LatestOnlyWorker::LatestOnlyWorker(QObject *parent) : QObject(parent) {}

LatestOnlyWorker::~LatestOnlyWorker()
{
    cancel();
    for (const QPointer<QThread> &thread : std::as_const(m_threads))
        if (thread)
            thread->wait();
}

void LatestOnlyWorker::cancel()
{
    if (m_current) {
        m_current->cancel = true;
        m_current->cancel.notify_all();
    }
    m_current.reset();
}

bool LatestOnlyWorker::busy() const
{
    return std::any_of(m_threads.begin(), m_threads.end(),
                       [](const QPointer<QThread> &t) { return t && t->isRunning(); });
}

void LatestOnlyWorker::start(Work work)
{
    cancel();
    auto request = std::make_shared<Request>();
    m_current = request;
    QThread *thread = QThread::create([this, request, work = std::move(work)] {
        std::function<void()> deliver = work(request->cancel);
        if (!deliver || request->cancel)
            return;
        // Queued to this object's thread; dropped with the object, and when a newer request came.
        QMetaObject::invokeMethod(
            this,
            [this, request, deliver = std::move(deliver)] {
                if (m_current != request || request->cancel)
                    return;
                m_current.reset();
                deliver();
            },
            Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, this, [this, thread] {
        m_threads.removeAll(thread);
        thread->deleteLater();
    });
    // Deleted with the worker (after the destructor's wait) if the finished() cleanup never ran.
    thread->setParent(this);
    m_threads << thread;
    thread->start();
}

} // namespace lanescope
