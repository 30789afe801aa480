#include "reviewfileworker.h"

#include <QTemporaryDir>
#include <QThread>

namespace lanescope {

ReviewFileWorker::ReviewFileWorker(QObject *parent) : QObject(parent) {}

ReviewFileWorker::~ReviewFileWorker()
{
    // The job reports through this object: let it finish first.
    if (m_thread)
        m_thread->wait();
}

bool ReviewFileWorker::busy() const
{
    // Until the job's thread has ended; its result is reported after that (start()).
    return m_thread != nullptr;
}

bool ReviewFileWorker::start(std::function<void()> work, std::function<void()> report)
{
    if (m_thread)
        return false;
    QThread *thread = QThread::create(std::move(work));
    connect(thread, &QThread::finished, this, [this, thread, report = std::move(report)] {
        if (m_thread == thread)
            m_thread = nullptr;
        thread->deleteLater();
        report();
    });
    thread->setParent(this); // deleted with the worker (after the destructor's wait) at the latest
    m_thread = thread;
    thread->start();
    return true;
}

bool ReviewFileWorker::save(ReviewSession session, bool embed, const QString &path)
{
    struct Saved
    {
        bool ok = false;
        QString error;
    };
    auto result = std::make_shared<Saved>();
    return start(
        [result, session = std::move(session), embed, path]() mutable {
            result->ok = saveReviewFile(std::move(session), embed, path, &result->error);
        },
        [this, result] { emit saved(result->ok, result->error); });
}

bool ReviewFileWorker::open(const QString &path)
{
    auto result = std::make_shared<Opened>();
    return start([result, path] { *result = openReviewFile(path); },
                 [this, result] { emit opened(*result); });
}

bool saveReviewFile(ReviewSession session, bool embed, const QString &path, QString *error)
{
    if (embed) {
        for (ReviewCapture *side : {&session.before, &session.after}) {
            auto files = captureFilesForEmbedding(side->path, error);
            if (!files)
                return false;
            side->embedded = std::move(*files);
        }
    }
    return saveReviewSession(session, path, error);
}

ReviewFileWorker::Opened openReviewFile(const QString &path)
{
    ReviewFileWorker::Opened opened;
    using Failure = ReviewFileWorker::Opened::Failure;
    auto fail = [](Failure failure, const QString &why) {
        ReviewFileWorker::Opened failed;
        failed.failure = failure;
        failed.why = why;
        return failed;
    };
    opened.session = loadReviewSession(path, &opened.why);
    if (!opened.session)
        return fail(Failure::Unreadable, opened.why);
    for (ReviewCapture *side : {&opened.session->before, &opened.session->after}) {
        if (side->embedded.empty()) {
            opened.paths << side->path;
            continue;
        }
        // Embedded captures are unpacked privately, never next to the review or the originals.
        auto dir = std::make_shared<QTemporaryDir>();
        if (!dir->isValid())
            return fail(Failure::NoTemporaryDirectory, dir->errorString());
        QString why;
        const std::optional<QString> unpacked = extractEmbedded(*side, dir->path(), &why);
        if (!unpacked)
            return fail(Failure::Unpacking, why);
        opened.paths << *unpacked;
        opened.unpacked.push_back(std::move(dir));
        side->embedded.clear(); // on disk now; the bytes would only be carried around
    }
    return opened;
}

} // namespace lanescope
