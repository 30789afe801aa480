#include "barindexfields.h"

#include "runconsistency.h"
#include "snapshotfields.h"

#include <cmath>

namespace lanescope {

namespace snapshot {

// Buckets are stored as their bytes and viewed in place on reopening; every one is checked
// (summaryProblem) before the index is used.
template <> struct Flat<LevelSummary::Bucket>
{
    static_assert(std::is_trivially_copyable_v<LevelSummary::Bucket> && sizeof(LevelSummary::Bucket) == 64);
    static constexpr bool value = true;
    static bool valid(const unsigned char *) { return true; }
};

} // namespace snapshot

namespace {

bool isTime(double us)
{
    return std::isfinite(us);
}

// Why `summary` cannot summarise a level of `size` slices of `lane`, empty when it can.
QString summaryProblem(const FlatArray<LevelSummary::Bucket> &buckets, double originUs, double widthUs,
                       std::size_t size, const Capture &run, const Lane &lane)
{
    if (buckets.empty())
        return {};
    if (buckets.size() > LevelSummary::kMaxBuckets || size < LevelSummary::kMinSlices || !isTime(originUs) ||
        !isTime(widthUs) || !(widthUs > 0))
        return QStringLiteral("summarises %1 slices in %2 buckets of %3 µs")
            .arg(size)
            .arg(buckets.size())
            .arg(widthUs);
    for (const LevelSummary::Bucket &b : buckets) {
        if (b.count == 0)
            continue;
        if (b.count > size || !isTime(b.firstStartUs) || !isTime(b.lastStartUs) || !isTime(b.lastEndUs) ||
            !isTime(b.longestUs))
            return QStringLiteral("has a bucket of %1 slices that are not times").arg(b.count);
        if (const QString problem = sliceProblem(run, lane, b.longest); !problem.isEmpty())
            return QStringLiteral("summary ") + problem;
    }
    return {};
}

// Why a level of `size` slices, as read, cannot index a lane of `slices` slices, empty when it can:
// every slice it names and every block of `blockSize` slices must lie within the lane.
QString levelProblem(std::size_t size, const std::vector<std::uint32_t> &members,
                     const std::vector<double> &blockMaxEnd, std::size_t blockSize, std::size_t slices)
{
    const bool sized = members.empty() ? (size == 0 || size == slices) : size == members.size();
    if (!sized)
        return QStringLiteral("has a level of %1 slices of %2").arg(size).arg(slices);
    for (const std::uint32_t member : members)
        if (member >= slices)
            return QStringLiteral("names slice %1 of %2").arg(member).arg(slices);
    if (blockMaxEnd.size() != (size + blockSize - 1) / blockSize)
        return QStringLiteral("has %1 blocks for %2 slices").arg(blockMaxEnd.size()).arg(size);
    for (const double end : blockMaxEnd)
        if (!isTime(end))
            return QStringLiteral("has a block ending at %1 µs").arg(end);
    return {};
}

} // namespace

void BarIndexFields::put(snapshot::Out &io, const BarIndex &index)
{
    io(std::uint64_t(index.m_levels.size()));
    for (const std::vector<LaneLevelIndex> &lane : index.m_levels) {
        io(std::uint64_t(lane.size()));
        for (const LaneLevelIndex &level : lane) {
            const LevelSummary &summary = level.m_summary;
            io(std::uint64_t(level.m_size), level.m_disjoint, level.m_members, level.m_blockMaxEnd,
               summary.m_buckets, summary.m_originUs, summary.m_widthUs);
        }
    }
    io(index.m_counterRanges, index.m_extent.startUs, index.m_extent.endUs, index.m_alignedExtent.startUs,
       index.m_alignedExtent.endUs);
}

std::optional<BarIndex> BarIndexFields::get(snapshot::In &io, const Capture &run)
{
    auto refuse = [&io](const QString &why) {
        io.fail(QStringLiteral("the bar index ") + why);
        return std::nullopt;
    };
    BarIndex index;
    index.m_capture = &run;
    std::uint64_t lanes = 0;
    io(lanes);
    if (!io.ok())
        return std::nullopt;
    if (lanes != run.lanes.size())
        return refuse(QStringLiteral("has %1 lanes where the run has %2").arg(lanes).arg(run.lanes.size()));
    index.m_levels.resize(run.lanes.size());
    index.m_sliceStorage.reserve(run.lanes.size());
    for (std::size_t i = 0; i < run.lanes.size(); ++i) {
        const Lane &lane = run.lanes[i];
        index.m_sliceStorage.push_back(lane.slices.data());
        std::uint64_t levels = 0;
        io(levels);
        if (!io.ok())
            return std::nullopt;
        if (levels != std::uint64_t(lane.maxDepth) + 1)
            return refuse(QStringLiteral("has %1 levels of lane %2, which has %3")
                              .arg(levels)
                              .arg(i)
                              .arg(int(lane.maxDepth) + 1));
        std::vector<LaneLevelIndex> &out = index.m_levels[i];
        out.resize(std::size_t(levels));
        for (LaneLevelIndex &level : out) {
            std::uint64_t size = 0;
            LevelSummary &summary = level.m_summary;
            io(size, level.m_disjoint, level.m_members, level.m_blockMaxEnd, summary.m_buckets,
               summary.m_originUs, summary.m_widthUs);
            if (!io.ok())
                return std::nullopt;
            level.m_size = std::size_t(size);
            QString problem = levelProblem(level.m_size, level.m_members, level.m_blockMaxEnd,
                                           LaneLevelIndex::kBlock, lane.slices.size());
            if (problem.isEmpty())
                problem = summaryProblem(summary.m_buckets, summary.m_originUs, summary.m_widthUs,
                                         level.m_size, run, lane);
            if (!problem.isEmpty())
                return refuse(QStringLiteral("of lane %1 ").arg(i) + problem);
        }
    }
    io(index.m_counterRanges, index.m_extent.startUs, index.m_extent.endUs, index.m_alignedExtent.startUs,
       index.m_alignedExtent.endUs);
    if (!io.ok())
        return std::nullopt;
    if (index.m_counterRanges.size() != run.counters.size())
        return refuse(QStringLiteral("has %1 counter ranges for %2 counters")
                          .arg(index.m_counterRanges.size())
                          .arg(run.counters.size()));
    for (const auto &[lo, hi] : index.m_counterRanges)
        if (!isTime(lo) || !isTime(hi) || hi < lo)
            return refuse(QStringLiteral("has a counter range from %1 to %2").arg(lo).arg(hi));
    for (const TimeRange &r : {index.m_extent, index.m_alignedExtent})
        if (!r.isValid())
            return refuse(QStringLiteral("spans %1 to %2 µs").arg(r.startUs).arg(r.endUs));
    return index;
}

} // namespace lanescope
