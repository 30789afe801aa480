#include "expectedjson.h"

#include <charconv>
#include <string>

namespace lanescope {

namespace {

class ObjectWriter
{
public:
    ObjectWriter() { m_out = "{"; }

    template <typename T> void number(const char *key, T v)
    {
        char tmp[32];
        const auto r = std::to_chars(tmp, tmp + sizeof tmp, v);
        begin(key);
        m_out.append(tmp, std::size_t(r.ptr - tmp));
    }
    void boolean(const char *key, bool v)
    {
        begin(key);
        m_out += v ? "true" : "false";
    }
    void string(const char *key, const QString &v)
    {
        begin(key);
        m_out += '"';
        m_out += v.toStdString(); // fixed ASCII names only
        m_out += '"';
    }
    void array(const char *key, const std::vector<std::uint64_t> &v)
    {
        begin(key);
        m_out += '[';
        for (std::size_t i = 0; i < v.size(); ++i) {
            char tmp[24];
            const auto r = std::to_chars(tmp, tmp + sizeof tmp, v[i]);
            if (i)
                m_out += ", ";
            m_out.append(tmp, std::size_t(r.ptr - tmp));
        }
        m_out += ']';
    }
    // An array of objects written by `fill`, one per line.
    template <typename Each> void objects(const char *key, std::size_t count, Each fill)
    {
        begin(key);
        m_out += '[';
        for (std::size_t i = 0; i < count; ++i) {
            ObjectWriter item;
            item.m_inline = true;
            fill(i, item);
            m_out += i ? ",\n    " : "\n    ";
            m_out += item.m_out;
            m_out += '}';
        }
        m_out += count ? "\n  ]" : "]";
    }
    QByteArray finish()
    {
        m_out += "\n}\n";
        return QByteArray::fromStdString(m_out);
    }

private:
    void begin(const char *key)
    {
        if (m_inline) {
            m_out += m_first ? "\"" : ", \"";
            m_first = false;
            m_out += key;
            m_out += "\": ";
            return;
        }
        m_out += m_first ? "\n  \"" : ",\n  \"";
        m_first = false;
        m_out += key;
        m_out += "\": ";
    }
    std::string m_out;
    bool m_first = true;
    bool m_inline = false; // an object nested on one line
};

} // namespace

QByteArray expectedToJson(const ExpectedValues &e)
{
    ObjectWriter w;
    w.string("shape", e.shape);
    w.string("levelKey", e.levelKey);
    w.string("runtime", e.runtime);
    w.number("level", e.level);
    w.number("clockFreqHz", e.clockFreqHz);
    w.number("numCores", e.numCores);
    w.number("schedulerThreads", e.schedulerThreads);
    w.number("logicalTasks", e.logicalTasks);
    w.number("kernelTasks", e.kernelTasks);
    w.number("spmdTasks", e.spmdTasks);
    w.number("mixTasks", e.mixTasks);
    w.number("dummyTasks", e.dummyTasks);
    w.number("allocTasks", e.allocTasks);
    w.number("predicatedSkipTasks", e.predicatedSkipTasks);
    w.number("earlyDispatchTasks", e.earlyDispatchTasks);
    w.number("aicoreRows", e.aicoreRows);
    w.number("aicpuRows", e.aicpuRows);
    w.number("joinedRows", e.joinedRows);
    w.number("aicoreWithoutAicpu", e.aicoreWithoutAicpu);
    w.number("aicpuWithoutAicore", e.aicpuWithoutAicore);
    w.number("duplicateJoinKeys", e.duplicateJoinKeys);
    w.number("rowsBeyondNumCores", e.rowsBeyondNumCores);
    w.number("tasksWithAicoreRows", e.tasksWithAicoreRows);
    w.boolean("depsWritten", e.depsWritten);
    w.number("rawEdges", e.rawEdges);
    w.number("uniqueEdges", e.uniqueEdges);
    w.number("hbViolationEdges", e.hbViolationEdges);
    w.number("timeBaseCycles", e.timeBaseCycles);
    w.number("totalTestTimeUs", e.totalTestTimeUs);
    w.number("firstUs", e.firstUs);
    w.number("lastUs", e.lastUs);
    w.array("schedulerRecordsPerThread", e.schedulerRecordsPerThread);
    w.number("schedulerRecords", e.schedulerRecords);
    w.number("orchestratorRecords", e.orchestratorRecords);
    w.boolean("orchestratorOnHost", e.orchestratorOnHost);
    w.number("hostUploads", e.hostUploads);
    w.number("scopeSamples", e.scopeSamples);
    w.number("hostSpans", e.hostSpans);
    w.number("maxTaskId", e.maxTaskId);
    w.number("recordsBytes", e.recordsBytes);
    w.number("truncatedAtByte", e.truncatedAtByte);
    // Only captures of several runs (or a retained folder) carry these: one-run files keep the shape
    // their committed expected.json has always had.
    if (!e.runs.empty()) {
        w.boolean("retained", e.retained);
        w.objects("runs", e.runs.size(), [&e](std::size_t i, ObjectWriter &o) {
            const ExpectedRun &r = e.runs[i];
            o.number("runEpoch", r.runEpoch);
            o.string("verdict", r.verdict);
            o.string("recordsFile", r.recordsFile);
            o.boolean("capturedNothing", r.capturedNothing);
            o.number("rows", r.rows);
            o.number("aicoreRows", r.aicoreRows);
            o.number("joinedRows", r.joinedRows);
            o.number("tasks", r.tasks);
            o.number("totalTestTimeUs", r.totalTestTimeUs);
            o.number("timeBaseCycles", r.timeBaseCycles);
            o.number("schedulerRecords", r.schedulerRecords);
            o.number("orchestratorRecords", r.orchestratorRecords);
            o.number("scopeSamples", r.scopeSamples);
        });
    }
    return w.finish();
}

} // namespace lanescope
