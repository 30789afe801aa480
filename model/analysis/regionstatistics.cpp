#include "regionstatistics.h"

#include <algorithm>
#include <limits>

namespace lanescope {

double laneBusyUs(const Lane &lane, double startUs, double endUs)
{
    if (!(endUs > startUs))
        return 0;
    // Slices are sorted by start: sweep them once, extending the current covered run.
    double busy = 0;
    double runStart = 0;
    double runEnd = 0;
    bool inRun = false;
    for (const Slice &s : lane.slices) {
        if (s.startUs >= endUs)
            break;
        if ((s.flags & Slice::Instant) || !(s.endUs > s.startUs))
            continue;
        const double a = std::max(s.startUs, startUs);
        const double b = std::min(s.endUs, endUs);
        if (b <= a)
            continue;
        if (inRun && a <= runEnd) {
            runEnd = std::max(runEnd, b);
            continue;
        }
        if (inRun)
            busy += runEnd - runStart;
        runStart = a;
        runEnd = b;
        inRun = true;
    }
    if (inRun)
        busy += runEnd - runStart;
    return busy;
}

int laneEngine(const Capture &capture, const Lane &lane)
{
    if (lane.kind == LaneKind::Worker) {
        const auto &types = capture.info.coreTypes;
        if (lane.laneSource >= 0 && std::size_t(lane.laneSource) < types.size())
            return engineOf(types[std::size_t(lane.laneSource)]);
        if (!lane.slices.empty() && lane.slices.front().ref < capture.rows.size())
            return engineOf(capture.rows[lane.slices.front().ref].coreType);
    }
    if (lane.kind == LaneKind::Worker || lane.kind == LaneKind::Trace) {
        if (lane.name.startsWith(QLatin1String("AIC_")))
            return 0;
        if (lane.name.startsWith(QLatin1String("AIV_")))
            return 1;
    }
    return -1;
}

std::pair<double, double> laneBusyRangeUs(const Lane &lane, double startUs, double endUs, double lowUs,
                                          double highUs)
{
    std::vector<double> shifts{lowUs, highUs};
    if (lowUs < 0 && highUs > 0)
        shifts.push_back(0);
    // Edges of bars that the shifted region can reach; every bar edge bounds a covered run or
    // lies inside one, where it adds a needless but harmless candidate.
    const double reachLo = startUs + lowUs, reachHi = endUs + highUs;
    for (const Slice &s : lane.slices) {
        if (s.startUs > reachHi)
            break;
        if ((s.flags & Slice::Instant) || !(s.endUs > s.startUs) || s.endUs < reachLo)
            continue;
        for (const double edge : {s.startUs, s.endUs})
            for (const double regionEdge : {startUs, endUs})
                if (const double shift = edge - regionEdge; shift > lowUs && shift < highUs)
                    shifts.push_back(shift);
    }
    // A lane of many bars: evenly spaced shifts instead, which bounds the work on a click (the
    // range is then sampled, not exact).
    constexpr std::size_t kMostShifts = 4096;
    if (shifts.size() > kMostShifts) {
        shifts.clear();
        for (std::size_t i = 0; i < kMostShifts; ++i)
            shifts.push_back(lowUs + (highUs - lowUs) * double(i) / double(kMostShifts - 1));
    }
    double least = std::numeric_limits<double>::infinity(), most = 0;
    for (const double shift : shifts) {
        const double busy = laneBusyUs(lane, startUs + shift, endUs + shift);
        least = std::min(least, busy);
        most = std::max(most, busy);
    }
    return {least, most};
}

RegionStatistics regionStatistics(const Capture &capture, AnalysisRange range)
{
    RegionStatistics r;
    r.startUs = range.startUs;
    r.endUs = range.endUs;
    r.durationUs = std::max(0.0, range.endUs - range.startUs);
    const double a = range.startUs;
    const double b = range.endUs;
    const bool valid = r.durationUs > 0;

    auto count = [&](double start, double end) {
        if (!valid)
            return;
        if (start >= a && start < b)
            ++r.started;
        if (end >= a && end < b)
            ++r.ended;
        if (start < b && end > a)
            ++r.running;
    };

    r.countsTasks = !capture.rows.empty();
    if (r.countsTasks) {
        // Rows are sorted by task id: fold each run of equal ids into one logical task.
        const auto &rows = capture.rows;
        for (std::size_t i = 0; i < rows.size();) {
            double start = rows[i].startUs;
            double end = rows[i].endUs;
            std::size_t j = i + 1;
            for (; j < rows.size() && rows[j].taskId == rows[i].taskId; ++j) {
                start = std::min(start, rows[j].startUs);
                end = std::max(end, rows[j].endUs);
            }
            count(start, end);
            i = j;
        }
    }

    for (std::size_t i = 0; i < capture.lanes.size(); ++i) {
        const Lane &lane = capture.lanes[i];
        if (!lane.clockAligned || lane.slices.empty())
            continue;
        const int engine = laneEngine(capture, lane);
        if (!r.countsTasks && engine >= 0) {
            for (const Slice &s : lane.slices) {
                if (s.depth == 0 && !(s.flags & Slice::Instant))
                    count(s.startUs, s.endUs);
            }
        }
        LaneBusy busy;
        busy.lane = int(i);
        busy.busyUs = laneBusyUs(lane, a, b);
        busy.busyPct = valid ? busy.busyUs / r.durationUs * 100.0 : 0.0;
        const HostPlacement &placement = capture.info.hostPlacement;
        if (valid && lane.hostClock && placement.aligned() && placement.highUs > placement.lowUs)
            busy.busyRangeUs = laneBusyRangeUs(lane, a, b, placement.lowUs, placement.highUs);
        r.lanes.push_back(busy);
        if (engine >= 0) {
            EngineBusy &e = r.engines[std::size_t(engine)];
            ++e.lanes;
            e.busyUs += busy.busyUs;
        }
    }
    for (EngineBusy &e : r.engines)
        e.busyPct = valid && e.lanes > 0 ? e.busyUs / (e.lanes * r.durationUs) * 100.0 : 0.0;
    return r;
}

} // namespace lanescope
