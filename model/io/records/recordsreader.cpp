#include "recordsreader.h"

#include "collectionverdict.h"
#include "coretypeinference.h"
#include "model/capture/backgroundfree.h"
#include "model/capture/cancelpoint.h"
#include "model/capture/labels.h"
#include "model/io/json/jsoncursor.h"
#include "model/io/loadpreview.h"
#include "objectlayoutreader.h"
#include "phasekinds.h"
#include "rawlayoutbuilder.h"
#include "rawrecords.h"
#include "recordsparser.h"
#include "recordssplit.h"
#include "runtimeinference.h"

#include <QFileInfo>
#include <algorithm>
#include <climits>
#include <optional>

namespace lanescope {

namespace {

// Shape decides the layout (spec §10), not the file name or the level key.
RecordsLayout detectLayout(const RawRecords &raw)
{
    if (raw.hasAicoreTasks)
        return RecordsLayout::RawStreams;
    if (raw.hasTasks)
        return RecordsLayout::PerTaskObjects;
    // No rows at all: the level key and the clock say which era wrote the (empty) file.
    if (raw.levelKeyRank == 4 || raw.clockFreqHz || raw.hasAicpuTasks || raw.hasSchedulerTasks)
        return RecordsLayout::RawStreams;
    if (raw.levelKeyRank > 0)
        return RecordsLayout::PerTaskObjects;
    return RecordsLayout::None;
}

void warnDamage(Capture &capture, const QString &fileName, const StreamDamage &d, const QString &what)
{
    if (d.malformed == 0)
        return;
    capture.warn(QStringLiteral("%1: skipped %2 malformed %3 (first at byte %4)")
                     .arg(fileName)
                     .arg(d.malformed)
                     .arg(what)
                     .arg(d.firstMalformedAt));
}

// Depths are kept as read; the warning says which the device could not have written.
void warnDepthRange(Capture &capture, const QString &fileName, const DepthRangeNotes &d)
{
    if (d.outside == 0)
        return;
    QString text = QStringLiteral("%1: %2 ready-queue depth(s) outside 0–%3, the range the device records "
                                  "(inferred from its 16-bit store), first %4 at byte %5; kept as read")
                       .arg(fileName)
                       .arg(d.outside)
                       .arg(DepthRangeNotes::deviceMax)
                       .arg(d.firstValue)
                       .arg(d.firstAt);
    if (d.unrepresentable > 0)
        text +=
            QStringLiteral(", except %1 beyond 32 bits, whose records show no depth").arg(d.unrepresentable);
    capture.warn(text);
}

// The ids of every task a label can name decide the HBG layout (supplement §8).
// Elsewhere the ids are not gathered: at ten million rows they are tens of millions, read for nothing.
void chooseTaskIdFormat(Capture &capture, const QString &fileName)
{
    std::vector<std::uint64_t> ids;
    if (taskIdLayoutDependsOnIds(capture.info.runtime)) {
        CancelPoints cancelPoints;
        ids.reserve(capture.rows.size());
        for (const TaskRow &r : capture.rows) {
            cancelPoints.tick();
            ids.push_back(r.taskId);
        }
        for (const auto *lanes : {&capture.schedulerThreads, &capture.orchestratorLanes})
            for (const PhaseLane &lane : *lanes)
                for (const PhaseRecord &p : lane) {
                    cancelPoints.tick();
                    if (p.hasTaskId())
                        ids.push_back(p.taskId);
                }
    }
    bool fitsNeither = false;
    capture.info.taskIdFormat = taskIdFormatFor(capture.info.runtime, ids, &fitsNeither);
    if (fitsNeither)
        capture.warn(QStringLiteral(
                         "%1: host_build_graph task ids fit neither the old nor the new id layout; shown in "
                         "the new one")
                         .arg(fileName));
}

} // namespace

bool readRecords(ByteSource &source, Capture &capture, ReadError *error, const LoadControl *control,
                 std::int64_t splitNear)
{
    const QString path = source.path();
    QString fileName = QFileInfo(path).fileName();
    if (fileName.isEmpty())
        fileName = path;
    auto fail = [&](std::int64_t offset, const QString &message) {
        if (error)
            *error = ReadError{path, std::max<std::int64_t>(offset, 0), -1, message};
        return false;
    };

    std::optional<RecordsSplit> split;
    if (splitNear >= 0)
        split.emplace(source, splitNear, source.rawSize() / 4, control);
    JsonCursor cursor(source, split ? split->firstControl() : control);
    RawRecords raw;
    const FreedInBackgroundIfCancelled rawFreed(raw); // gigabytes at ten million rows
    PhaseKindTable kinds(capture.phaseKinds);
    RecordsParser parser(cursor, raw, kinds);
    if (split)
        parser.joinWith(&*split);
    if (control)
        parser.countRowsInto(control->recordsRead);
    std::optional<LoadPreviewer> previewer;
    if (control && control->preview) {
        previewer.emplace(*control, source);
        parser.previewInto(&*previewer);
    }
    const bool complete = parser.parse();
    split.reset(); // the second thread is of no more use, whether it was joined or not

    // Cancelled while parsing, or just after: the layout below is seconds of work at ten million rows.
    if (cursor.cancelled() || (control && control->cancelled()))
        return fail(cursor.errorOffset(), loadCancelledMessage());
    if (!parser.sawTopLevelObject()) {
        if (!cursor.ok())
            return fail(cursor.errorOffset(), cursor.errorMessage());
        if (cursor.atEnd())
            return fail(cursor.offset(), QStringLiteral("the file is empty"));
        return fail(cursor.offset(),
                    QStringLiteral("not a JSON object; expected a chip swimlane records file"));
    }
    const std::int64_t stopAt = complete ? -1 : cursor.errorOffset();
    const QString stopWhat = cursor.truncated()
                                 ? QStringLiteral("truncated")
                                 : QStringLiteral("unreadable (%1)").arg(cursor.errorMessage());

    const RecordsLayout layout = detectLayout(raw);
    if (layout == RecordsLayout::None) {
        if (!complete)
            return fail(stopAt,
                        QStringLiteral("%1 at byte %2 before any capture data").arg(stopWhat).arg(stopAt));
        return fail(0, QStringLiteral("neither aicore_tasks nor tasks: not a chip swimlane records file"));
    }

    // Level (§3.1): numeric level keys must say 1..4; `version` eras carry no level at all.
    const bool numericLevelKey = raw.levelKeyRank >= 2;
    if (numericLevelKey) {
        if (!raw.levelValue)
            return fail(raw.levelOffset, QStringLiteral("%1 is not an integer").arg(raw.levelKey));
        if (*raw.levelValue < 1 || *raw.levelValue > 4)
            return fail(raw.levelOffset, QStringLiteral("%1 is %2; a capture level must be 1..4")
                                             .arg(raw.levelKey)
                                             .arg(*raw.levelValue));
    }
    if (layout == RecordsLayout::RawStreams && !numericLevelKey) {
        if (!complete)
            return fail(stopAt, QStringLiteral("%1 at byte %2 before chip_swimlane_level was read")
                                    .arg(stopWhat)
                                    .arg(stopAt));
        return fail(0, QStringLiteral("chip_swimlane_level is missing"));
    }

    // Clock (§3.1): raw cycles are meaningless without it.
    if (layout == RecordsLayout::RawStreams) {
        if (!raw.clockFreqHz) {
            if (!complete && raw.clockOffset < 0)
                return fail(stopAt, QStringLiteral("%1 at byte %2 before metadata.clock_freq_hz was read")
                                        .arg(stopWhat)
                                        .arg(stopAt));
            if (raw.clockOffset >= 0)
                return fail(
                    raw.clockOffset,
                    QStringLiteral("clock_freq_hz is not an integer: the file cannot be placed in time"));
            return fail(raw.metadataOffset >= 0 ? raw.metadataOffset : 0,
                        QStringLiteral("clock_freq_hz is missing: the file cannot be placed in time"));
        }
        if (*raw.clockFreqHz <= 0)
            return fail(raw.clockOffset,
                        QStringLiteral("clock_freq_hz is %1: the file cannot be placed in time")
                            .arg(*raw.clockFreqHz));
        // Two clock domains for the orchestrator cannot be placed on one axis (§2.2, §13.6).
        if (raw.orchestratorRecordCount() > 0 && raw.hostOrchestratorRecordCount() > 0)
            return fail(
                std::max(raw.orchestratorOffset, raw.hostOrchestratorOffset),
                QStringLiteral(
                    "both AICPU and host orchestrator records: two clock domains, refused as ambiguous"));
    }

    auto &info = capture.info;
    info.format = CaptureFormat::ChipSwimlaneRecords;
    info.levelKey = raw.levelKey;
    if (numericLevelKey)
        info.level = int(*raw.levelValue);
    if (layout == RecordsLayout::RawStreams)
        info.clockFreqHz = raw.clockFreqHz;
    info.coreTypes = raw.coreTypes;
    info.numCores =
        raw.numCores ? int(std::clamp<std::int64_t>(*raw.numCores, 0, INT_MAX)) : int(raw.coreTypes.size());
    reviseUniformCoreTypes(capture, fileName);
    info.coreToThread = raw.coreToThread;
    info.runtime = raw.runtime;
    if (!raw.runtime.isEmpty()) {
        info.runtimeSource = CaptureInfo::RuntimeSource::Metadata;
    } else if (!raw.streamRuntime.isEmpty()) {
        info.runtime = raw.streamRuntime;
        info.runtimeSource = CaptureInfo::RuntimeSource::SchedulerStreams;
    }
    applyRunCollection(raw, capture, fileName);
    info.hostClockDomainId = raw.hostClockDomainId;
    info.schedulerTaskProducer = raw.schedulerTasksProducer;

    if (!complete) {
        info.partial = true;
        if (layout == RecordsLayout::RawStreams)
            capture.warn(
                QStringLiteral("%1: %2 at byte %3; kept %4 AICore rows, %5 AICPU rows, %6 scheduler records, "
                               "%7 orchestrator records read before it")
                    .arg(fileName, stopWhat)
                    .arg(stopAt)
                    .arg(raw.aicore.size())
                    .arg(raw.aicpu.size())
                    .arg(raw.schedulerRecordCount())
                    .arg(raw.orchestratorRecordCount() + raw.hostOrchestratorRecordCount()));
        else
            capture.warn(
                QStringLiteral("%1: %2 at byte %3; kept %4 task rows, %5 scheduler records, %6 orchestrator "
                               "records read before it")
                    .arg(fileName, stopWhat)
                    .arg(stopAt)
                    .arg(raw.objectRows.size())
                    .arg(raw.schedulerRecordCount())
                    .arg(raw.orchestratorRecordCount()));
    }

    if (layout == RecordsLayout::RawStreams) {
        warnDamage(capture, fileName, raw.aicoreDamage, QStringLiteral("aicore_tasks rows"));
        warnDamage(capture, fileName, raw.aicpuDamage,
                   raw.hasSchedulerTasks ? QStringLiteral("scheduler_tasks rows")
                                         : QStringLiteral("aicpu_tasks rows"));
        if (raw.hasTasks)
            capture.warn(
                QStringLiteral("%1: has both aicore_tasks and tasks; the per-task objects were ignored")
                    .arg(fileName));
        buildRawLayout(raw, capture, fileName);
    } else {
        warnDamage(capture, fileName, raw.objectDamage, QStringLiteral("task objects"));
        if (raw.levelKey == QLatin1String("version") && raw.levelValue != 1 && raw.levelValue != 2)
            capture.warn(QStringLiteral("%1: unexpected file version %2")
                             .arg(fileName)
                             .arg(raw.levelValue.value_or(-1)));
        buildObjectLayout(raw, capture, fileName);
    }
    warnDamage(capture, fileName, raw.phaseDamage, QStringLiteral("phase records"));
    inferRuntimeFromTaskIds(capture);
    chooseTaskIdFormat(capture, fileName);

    if (raw.hasSchedulerPhases && raw.hasSchedulerRecords)
        capture.warn(
            QStringLiteral("%1: has both aicpu_scheduler_phases and scheduler_records; both were kept")
                .arg(fileName));
    for (const auto &kind : kinds.unknownKinds())
        capture.warn(QStringLiteral("%1: unknown phase kind \"%2\" (kept by name)")
                         .arg(fileName, QString::fromStdString(kind)));
    if (kinds.overflowCount() > 0)
        capture.warn(QStringLiteral("%1: more than %2 distinct phase kinds; %3 records read as \"unknown\"")
                         .arg(fileName)
                         .arg(PhaseKindTable::kMaxKinds)
                         .arg(kinds.overflowCount()));
    if (raw.unknownCoreTypeNames > 0)
        capture.warn(
            QStringLiteral(
                "%1: %2 entries of metadata.core_types are neither \"aic\" nor \"aiv\" (read as AIV)")
                .arg(fileName)
                .arg(raw.unknownCoreTypeNames));
    if (!raw.runtime.isEmpty() && raw.runtime != QLatin1String("tensormap_and_ringbuffer") &&
        raw.runtime != QLatin1String("host_build_graph"))
        capture.warn(QStringLiteral("%1: unknown runtime \"%2\"; task ids are shown in the ring/local layout")
                         .arg(fileName, raw.runtime));
    warnDepthRange(capture, fileName, raw.depthRange);
    for (const auto &n : raw.notes)
        capture.warn(QStringLiteral("%1: %2").arg(fileName, n));
    if (!raw.ignoredKeys.isEmpty())
        capture.warn(QStringLiteral("%1: top-level keys not read: %2")
                         .arg(fileName, raw.ignoredKeys.join(QStringLiteral(", "))));
    return true;
}

} // namespace lanescope
