#pragma once

#include "analysisinput.h"

#include <optional>
#include <vector>

namespace lanescope {

// Spec §12.2 Part 6: the reference's greedy backward walk from the last-finishing task.
struct CriticalPathAttribution
{
    std::uint64_t sinkTaskId = 0;
    std::vector<std::uint64_t> taskIds; // sink first, then each chosen predecessor
    std::size_t hops = 0;
    double spanUs = 0;  // finish(sink) − earliest start on the path, or the root's dispatch if earlier
    double execUs = 0;  // Σ end − start of the path's tasks
    double schedUs = 0; // scheduler injected: start − producer end per hop, plus the root's head
    double otherUs = 0; // max(0, span − exec − sched)
    // max(0, exec + sched − span): time the reference's sums count twice, so that
    // exec + sched + other − overlap = span exactly: a hop whose consumer started before its
    // producer ended (early dispatch) counts the overlap in both tasks' exec.
    double overlapUs = 0;
    double execPct = 0, schedPct = 0, otherPct = 0; // of the span
    bool cycleCut = false;                          // the walk came back to a visited task and stopped there
};

// Needs rows with dispatch/finish (level >= 2); predecessors from the dependency graph.
std::optional<CriticalPathAttribution> criticalPathAttribution(const AnalysisInput &in);

// Spec §12.4: the observed critical path over AICore rows (no AICPU timing needed).
struct PathSegment
{
    enum class Kind { Compute, DataWait, CoreWait, FrontGap };
    Kind kind = Kind::Compute;
    double startUs = 0;
    double endUs = 0;
    std::uint64_t taskId = 0; // the task computing, or the task that waited
};
const char *pathSegmentKindName(PathSegment::Kind k); // "compute", "data-wait", "core-wait", "front-gap"

struct ObservedCriticalPath
{
    std::vector<std::uint64_t> taskIds; // earliest first, the last-ending task last
    std::vector<PathSegment> segments;  // in time order; they tile [t0Us, endUs] exactly
    double t0Us = 0;                    // earliest start over the rows
    double endUs = 0;                   // end of the last-ending task
    double computeUs = 0, dataWaitUs = 0, coreWaitUs = 0, frontGapUs = 0;
};

// Per task start = min start, end = max end over its rows. A dependency edge p -> s is kept only if
// end(p) <= start(s) + tol and start(p) < start(s); a row's core predecessor is the earlier row on
// its core with the latest end. From the last-ending task, step to the candidate (data or core
// predecessor) with the latest end <= start + tol; the gap is data-wait (a data predecessor wins a
// tie), core-wait, or, when no candidate is left, the front gap back to t0. `toleranceUs` > 0 can
// make consecutive segments overlap by up to that much; the default 0 tiles exactly.
std::optional<ObservedCriticalPath> observedCriticalPath(const AnalysisInput &in, double toleranceUs = 0);

} // namespace lanescope
