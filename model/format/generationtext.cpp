#include "model/format/generationtext.h"

namespace lanescope {

bool runtimeInferred(const CaptureInfo &info)
{
    return info.runtimeSource == CaptureInfo::RuntimeSource::SchedulerStreams ||
           info.runtimeSource == CaptureInfo::RuntimeSource::TaskIds;
}

QString generationText(const Capture &capture)
{
    const CaptureInfo &info = capture.info;
    QStringList parts;
    if (info.layout == RecordsLayout::PerTaskObjects)
        parts << QStringLiteral("per-task objects");
    else if (!capture.schedulerStreams.empty())
        parts << QStringLiteral("scheduler record streams");
    else if (!capture.schedulerThreads.empty())
        parts << QStringLiteral("per-thread scheduler phases");
    else
        parts << QStringLiteral("no scheduler phases");
    // Runs told apart by launch alone (field supplement §3) carry no run identity of their own.
    const bool runIdentity = info.runEpoch || (info.runCount > 1 && info.launches.empty());
    parts << (runIdentity ? QStringLiteral("run identity (run_epoch)") : QStringLiteral("no run identity"));
    if (info.runBoundaries)
        parts << (info.droppedRunBoundaries.value_or(0) > 0
                      ? QStringLiteral("launch boundaries: %1, %2 dropped")
                            .arg(*info.runBoundaries)
                            .arg(*info.droppedRunBoundaries)
                      : QStringLiteral("launch boundaries: %1").arg(*info.runBoundaries));
    switch (info.runtimeSource) {
    case CaptureInfo::RuntimeSource::Metadata:
        parts << QStringLiteral("runtime %1").arg(info.runtime);
        break;
    case CaptureInfo::RuntimeSource::SchedulerStreams:
        parts << QStringLiteral("runtime inferred from the scheduler streams (%1)").arg(info.runtime);
        break;
    case CaptureInfo::RuntimeSource::TaskIds:
        parts << QStringLiteral("runtime inferred from the task ids (%1)").arg(info.runtime);
        break;
    case CaptureInfo::RuntimeSource::Unknown:
        parts << QStringLiteral("runtime unknown");
        break;
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace lanescope
