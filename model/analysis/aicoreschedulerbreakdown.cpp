#include "aicoreschedulerbreakdown.h"

#include "model/capture/cancelpoint.h"
#include "model/capture/phasevocabulary.h"

#include <map>

namespace lanescope {

QStringList schedulerProducers(const Capture &c)
{
    QStringList producers;
    auto add = [&producers](const QString &p) {
        if (!p.isEmpty() && !producers.contains(p))
            producers.append(p);
    };
    for (const SchedulerStream &s : c.schedulerStreams)
        add(s.producer);
    add(c.info.schedulerTaskProducer);
    if (producers.isEmpty())
        producers.append(QStringLiteral("aicpu"));
    producers.sort();
    return producers;
}

std::optional<AicoreSchedulerBreakdown> aicoreSchedulerBreakdown(const Capture &c,
                                                                 std::optional<AnalysisRange> range)
{
    CancelPoints cancelPoints;
    AicoreSchedulerBreakdown b;
    b.streams = c.schedulerStreams.size();
    for (const SchedulerStream &s : c.schedulerStreams)
        b.dropped += s.dropped;
    std::map<QString, AicorePhaseTotal> byName;
    bool any = false;
    for (const PhaseLane &lane : c.schedulerThreads)
        for (const PhaseRecord &r : lane) {
            cancelPoints.tick();
            if (range && !range->contains(r.startUs))
                continue;
            const QString phase = canonicalPhase(c.phaseKinds.at(r.kind));
            AicorePhaseTotal &t = byName[phase];
            t.phase = phase;
            ++t.records;
            if (r.endUs > r.startUs)
                t.totalUs += r.endUs - r.startUs;
            any = true;
        }
    if (!any)
        return std::nullopt;
    for (auto &[name, total] : byName)
        b.phases.push_back(std::move(total));
    return b;
}

} // namespace lanescope
