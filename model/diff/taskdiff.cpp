#include "taskdiff.h"

#include "model/capture/labels.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace lanescope {

QString diffMatchName(DiffMatch m)
{
    switch (m) {
    case DiffMatch::Identity:
        return QStringLiteral("identity");
    case DiffMatch::Order:
        return QStringLiteral("order");
    case DiffMatch::Function:
        return QStringLiteral("function");
    }
    return {};
}

namespace {

// One side's rows reduced to what matching sorts on, so that sorting a million of them stays in
// cache; `row` leads back to Capture::rows.
struct BarKey
{
    std::uint64_t taskId = 0;
    double startUs = 0;
    double endUs = 0;
    std::int32_t funcId = -1;
    std::uint32_t row = 0;
    CoreType coreType = CoreType::Aiv;
};

std::vector<BarKey> barKeys(const Capture &c)
{
    std::vector<BarKey> keys;
    keys.reserve(c.rows.size());
    for (std::size_t i = 0; i < c.rows.size(); ++i) {
        const TaskRow &r = c.rows[i];
        keys.push_back(BarKey{r.taskId, r.startUs, r.endUs, r.funcId, std::uint32_t(i), r.coreType});
    }
    return keys;
}

// Within a group the bars pair up in start order: an SPMD task's blocks, or a function's
// occurrences. Ties fall back to the end and the file order, so the order is total.
bool startOrder(const BarKey &a, const BarKey &b)
{
    if (a.startUs != b.startUs)
        return a.startUs < b.startUs;
    if (a.endUs != b.endUs)
        return a.endUs < b.endUs;
    return a.row < b.row;
}

bool identityLess(const BarKey &a, const BarKey &b)
{
    if (a.taskId != b.taskId)
        return a.taskId < b.taskId;
    if (a.funcId != b.funcId)
        return a.funcId < b.funcId;
    if (a.coreType != b.coreType)
        return a.coreType < b.coreType;
    return startOrder(a, b);
}
bool sameIdentity(const BarKey &a, const BarKey &b)
{
    return a.taskId == b.taskId && a.funcId == b.funcId && a.coreType == b.coreType;
}

bool orderLess(const BarKey &a, const BarKey &b)
{
    if (a.funcId != b.funcId)
        return a.funcId < b.funcId;
    if (a.coreType != b.coreType)
        return a.coreType < b.coreType;
    return startOrder(a, b);
}
bool sameFunction(const BarKey &a, const BarKey &b)
{
    return a.funcId == b.funcId && a.coreType == b.coreType;
}

// Both sides sorted by `less`; groups equal under `same` pair their bars k-th with k-th.
template <class Less, class Same>
std::vector<std::uint32_t> pairGroups(std::vector<BarKey> &before, std::vector<BarKey> &after,
                                      std::size_t afterRowCount, Less less, Same same)
{
    std::sort(before.begin(), before.end(), less);
    std::sort(after.begin(), after.end(), less);
    std::vector<std::uint32_t> partner(afterRowCount, kNoRow);
    std::size_t i = 0, j = 0;
    while (i < before.size() && j < after.size()) {
        if (same(before[i], after[j])) {
            partner[after[j].row] = before[i].row;
            ++i, ++j;
        } else if (less(before[i], after[j])) {
            ++i;
        } else {
            ++j;
        }
    }
    return partner;
}

// Shared task ids that run other functions (or other numbers of bars per function and core type)
// on the two sides: evidence that the ids name different tasks.
struct IdentityEvidence
{
    std::size_t sharedTasks = 0;
    std::size_t disagreeing = 0;
};

IdentityEvidence identityEvidence(const std::vector<BarKey> &before, const std::vector<BarKey> &after)
{
    // Both sorted by identityLess: walk task by task.
    IdentityEvidence e;
    std::size_t i = 0, j = 0;
    while (i < before.size() && j < after.size()) {
        const std::uint64_t bt = before[i].taskId, at = after[j].taskId;
        if (bt < at) {
            while (i < before.size() && before[i].taskId == bt)
                ++i;
            continue;
        }
        if (at < bt) {
            while (j < after.size() && after[j].taskId == at)
                ++j;
            continue;
        }
        ++e.sharedTasks;
        bool agree = true;
        while (i < before.size() && before[i].taskId == bt && j < after.size() && after[j].taskId == at) {
            agree = agree && sameIdentity(before[i], after[j]);
            ++i, ++j;
        }
        if ((i < before.size() && before[i].taskId == bt) || (j < after.size() && after[j].taskId == at))
            agree = false;
        while (i < before.size() && before[i].taskId == bt)
            ++i;
        while (j < after.size() && after[j].taskId == at)
            ++j;
        if (!agree)
            ++e.disagreeing;
    }
    return e;
}

double makespanOf(const TaskRows &rows)
{
    if (rows.empty())
        return 0;
    double first = rows.front().startUs, last = rows.front().endUs;
    for (const TaskRow &r : rows) {
        first = std::min(first, r.startUs);
        last = std::max(last, r.endUs);
    }
    return last - first;
}

struct FunctionSums
{
    std::size_t beforeRows = 0, afterRows = 0, matched = 0;
    double beforeTotal = 0, afterTotal = 0, matchedDelta = 0;
};

void countTasks(const Capture &before, const Capture &after, TaskDiff &d)
{
    // Rows are sorted by task id: a task is matched when any of its bars is.
    std::unordered_set<std::uint64_t> matchedBefore;
    for (std::size_t a = 0; a < after.rows.size();) {
        const std::uint64_t task = after.rows[a].taskId;
        bool any = false;
        for (; a < after.rows.size() && after.rows[a].taskId == task; ++a)
            if (d.afterToBefore[a] != kNoRow) {
                any = true;
                matchedBefore.insert(before.rows[d.afterToBefore[a]].taskId);
            }
        ++(any ? d.matchedTasks : d.addedTasks);
    }
    for (std::size_t b = 0; b < before.rows.size();) {
        const std::uint64_t task = before.rows[b].taskId;
        while (b < before.rows.size() && before.rows[b].taskId == task)
            ++b;
        if (!matchedBefore.count(task))
            ++d.removedTasks;
    }
}

// Function matching: tasks are compared by id alone, as a set.
void countTaskSets(const Capture &before, const Capture &after, TaskDiff &d)
{
    std::unordered_set<std::uint64_t> beforeTasks;
    for (const TaskRow &r : before.rows)
        beforeTasks.insert(r.taskId);
    std::unordered_set<std::uint64_t> afterTasks;
    for (const TaskRow &r : after.rows)
        if (afterTasks.insert(r.taskId).second)
            ++(beforeTasks.count(r.taskId) ? d.matchedTasks : d.addedTasks);
    for (const std::uint64_t t : beforeTasks)
        if (!afterTasks.count(t))
            ++d.removedTasks;
}

void sumFunctions(const Capture &before, const Capture &after, const TaskDiffOptions &options, TaskDiff &d)
{
    std::map<std::int32_t, FunctionSums> sums;
    for (const TaskRow &r : before.rows) {
        FunctionSums &s = sums[r.funcId];
        ++s.beforeRows;
        s.beforeTotal += r.durationUs();
    }
    for (std::size_t a = 0; a < after.rows.size(); ++a) {
        const TaskRow &r = after.rows[a];
        FunctionSums &s = sums[r.funcId];
        ++s.afterRows;
        s.afterTotal += r.durationUs();
        if (d.afterToBefore[a] != kNoRow) {
            ++s.matched;
            // A change within the equality tolerance is none: the rounding of cycles to µs must
            // not add up to a spurious Δ over thousands of bars.
            const double delta = r.durationUs() - before.rows[d.afterToBefore[a]].durationUs();
            if (std::abs(delta) > options.equalWithinUs)
                s.matchedDelta += delta;
        }
    }
    const double makespanChange = d.makespanChangeUs();
    const bool makespanMoved = std::abs(makespanChange) > options.equalWithinUs;
    for (const auto &[funcId, s] : sums) {
        FunctionDelta f;
        f.funcId = funcId;
        f.name = functionName(funcId, after.rows.empty() ? before.names : after.names);
        f.beforeRows = s.beforeRows;
        f.afterRows = s.afterRows;
        f.beforeTotalUs = s.beforeTotal;
        f.afterTotalUs = s.afterTotal;
        if (d.matchesBars()) {
            f.matchedRows = s.matched;
            f.totalDeltaUs = s.matchedDelta;
            f.meanDeltaUs = s.matched ? s.matchedDelta / double(s.matched) : 0;
        } else {
            // Bars cannot be paired: the function's means and totals are compared instead.
            f.matchedRows = std::min(s.beforeRows, s.afterRows);
            f.totalDeltaUs = s.afterTotal - s.beforeTotal;
            const double beforeMean = s.beforeRows ? s.beforeTotal / double(s.beforeRows) : 0;
            const double afterMean = s.afterRows ? s.afterTotal / double(s.afterRows) : 0;
            f.meanDeltaUs = afterMean - beforeMean;
            if (std::abs(f.totalDeltaUs) <= options.equalWithinUs)
                f.totalDeltaUs = 0;
            if (std::abs(f.meanDeltaUs) <= options.equalWithinUs)
                f.meanDeltaUs = 0;
        }
        if (makespanMoved)
            f.shareOfMakespanChange = f.totalDeltaUs / makespanChange;
        d.byFunction.push_back(f);
    }
    std::stable_sort(d.byFunction.begin(), d.byFunction.end(),
                     [](const FunctionDelta &a, const FunctionDelta &b) {
                         return std::abs(a.totalDeltaUs) > std::abs(b.totalDeltaUs);
                     });
}

void keepLargest(const Capture &before, const Capture &after, const TaskDiffOptions &options, TaskDiff &d)
{
    std::vector<BarChange> changes;
    for (std::size_t a = 0; a < after.rows.size(); ++a) {
        const std::uint32_t b = d.afterToBefore[a];
        if (b == kNoRow)
            continue;
        const BarChange c{b, std::uint32_t(a), before.rows[b].durationUs(), after.rows[a].durationUs()};
        if (std::abs(c.deltaUs()) > options.equalWithinUs)
            changes.push_back(c);
    }
    const auto larger = [](const BarChange &x, const BarChange &y) {
        const double dx = std::abs(x.deltaUs()), dy = std::abs(y.deltaUs());
        return dx != dy ? dx > dy : x.afterRow < y.afterRow;
    };
    const std::size_t keep = std::min(options.largestCount, changes.size());
    std::partial_sort(changes.begin(), changes.begin() + std::ptrdiff_t(keep), changes.end(), larger);
    changes.resize(keep);
    d.largest = std::move(changes);
}

} // namespace

TaskDiff diffTasks(const Capture &before, const Capture &after, const TaskDiffOptions &options,
                   const CancelCheck &cancel)
{
    TaskDiff d;
    d.beforeMakespanUs = makespanOf(before.rows);
    d.afterMakespanUs = makespanOf(after.rows);

    std::vector<BarKey> beforeKeys = barKeys(before), afterKeys = barKeys(after);
    d.afterToBefore = pairGroups(beforeKeys, afterKeys, after.rows.size(), identityLess, sameIdentity);
    if (cancel())
        return d.cancelled = true, d;

    // Task ids are trusted as identity unless the shared ones mostly run other work; a few
    // disagreeing tasks (a retried or predicated task) do not make a changed graph.
    const IdentityEvidence evidence = identityEvidence(beforeKeys, afterKeys);
    const bool bothHaveRows = !before.rows.empty() && !after.rows.empty();
    if (bothHaveRows && (evidence.sharedTasks == 0 || evidence.disagreeing * 20 > evidence.sharedTasks)) {
        d.matchBy = DiffMatch::Order;
        d.matchReason =
            evidence.sharedTasks == 0
                ? QStringLiteral("no task id is on both sides: matched by function and order of occurrence")
                : QStringLiteral("%1 of %2 shared task ids run other work (a changed graph): matched by "
                                 "function and order of occurrence")
                      .arg(evidence.disagreeing)
                      .arg(evidence.sharedTasks);
        d.afterToBefore = pairGroups(beforeKeys, afterKeys, after.rows.size(), orderLess, sameFunction);
        if (cancel())
            return d.cancelled = true, d;
    }

    std::size_t matched = 0;
    for (const std::uint32_t b : d.afterToBefore)
        matched += b != kNoRow;
    const std::size_t larger = std::max(before.rows.size(), after.rows.size());
    if (!options.perFunctionReason.isEmpty()) {
        d.matchBy = DiffMatch::Function;
        d.matchReason = options.perFunctionReason;
    } else if (bothHaveRows && matched * 2 < larger) {
        d.matchBy = DiffMatch::Function;
        d.matchReason =
            QStringLiteral("only %1 of %2 bars have a counterpart: the task set changed, so bars cannot "
                           "be matched one to one and functions are compared instead")
                .arg(matched)
                .arg(larger);
    }

    if (d.matchesBars()) {
        d.matchedRows = matched;
        d.addedRows = after.rows.size() - matched;
        d.removedRows = before.rows.size() - matched;
        std::vector<bool> taken(before.rows.size(), false);
        for (const std::uint32_t b : d.afterToBefore)
            if (b != kNoRow)
                taken[b] = true;
        for (std::size_t b = 0; b < taken.size(); ++b)
            if (!taken[b])
                d.removed.push_back(std::uint32_t(b));
        countTasks(before, after, d);
    } else {
        std::fill(d.afterToBefore.begin(), d.afterToBefore.end(), kNoRow);
    }
    if (cancel())
        return d.cancelled = true, d;

    sumFunctions(before, after, options, d);
    if (!d.matchesBars()) {
        for (const FunctionDelta &f : d.byFunction) {
            d.matchedRows += f.matchedRows;
            d.addedRows += f.afterRows - std::min(f.afterRows, f.beforeRows);
            d.removedRows += f.beforeRows - std::min(f.afterRows, f.beforeRows);
        }
        countTaskSets(before, after, d);
    }
    keepLargest(before, after, options, d);
    return d;
}

} // namespace lanescope
