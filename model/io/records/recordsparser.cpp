#include "recordsparser.h"

#include "model/io/json/lenientvalues.h"
#include "model/io/json/streammembercut.h"
#include "model/io/loadpreview.h"
#include "objectlayoutreader.h"
#include "recordssplit.h"

#include <algorithm>
#include <cstring>

namespace lanescope {

namespace {
using Type = JsonCursor::Type;
} // namespace

RecordsParser::RecordsParser(JsonCursor &cursor, RawRecords &raw, PhaseKindTable &kinds)
    : m_c(cursor), m_raw(raw), m_kinds(kinds), m_metadata(cursor, raw), m_phases(cursor, raw, kinds),
      m_lifecycle(cursor, raw)
{
}

bool RecordsParser::notArray(const char *what)
{
    if (m_c.peek() == Type::Array)
        return false;
    m_raw.note(
        QStringLiteral("%1 at byte %2 is not an array (ignored)").arg(QLatin1String(what)).arg(m_c.offset()));
    m_c.skip();
    return true;
}

bool RecordsParser::parse()
{
    if (m_c.peek() != Type::Object)
        return false;
    m_sawObject = true;
    m_c.enterObject();
    for (bool first = true;; first = false) {
        // Only after a member can the cursor stand where a split read's second thread began.
        if (m_split && !first)
            m_split->joinAt(m_c, m_raw, m_kinds);
        if (!m_c.nextMember(m_key))
            break;
        readMember(m_key);
        if (!m_c.ok())
            return false;
    }
    if (!m_c.ok())
        return false;
    if (!m_c.atEnd() && m_c.ok())
        m_raw.note(QStringLiteral("data after the top-level object at byte %1 (ignored)").arg(m_c.offset()));
    return true;
}

bool RecordsParser::parseStreamMembers()
{
    for (;;) {
        const std::int64_t before = m_c.offset();
        if (!m_c.nextMember(m_key)) {
            if (m_c.ok())
                m_segmentEnd = before;
            return m_c.ok();
        }
        if (!isStreamMemberKey(m_key)) {
            m_segmentEnd = before;
            return true;
        }
        readMember(m_key);
        if (!m_c.ok())
            return false;
    }
}

void RecordsParser::readMember(const std::string &k)
{
    if (k == "chip_swimlane_level")
        readLevel(QStringLiteral("chip_swimlane_level"), 4);
    else if (k == "l2_swimlane_level")
        readLevel(QStringLiteral("l2_swimlane_level"), 3);
    else if (k == "l2_perf_level")
        readLevel(QStringLiteral("l2_perf_level"), 2);
    else if (k == "version")
        readLevel(QStringLiteral("version"), 1);
    else if (k == "metadata")
        m_metadata.read();
    else if (k == "aicore_tasks") {
        readAicoreRows();
        flushRowCount();
    } else if (k == "aicpu_tasks")
        readAicpuRows("aicpu_tasks");
    else if (k == "scheduler_tasks")
        readSchedulerTasks();
    else if (k == "aicpu_scheduler_phases") {
        m_raw.hasSchedulerPhases = true;
        m_phases.readLanes(m_raw.schedulerThreads, PhaseRecordsReader::Source::Scheduler);
    } else if (k == "scheduler_records")
        m_phases.readSchedulerRecords();
    else if (k == "aicpu_orchestrator_phases") {
        m_raw.orchestratorOffset = m_c.offset();
        m_phases.readLanes(m_raw.orchestratorLanes, PhaseRecordsReader::Source::Orchestrator);
    } else if (k == "host_orchestrator_phases") {
        m_raw.hostOrchestratorOffset = m_c.offset();
        m_phases.readLanes(m_raw.hostOrchestratorLanes, PhaseRecordsReader::Source::HostOrchestrator);
    } else if (k == "host_device_uploads")
        m_phases.readHostUploads();
    else if (k == "aicpu_lifecycle_records")
        m_lifecycle.read();
    else if (k == "core_to_thread")
        m_metadata.readCoreToThread();
    else if (k == "run_boundaries" || k == "dropped_run_boundaries")
        m_metadata.readRunBoundaryMember(k);
    else if (k == "tasks") {
        readTaskObjects();
        flushRowCount();
    } else {
        // Newer or older extras (fdwic_events, aicpu_orchestrator summary …).
        if (m_raw.ignoredKeys.size() < 16)
            m_raw.ignoredKeys.append(QString::fromStdString(k.substr(0, 64)));
        m_c.skip();
    }
}

void RecordsParser::readLevel(const QString &key, int rank)
{
    const auto at = m_c.offset();
    std::uint64_t v = 0;
    const Took t = takeUInt64(m_c, v, m_scratch);
    if (t == Took::Failed || rank <= m_raw.levelKeyRank)
        return;
    m_raw.levelKey = key;
    m_raw.levelKeyRank = rank;
    m_raw.levelOffset = at;
    if (t == Took::Value)
        m_raw.levelValue = std::int64_t(v);
    else
        m_raw.levelValue.reset();
}

RecordsParser::RowRead RecordsParser::readIntegerRow(std::uint64_t *out, int capacity, std::int64_t &columns)
{
    columns = 0;
    if (m_c.peek() != Type::Array)
        return m_c.skip() ? RowRead::Bad : RowRead::Failed;
    m_c.enterArray();
    bool bad = false;
    while (m_c.nextElement()) {
        if (columns < capacity && m_c.peek() == Type::Number) {
            if (!m_c.readUInt64(out[columns]))
                return RowRead::Failed;
        } else {
            // Excess columns are streamed past without storage; a non-number spoils the row.
            if (m_c.peek() != Type::Number)
                bad = true;
            if (!m_c.skip())
                return RowRead::Failed;
        }
        ++columns;
    }
    if (!m_c.ok())
        return RowRead::Failed;
    return bad ? RowRead::Bad : RowRead::Ok;
}

void RecordsParser::readAicoreRows()
{
    m_raw.hasAicoreTasks = true;
    if (notArray("aicore_tasks"))
        return;
    auto &damage = m_raw.aicoreDamage;
    m_c.enterArray();
    std::uint64_t v[7];
    while (m_c.nextElement()) {
        const auto at = m_c.offset();
        std::int64_t n = 0;
        const RowRead r = readIntegerRow(v, 7, n);
        if (r == RowRead::Failed)
            return;
        if (r == RowRead::Bad || n < 5 || n > 7 || std::int64_t(v[0]) < 0 ||
            std::int64_t(v[0]) > RecordLimits::maxCoreId) {
            damage.note(at);
            continue;
        }
        const auto core = std::int64_t(v[0]);
        damage.widths |= std::uint8_t(1u << n);
        RawAicoreRow row;
        row.coreId = std::int32_t(core);
        row.taskToken = v[1];
        row.regTaskId = std::uint32_t(v[2]);
        row.startCycles = v[3];
        row.endCycles = v[4];
        row.receiveToStart = n >= 6 ? v[5] : 0;
        row.runEpoch = n >= 7 ? std::uint32_t(v[6]) : 0;
        row.columns = std::uint8_t(n);
        m_raw.aicore.push_back(row);
        countRow();
        if (m_previewer && m_raw.aicore.size() % LoadPreviewer::kRowsBetweenLooks == 0)
            m_previewer->consider(m_raw);
    }
}

void RecordsParser::readAicpuRows(const char *name)
{
    const bool fromSchedulerTasks = std::strcmp(name, "aicpu_tasks") != 0;
    (fromSchedulerTasks ? m_raw.hasSchedulerTasks : m_raw.hasAicpuTasks) = true;
    if (notArray(name))
        return;
    // aicpu_tasks and scheduler_tasks never come together; if they do, the first non-empty one wins.
    if (!m_raw.aicpu.empty()) {
        m_raw.note(
            QStringLiteral("%1 ignored: the file already had AICPU task rows").arg(QLatin1String(name)));
        m_c.skip();
        return;
    }
    auto &damage = m_raw.aicpuDamage;
    m_c.enterArray();
    std::uint64_t v[5];
    while (m_c.nextElement()) {
        const auto at = m_c.offset();
        std::int64_t n = 0;
        const RowRead r = readIntegerRow(v, 5, n);
        if (r == RowRead::Failed)
            return;
        if (r == RowRead::Bad || n < 4 || n > 5 || std::int64_t(v[0]) < 0 ||
            std::int64_t(v[0]) > RecordLimits::maxCoreId) {
            damage.note(at);
            continue;
        }
        const auto core = std::int64_t(v[0]);
        damage.widths |= std::uint8_t(1u << n);
        RawAicpuRow row;
        row.coreId = std::int32_t(core);
        row.regTaskId = std::uint32_t(v[1]);
        row.dispatchCycles = v[2];
        row.finishCycles = v[3];
        row.runEpoch = n >= 5 ? std::uint32_t(v[4]) : 0;
        row.columns = std::uint8_t(n);
        m_raw.aicpu.push_back(row);
    }
}

void RecordsParser::readSchedulerTasks()
{
    m_raw.hasSchedulerTasks = true;
    if (m_c.peek() != Type::Object) {
        m_raw.note(QStringLiteral("scheduler_tasks at byte %1 is not an object (ignored)").arg(m_c.offset()));
        m_c.skip();
        return;
    }
    m_c.enterObject();
    std::string key;
    while (m_c.nextMember(key)) {
        if (key == "records") {
            readAicpuRows("scheduler_tasks.records");
        } else if (key == "producer") {
            if (takeString(m_c, m_text) == Took::Value)
                m_raw.schedulerTasksProducer = QString::fromStdString(m_text.substr(0, 64));
        } else {
            m_c.skip();
        }
        if (!m_c.ok())
            return;
    }
}

void RecordsParser::readTaskObjects()
{
    m_raw.hasTasks = true;
    if (notArray("tasks"))
        return;
    m_c.enterArray();
    while (m_c.nextElement()) {
        if (!readTaskObject(m_c, m_raw, m_key, m_scratch))
            return;
        countRow();
    }
}

void RecordsParser::flushRowCount()
{
    if (m_rowCounter)
        m_rowCounter->fetch_add(m_uncountedRows, std::memory_order_relaxed);
    m_uncountedRows = 0;
}

} // namespace lanescope
