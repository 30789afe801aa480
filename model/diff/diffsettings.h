#pragma once

#include <QString>
#include <optional>

namespace lanescope {

// Where the Diff view lines Before up with After: both at their first start, at the first start of
// one task on each side, or at a review marker (its time on each side's own axis).
enum class DiffAnchor { Starts, Task, Marker };
QString diffAnchorName(DiffAnchor a); // "starts", "task", "marker"
std::optional<DiffAnchor> diffAnchorFromName(const QString &name);

// How a review shows its Diff view; kept in the review file so that it reopens as it was left.
struct DiffSettings
{
    DiffAnchor anchor = DiffAnchor::Starts;
    QString anchorTask;   // DiffAnchor::Task: the task as labels spell it ("r0t12")
    QString anchorMarker; // DiffAnchor::Marker: the marker's name
    bool ghost = false;   // Before drawn faintly over After

    bool operator==(const DiffSettings &o) const
    {
        return anchor == o.anchor && anchorTask == o.anchorTask && anchorMarker == o.anchorMarker &&
               ghost == o.ghost;
    }
};

} // namespace lanescope
