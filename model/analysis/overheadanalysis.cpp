#include "overheadanalysis.h"

#include "model/capture/cancelpoint.h"
#include "model/capture/chunkedarray.h"
#include "model/capture/radixsort.h"
#include "model/capture/sharedloop.h"

#include <algorithm>
#include <limits>

namespace lanescope {

namespace {

// Adds [a, b] clamped into [w0, w1] to the lists of its engine and kind; an empty one is dropped.
void addInterval(OverheadEvents &ev, const AnalysisInput &in, double a, double b, int engine, bool waiting)
{
    a = std::clamp(a, in.w0, in.w1);
    b = std::clamp(b, in.w0, in.w1);
    if (b > a) {
        ev.times[OverheadEvents::kindOf(engine, waiting, false)].push_back(a);
        ev.times[OverheadEvents::kindOf(engine, waiting, true)].push_back(b);
    }
}

void sortKinds(OverheadEvents &ev, bool waiting)
{
    for (std::size_t kind = 0; kind < OverheadEvents::kKinds; ++kind)
        if (OverheadEvents::waitingKind(kind) == waiting)
            radixSortByDouble(ev.times[kind], [](double t) { return t; });
}

// Every running row: its lists, sorted.
void runningEndpoints(const AnalysisInput &in, OverheadEvents &ev)
{
    std::array<std::size_t, kEngineCount> rowsOn = {};
    for (const TaskRow *r : in.rows)
        ++rowsOn[std::size_t(engineOf(r->coreType))];
    for (int e = 0; e < kEngineCount; ++e)
        for (bool closes : {false, true})
            ev.times[OverheadEvents::kindOf(e, false, closes)].reserve(rowsOn[std::size_t(e)]);
    CancelPoints cancelPoints;
    for (const TaskRow *r : in.rows) {
        cancelPoints.tick();
        addInterval(ev, in, r->startUs, r->endUs, engineOf(r->coreType), false);
    }
    sortKinds(ev, false);
}

// Every waiting task: its lists, sorted.
void waitingEndpoints(const AnalysisInput &in, OverheadEvents &ev)
{
    std::array<std::size_t, kEngineCount> tasksOn = {};
    for (const FoldedTask &task : in.tasks)
        for (int e = 0; e < kEngineCount; ++e)
            tasksOn[std::size_t(e)] += (task.engines >> e) & 1u;
    for (int e = 0; e < kEngineCount; ++e)
        for (bool closes : {false, true})
            ev.times[OverheadEvents::kindOf(e, true, closes)].reserve(tasksOn[std::size_t(e)]);
    CancelPoints cancelPoints;
    for (std::uint32_t t = 0; t < in.tasks.size(); ++t) {
        cancelPoints.tick();
        const FoldedTask &task = in.tasks[t];
        // ready = the latest end among predecessors with rows; roots (and tasks whose producers
        // are outside the measured set) are ready when dispatched, so they never wait.
        double ready = task.dispatchUs;
        const auto [first, last] = in.predsOf(t);
        if (first != last) {
            ready = -std::numeric_limits<double>::infinity();
            for (const std::uint32_t *p = first; p != last; ++p)
                ready = std::max(ready, in.tasks[*p].endUs);
        }
        for (int e = 0; e < kEngineCount; ++e)
            if (task.engines & (1u << e))
                addInterval(ev, in, ready, task.dispatchUs, e, true);
    }
    sortKinds(ev, true);
}

// Every running row and every waiting task, clamped into [w0, w1]; empty intervals dropped. The
// two halves fill lists of their own: the waiting tasks on a second core beside the rows (at ten
// million rows each is a second of filling and sorting).
OverheadEvents endpoints(const AnalysisInput &in)
{
    OverheadEvents ev;
    if (in.rows.size() < kRowsWorthASecondThread) {
        runningEndpoints(in, ev);
        waitingEndpoints(in, ev);
        return ev;
    }
    auto waiting = asyncCancellable([&in, &ev] { waitingEndpoints(in, ev); });
    runningEndpoints(in, ev);
    waiting.get();
    return ev;
}

OverheadState stateOf(const AnalysisInput &in, const std::array<int, kEngineCount> &running,
                      const std::array<int, kEngineCount> &waiting)
{
    OverheadState s;
    bool anyPresent = false, allOverhead = true, anyWaiting = false, waitingAllIdle = true;
    for (int e = 0; e < kEngineCount; ++e) {
        const auto i = std::size_t(e);
        s.idle[i] = in.cores[i] - running[i];
        s.waiting[i] = waiting[i];
        s.overhead[i] = s.idle[i] > 0 && s.waiting[i] > 0;
        if (in.cores[i] > 0) {
            anyPresent = true;
            allOverhead = allOverhead && s.overhead[i];
        }
        if (s.waiting[i] > 0) {
            anyWaiting = true;
            waitingAllIdle = waitingAllIdle && s.idle[i] > 0;
        }
    }
    s.all = anyPresent && allOverhead;
    s.has = anyWaiting && waitingAllIdle;
    return s;
}

} // namespace

void prepareOverheadSweep(const AnalysisInput &in)
{
    if (!in.sweepEvents)
        in.sweepEvents = std::make_shared<const OverheadEvents>(endpoints(in));
}

void sweepOverhead(const AnalysisInput &in,
                   const std::function<void(double, double, const OverheadState &)> &segment)
{
    if (in.rows.empty() || !(in.w1 > in.w0))
        return;
    prepareOverheadSweep(in);
    const OverheadEvents &ev = *in.sweepEvents;
    std::array<int, kEngineCount> running = {0, 0}, waiting = {0, 0};
    std::array<std::size_t, OverheadEvents::kKinds> next = {};
    double a = in.w0;
    CancelPoints cancelPoints;
    while (a < in.w1) {
        cancelPoints.tick();
        // Every event at or before `a` applies; events at one time apply together, so the order
        // of the lists does not matter. The segment ends at the earliest event still ahead.
        double b = in.w1;
        for (std::size_t kind = 0; kind < OverheadEvents::kKinds; ++kind) {
            const std::vector<double> &times = ev.times[kind];
            std::size_t &i = next[kind];
            const std::size_t from = i;
            while (i < times.size() && times[i] <= a)
                ++i;
            const int count = int(i - from);
            auto &counts = OverheadEvents::waitingKind(kind) ? waiting : running;
            counts[std::size_t(OverheadEvents::engineOfKind(kind))] +=
                OverheadEvents::closingKind(kind) ? -count : count;
            if (i < times.size())
                b = std::min(b, times[i]);
        }
        segment(a, b, stateOf(in, running, waiting));
        a = b;
    }
}

QString overheadVerdict(double hasPct)
{
    if (hasPct >= 25)
        return QStringLiteral("SCHEDULER-BOUND");
    if (hasPct >= 8)
        return QStringLiteral("PARTIALLY SCHEDULER-LIMITED");
    return QStringLiteral("COMPUTE/DEPENDENCY-BOUND");
}

OverheadFigures overheadFigures(const AnalysisInput &in)
{
    OverheadFigures f;
    f.w0Us = in.w0;
    f.w1Us = in.w1;
    f.makespanUs = in.makespanUs();
    for (int e = 0; e < kEngineCount; ++e) {
        f.engines[std::size_t(e)].present = in.cores[std::size_t(e)] > 0;
        f.engines[std::size_t(e)].cores = in.cores[std::size_t(e)];
    }
    sweepOverhead(in, [&](double a, double b, const OverheadState &s) {
        const double d = b - a;
        for (std::size_t e = 0; e < kEngineCount; ++e) {
            if (s.overhead[e])
                f.engines[e].overheadUs += d;
            if (s.waiting[e] > 0) {
                auto &w = f.waitingIntervals[e];
                if (!w.empty() && w.back().second == a)
                    w.back().second = b;
                else
                    w.emplace_back(a, b);
            }
        }
        if (s.all)
            f.allUs += d;
        if (s.has)
            f.hasUs += d;
    });
    const double m = f.makespanUs;
    auto pct = [m](double us) { return m > 0 ? us / m * 100.0 : 0.0; };
    for (EngineOverhead &e : f.engines)
        e.pct = pct(e.overheadUs);
    f.allPct = pct(f.allUs);
    f.hasPct = pct(f.hasUs);
    f.verdict = overheadVerdict(f.hasPct);
    return f;
}

std::vector<CounterTrack> overheadCounterTracks(const AnalysisInput &in)
{
    std::vector<CounterTrack> tracks;
    auto track = [&](const QString &name) {
        CounterTrack t;
        t.kind = CounterKind::Overhead;
        t.group = QStringLiteral("Overhead");
        t.name = name;
        t.series = name;
        tracks.push_back(std::move(t));
    };
    // Named for people, in the converter's order; its names (oh_aic_idle …) are keys of its files.
    std::vector<int> engines;
    for (int e = 0; e < kEngineCount; ++e)
        if (in.cores[std::size_t(e)] > 0) {
            engines.push_back(e);
            const QString ty = QString::fromLatin1(engineName(e)).toUpper();
            track(QStringLiteral("%1 idle cores").arg(ty));                      // oh_<ty>_idle
            track(QStringLiteral("%1 ready tasks waiting").arg(ty));             // oh_<ty>_ready
            track(QStringLiteral("%1 overhead (idle with ready work)").arg(ty)); // oh_<ty>_overhead
        }
    track(QStringLiteral("Overhead (every engine)"));            // oh_all_overhead
    track(QStringLiteral("Overhead (engines with ready work)")); // oh_has_overhead

    // Steps grow in chunks and are copied once into arrays of exactly their number: a curve per
    // core type of millions of steps, held for as long as the capture is open, would otherwise keep
    // the room its growth left, or hold twice its steps while shedding it.
    struct Steps
    {
        ChunkedArray<double> timesUs;
        ChunkedArray<double> values;
    };
    std::vector<Steps> steps(tracks.size());
    auto pushChange = [](Steps &t, double at, double value) {
        if (t.values.empty() || t.values.back() != value) {
            t.timesUs.push_back(at);
            t.values.push_back(value);
        }
    };
    sweepOverhead(in, [&](double a, double, const OverheadState &s) {
        std::size_t k = 0;
        for (int e : engines) {
            const auto i = std::size_t(e);
            pushChange(steps[k++], a, s.idle[i]);
            pushChange(steps[k++], a, s.waiting[i]);
            pushChange(steps[k++], a, s.overhead[i] ? 1 : 0);
        }
        pushChange(steps[k++], a, s.all ? 1 : 0);
        pushChange(steps[k++], a, s.has ? 1 : 0);
    });
    // Close every step function at the window's end so a drawer knows where the last value stops.
    if (!in.rows.empty() && in.w1 > in.w0)
        for (Steps &t : steps)
            if (!t.timesUs.empty() && t.timesUs.back() < in.w1) {
                t.timesUs.push_back(in.w1);
                t.values.push_back(t.values.back());
            }
    for (std::size_t k = 0; k < tracks.size(); ++k) {
        tracks[k].timesUs = steps[k].timesUs.takeAll();
        tracks[k].values = steps[k].values.takeAll();
    }
    return tracks;
}

} // namespace lanescope
