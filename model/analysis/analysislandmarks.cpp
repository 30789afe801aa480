#include "analysislandmarks.h"

#include "overheadanalysis.h"

#include "model/capture/cancelpoint.h"

namespace lanescope {

namespace {

RowLandmark rowLandmark(const Capture &capture, const TaskRow &r, double value, double from, double to)
{
    RowLandmark l;
    l.row = std::size_t(&r - capture.rows.data());
    l.taskId = r.taskId;
    l.coreId = r.coreId;
    l.valueUs = value;
    l.fromUs = from;
    l.toUs = to;
    return l;
}

// Grows the run of segments where a predicate holds and keeps the longest one seen.
struct RunTracker
{
    std::optional<IntervalLandmark> open;
    std::optional<IntervalLandmark> longest;

    void segment(double a, double b, bool holds)
    {
        if (holds) {
            if (open && open->toUs == a)
                open->toUs = b;
            else {
                close();
                open = IntervalLandmark{a, b};
            }
        } else {
            close();
        }
    }
    void close()
    {
        if (open && (!longest || open->lengthUs() > longest->lengthUs()))
            longest = open;
        open.reset();
    }
};

} // namespace

AnalysisLandmarks findLandmarks(const AnalysisInput &in, const Capture &capture)
{
    CancelPoints cancelPoints;
    AnalysisLandmarks l;
    if (in.rows.empty())
        return l;

    for (const AnalysisInput::CoreRun &run : in.coreRuns) {
        const auto engine = std::size_t(engineOf(in.rows[in.byCore[run.first]]->coreType));
        for (std::uint32_t i = run.first; i < run.last; ++i) {
            cancelPoints.tick();
            const TaskRow &r = *in.rows[in.byCore[i]];
            // Part 3: start − dispatch, or start − previous end when the core was still busy.
            double head = r.startUs - r.dispatchUs;
            double from = r.dispatchUs;
            if (i > run.first) {
                const TaskRow &prev = *in.rows[in.byCore[i - 1]];
                if (r.startUs - prev.endUs < head) {
                    head = r.startUs - prev.endUs;
                    from = prev.endUs;
                }
                // Part 2: a switch when the next row was issued while the previous one ran.
                if (r.dispatchUs < prev.endUs) {
                    const double g0 = std::max(prev.endUs, in.w0);
                    const double g1 = std::min(r.startUs, in.w1);
                    auto &best = l.longestSwitch[engine];
                    if (g1 - g0 > 0 && (!best || g1 - g0 > best->toUs - best->fromUs))
                        best = CoreGapLandmark{r.coreId, std::size_t(&r - capture.rows.data()), g0, g1};
                }
            }
            head = std::max(0.0, head);
            if (!l.worstHead || head > l.worstHead->valueUs)
                l.worstHead = rowLandmark(capture, r, head, std::min(from, r.startUs), r.startUs);
        }
    }
    for (const TaskRow *r : in.rows) {
        cancelPoints.tick();
        const double tail = std::max(0.0, r->finishUs - r->endUs);
        if (!l.worstTail || tail > l.worstTail->valueUs)
            l.worstTail = rowLandmark(capture, *r, tail, r->endUs, std::max(r->endUs, r->finishUs));
    }

    if (in.hasDeps) {
        std::array<RunTracker, kEngineCount> engines;
        RunTracker has;
        sweepOverhead(in, [&](double a, double b, const OverheadState &s) {
            for (std::size_t e = 0; e < kEngineCount; ++e)
                engines[e].segment(a, b, s.overhead[e]);
            has.segment(a, b, s.has);
        });
        for (std::size_t e = 0; e < kEngineCount; ++e) {
            engines[e].close();
            l.longestOverhead[e] = engines[e].longest;
        }
        has.close();
        l.longestHasOverhead = has.longest;
    }
    return l;
}

} // namespace lanescope
