#pragma once

#include "widgets/timeline/timeviewport.h"

#include <QObject>
#include <QString>
#include <optional>
#include <vector>

class QUndoStack;

namespace lanescope {

// A timestamped marker on the timeline.
struct TimelineMarker
{
    int id = 0;
    double timeUs = 0;
    QString name; // empty: shown by its time
    friend bool operator==(const TimelineMarker &, const TimelineMarker &) = default;
};

// A region kept for later, listed next to the markers.
struct SavedRegion
{
    int id = 0;
    TimeRange range;
    QString name;
    friend bool operator==(const SavedRegion &, const SavedRegion &) = default;
};

// Everything a user marks on one timeline: the measured region (at most one, the one the region
// statistics describe), markers, and kept regions. Every edit is a command on the undo stack, so
// Undo / Redo walk back and forth through measurements, markers and names alike.
class TimelineAnnotations : public QObject
{
    Q_OBJECT

public:
    struct State
    {
        std::optional<TimeRange> region;
        std::vector<TimelineMarker> markers; // in time order
        std::vector<SavedRegion> regions;    // in the order they were kept
        int nextId = 1;
        friend bool operator==(const State &, const State &) = default;
    };

    explicit TimelineAnnotations(QObject *parent = nullptr);

    const State &state() const { return m_state; }
    std::optional<TimeRange> region() const { return m_state.region; }
    const std::vector<TimelineMarker> &markers() const { return m_state.markers; }
    const std::vector<SavedRegion> &regions() const { return m_state.regions; }
    const TimelineMarker *marker(int id) const;
    const SavedRegion *savedRegion(int id) const;
    QUndoStack *undoStack() const { return m_undo; }

    // Undoable edits. Each does nothing (and pushes nothing) when it would not change anything.
    void setRegion(std::optional<TimeRange> region);
    void clearRegion() { setRegion(std::nullopt); }
    int addMarker(double timeUs, const QString &name = {}); // returns the new marker's id
    void renameMarker(int id, const QString &name);
    void removeMarker(int id);
    int keepRegion(const QString &name = {}); // the measured region; 0 when none
    void renameRegion(int id, const QString &name);
    void removeRegion(int id);

    // Forgets everything, history included (another capture was opened).
    void reset();

    // Applies `state` directly; the undo commands use it.
    void restore(const State &state);

signals:
    void regionChanged();
    void markersChanged(); // markers or kept regions

private:
    void push(const QString &text, State after);

    State m_state;
    QUndoStack *m_undo = nullptr;
};

} // namespace lanescope
