#include "ringoccupancy.h"

#include "localidtable.h"

#include "model/capture/cancelpoint.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace lanescope {

namespace {

constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();

struct RingTask
{
    double allocUs = kUnknown;
    double allocEndUs = kUnknown;
    double retireUs = kUnknown;
};

void raise(double &slot, double v)
{
    if (std::isfinite(v) && (std::isnan(slot) || v > slot))
        slot = v;
}

void lower(double &slot, double v)
{
    if (std::isfinite(v) && (std::isnan(slot) || v < slot))
        slot = v;
}

bool isTmrRing(std::uint64_t taskId)
{
    return (taskId >> 32) < std::uint64_t(kRingCount);
}

// Tasks per ring keyed by local id, with what the capture tells about their lifetime.
using RingTasks = std::array<LocalIdTable<RingTask>, kRingCount>;

std::int64_t kindIndex(const Capture &c, const char *name)
{
    return c.phaseKinds.find(QString::fromLatin1(name));
}

// Calls tell(taskId, update) for each record of `c` that tells something about a task's lifetime,
// where update(RingTask &) applies it: the orchestrator's submits, the rows, and the scheduler's
// dummy and predicated-skip records. Walked twice, once to size the tables, once to fill them.
template <class Tell> void tellLifetimes(const Capture &c, Tell tell)
{
    const std::int64_t submit = kindIndex(c, "orch_submit");
    CancelPoints cancelPoints;
    bool haveSubmits = false;
    for (const PhaseLane &lane : c.orchestratorLanes)
        for (const PhaseRecord &r : lane) {
            cancelPoints.tick();
            if (r.hasTaskId() && std::int64_t(r.kind) == submit && isTmrRing(r.taskId)) {
                haveSubmits = true;
                tell(r.taskId, [&r](RingTask &t) {
                    lower(t.allocUs, r.startUs);
                    raise(t.allocEndUs, r.endUs);
                });
            }
        }
    for (const TaskRow &row : c.rows) {
        cancelPoints.tick();
        if (!isTmrRing(row.taskId))
            continue;
        tell(row.taskId, [&row, haveSubmits](RingTask &t) {
            if (row.hasAicpu()) {
                if (!haveSubmits)
                    lower(t.allocUs, row.dispatchUs);
                raise(t.retireUs, row.finishUs);
            } else {
                raise(t.retireUs, row.endUs);
            }
        });
    }
    const std::int64_t dummy = kindIndex(c, "dummy_task");
    const std::int64_t skip = kindIndex(c, "predicated_skip");
    for (const PhaseLane &lane : c.schedulerThreads)
        for (const PhaseRecord &r : lane) {
            cancelPoints.tick();
            if (r.hasTaskId() && (std::int64_t(r.kind) == dummy || std::int64_t(r.kind) == skip) &&
                isTmrRing(r.taskId))
                tell(r.taskId, [&r](RingTask &t) { raise(t.retireUs, r.endUs); });
        }
}

RingTasks collectTasks(const Capture &c)
{
    std::array<LocalIdRange, kRingCount> ranges;
    tellLifetimes(c, [&ranges](std::uint64_t taskId, const auto &) {
        ranges[std::size_t(taskId >> 32)].add(std::uint32_t(taskId));
    });
    RingTasks rings;
    for (int ring = 0; ring < kRingCount; ++ring) {
        rings[std::size_t(ring)] = LocalIdTable<RingTask>(ranges[std::size_t(ring)], [&c, ring](auto visit) {
            tellLifetimes(c, [&](std::uint64_t taskId, const auto &) {
                if (std::int64_t(taskId >> 32) == ring)
                    visit(std::uint32_t(taskId));
            });
        });
    }
    tellLifetimes(c, [&rings](std::uint64_t taskId, const auto &update) {
        update(rings[std::size_t(taskId >> 32)].at(std::uint32_t(taskId)));
    });
    return rings;
}

// Adds a point, merging points at the same time (the later value wins) and dropping repeats.
void push(RingSeries &s, double t, double v, std::int32_t site)
{
    if (!s.timesUs.empty() && s.timesUs.back() == t) {
        s.values.back() = v;
        s.siteOfStep.back() = site;
        if (s.values.size() >= 2 && s.values[s.values.size() - 2] == v) {
            s.timesUs.pop_back();
            s.values.pop_back();
            s.siteOfStep.pop_back();
        }
        return;
    }
    if (!s.values.empty() && s.values.back() == v && s.siteOfStep.back() == site)
        return;
    s.timesUs.push_back(t);
    s.values.push_back(v);
    s.siteOfStep.push_back(site);
}

void findPeak(RingSeries &s)
{
    for (std::size_t i = 0; i < s.values.size(); ++i)
        if (i == 0 || s.values[i] > s.peak) {
            s.peak = s.values[i];
            s.peakUs = s.timesUs[i];
            s.peakSite = s.siteOfStep[i];
        }
}

// A scope sample placed on the time axis.
struct MappedSample
{
    double us = 0;
    std::size_t index = 0; // into ScopeStats::samples
};

// §8.4 mapping, see the header. Empty when the capture has no orchestrator submits to map through.
std::vector<MappedSample> mapSamples(const ScopeStats &stats, const RingTasks &rings)
{
    double firstSubmit = kUnknown;
    bool anyEnd = false;
    for (const auto &ring : rings)
        ring.forEach([&](std::uint32_t, const RingTask &t) {
            lower(firstSubmit, t.allocUs);
            anyEnd = anyEnd || std::isfinite(t.allocEndUs);
        });
    if (!anyEnd || std::isnan(firstSubmit))
        return {};
    std::vector<MappedSample> mapped;
    mapped.reserve(stats.samples.size());
    double previous = firstSubmit;
    for (std::size_t i = 0; i < stats.samples.size(); ++i) {
        const ScopeSample &s = stats.samples[i];
        double at = kUnknown;
        if (s.taskWindowEnd > 0 && s.ring >= 0 && s.ring < kRingCount) {
            if (const RingTask *t = rings[std::size_t(s.ring)].find(std::uint32_t(s.taskWindowEnd - 1)))
                at = t->allocEndUs;
        }
        previous = std::isfinite(at) ? std::max(previous, at) : previous;
        mapped.push_back({previous, i});
    }
    return mapped;
}

// Innermost open scope per ring over time, from the mapped samples (program order). Scopes open and
// close within one run: a begin left open by one run_epoch is not closed by, nor shown during, another
// (supplement §9.4).
class ScopeTracker
{
public:
    ScopeTracker(const ScopeStats &stats, const std::vector<MappedSample> &mapped, int ring) : m_stats(stats)
    {
        for (const MappedSample &m : mapped)
            if (stats.samples[m.index].ring == ring)
                m_samples.push_back(m);
    }
    // Site open at `us` (the sample times are non-decreasing, and so must `us` be across calls).
    std::int32_t siteAt(double us)
    {
        while (m_next < m_samples.size() && m_samples[m_next].us <= us) {
            const ScopeSample &s = m_stats.samples[m_samples[m_next].index];
            m_run = scopeRunKey(s);
            std::vector<std::int32_t> &open = m_open[m_run];
            if (s.begin) {
                open.push_back(s.site);
            } else {
                const auto it = std::find(open.rbegin(), open.rend(), s.site);
                if (it != open.rend())
                    open.erase(std::next(it).base());
            }
            m_last = s.site;
            ++m_next;
        }
        const auto open = m_open.find(m_run);
        return open == m_open.end() || open->second.empty() ? m_last : open->second.back();
    }

private:
    const ScopeStats &m_stats;
    std::vector<MappedSample> m_samples;
    std::map<std::uint64_t, std::vector<std::int32_t>> m_open; // per run: scopeRunKey
    std::uint64_t m_run = 0;                                   // run of the latest sample
    std::size_t m_next = 0;
    std::int32_t m_last = -1;
};

std::optional<double> capacityOf(const ScopeStats &stats, int ring, RingResource r)
{
    if (stats.isEmpty())
        return std::nullopt;
    const auto i = std::size_t(ring);
    double cap = 0;
    switch (r) {
    case RingResource::TaskWindow:
        cap = double(stats.taskWindowMax[i]);
        break;
    case RingResource::Heap:
        cap = double(stats.heapMax[i]);
        break;
    case RingResource::DepPool:
        cap = stats.hasDepPoolMax ? double(stats.depPoolMax[i]) : 0;
        break;
    }
    return cap > 0 ? std::optional<double>(cap) : std::nullopt; // 0 = not configured (§13.7)
}

std::optional<RingSeries> taskWindowSeries(const Capture &c, const RingTasks &rings, int ring,
                                           const std::vector<MappedSample> &mapped)
{
    // Tasks in allocation order (local id); only those with a known allocation time take a slot.
    std::vector<std::pair<double, int>> events; // (time, +1 allocated / -1 reclaimed)
    events.reserve(rings[std::size_t(ring)].size() * 2);
    double reclaim = kUnknown;
    CancelPoints cancelPoints;
    rings[std::size_t(ring)].forEach([&](std::uint32_t, const RingTask &t) {
        cancelPoints.tick();
        if (std::isnan(t.allocUs))
            return;
        const double retire =
            std::isfinite(t.retireUs) ? t.retireUs : (std::isfinite(t.allocEndUs) ? t.allocEndUs : t.allocUs);
        raise(reclaim, retire);
        events.emplace_back(t.allocUs, +1);
        events.emplace_back(std::max(reclaim, t.allocUs), -1); // a slot is never freed before it was taken
    });
    // Without any allocation time (level 1 has neither submits nor dispatch) the window is unknown.
    const bool known = !c.orchestratorLanes.empty() || c.info.level.value_or(0) >= 2;
    if (!known || (events.empty() && c.rows.empty()))
        return std::nullopt;
    cancellableSort(events.begin(), events.end());

    RingSeries s;
    s.capacity = capacityOf(c.scopeStats, ring, RingResource::TaskWindow);
    ScopeTracker scopes(c.scopeStats, mapped, ring);
    double occupancy = 0;
    for (std::size_t i = 0; i < events.size();) {
        const double t = events[i].first;
        for (; i < events.size() && events[i].first == t; ++i)
            occupancy += events[i].second;
        push(s, t, occupancy, scopes.siteAt(t));
    }
    if (s.timesUs.empty()) { // nothing ever allocated on this ring: known to be empty
        double first = kUnknown, last = kUnknown;
        for (const TaskRow &row : c.rows) {
            lower(first, row.hasAicpu() ? row.dispatchUs : row.startUs);
            raise(last, row.hasAicpu() ? row.finishUs : row.endUs);
        }
        if (std::isnan(first))
            return std::nullopt;
        push(s, first, 0, -1);
        push(s, std::max(first, last), 0, -1);
    }
    findPeak(s);
    return s;
}

double liveAmount(const ScopeStats &stats, const ScopeSample &s, RingResource r)
{
    if (r == RingResource::Heap) {
        double live = double(std::int64_t(s.heapEnd - s.heapStart));
        if (live < 0 && stats.heapOffsetsWrap() && stats.heapMax[std::size_t(s.ring)] > 0)
            live += double(stats.heapMax[std::size_t(s.ring)]); // v4/v5 offsets wrap (§8.5)
        return live;
    }
    return double(s.depPoolEnd - s.depPoolStart);
}

std::optional<RingSeries> scopeSeries(const ScopeStats &stats, const std::vector<MappedSample> &mapped,
                                      int ring, RingResource r)
{
    if (r == RingResource::DepPool && stats.lacksDepPool())
        return std::nullopt; // v4 has no dep-pool fields
    RingSeries s;
    s.capacity = capacityOf(stats, ring, r);
    bool first = true;
    for (const MappedSample &m : mapped) {
        const ScopeSample &sample = stats.samples[m.index];
        if (sample.ring != ring || (r == RingResource::DepPool && !sample.hasDepPool))
            continue;
        const double live = liveAmount(stats, sample, r);
        push(s, m.us, live, sample.site);
        if (first || live > s.peak) { // the first sample reaching the peak, with its own site
            first = false;
            s.peak = live;
            s.peakUs = m.us;
            s.peakSite = sample.site;
        }
    }
    if (s.timesUs.empty())
        return std::nullopt;
    return s;
}

} // namespace

QString ringResourceName(RingResource r)
{
    switch (r) {
    case RingResource::TaskWindow:
        return QStringLiteral("task window");
    case RingResource::Heap:
        return QStringLiteral("heap");
    case RingResource::DepPool:
        return QStringLiteral("dep pool");
    }
    return {};
}

QString ringResourceKey(RingResource r)
{
    switch (r) {
    case RingResource::TaskWindow:
        return QStringLiteral("task_window");
    case RingResource::Heap:
        return QStringLiteral("heap");
    case RingResource::DepPool:
        return QStringLiteral("dep_pool");
    }
    return {};
}

std::int32_t RingSeries::siteAt(double us) const
{
    const auto it = std::upper_bound(timesUs.begin(), timesUs.end(), us);
    return it == timesUs.begin() ? -1 : siteOfStep[std::size_t(it - timesUs.begin() - 1)];
}

bool RingOccupancy::isEmpty() const
{
    for (const auto &ring : series)
        for (const auto &s : ring)
            if (s)
                return false;
    return true;
}

RingOccupancy computeRingOccupancy(const Capture &c)
{
    RingOccupancy out;
    const ScopeStats &stats = c.scopeStats;
    out.hasScopeStats = !stats.isEmpty();
    out.fatal = stats.fatal;
    out.sites = stats.sites;

    const RingTasks rings = collectTasks(c);
    for (int r = 0; r < kRingCount; ++r)
        out.tasksPerRing[std::size_t(r)] = rings[std::size_t(r)].size();
    const std::vector<MappedSample> mapped = mapSamples(stats, rings);
    // The end of the capture, so the scope-stats curves (which stop at the last sample) close there.
    double lastUs = kUnknown;
    for (const auto &ring : rings)
        ring.forEach(
            [&](std::uint32_t, const RingTask &t) { raise(lastUs, std::max(t.retireUs, t.allocEndUs)); });
    for (int r = 0; r < kRingCount; ++r)
        for (int k = 0; k < kRingResourceCount; ++k)
            out.capacities[std::size_t(r)][std::size_t(k)] = capacityOf(stats, r, RingResource(k));
    for (int r = 0; r < kRingCount; ++r) {
        auto &perRing = out.series[std::size_t(r)];
        perRing[0] = taskWindowSeries(c, rings, r, mapped);
        if (mapped.empty())
            continue;
        for (RingResource res : {RingResource::Heap, RingResource::DepPool}) {
            auto s = scopeSeries(stats, mapped, r, res);
            if (s && std::isfinite(lastUs) && lastUs > s->timesUs.back()) {
                s->timesUs.push_back(lastUs);
                s->values.push_back(s->values.back());
                s->siteOfStep.push_back(s->siteOfStep.back());
            }
            perRing[std::size_t(res)] = std::move(s);
        }
    }
    return out;
}

} // namespace lanescope
