#pragma once

#include "model/capture/capture.h"

#include <QString>
#include <vector>

namespace lanescope {

// Where the makespan change came from (spec §12.4): each side's observed critical path tiles its
// makespan into compute, data-wait, core-wait and front-gap segments, so the change of each kind
// adds up to the makespan change exactly. With AICPU timing (level >= 2) a data-wait is split at
// the waiting task's dispatch: producer end -> dispatch is scheduler time, dispatch -> start is
// dispatch overhead.
struct AttributionPart
{
    QString id;   // "compute", "data-wait", "scheduler", "dispatch", "core-wait", "front-gap"
    QString name; // for people: "Compute", "Data wait", "Scheduler (producer end → dispatch)" …
    double beforeUs = 0;
    double afterUs = 0;
    double deltaUs() const { return afterUs - beforeUs; }
};

struct MakespanAttribution
{
    bool available = false;             // both sides have rows
    bool splitsOverhead = false;        // scheduler and dispatch parts present (both sides level >= 2)
    std::vector<AttributionPart> parts; // waterfall order
    double beforeMakespanUs = 0;        // critical path end − t0
    double afterMakespanUs = 0;
    double totalDeltaUs() const { return afterMakespanUs - beforeMakespanUs; }
    QString reason; // why it is not available

    // Work a side's graph lists but its rows lack (a capture cut short, a buffer lost), and how much
    // of the makespan change that explains: for each side that lacks tasks, the other side's last
    // end with those tasks less its last end without them (inferred: it assumes the missing tasks
    // would have ended as they did there). Negative when After lacks work.
    std::size_t beforeTasksWithoutRows = 0;
    std::size_t afterTasksWithoutRows = 0;
    double missingWorkUs = 0;
    // One sentence for people, empty when neither side lacks work.
    QString missingWorkNote() const;
};

MakespanAttribution attributeMakespanChange(const Capture &before, const Capture &after);

} // namespace lanescope
