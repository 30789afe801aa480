#include "runcollection.h"

namespace lanescope {

QString RunCollection::verdictMeaning() const
{
    if (verdict == QLatin1String("partial_safe"))
        return QStringLiteral("content incomplete");
    if (verdict == QLatin1String("partial_cut_unknown"))
        return QStringLiteral("completeness unknown");
    if (!verdict.isEmpty() && !isPublished())
        return QStringLiteral("unknown verdict");
    return {};
}

QStringList RunCollection::causes() const
{
    QStringList out;
    auto count = [&out](const char *name, const std::optional<std::uint64_t> &v) {
        if (v && *v != 0)
            out << QStringLiteral("%1=%2").arg(QLatin1String(name)).arg(*v);
    };
    auto flag = [&out](const char *name, const std::optional<bool> &v) {
        if (v && !*v)
            out << QStringLiteral("%1=false").arg(QLatin1String(name));
    };
    flag("processing_complete", processingComplete);
    flag("metadata_complete", metadataComplete);
    count("not_received_buffers", notReceivedBuffers);
    count("unpublished_loss", unpublishedLoss);
    count("transport_retired", transportRetired);
    count("transport_retired_records", transportRetiredRecords);
    count("unattributable_handoffs", unattributableHandoffs);
    count("cut_failed_queues", cutFailedQueues);
    return out;
}

} // namespace lanescope
