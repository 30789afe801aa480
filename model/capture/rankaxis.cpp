#include "rankaxis.h"

#include "lanebuilder.h"
#include "timeshift.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>

namespace lanescope {

namespace {

// Host ns, from the earliest rank's device start, of a rank's device-axis µs: the inverse of
// HostPlacement::toDeviceUs, as an offset to add to every device time of that rank.
double shiftToHostAxisUs(const HostPlacement &p, double originNs)
{
    return (double(p.anchorNs) - originNs) / 1000.0 - p.anchorUs;
}

double deviceStartHostNs(const HostPlacement &p)
{
    return double(p.anchorNs) + (p.deviceStartUs - p.anchorUs) * 1000.0;
}

// Where one rank's tables start in the combined capture: its lanes' sources shift by these.
struct RankBase
{
    int core = 0;
    int thread = 0;
    int orchestrator = 0;
    int lifecycle = 0;
};

// Which table of a rank a lane's source indexes, and at which combined index. AICPU_<n> lanes of
// alloc bars encode orchestrator lane o as -1 - o.
struct LaneSource
{
    int RankBase::*table;
    int index;
    bool negative = false;
};

std::optional<LaneSource> sourceOf(const Lane &lane)
{
    switch (lane.kind) {
    case LaneKind::Worker:
    case LaneKind::SchedulerView:
        return LaneSource{&RankBase::core, lane.laneSource};
    case LaneKind::Scheduler:
    case LaneKind::SchedulerResolve:
        return LaneSource{&RankBase::thread, lane.laneSource};
    case LaneKind::AicpuWorker:
        if (lane.laneSource < 0)
            return LaneSource{&RankBase::orchestrator, -1 - lane.laneSource, true};
        return LaneSource{&RankBase::thread, lane.laneSource};
    case LaneKind::Orchestrator:
        return LaneSource{&RankBase::orchestrator, lane.laneSource};
    case LaneKind::AicpuLifecycle:
        return LaneSource{&RankBase::lifecycle, lane.laneSource};
    default:
        return std::nullopt; // lanes a combination does not keep
    }
}

bool belongsTo(const Lane &lane, const RankBase &b, const RankBase &next)
{
    const auto s = sourceOf(lane);
    return s && s->index >= b.*(s->table) && s->index < next.*(s->table);
}

// The combined lane's source in its rank's own numbering.
int rankLocalSource(const Lane &lane, const RankBase &b)
{
    const auto s = sourceOf(lane);
    if (!s)
        return lane.laneSource;
    const int local = s->index - b.*(s->table);
    return s->negative ? -1 - local : local;
}

} // namespace

QString rankAxisProblem(const std::vector<std::shared_ptr<Capture>> &ranks)
{
    if (ranks.empty())
        return QStringLiteral("no rank captures");
    const QString domain = ranks.front()->info.hostClockDomainId;
    for (const auto &rank : ranks) {
        const CaptureInfo &info = rank->info;
        if (info.hostClockDomainId != domain)
            return QStringLiteral(
                       "%1 and %2 name different host clock domains (host_clock_domain_id \"%3\" and "
                       "\"%4\"): their times cannot share one axis")
                .arg(ranks.front()->info.rankName, info.rankName, domain, info.hostClockDomainId);
        if (!info.hostPlacement.aligned())
            return QStringLiteral(
                       "%1 has no placement of its device clock on the host clock (%2): the ranks cannot "
                       "share one axis; open the rank on its own")
                .arg(info.rankName, info.hostPlacement.reason.isEmpty()
                                        ? QStringLiteral("no clock_alignment and no host log")
                                        : info.hostPlacement.reason);
    }
    return {};
}

std::shared_ptr<Capture> combineRanks(const std::vector<std::shared_ptr<Capture>> &ranks)
{
    auto all = std::make_shared<Capture>();
    const Capture &first = *ranks.front();
    all->info = first.info;
    all->info.rankName.clear();
    all->info.runEpoch.reset();
    all->info.collection = {};
    all->info.warnings.clear();
    all->info.allRuns = true;
    all->info.runCount = int(ranks.size());
    all->info.coreTypes.clear();
    all->info.coreToThread.clear();
    all->info.hostPlacement = {};
    all->names = first.names;

    double originNs = std::numeric_limits<double>::infinity();
    for (const auto &rank : ranks)
        originNs = std::min(originNs, deviceStartHostNs(rank->info.hostPlacement));

    std::vector<RankBase> bases;
    RankBase base;
    double widest = 0, second = 0; // the two widest placement bands (§2.10 cross-rank uncertainty)
    for (const auto &rank : ranks) {
        bases.push_back(base);
        const Capture &c = *rank;
        const HostPlacement &p = c.info.hostPlacement;
        const double shift = shiftToHostAxisUs(p, originNs);
        const double width = p.highUs - p.lowUs;
        if (width > widest) {
            second = widest;
            widest = width;
        } else {
            second = std::max(second, width);
        }
        const int cores = std::max<int>(c.info.numCores, int(c.info.coreTypes.size()));
        for (const TaskRow &row : c.rows) {
            TaskRow r = shiftedInTime(row, shift);
            r.coreId += base.core;
            all->rows.push_back(r);
        }
        all->info.coreTypes.insert(all->info.coreTypes.end(), c.info.coreTypes.begin(),
                                   c.info.coreTypes.end());
        all->info.coreTypes.resize(std::size_t(base.core + cores), CoreType::Aiv);
        for (int core = 0; core < cores; ++core) {
            const int t =
                std::size_t(core) < c.info.coreToThread.size() ? c.info.coreToThread[std::size_t(core)] : -1;
            all->info.coreToThread.push_back(t < 0 ? -1 : t + base.thread);
        }
        auto appendLanes = [&](const std::vector<PhaseLane> &from, std::vector<PhaseLane> &to) {
            for (const PhaseLane &lane : from) {
                PhaseLane &out = to.emplace_back();
                for (const PhaseRecord &r : lane)
                    out.push_back(movedInto(r, shift, c.phaseKinds, all->phaseKinds));
            }
        };
        appendLanes(c.schedulerThreads, all->schedulerThreads);
        all->schedulerStreams.resize(all->schedulerThreads.size() - c.schedulerThreads.size());
        all->schedulerStreams.insert(all->schedulerStreams.end(), c.schedulerStreams.begin(),
                                     c.schedulerStreams.end());
        appendLanes(c.orchestratorLanes, all->orchestratorLanes);
        for (AicpuLifecycle l : c.aicpuLifecycle) {
            for (LifecycleSlice &s : l.slices) {
                s.startUs += shift;
                s.endUs += shift;
            }
            all->aicpuLifecycle.push_back(std::move(l));
        }
        base.core += cores;
        base.thread = int(all->schedulerThreads.size());
        base.orchestrator = int(all->orchestratorLanes.size());
        base.lifecycle = int(all->aicpuLifecycle.size());
    }
    bases.push_back(base);
    all->info.numCores = base.core;
    all->schedulerStreams.resize(all->schedulerThreads.size());
    std::stable_sort(all->rows.begin(), all->rows.end(),
                     [](const TaskRow &a, const TaskRow &b) { return a.taskId < b.taskId; });
    buildLanes(*all);
    all->counters.clear(); // queue depths of several devices in one track would read as one queue

    // Each lane takes its rank's own name and a group naming the rank; ranks follow each other.
    std::map<std::pair<LaneKind, int>, QString> names;
    std::vector<int> rankOfLane(all->lanes.size(), -1);
    for (std::size_t i = 0; i < all->lanes.size(); ++i) {
        Lane &lane = all->lanes[i];
        for (std::size_t r = 0; r < ranks.size(); ++r) {
            if (!belongsTo(lane, bases[r], bases[r + 1]))
                continue;
            const int local = rankLocalSource(lane, bases[r]);
            for (const Lane &own : ranks[r]->lanes)
                if (own.kind == lane.kind && own.laneSource == local && own.group == lane.group) {
                    lane.name = own.name;
                    break;
                }
            lane.group = ranks[r]->info.rankName + QStringLiteral(" · ") + lane.group;
            rankOfLane[i] = int(r);
            break;
        }
    }
    std::vector<std::size_t> order(all->lanes.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return rankOfLane[a] < rankOfLane[b]; });
    std::vector<Lane> lanes;
    for (std::size_t i : order)
        if (rankOfLane[i] >= 0)
            lanes.push_back(std::move(all->lanes[i]));
    all->lanes = std::move(lanes);

    for (const auto &rank : ranks) {
        const HostPlacement &p = rank->info.hostPlacement;
        const double shift = shiftToHostAxisUs(p, originNs);
        all->runSpans.push_back(
            {std::nullopt, p.deviceStartUs + shift, p.deviceEndUs + shift, rank->info.rankName});
    }
    all->warn(
        QStringLiteral("%1 ranks on one host clock axis; a gap between ranks smaller than %2 µs is undecided "
                       "(the sum of the two widest placement bands, inferred)")
            .arg(ranks.size())
            .arg(widest + second, 0, 'f', 3));
    return all;
}

} // namespace lanescope
