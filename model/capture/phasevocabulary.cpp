#include "phasevocabulary.h"

namespace lanescope {

const QStringList &outerPhases()
{
    static const QStringList outer = {
        QStringLiteral("complete"), QStringLiteral("async_poll"),    QStringLiteral("state_probe"),
        QStringLiteral("dispatch"), QStringLiteral("worksteal"),     QStringLiteral("refill"),
        QStringLiteral("release"),  QStringLiteral("dummy"),         QStringLiteral("early_dispatch"),
        QStringLiteral("drain"),    QStringLiteral("graph_prepare"),
    };
    return outer;
}

const QStringList &phaseVocabulary(SchedulerProducer producer)
{
    static const QStringList aicpu =
        outerPhases() + QStringList{
                            QStringLiteral("resolve"),       QStringLiteral("resolve_standalone"),
                            QStringLiteral("drain_prepare"), QStringLiteral("drain_publish"),
                            QStringLiteral("dummy_task"),    QStringLiteral("predicated_skip"),
                        };
    static const QStringList aicore = {
        QStringLiteral("bootstrap"), QStringLiteral("state_probe"), QStringLiteral("dispatch"),
        QStringLiteral("worksteal"), QStringLiteral("refill"),      QStringLiteral("complete"),
        QStringLiteral("resolve"),   QStringLiteral("idle"),
    };
    return producer == SchedulerProducer::Aicore ? aicore : aicpu;
}

QString canonicalPhase(const QString &kind)
{
    return kind == QLatin1String("resolve_standalone") ? QStringLiteral("resolve") : kind;
}

QString aicoreDisplayName(const QString &kind)
{
    static const std::pair<QLatin1String, QLatin1String> names[] = {
        {QLatin1String("complete"), QLatin1String("Completion")},
        {QLatin1String("resolve"), QLatin1String("Resolve")},
        {QLatin1String("state_probe"), QLatin1String("StateProbe")},
        {QLatin1String("dispatch"), QLatin1String("Dispatch")},
        {QLatin1String("worksteal"), QLatin1String("Worksteal")},
        {QLatin1String("refill"), QLatin1String("Refill")},
    };
    for (const auto &[wire, display] : names)
        if (kind == wire)
            return display;
    return kind;
}

bool isLegacyAicorePhase(const QString &kind)
{
    return kind == QLatin1String("ready_claim") || kind == QLatin1String("ready_steal") ||
           kind == QLatin1String("direct_refill") || kind == QLatin1String("fanin");
}

bool isMarkerPhase(const QString &kind)
{
    return kind == QLatin1String("dummy_task") || kind == QLatin1String("predicated_skip");
}

} // namespace lanescope
