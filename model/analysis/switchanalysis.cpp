#include "switchanalysis.h"

#include "model/capture/cancelpoint.h"

#include <algorithm>
#include <limits>

namespace lanescope {

namespace {

// Length of [a, b) that lies inside the sorted, disjoint `intervals`.
double overlap(const std::vector<std::pair<double, double>> &intervals, double a, double b)
{
    auto it = std::upper_bound(intervals.begin(), intervals.end(), a,
                               [](double t, const std::pair<double, double> &iv) { return t < iv.second; });
    double sum = 0;
    for (; it != intervals.end() && it->first < b; ++it)
        sum += std::max(0.0, std::min(b, it->second) - std::max(a, it->first));
    return sum;
}

} // namespace

SwitchFigures
switchFigures(const AnalysisInput &in,
              const std::array<std::vector<std::pair<double, double>>, kEngineCount> *waitingIntervals)
{
    SwitchFigures f;
    std::array<std::vector<double>, kEngineCount> totals;
    std::array<double, kEngineCount> during = {0, 0};
    CancelPoints cancelPoints;
    for (const AnalysisInput::CoreRun &run : in.coreRuns) {
        // byCore already orders each core's rows by (start, end, dispatch).
        const std::uint32_t *core = in.byCore.data() + run.first;
        const std::size_t n = run.last - run.first;
        const auto e = std::size_t(engineOf(in.rows[core[0]]->coreType));
        double total = 0;
        for (std::size_t i = 1; i < n; ++i) {
            cancelPoints.tick();
            const TaskRow &a = *in.rows[core[i - 1]];
            const TaskRow &b = *in.rows[core[i]];
            if (!(b.dispatchUs < a.endUs)) // b was not yet issued while a ran: not a switch
                continue;
            const double g0 = std::max(a.endUs, in.w0);
            const double g1 = std::min(b.startUs, in.w1);
            if (g1 - g0 > 0) {
                total += g1 - g0;
                ++f.engines[e].events;
                if (waitingIntervals)
                    during[e] += overlap((*waitingIntervals)[e], g0, g1);
            }
        }
        totals[e].push_back(total);
    }
    double lower = std::numeric_limits<double>::infinity();
    for (std::size_t e = 0; e < kEngineCount; ++e) {
        EngineSwitch &s = f.engines[e];
        const auto &t = totals[e];
        if (t.empty())
            continue;
        s.present = true;
        s.cores = int(t.size());
        double sum = 0;
        for (double v : t)
            sum += v;
        s.minUs = *std::min_element(t.begin(), t.end());
        s.maxUs = *std::max_element(t.begin(), t.end());
        s.meanUs = sum / double(t.size());
        s.perEventUs = s.events > 0 ? sum / double(s.events) : 0.0;
        if (waitingIntervals) {
            s.duringOverheadUs = during[e];
            s.independentUs = sum - during[e];
        }
        lower = std::min(lower, s.minUs);
        f.boundUpperUs += s.minUs;
    }
    f.boundLowerUs = std::isfinite(lower) ? lower : 0.0;
    const double m = in.makespanUs();
    f.boundLowerPct = m > 0 ? f.boundLowerUs / m * 100.0 : 0.0;
    f.boundUpperPct = m > 0 ? f.boundUpperUs / m * 100.0 : 0.0;
    return f;
}

} // namespace lanescope
