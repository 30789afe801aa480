#pragma once

#include <QList>
#include <QObject>
#include <QPointer>
#include <atomic>
#include <functional>
#include <memory>

class QThread;

namespace lanescope {

// Runs long computations off the thread it lives on, where only the newest request matters: each
// start() cancels the request before it, whose result, if it still arrives, is dropped. A request
// runs on a thread of its own and hands back what to deliver; the delivery runs on this object's
// thread, and only while its request is still the latest. The destructor cancels and waits for
// the threads, so a request never outlives the object that started it.
class LatestOnlyWorker : public QObject
{
    Q_OBJECT

public:
    // Runs on the worker thread with the request's cancel flag (look at it between steps); returns
    // the delivery, or an empty function to deliver nothing (cancelled, or nothing to say).
    using Work = std::function<std::function<void()>(const std::atomic<bool> &cancelled)>;

    explicit LatestOnlyWorker(QObject *parent = nullptr);
    ~LatestOnlyWorker() override;

    void start(Work work);
    // Cancels the latest request (waking a computation that waits on its flag): nothing of it is
    // delivered.
    void cancel();
    // A worker thread is still running (a cancelled request's included).
    bool busy() const;
    // The latest request has not delivered yet. Already false while its delivery runs.
    bool pending() const { return m_current != nullptr; }

private:
    struct Request
    {
        std::atomic<bool> cancel{false};
    };

    std::shared_ptr<Request> m_current;
    QList<QPointer<QThread>> m_threads;
};

} // namespace lanescope
