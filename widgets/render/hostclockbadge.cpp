#include "widgets/render/hostclockbadge.h"

#include <cmath>

namespace lanescope {

namespace {

// Two decimals below 10 µs, then fewer: the band is an uncertainty, three figures are plenty.
QString microseconds(double us)
{
    const double a = std::abs(us);
    return QString::number(a, 'f', a < 10 ? 2 : a < 100 ? 1 : 0);
}

QString methodName(HostPlacement::Method m)
{
    switch (m) {
    case HostPlacement::Method::Anchors:
        return QStringLiteral("calibrated clock_anchors");
    case HostPlacement::Method::Bounded:
        return QStringLiteral("the capture's bounded clock_alignment record");
    case HostPlacement::Method::Containment:
        return QStringLiteral("span containment in chip.run.runner_run");
    case HostPlacement::Method::None:
        break;
    }
    return {};
}

} // namespace

QString hostPlacementBadgeText(const HostPlacement &p)
{
    switch (p.method) {
    case HostPlacement::Method::None:
        return QStringLiteral("own clock");
    case HostPlacement::Method::Containment:
        return QStringLiteral("placed +0…%1 µs (inferred)").arg(microseconds(p.highUs - p.lowUs));
    case HostPlacement::Method::Anchors:
    case HostPlacement::Method::Bounded:
        break;
    }
    const QString text = QStringLiteral("aligned ±%1 µs").arg(microseconds(p.maxDeviationUs()));
    return p.inferred ? text + QStringLiteral(" (inferred)") : text;
}

QString clockBadgeText(const Lane &lane, const HostPlacement &placement)
{
    if (!lane.clockAligned)
        return QStringLiteral("own clock");
    if (lane.hostClock && placement.aligned())
        return hostPlacementBadgeText(placement);
    return {};
}

QString hostPlacementDescription(const Lane &lane, const HostPlacement &p)
{
    if (!lane.clockAligned) {
        if (lane.hostClock || lane.kind == LaneKind::Host || lane.kind == LaneKind::HostUploads)
            return p.reason.isEmpty()
                       ? QStringLiteral("Own clock: not aligned with device time.")
                       : QStringLiteral("Own clock: not aligned with device time (%1).").arg(p.reason);
        return QStringLiteral("Own clock: not aligned with device time.");
    }
    if (!lane.hostClock || !p.aligned())
        return {};
    const QString band =
        p.method == HostPlacement::Method::Containment
            ? QStringLiteral("the device work may truly start up to %1 µs later than drawn")
                  .arg(microseconds(p.highUs))
            : QStringLiteral("the device work may truly sit from %1 µs earlier to %2 µs later than drawn")
                  .arg(microseconds(-p.lowUs), microseconds(p.highUs));
    return QStringLiteral("Host clock on the device axis through %1: %2%3.")
        .arg(methodName(p.method), band, p.inferred ? QStringLiteral(" (inferred)") : QString());
}

} // namespace lanescope
