#include "taskjoin.h"

#include "model/capture/cancelpoint.h"
#include "model/capture/kernellaunch.h"

#include <algorithm>
#include <tuple>

namespace lanescope {

namespace {

// Sorted by (run, core, reg, file index), a run being an (epoch, launch) pair: one core's dispatch
// counter is contiguous per run.
struct JoinKey
{
    std::uint64_t coreReg = 0; // core_id << 32 | reg_task_id
    std::uint64_t run = 0;     // epoch << 32 | launch position
    std::uint32_t index = 0;

    bool sameKey(const JoinKey &o) const { return coreReg == o.coreReg && run == o.run; }
    bool keyLess(const JoinKey &o) const { return std::tie(run, coreReg) < std::tie(o.run, o.coreReg); }
};

bool operator<(const JoinKey &a, const JoinKey &b)
{
    return std::tie(a.run, a.coreReg, a.index) < std::tie(b.run, b.coreReg, b.index);
}

// The device time that places a row in its launch.
std::uint64_t launchTime(const RawAicoreRow &r)
{
    return r.startCycles;
}

std::uint64_t launchTime(const RawAicpuRow &r)
{
    return r.dispatchCycles;
}

// The join keys of a stream in join order. A file that already lists its rows so (the producer's
// order) is read as it is; only another order is copied out and sorted, which at a million rows per
// stream costs 16 MB each.
template <typename Row> class JoinKeys
{
public:
    JoinKeys(const ChunkedArray<Row> &rows, bool useEpoch, const std::vector<std::uint64_t> &launchStarts)
        : m_rows(rows), m_useEpoch(useEpoch), m_launchStarts(launchStarts)
    {
        CancelPoints cancelPoints;
        for (std::size_t i = 1; i < rows.size() && m_sorted.empty(); ++i) {
            cancelPoints.tick();
            if (keyAt(i) < keyAt(i - 1))
                sortCopy();
        }
    }

    std::size_t size() const { return m_rows.size(); }
    JoinKey operator[](std::size_t i) const { return m_sorted.empty() ? keyAt(i) : m_sorted[i]; }

private:
    JoinKey keyAt(std::size_t i) const
    {
        const Row &r = m_rows[i];
        const std::uint64_t epoch = m_useEpoch ? r.runEpoch : 0u;
        const std::uint32_t launch =
            m_launchStarts.empty() ? 0u : launchPosition(m_launchStarts, launchTime(r));
        return {std::uint64_t(std::uint32_t(r.coreId)) << 32 | r.regTaskId, epoch << 32 | launch,
                std::uint32_t(i)};
    }
    void sortCopy()
    {
        m_sorted.reserve(m_rows.size());
        CancelPoints cancelPoints;
        for (std::size_t i = 0; i < m_rows.size(); ++i) {
            cancelPoints.tick();
            m_sorted.push_back(keyAt(i));
        }
        cancellableSort(m_sorted.begin(), m_sorted.end());
    }

    const ChunkedArray<Row> &m_rows;
    bool m_useEpoch;
    const std::vector<std::uint64_t> &m_launchStarts;
    std::vector<JoinKey> m_sorted; // empty while the rows are in join order
};

void addPerCore(std::vector<std::pair<std::int32_t, std::uint64_t>> &counts, std::int32_t core,
                std::uint64_t n)
{
    // Keys arrive ordered by core within a run; several runs revisit cores, so merge then.
    if (!counts.empty() && counts.back().first == core) {
        counts.back().second += n;
        return;
    }
    auto it = std::lower_bound(counts.begin(), counts.end(), core,
                               [](const auto &p, std::int32_t c) { return p.first < c; });
    if (it != counts.end() && it->first == core)
        it->second += n;
    else
        counts.insert(it, {core, n});
}

} // namespace

TaskJoin TaskJoin::build(const ChunkedArray<RawAicoreRow> &aicore, const ChunkedArray<RawAicpuRow> &aicpu,
                         bool useEpoch, const std::vector<std::uint64_t> &launchStarts)
{
    TaskJoin j;
    assignHearingCancel(j.partner, aicore.size(), kNoPartner);
    assignHearingCancel(j.duplicateKey, aicore.size(), 0);
    const JoinKeys coreKeys(aicore, useEpoch, launchStarts);
    const JoinKeys cpuKeys(aicpu, useEpoch, launchStarts);

    // Gap tracking over the union of both streams, per (run, core).
    bool havePrev = false;
    JoinKey prev;
    std::uint64_t runGaps = 0;
    auto closeRun = [&j, &runGaps, &prev]() {
        if (runGaps == 0)
            return;
        ++j.coresWithGaps;
        if (runGaps > j.largestGapRecords) {
            j.largestGapRecords = runGaps;
            j.largestGapCore = std::int32_t(prev.coreReg >> 32);
        }
        runGaps = 0;
    };

    std::size_t i = 0, k = 0;
    CancelPoints cancelPoints;
    while (i < coreKeys.size() || k < cpuKeys.size()) {
        cancelPoints.tick();
        JoinKey g;
        if (k >= cpuKeys.size() || (i < coreKeys.size() && !cpuKeys[k].keyLess(coreKeys[i])))
            g = coreKeys[i];
        else
            g = cpuKeys[k];
        std::size_t i2 = i, k2 = k;
        while (i2 < coreKeys.size() && coreKeys[i2].sameKey(g))
            ++i2;
        while (k2 < cpuKeys.size() && cpuKeys[k2].sameKey(g))
            ++k2;
        const std::size_t a = i2 - i, b = k2 - k;
        // Equal counts pair in file order; with fewer AICPU rows they go to the last AICore rows, as the
        // reference reader's last-writer-wins map would join them.
        const std::size_t skip = a > b ? a - b : 0;
        for (std::size_t n = 0; n < std::min(a, b); ++n)
            j.partner[coreKeys[i + skip + n].index] = cpuKeys[k + n].index;
        if (a > 1) {
            j.duplicateAicoreRows += a - 1;
            for (std::size_t n = i; n < i2; ++n)
                j.duplicateKey[coreKeys[n].index] = 1;
        }
        if (b > 1)
            j.duplicateAicpuRows += b - 1;
        const auto core = std::int32_t(g.coreReg >> 32);
        if (b > a) {
            j.droppedAicpu += b - a;
            addPerCore(j.droppedAicpuByCore, core, b - a);
        } else {
            j.aicoreWithoutPartner += a - b;
        }

        const bool sameRun = havePrev && prev.run == g.run && (prev.coreReg >> 32) == (g.coreReg >> 32);
        if (sameRun) {
            const auto gap = (g.coreReg & 0xFFFFFFFFu) - (prev.coreReg & 0xFFFFFFFFu);
            if (gap > 1) {
                runGaps += gap - 1;
                j.counterGapRecords += gap - 1;
            }
        } else if (havePrev) {
            closeRun();
        }
        prev = g;
        havePrev = true;
        i = i2;
        k = k2;
    }
    closeRun();
    return j;
}

} // namespace lanescope
