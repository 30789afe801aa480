#include "objectlayoutreader.h"

#include "model/io/json/lenientvalues.h"

#include <algorithm>

namespace lanescope {

namespace {

using Type = JsonCursor::Type;

// A runtime fanout list longer than this is not a real successor list.
constexpr std::size_t kMaxFanoutPerTask = 1 << 16;

bool readFanout(JsonCursor &c, RawRecords &raw, std::string &scratch)
{
    if (c.peek() != Type::Array)
        return c.skip();
    raw.hasFanout = true;
    c.enterArray();
    std::size_t n = 0;
    while (c.nextElement()) {
        std::uint64_t succ = 0;
        const Took t = takeUInt64(c, succ, scratch);
        if (t == Took::Failed)
            return false;
        // The predecessor is patched in once the whole object (and so its task_id) has been read.
        if (t == Took::Value && n++ < kMaxFanoutPerTask)
            raw.fanoutEdges.emplace_back(0, succ);
    }
    return c.ok();
}

int inferLevel(const RawRecords &raw, const std::vector<TaskRow> &rows)
{
    if (raw.orchestratorRecordCount() > 0)
        return 4;
    if (raw.schedulerRecordCount() > 0)
        return 3;
    for (const auto &r : rows)
        if (r.hasAicpu())
            return 2;
    return 1;
}

void moveLanes(std::vector<RawPhaseLane> &raw, std::vector<PhaseLane> &out)
{
    out.clear();
    out.reserve(raw.size());
    for (auto &lane : raw) {
        PhaseLane &records = out.emplace_back();
        records.reserve(lane.size());
        // µs fields were read straight into the records.
        lane.consume([&records](const RawPhaseRecord &p) { records.push_back(p.record); });
    }
}

} // namespace

bool readTaskObject(JsonCursor &c, RawRecords &raw, std::string &key, std::string &scratch)
{
    const auto at = c.offset();
    if (c.peek() != Type::Object) {
        if (!c.skip())
            return false;
        raw.objectDamage.note(at);
        return true;
    }
    const std::size_t edgesBefore = raw.fanoutEdges.size();
    TaskRow row;
    bool haveId = false, haveCore = false, haveStart = false, haveEnd = false, badCore = false;
    bool haveReceive = false;
    c.enterObject();
    while (c.nextMember(key)) {
        std::uint64_t v = 0;
        double d = 0;
        if (key == "task_id") {
            haveId = takeUInt64(c, v, scratch) == Took::Value;
            row.taskId = v;
        } else if (key == "func_id") {
            // Early eras recorded real kernel ids; -1 means "resolve from deps.json".
            if (takeUInt64(c, v, scratch) == Took::Value) {
                const auto f = std::int64_t(v);
                row.funcId = f >= 0 && f <= INT32_MAX ? std::int32_t(f) : -1;
            }
        } else if (key == "core_id") {
            const Took t = takeUInt64(c, v, scratch);
            const auto core = std::int64_t(v);
            haveCore = t == Took::Value;
            badCore = !haveCore || core < 0 || core > RecordLimits::maxCoreId;
            row.coreId = badCore ? 0 : std::int32_t(core);
        } else if (key == "core_type") {
            if (takeString(c, scratch) == Took::Value)
                row.coreType = scratch == "aic" ? CoreType::Aic : CoreType::Aiv;
        } else if (key == "start_time_us") {
            haveStart = takeDouble(c, d) == Took::Value;
            row.startUs = d;
        } else if (key == "end_time_us") {
            haveEnd = takeDouble(c, d) == Took::Value;
            row.endUs = d;
        } else if (key == "dispatch_time_us") {
            if (takeDouble(c, d) == Took::Value)
                row.dispatchUs = d;
        } else if (key == "finish_time_us") {
            if (takeDouble(c, d) == Took::Value)
                row.finishUs = d;
        } else if (key == "receive_time_us") {
            haveReceive = takeDouble(c, d) == Took::Value;
            row.receiveUs = d;
        } else if (key == "fanout") {
            if (!readFanout(c, raw, scratch))
                return false;
        } else {
            c.skip(); // ring_id, duration_us, kernel_ready_time_us, fanout_count …
        }
        if (!c.ok())
            return false;
    }
    if (!c.ok())
        return false;
    if (!haveId || !haveCore || badCore || !haveStart || !haveEnd) {
        raw.fanoutEdges.resize(edgesBefore);
        raw.objectDamage.note(at);
        return true;
    }
    for (std::size_t i = edgesBefore; i < raw.fanoutEdges.size(); ++i)
        raw.fanoutEdges[i].first = row.taskId;
    if (haveReceive)
        row.flags |= TaskRow::HasReceive;
    else
        row.receiveUs = row.startUs;
    raw.objectRows.push_back(row);
    return true;
}

void buildObjectLayout(RawRecords &raw, Capture &capture, const QString &fileName)
{
    auto &info = capture.info;
    info.layout = RecordsLayout::PerTaskObjects;
    auto rows = std::move(raw.objectRows);

    // Absent AICPU timing was written as 0.0; the converter's test for "present" is finish > 0.
    for (auto &r : rows) {
        if (r.finishUs > 0 && r.dispatchUs >= 0) {
            r.flags |= TaskRow::HasAicpu;
        } else {
            r.dispatchUs = 0;
            r.finishUs = 0;
        }
    }

    const bool numericLevel = raw.levelValue && raw.levelKey != QLatin1String("version");
    const int level = numericLevel ? int(*raw.levelValue) : inferLevel(raw, rows);
    info.level = level;
    if (!numericLevel)
        capture.warn(
            QStringLiteral("%1: no capture level in the file (%2); level %3 inferred from its content")
                .arg(fileName, raw.levelKey.isEmpty() ? QStringLiteral("no level key")
                                                      : raw.levelKey + QLatin1Char(' ') +
                                                            QString::number(raw.levelValue.value_or(0)))
                .arg(level));

    std::uint64_t missing = 0;
    if (level >= 2) {
        for (auto &r : rows) {
            if (!r.hasAicpu()) {
                r.flags |= TaskRow::AicpuMissing;
                ++missing;
            }
        }
    }
    if (missing > 0)
        capture.warn(
            QStringLiteral(
                "%1: %2 task rows have no AICPU dispatch/finish time (kept, marked \"AICPU timing missing\")")
                .arg(fileName)
                .arg(missing));

    // Core table: metadata when the file had it, else from the rows themselves.
    std::int32_t maxCore = -1;
    for (const auto &r : rows)
        maxCore = std::max(maxCore, r.coreId);
    if (!raw.hasCoreTypes) {
        info.coreTypes.assign(std::size_t(maxCore + 1), CoreType::Aiv);
        for (const auto &r : rows)
            info.coreTypes[std::size_t(r.coreId)] = r.coreType;
    }
    if (!raw.numCores)
        info.numCores = std::max<int>(int(info.coreTypes.size()), maxCore + 1);

    std::stable_sort(rows.begin(), rows.end(),
                     [](const TaskRow &a, const TaskRow &b) { return a.taskId < b.taskId; });
    capture.rows = std::move(rows);

    moveLanes(raw.schedulerThreads, capture.schedulerThreads);
    moveLanes(raw.orchestratorLanes, capture.orchestratorLanes);

    if (raw.hasFanout) {
        std::vector<DepNode> nodes;
        nodes.reserve(capture.rows.size());
        for (const auto &r : capture.rows) {
            if (!nodes.empty() && nodes.back().taskId == r.taskId)
                continue;
            DepNode n;
            n.taskId = r.taskId;
            n.flags = DepNode::InTasks;
            nodes.push_back(n);
        }
        capture.deps.build(std::move(nodes), std::move(raw.fanoutEdges));
        capture.warn(QStringLiteral("%1: dependencies from runtime fanout lists (incomplete by design)")
                         .arg(fileName));
    }
}

} // namespace lanescope
