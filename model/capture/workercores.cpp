#include "workercores.h"

#include <QStringList>

namespace lanescope {

namespace {
const QString kSeparator = QStringLiteral(" · ");
} // namespace

bool coreIdsAreWorkerIds(const Capture &c)
{
    if (c.info.schedulerTaskProducer == QLatin1String("aicore"))
        return true;
    for (const SchedulerStream &s : c.schedulerStreams)
        if (!s.gap && s.isAicore())
            return true;
    return false;
}

const SchedulerStream *streamOfWorker(const Capture &c, std::int64_t coreId)
{
    for (const SchedulerStream &s : c.schedulerStreams)
        if (!s.gap && s.isAicore() && s.workerId == coreId)
            return &s;
    return nullptr;
}

QString workerCoreDetail(const Capture &c, std::int64_t coreId)
{
    if (!coreIdsAreWorkerIds(c))
        return {};
    const SchedulerStream *s = streamOfWorker(c, coreId);
    const QString physical = s && s->physicalCoreId
                                 ? QStringLiteral("physical core %1").arg(*s->physicalCoreId)
                                 : QStringLiteral("physical core unknown");
    return QStringLiteral("worker %1").arg(coreId) + kSeparator + physical;
}

QString aicoreStreamDetail(const SchedulerStream &s)
{
    QStringList parts;
    if (s.workerId)
        parts << QStringLiteral("worker %1").arg(*s.workerId);
    else if (s.schedulerId)
        parts << QStringLiteral("scheduler %1").arg(*s.schedulerId);
    if (s.physicalCoreId)
        parts << QStringLiteral("physical core %1").arg(*s.physicalCoreId);
    if (s.workerId && s.schedulerId)
        parts << QStringLiteral("scheduler %1").arg(*s.schedulerId);
    if (!s.workerId)
        parts << QStringLiteral("no worker_id");
    return parts.join(kSeparator);
}

} // namespace lanescope
