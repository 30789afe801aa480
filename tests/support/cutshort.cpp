#include "cutshort.h"

#include <algorithm>
#include <map>
#include <set>

namespace lanescope {

CapturePtr withoutLastTasks(const Capture &capture, int count)
{
    std::map<std::uint64_t, double> endOf;
    for (const TaskRow &r : capture.rows)
        endOf[r.taskId] = std::max(endOf[r.taskId], r.endUs);
    std::vector<std::pair<double, std::uint64_t>> byEnd;
    for (const auto &[task, end] : endOf)
        byEnd.emplace_back(end, task);
    std::sort(byEnd.begin(), byEnd.end());
    std::set<std::uint64_t> gone;
    for (int i = 0; i < count && i < int(byEnd.size()); ++i)
        gone.insert(byEnd[byEnd.size() - 1 - std::size_t(i)].second);
    std::vector<TaskRow> kept;
    for (const TaskRow &r : capture.rows)
        if (!gone.count(r.taskId))
            kept.push_back(r);
    auto out = std::make_shared<Capture>(capture);
    out->rows = TaskRows(std::move(kept));
    return out;
}

} // namespace lanescope
