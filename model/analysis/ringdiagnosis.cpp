#include "ringdiagnosis.h"

namespace lanescope {

RingDiagnosis diagnoseRings(const RingOccupancy &rings)
{
    RingDiagnosis d;
    std::uint64_t total = 0;
    int most = 0;
    for (int r = 0; r < kRingCount; ++r) {
        total += rings.tasksPerRing[std::size_t(r)];
        if (rings.tasksPerRing[std::size_t(r)] > rings.tasksPerRing[std::size_t(most)])
            most = r;
    }
    if (total >= RingDiagnosis::kMinTasksForBalance) {
        const double share = double(rings.tasksPerRing[std::size_t(most)]) / double(total);
        if (share >= RingDiagnosis::kImbalanceShare) {
            d.loadedRing = most;
            d.loadedShare = share;
        }
    }
    for (int r = 0; r < kRingCount; ++r)
        for (int k = 0; k < kRingResourceCount; ++k) {
            const auto &s = rings.at(r, RingResource(k));
            const auto fraction = s ? s->peakFraction() : std::nullopt;
            if (fraction && *fraction >= RingDiagnosis::kPinnedFraction &&
                *fraction > d.constrainedFraction) {
                d.constrainedRing = r;
                d.constrainedResource = RingResource(k);
                d.constrainedFraction = *fraction;
            }
        }
    d.fatal = rings.fatal;
    return d;
}

QString rebalanceStatement(const RingDiagnosis &d)
{
    if (!d.loadedRing)
        return {};
    return QStringLiteral(
               "One ring carries the load while others idle → rebalance scopes (05a): ring %1 holds "
               "%2% of the tasks.")
        .arg(*d.loadedRing)
        .arg(d.loadedShare * 100.0, 0, 'f', 1);
}

QString capacityStatement(const RingDiagnosis &d, const RingOccupancy &rings)
{
    if (!d.atCapacity())
        return {};
    QString text = QStringLiteral("A peak sits at capacity → that ring is the constraint (05b)");
    if (d.constrainedRing) {
        const auto &s = rings.at(*d.constrainedRing, *d.constrainedResource);
        text += QStringLiteral(": ring %1 %2 peaks at %3 of %4 (%5%)")
                    .arg(*d.constrainedRing)
                    .arg(ringResourceName(*d.constrainedResource))
                    .arg(s->peak, 0, 'f', 0)
                    .arg(*s->capacity, 0, 'f', 0)
                    .arg(d.constrainedFraction * 100.0, 0, 'f', 1);
        const QString site = rings.siteName(s->peakSite);
        if (!site.isEmpty())
            text += QStringLiteral(" in %1").arg(site);
    }
    if (d.fatal)
        text += d.constrainedRing ? QStringLiteral("; the scope stats say fatal (a ring overflowed)")
                                  : QStringLiteral(": the scope stats say fatal (a ring overflowed)");
    if (d.rebalance())
        text += QStringLiteral(". Rebalance first (05a), then resize.");
    else
        text += u'.';
    return text;
}

} // namespace lanescope
