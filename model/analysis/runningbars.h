#pragma once

#include "model/capture/taskrow.h"

#include <utility>
#include <vector>

namespace lanescope {

// Answers "does any bar run anywhere inside (from, to)?" — a bar with start < to and end > from —
// in O(log n) per question: the bars sorted by end, each with the earliest start among the bars
// that end at or after it. Asking every row once per gap, as a scan does, is quadratic at millions
// of rows and as many dependency edges.
class RunningBars
{
public:
    explicit RunningBars(const std::vector<const TaskRow *> &rows);

    bool anyWithin(double from, double to) const;

private:
    // (end, earliest start of this and every later entry), ends ascending. A bar whose start or end
    // is NaN never runs anywhere, as no comparison with it holds.
    std::vector<std::pair<double, double>> m_byEnd;
};

} // namespace lanescope
