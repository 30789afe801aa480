#pragma once

#include "model/techniques/reviewsession.h"

#include <QObject>
#include <QPointer>
#include <QStringList>
#include <memory>
#include <optional>
#include <vector>

class QTemporaryDir;
class QThread;

namespace lanescope {

// Saves and opens review files off the thread it lives on: embedding reads and compresses the
// capture files, opening decompresses and unpacks them, seconds for large captures. One job at a
// time; its result is a signal on the worker's own thread. The destructor waits for the job.
class ReviewFileWorker : public QObject
{
    Q_OBJECT

public:
    // What opening a review found: the session (embedded bytes dropped once unpacked), the paths
    // to open for Before and After, and the private directories embedded captures went to.
    struct Opened
    {
        enum class Failure { None, Unreadable, NoTemporaryDirectory, Unpacking };
        Failure failure = Failure::None;
        QString why; // one line, for Failure != None
        std::optional<ReviewSession> session;
        QStringList paths; // before, after
        std::vector<std::shared_ptr<QTemporaryDir>> unpacked;

        bool ok() const { return failure == Failure::None; }
    };

    explicit ReviewFileWorker(QObject *parent = nullptr);
    ~ReviewFileWorker() override;

    // Writes `session` to `path`; with `embed` the files of both sides' captures go inside. False
    // (and no signal) while another job runs.
    bool save(ReviewSession session, bool embed, const QString &path);
    bool open(const QString &path);
    bool busy() const;

signals:
    void saved(bool ok, const QString &error);
    void opened(const lanescope::ReviewFileWorker::Opened &result);

private:
    // Runs `work` on a thread of its own, then `report` here once that thread has ended, so that a
    // result never arrives while the worker still counts as busy.
    bool start(std::function<void()> work, std::function<void()> report);

    QPointer<QThread> m_thread;
};

// The work behind ReviewFileWorker::open, on the calling thread.
ReviewFileWorker::Opened openReviewFile(const QString &path);
// The work behind ReviewFileWorker::save, on the calling thread.
bool saveReviewFile(ReviewSession session, bool embed, const QString &path, QString *error);

} // namespace lanescope
