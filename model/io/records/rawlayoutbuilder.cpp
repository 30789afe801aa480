#include "rawlayoutbuilder.h"

#include "aicoretaskrow.h"
#include "inplacepermutation.h"
#include "launchboundaries.h"
#include "model/capture/cancelpoint.h"
#include "model/io/placement/capturetimebase.h"
#include "model/io/placement/hostaxis.h"
#include "taskjoin.h"
#include "taskorder.h"

#include <algorithm>

namespace lanescope {

namespace {

constexpr double kImplausibleSpanSeconds = 3600.0;

QString perCoreList(const std::vector<std::pair<std::int32_t, std::uint64_t>> &counts)
{
    QStringList parts;
    for (std::size_t i = 0; i < counts.size() && i < 8; ++i)
        parts.append(QStringLiteral("core %1: %2").arg(counts[i].first).arg(counts[i].second));
    if (counts.size() > 8)
        parts.append(QStringLiteral("%1 more cores").arg(counts.size() - 8));
    return parts.join(QStringLiteral(", "));
}

QString widthList(std::uint8_t widths)
{
    QStringList parts;
    for (int n = 0; n < 8; ++n)
        if (widths & (1u << n))
            parts.append(QString::number(n));
    return parts.join(QStringLiteral("/"));
}

void checkHostCapture(const RawRecords &raw, Capture &capture, const QString &fileName)
{
    const std::size_t hostRecords = raw.hostOrchestratorRecordCount();
    if (hostRecords == 0) {
        capture.warn(
            QStringLiteral("%1: host-orchestrated capture without host orchestrator records").arg(fileName));
        capture.info.partial = true;
    }
    const auto &h = raw.hostCapture;
    if (!h.present)
        return;
    const bool complete = h.status == "complete" && h.droppedRecords.value_or(0) == 0 &&
                          (!h.recordedRecords || *h.recordedRecords == hostRecords) &&
                          (!h.expectedRecords || *h.expectedRecords == hostRecords);
    if (complete)
        return;
    capture.info.partial = true;
    capture.warn(
        QStringLiteral(
            "%1: host orchestrator capture is incomplete (status %2, %3 of %4 expected records in the "
            "file, %5 dropped%6)")
            .arg(fileName, h.status.empty() ? QStringLiteral("unknown") : QString::fromStdString(h.status))
            .arg(hostRecords)
            .arg(h.expectedRecords ? QString::number(*h.expectedRecords) : QStringLiteral("?"))
            .arg(h.droppedRecords.value_or(0))
            .arg(h.error.empty() ? QString() : QStringLiteral(", ") + QString::fromStdString(h.error)));
}

// Converts each lane into one of exactly its number of records, freeing the raw records chunk by
// chunk as they are taken: a million-record stream never exists twice.
void convertPhases(std::vector<RawPhaseLane> &raw, std::vector<PhaseLane> &out, const CaptureTimeBase &tb,
                   bool hostClock, std::int32_t forcedKind)
{
    out.clear();
    out.reserve(raw.size());
    CancelPoints cancelPoints;
    for (auto &lane : raw) {
        PhaseLane &converted = out.emplace_back();
        converted.reserve(lane.size());
        lane.consume([&](const RawPhaseRecord &p) {
            cancelPoints.tick();
            PhaseRecord &r = converted.emplace_back(p.record);
            r.startUs = hostClock ? tb.hostUs(p.times.start) : tb.deviceUs(p.times.start);
            r.endUs = hostClock ? tb.hostUs(p.times.end) : tb.deviceUs(p.times.end);
            if (forcedKind >= 0)
                r.kind = std::uint16_t(forcedKind);
        });
    }
}

// Counts of what the rows say about the capture, for the warnings.
struct RowStats
{
    std::uint64_t endBeforeStart = 0;
    std::uint64_t finishBeforeDispatch = 0;
    std::uint64_t receiveNotBeforeStart = 0;
    std::uint64_t outsideCoreTypes = 0;
    std::uint64_t aicpuMissing = 0;
    std::int32_t maxOutsideCore = -1;
};

// Where each row of the output comes from: positions in the raw AICore stream, in task-id order,
// then in the reference reader's order (AICPU file order for joined rows; unmatched AICore rows
// after them, in their own file order).
std::vector<std::uint32_t> rowsInTaskOrder(const RawRecords &raw, const TaskJoin &join, bool joinAicpu)
{
    const std::size_t nAicpu = raw.aicpu.size();
    return taskOrder(
        raw.aicore.size(), [&](std::size_t i) { return raw.aicore[i].taskToken; },
        [&](std::size_t i) {
            const std::uint32_t p = joinAicpu ? join.partner[i] : TaskJoin::kNoPartner;
            return p != TaskJoin::kNoPartner ? p : std::uint32_t(nAicpu + i);
        });
}

// Task rows sorted by task id (§3.3 step 5), raw values kept even where they look wrong (§13.5).
// The raw AICore rows are taken in file order and freed as they are, so that they and the task
// rows never exist whole at once; the rows are put in task order afterwards.
RowStats buildTaskRows(RawRecords &raw, const TaskJoin &join, bool joinAicpu, const CaptureTimeBase &tb,
                       Capture &capture)
{
    std::vector<std::uint32_t> from = rowsInTaskOrder(raw, join, joinAicpu);
    RowStats stats;
    const auto &coreTypes = capture.info.coreTypes;
    std::vector<TaskRow> rows;
    rows.reserve(raw.aicore.size());
    CancelPoints cancelPoints;
    // A row's AICPU partner is anywhere in its stream: it is asked for kAhead rows early.
    constexpr std::size_t kAhead = 16;
    const std::size_t nCore = join.partner.size();
    raw.aicore.consume([&](const RawAicoreRow &a) {
        cancelPoints.tick();
        const std::size_t i = rows.size();
        if (joinAicpu && i + kAhead < nCore && join.partner[i + kAhead] != TaskJoin::kNoPartner)
            __builtin_prefetch(&raw.aicpu[join.partner[i + kAhead]]);
        TaskRow t = aicoreTaskRow(a, tb, coreTypes);
        if (std::size_t(a.coreId) >= coreTypes.size()) {
            ++stats.outsideCoreTypes;
            stats.maxOutsideCore = std::max(stats.maxOutsideCore, a.coreId);
        }
        if (a.endCycles < a.startCycles)
            ++stats.endBeforeStart;
        if (a.columns >= 6 && a.receiveToStart > 0 && a.receiveToStart >= a.startCycles)
            ++stats.receiveNotBeforeStart;
        if (joinAicpu) {
            const std::uint32_t p = join.partner[i];
            if (p != TaskJoin::kNoPartner && CaptureTimeBase::isSet(raw.aicpu[p].finishCycles)) {
                const RawAicpuRow &c = raw.aicpu[p];
                t.flags |= TaskRow::HasAicpu;
                t.dispatchUs = tb.deviceUs(c.dispatchCycles);
                t.finishUs = tb.deviceUs(c.finishCycles);
                if (c.finishCycles < c.dispatchCycles)
                    ++stats.finishBeforeDispatch;
            } else {
                t.flags |= TaskRow::AicpuMissing;
                ++stats.aicpuMissing;
            }
        }
        if (join.duplicateKey[i])
            t.flags |= TaskRow::DuplicateKey;
        rows.push_back(t);
    });
    raw.aicpu.clear();
    permuteInPlace(rows, std::move(from));
    capture.rows = std::move(rows);
    return stats;
}

} // namespace

void buildRawLayout(RawRecords &raw, Capture &capture, const QString &fileName)
{
    auto &info = capture.info;
    info.layout = RecordsLayout::RawStreams;
    const int level = info.level.value_or(1);
    const std::int64_t frequencyHz = info.clockFreqHz.value_or(1);

    if (level == 1 && !raw.aicpu.empty()) {
        capture.warn(
            QStringLiteral("%1: level 1 file carries %2 AICPU rows; ignored (level 1 has no AICPU timing)")
                .arg(fileName)
                .arg(raw.aicpu.size()));
        raw.aicpu.clear();
    }
    const bool joinAicpu = level >= 2;

    // run_epoch joins only when every row of both streams carries it; mixed widths never do.
    const std::uint8_t coreWidths = raw.aicoreDamage.widths, cpuWidths = raw.aicpuDamage.widths;
    if (raw.aicoreDamage.widthCount() > 1)
        capture.warn(
            QStringLiteral("%1: aicore_tasks mixes %2-column rows; run_epoch is not used for the join")
                .arg(fileName, widthList(coreWidths)));
    if (raw.aicpuDamage.widthCount() > 1)
        capture.warn(
            QStringLiteral("%1: AICPU task rows mix %2-column rows; run_epoch is not used for the join")
                .arg(fileName, widthList(cpuWidths)));
    const bool coreEpoch = coreWidths == (1u << 7);
    const bool cpuEpoch = cpuWidths == (1u << 5);
    const bool useEpoch = coreEpoch && (raw.aicpu.empty() || cpuEpoch);
    if (!raw.aicpu.empty() && coreEpoch != cpuEpoch && raw.aicoreDamage.widthCount() == 1 &&
        raw.aicpuDamage.widthCount() == 1)
        capture.warn(
            QStringLiteral(
                "%1: only one of the task streams carries run_epoch; joined on (core_id, reg_task_id)")
                .arg(fileName));

    // The join on the second core while this one finds the time base: both only read the rows.
    static const ChunkedArray<RawAicpuRow> noAicpu;
    const std::vector<std::uint64_t> launchStarts = launchStartCycles(raw);
    auto joining = asyncCancellable(
        [&] { return TaskJoin::build(raw.aicore, joinAicpu ? raw.aicpu : noAicpu, useEpoch, launchStarts); });

    // Time base and, for host-orchestrated files, the host/device placement.
    const CaptureTimeBase::DeviceTimes deviceTimes = CaptureTimeBase::deviceTimes(raw);
    const std::uint64_t base = deviceTimes.baseCycles;
    info.baseCycles = base;
    info.hostOrchestrated = raw.orchestratorSource == QLatin1String("host") ||
                            raw.hostOrchestratorRecordCount() > 0 || !raw.hostUploads.empty();
    // The host log and the dispatch_identity.json sidecar, when the loader found them, are read
    // first: containment placement needs them here.
    const HostAxis axis = chooseHostAxis(raw, deviceTimes, capture.hostLog, capture.dispatchIdentity,
                                         info.hostOrchestrated, capture, fileName);
    const CaptureTimeBase &tb = axis.timeBase;
    info.hostPlacement = axis.placement;
    applyLaunchBoundaries(raw, tb, capture, fileName);
    info.hostClockAligned = info.hostOrchestrated && axis.placement.aligned();
    if (info.hostOrchestrated)
        checkHostCapture(raw, capture, fileName);

    // Phase records, converted on the second core while the rows are built: neither side reads what
    // the other writes.
    const std::int32_t orchSubmit = std::int32_t(capture.phaseKinds.find(QStringLiteral("orch_submit")));
    auto phases = asyncCancellable([&] {
        convertPhases(raw.schedulerThreads, capture.schedulerThreads, tb, false, -1);
        if (raw.hostOrchestratorRecordCount() > 0 || raw.orchestratorLanes.empty())
            convertPhases(raw.hostOrchestratorLanes, capture.orchestratorLanes, tb, true, orchSubmit);
        else
            convertPhases(raw.orchestratorLanes, capture.orchestratorLanes, tb, false, orchSubmit);
    });
    const TaskJoin join = joining.get();
    const std::size_t nCore = raw.aicore.size();
    const bool haveAicpuRows = !raw.aicpu.empty();
    const RowStats stats = buildTaskRows(raw, join, joinAicpu, tb, capture);
    phases.get();
    capture.schedulerStreams = std::move(raw.schedulerStreams);
    if (!capture.schedulerStreams.empty())
        capture.schedulerStreams.resize(capture.schedulerThreads.size());
    capture.aicpuLifecycle.clear();
    for (std::size_t i = 0; i < raw.lifecycle.size(); ++i) {
        const RawLifecycle &l = raw.lifecycle[i];
        AicpuLifecycle out;
        out.thread = l.thread.value_or(std::int64_t(i));
        out.threadFromIndex = !l.thread;
        for (int s = 0; s < kLifecycleStageCount; ++s) {
            const RawTimes &t = l.stages[std::size_t(s)];
            // Drawn when end > 0 and end >= start (supplement §7): a stage never reached has end 0.
            if (t.end > 0 && t.end >= t.start)
                out.slices.push_back({tb.deviceUs(t.start), tb.deviceUs(t.end), LifecycleStage(s)});
        }
        capture.aicpuLifecycle.push_back(std::move(out));
    }
    capture.hostUploads.clear();
    capture.hostUploads.reserve(raw.hostUploads.size());
    for (const auto &u : raw.hostUploads)
        capture.hostUploads.push_back({tb.hostUs(u.startNs), tb.hostUs(u.endNs), u.bytes, u.kind});

    // What the join and the timestamps say about the capture.
    if (join.droppedAicpu > 0) {
        info.partial = true;
        capture.warn(
            QStringLiteral(
                "%1: dropped %2 AICPU rows without an AICore partner (their AICore records were lost): %3")
                .arg(fileName)
                .arg(join.droppedAicpu)
                .arg(perCoreList(join.droppedAicpuByCore)));
    }
    if (joinAicpu && !haveAicpuRows && nCore > 0) {
        capture.warn(
            QStringLiteral(
                "%1: level %2 file has no AICPU task rows; all %3 AICore rows lack dispatch/finish times "
                "(kept, marked \"AICPU timing missing\")")
                .arg(fileName)
                .arg(level)
                .arg(nCore));
        info.partial = true;
    } else if (stats.aicpuMissing > 0) {
        info.partial = true;
        capture.warn(
            QStringLiteral(
                "%1: %2 AICore rows have no AICPU record (their AICPU records were lost; kept, marked "
                "\"AICPU timing missing\")")
                .arg(fileName)
                .arg(stats.aicpuMissing));
    }
    if (join.duplicateAicoreRows > 0 || join.duplicateAicpuRows > 0)
        capture.warn(
            QStringLiteral(
                "%1: duplicate join keys (core_id, reg_task_id%2): %3 AICore and %4 AICPU rows repeat a key "
                "(several runs in one file or a wrapped dispatch counter); all AICore rows kept and flagged")
                .arg(fileName, useEpoch ? QStringLiteral(", run_epoch") : QString())
                .arg(join.duplicateAicoreRows)
                .arg(join.duplicateAicpuRows));
    if (join.counterGapRecords > 0) {
        info.partial = true;
        capture.warn(
            QStringLiteral(
                "%1: per-core dispatch counters (reg_task_id) skip about %2 records on %3 cores (most on "
                "core %4: %5); those records were lost from both streams")
                .arg(fileName)
                .arg(join.counterGapRecords)
                .arg(join.coresWithGaps)
                .arg(join.largestGapCore)
                .arg(join.largestGapRecords));
    }
    if (stats.outsideCoreTypes > 0)
        capture.warn(
            QStringLiteral(
                "%1: %2 rows run on core ids outside metadata.core_types (up to core %3); shown as AIV")
                .arg(fileName)
                .arg(stats.outsideCoreTypes)
                .arg(stats.maxOutsideCore));
    if (stats.endBeforeStart > 0 || stats.finishBeforeDispatch > 0)
        capture.warn(QStringLiteral("%1: %2 rows end before they start and %3 rows finish before their "
                                    "dispatch (kept as recorded)")
                         .arg(fileName)
                         .arg(stats.endBeforeStart)
                         .arg(stats.finishBeforeDispatch));
    if (stats.receiveNotBeforeStart > 0)
        capture.warn(
            QStringLiteral("%1: %2 rows have receive_to_start >= start (receive time unknown, shown at 0)")
                .arg(fileName)
                .arg(stats.receiveNotBeforeStart));
    const std::uint64_t hi = deviceTimes.all.hi;
    if (hi > base && double(hi - base) / double(frequencyHz) > kImplausibleSpanSeconds)
        capture.warn(
            QStringLiteral(
                "%1: the capture spans %2 hours of device time; a stray timestamp has probably shifted "
                "the time base")
                .arg(fileName)
                .arg(double(hi - base) / double(frequencyHz) / 3600.0, 0, 'f', 1));
    if (raw.schedulerStreamsDropped > 0 || raw.schedulerStreamTruncated) {
        info.partial = true;
        // Each losing stream by name, so the lane whose records are missing is known (supplement §1).
        QStringList losses;
        for (std::size_t t = 0; t < capture.schedulerStreams.size(); ++t) {
            const SchedulerStream &s = capture.schedulerStreams[t];
            if (s.dropped == 0 && !s.truncated)
                continue;
            QString loss = QStringLiteral("stream %1").arg(s.schedulerId.value_or(std::int64_t(t)));
            if (s.dropped > 0)
                loss += QStringLiteral(" dropped %1").arg(s.dropped);
            if (s.truncated)
                loss += s.dropped > 0 ? QStringLiteral(", truncated") : QStringLiteral(" truncated");
            losses << loss;
        }
        capture.warn(QStringLiteral("%1: scheduler record streams report %2 dropped records%3%4")
                         .arg(fileName)
                         .arg(raw.schedulerStreamsDropped)
                         .arg(raw.schedulerStreamTruncated ? QStringLiteral(" and truncation") : QString())
                         .arg(losses.isEmpty()
                                  ? QString()
                                  : QStringLiteral(" (") + losses.join(QStringLiteral("; ")) + u')'));
    }
}

} // namespace lanescope
