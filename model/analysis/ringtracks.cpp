#include "ringtracks.h"

#include <algorithm>

namespace lanescope {

std::vector<CounterTrack> ringCounterTracks(const std::shared_ptr<const RingOccupancy> &occupancy)
{
    const RingOccupancy &rings = *occupancy;
    std::vector<CounterTrack> tracks;
    for (int r = 0; r < kRingCount; ++r)
        for (int k = 0; k < kRingResourceCount; ++k) {
            const auto &s = rings.at(r, RingResource(k));
            // A ring nothing was allocated on would only add a flat line (the panel still lists it).
            if (!s ||
                (RingResource(k) == RingResource::TaskWindow && rings.tasksPerRing[std::size_t(r)] == 0))
                continue;
            CounterTrack t;
            t.kind = CounterKind::RingOccupancy;
            t.group = QString::fromLatin1(kRingsGroup);
            t.name = QStringLiteral("ring %1 %2").arg(r).arg(ringResourceName(RingResource(k)));
            // The occupancy is kept beside the tracks (the analysis reads it): the tracks view its
            // curves rather than copy them, which at a million rows is 16 B per row and point.
            t.timesUs = FlatArray<double>::view(s->timesUs.data(), s->timesUs.size(), occupancy);
            t.values = FlatArray<double>::view(s->values.data(), s->values.size(), occupancy);
            t.unit = ringResourceUnit(RingResource(k));
            t.capacity = s->capacity;
            if (s->peak > 0) // a curve that never rises has no peak to mark
                t.peakUs = s->peakUs;
            t.note = QStringLiteral("(inferred)");
            // Only the sites this track uses, so a tooltip never walks the whole site list.
            std::vector<std::int32_t> remap(std::size_t(rings.sites.size()), -1);
            t.pointLabel.reserve(s->siteOfStep.size());
            for (const std::int32_t site : s->siteOfStep) {
                if (site < 0 || site >= rings.sites.size()) {
                    t.pointLabel.push_back(-1);
                    continue;
                }
                std::int32_t &label = remap[std::size_t(site)];
                if (label < 0) {
                    label = std::int32_t(t.pointLabels.size());
                    t.pointLabels.append(rings.sites.at(site));
                }
                t.pointLabel.push_back(label);
            }
            tracks.push_back(std::move(t));
        }
    return tracks;
}

CounterUnit ringResourceUnit(RingResource resource)
{
    return resource == RingResource::Heap ? CounterUnit::Bytes : CounterUnit::Count;
}

bool isRingTrack(const CounterTrack &track)
{
    return track.kind == CounterKind::RingOccupancy;
}

void appendRingTracks(Capture &capture)
{
    if (!std::any_of(capture.counters.begin(), capture.counters.end(), isRingTrack))
        appendRingTracks(capture, std::make_shared<const RingOccupancy>(computeRingOccupancy(capture)));
}

void appendRingTracks(Capture &capture, const std::shared_ptr<const RingOccupancy> &rings)
{
    if (std::any_of(capture.counters.begin(), capture.counters.end(), isRingTrack))
        return;
    for (CounterTrack &t : ringCounterTracks(rings))
        capture.counters.push_back(std::move(t));
}

} // namespace lanescope
