#include "widgets/timeline/timelineannotations.h"

#include "widgets/text/timeformat.h"

#include <QUndoCommand>
#include <QUndoStack>
#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {

// Undo by snapshot: the state is a handful of values, so keeping both sides is the simplest way
// to make every edit exactly reversible.
class SnapshotCommand : public QUndoCommand
{
public:
    SnapshotCommand(TimelineAnnotations *target, const QString &text, TimelineAnnotations::State before,
                    TimelineAnnotations::State after)
        : QUndoCommand(text), m_target(target), m_before(std::move(before)), m_after(std::move(after))
    {
    }
    void undo() override { m_target->restore(m_before); }
    void redo() override { m_target->restore(m_after); }

private:
    TimelineAnnotations *m_target;
    TimelineAnnotations::State m_before;
    TimelineAnnotations::State m_after;
};

} // namespace

TimelineAnnotations::TimelineAnnotations(QObject *parent) : QObject(parent), m_undo(new QUndoStack(this)) {}

const TimelineMarker *TimelineAnnotations::marker(int id) const
{
    for (const TimelineMarker &m : m_state.markers) {
        if (m.id == id)
            return &m;
    }
    return nullptr;
}

const SavedRegion *TimelineAnnotations::savedRegion(int id) const
{
    for (const SavedRegion &r : m_state.regions) {
        if (r.id == id)
            return &r;
    }
    return nullptr;
}

void TimelineAnnotations::push(const QString &text, State after)
{
    if (after == m_state)
        return;
    m_undo->push(new SnapshotCommand(this, text, m_state, std::move(after)));
}

void TimelineAnnotations::restore(const State &state)
{
    const bool regionDiffers = state.region != m_state.region;
    const bool markersDiffer = state.markers != m_state.markers || state.regions != m_state.regions;
    m_state = state;
    if (regionDiffers)
        emit regionChanged();
    if (markersDiffer)
        emit markersChanged();
}

void TimelineAnnotations::setRegion(std::optional<TimeRange> region)
{
    if (region && !region->isValid())
        region.reset();
    State after = m_state;
    after.region = region;
    push(region ? tr("Measure %1").arg(formatDuration(region->span())) : tr("Clear Region"), after);
}

int TimelineAnnotations::addMarker(double timeUs, const QString &name)
{
    if (!std::isfinite(timeUs))
        return 0;
    State after = m_state;
    const int id = after.nextId++;
    const TimelineMarker marker{id, timeUs, name};
    const auto at = std::upper_bound(after.markers.begin(), after.markers.end(), timeUs,
                                     [](double t, const TimelineMarker &m) { return t < m.timeUs; });
    after.markers.insert(at, marker);
    push(tr("Add Marker"), after);
    return id;
}

void TimelineAnnotations::renameMarker(int id, const QString &name)
{
    State after = m_state;
    for (TimelineMarker &m : after.markers) {
        if (m.id == id)
            m.name = name.trimmed();
    }
    push(tr("Rename Marker"), after);
}

void TimelineAnnotations::removeMarker(int id)
{
    State after = m_state;
    std::erase_if(after.markers, [id](const TimelineMarker &m) { return m.id == id; });
    push(tr("Delete Marker"), after);
}

int TimelineAnnotations::keepRegion(const QString &name)
{
    if (!m_state.region)
        return 0;
    State after = m_state;
    const int id = after.nextId++;
    const QString shown =
        name.trimmed().isEmpty() ? tr("Region %1").arg(after.regions.size() + 1) : name.trimmed();
    after.regions.push_back({id, *m_state.region, shown});
    push(tr("Keep Region"), after);
    return id;
}

void TimelineAnnotations::renameRegion(int id, const QString &name)
{
    State after = m_state;
    for (SavedRegion &r : after.regions) {
        if (r.id == id && !name.trimmed().isEmpty())
            r.name = name.trimmed();
    }
    push(tr("Rename Region"), after);
}

void TimelineAnnotations::removeRegion(int id)
{
    State after = m_state;
    std::erase_if(after.regions, [id](const SavedRegion &r) { return r.id == id; });
    push(tr("Delete Region"), after);
}

void TimelineAnnotations::reset()
{
    m_undo->clear();
    restore({});
}

} // namespace lanescope
