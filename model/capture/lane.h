#pragma once

#include "flatarray.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

namespace lanescope {

// What a lane's slices refer to; decides how a slice's label and details are derived, so that
// a million bars never need a million strings.
enum class LaneKind : std::uint8_t {
    Worker,           // AICore core lane: Slice::ref indexes Capture::rows
    SchedulerView,    // dispatch -> finish per core: ref indexes Capture::rows
    Scheduler,        // scheduler thread: ref indexes Capture::schedulerThreads[laneSource]
    SchedulerResolve, // resolve sub-lane of a scheduler thread: same ref space as Scheduler
    Orchestrator,     // ref indexes Capture::orchestratorLanes[laneSource]
    AicpuWorker,      // dummy / predicated-skip markers (ref into schedulerThreads[..]) and allocs
    HostUploads,      // ref indexes Capture::hostUploads
    Host,             // [STRACE] spans: ref indexes Capture::hostLog.spans
    AicpuLifecycle,   // AICPU thread start-up/shut-down: laneSource indexes Capture::aicpuLifecycle, ref its
                      // slices
    KernelLaunches,   // one envelope per kernel launch: ref indexes CaptureInfo::launches
    Trace, // Chrome trace slice: label interned in Capture::strings, ref = the event's ordinal in the file
};

// One drawable interval. Sorted by startUs within a lane.
//
// A capture holds two or three slices per AICore row (its AICore bar, its Scheduler View bar, and
// the scheduler and orchestrator records), so a slice is kept to 24 bytes: the colour key, the
// nesting level and the flags share one word. A trace slice's run epoch is one of its kept
// arguments (traceRunEpochOf, traceslicearg.h).
struct Slice
{
    // Labels are colour keys or string indices below this; larger ones are folded (colour keys)
    // or refused where they are made (trace names, tracebuilder.cpp).
    static constexpr std::uint32_t kLabelLimit = 1u << 20;
    // Nesting levels a lane draws; a deeper slice shares the last one.
    static constexpr std::uint32_t kMaxDepth = 63;

    double startUs = 0;
    double endUs = 0;
    std::uint32_t ref = 0; // meaning depends on LaneKind
    // Trace lanes: Capture::strings index; others: colour key (func id + 1 / phase kind).
    std::uint32_t label : 20 = 0;
    std::uint32_t depth : 6 = 0; // nesting level inside the lane (drain_* inside drain, B/E stacks)
    std::uint32_t flags : 6 = 0;

    enum Flag : std::uint8_t {
        Instant = 1 << 0, // zero-duration marker (i/I events, zero-length phases)
        Dummy = 1 << 1,
        PredicatedSkip = 1 << 2,
        Alloc = 1 << 3,
        AicpuMissing = 1 << 4,
        Unterminated = 1 << 5, // B without E, slice runs to the end of the capture
    };

    // The nesting level `depth`, or the deepest a lane draws.
    static std::uint32_t clampedDepth(std::size_t depth)
    {
        return depth < kMaxDepth ? std::uint32_t(depth) : kMaxDepth;
    }
};
static_assert(sizeof(Slice) == 24, "lanes hold millions of slices: keep them small");

using Slices = FlatArray<Slice>;

struct Lane
{
    QString group; // "Host", "Orchestrator", "AICPU Scheduler", "Scheduler View", "AICore" or a trace process
    QString name;  // "AIC_0", "Sched_1", thread name …
    // What the name cannot say, shown with it in tooltips and the details panel; empty for most lanes.
    // E.g. an A5 AICore lane's worker and physical core (supplement §7 "Worker View", workercores.h).
    QString detail;
    LaneKind kind = LaneKind::Trace;
    std::int32_t laneSource = -1; // scheduler thread / orchestrator lane / core id / pid, by kind
    std::int64_t sortKey = 0;     // order within the group
    bool clockAligned = true;     // false: drawn on its own axis (e.g. host spans vs device time)
    bool hostClock = false; // times come from the host clock (aligned through CaptureInfo::hostPlacement)
    std::uint8_t maxDepth = 0;
    Slices slices;
};

// A counter track ("C" events, ready-queue depth): step function over time.
// Where a counter's values come from: read from the file, or derived from it on opening (spec
// §12.3 overhead tracks, ring occupancy). Code that looks for one kind asks this, never the group's
// name, which a trace may well reuse for a counter of its own.
enum class CounterKind : std::uint8_t { Recorded, Overhead, RingOccupancy };
// What a counter's values measure, so that each quantity reads in one unit wherever it is shown
// (countertext.h): bytes (a ring's heap) in MiB, everything else as a plain count.
enum class CounterUnit : std::uint8_t { Count, Bytes };

struct CounterTrack
{
    CounterKind kind = CounterKind::Recorded;
    CounterUnit unit = CounterUnit::Count;
    QString group;
    QString name;
    QString series;
    FlatArray<double> timesUs;
    FlatArray<double> values;

    // Drawing hints of derived tracks (ring occupancy); recorded counters leave them empty.
    std::optional<double> capacity;     // drawn as a ceiling line; tooltips give % of it
    std::optional<double> peakUs;       // where the highest value is first reached: a marker
    QString note;                       // shown after the title, e.g. "(inferred)"
    QStringList pointLabels;            // distinct labels of the points (scope sites)
    FlatArray<std::int32_t> pointLabel; // per point: index into pointLabels, -1 = none
};

// An arrow between two points on lanes (trace flows; capture dependency edges are derived later).
struct Flow
{
    std::uint32_t fromLane = 0;
    std::uint32_t toLane = 0;
    double fromUs = 0;
    double toUs = 0;
    std::uint32_t name = 0; // Capture::strings index
    // It arrives before it leaves (isHbViolation, happensbefore.h): a trace flow whose finish was
    // recorded before its start, kept and marked as a deps edge with that fault is.
    bool hbViolation = false;
    std::uint8_t unused[3] = {}; // as PhaseRecord's
};

} // namespace lanescope
