#include "runningbars.h"

#include "model/capture/cancelpoint.h"
#include "model/capture/radixsort.h"

#include <algorithm>
#include <cmath>

namespace lanescope {

RunningBars::RunningBars(const std::vector<const TaskRow *> &rows)
{
    m_byEnd.reserve(rows.size());
    CancelPoints cancelPoints;
    for (const TaskRow *r : rows) {
        cancelPoints.tick();
        if (!std::isnan(r->startUs) && !std::isnan(r->endUs))
            m_byEnd.emplace_back(r->endUs, r->startUs);
    }
    radixSortByDouble(m_byEnd, [](const std::pair<double, double> &e) { return e.first; });
    double earliest = INFINITY;
    for (auto it = m_byEnd.rbegin(); it != m_byEnd.rend(); ++it) {
        cancelPoints.tick();
        earliest = std::min(earliest, it->second);
        it->second = earliest;
    }
}

bool RunningBars::anyWithin(double from, double to) const
{
    // The first bar that ends after `from`; it and every later one qualify by their end, so one of
    // them runs inside when the earliest start among them lies before `to`.
    const auto first =
        std::upper_bound(m_byEnd.begin(), m_byEnd.end(), from,
                         [](double t, const std::pair<double, double> &e) { return t < e.first; });
    return first != m_byEnd.end() && first->second < to;
}

} // namespace lanescope
