#include "depsreader.h"

#include "model/io/json/jsoncursor.h"

#include "model/capture/chunkedarray.h"

#include <QFileInfo>
#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace lanescope {

namespace {

// Read into chunks, not vectors: a vector of millions of edges that doubles copies hundreds of MB
// at once, where neither a cancel nor anything else is heard, and holds them up to three times.
using EdgeList = ChunkedArray<std::pair<std::uint64_t, std::uint64_t>>;

class DepsParser
{
public:
    DepsParser(ByteSource &source, const LoadControl *control) : m_cursor(source, control) {}

    bool parse()
    {
        if (!m_cursor.enterObject())
            return false;
        std::string key;
        while (m_cursor.nextMember(key)) {
            bool ok = true;
            if (key == "tasks") {
                m_hasTasks = true;
                ok = parseArray("tasks", [this] { return parseTask(); });
            } else if (key == "edges") {
                m_hasEdges = true;
                ok = parseArray("edges", [this] { return parseEdge(); });
            } else {
                ok = m_cursor.skip(); // version, runtime, tensors, and whatever newer writers add
            }
            if (!ok)
                return false;
        }
        return m_cursor.ok();
    }

    JsonCursor &cursor() { return m_cursor; }
    ChunkedArray<DepNode> &nodes() { return m_nodes; }
    EdgeList &edges() { return m_edges; }
    bool hasTasks() const { return m_hasTasks; }
    bool hasEdges() const { return m_hasEdges; }

    // What was skipped, for the warnings.
    struct Tally
    {
        std::size_t skippedTasks = 0; // no usable task_id
        std::size_t skippedEdges = 0; // not an object or pair, or without both endpoints
        std::size_t badKernelIds = 0; // kernel_ids present but not three integers
        std::size_t badBlockNum = 0;  // block_num < 1
        std::int64_t firstSkippedTaskAt = -1;
        std::int64_t firstSkippedEdgeAt = -1;
        QString skippedArrays; // "tasks"/"edges" keys that held no array
    };
    const Tally &tally() const { return m_tally; }

private:
    template <typename ParseElement> bool parseArray(const char *name, ParseElement parseElement)
    {
        if (m_cursor.peek() != JsonCursor::Type::Array) {
            m_tally.skippedArrays +=
                (m_tally.skippedArrays.isEmpty() ? QString() : QStringLiteral(", ")) + QLatin1String(name);
            return m_cursor.skip();
        }
        if (!m_cursor.enterArray())
            return false;
        while (m_cursor.nextElement()) {
            if (!parseElement())
                return false;
        }
        return m_cursor.ok();
    }

    // A task id or edge endpoint: number (negative values wrap, §2.1) or decimal string. Anything
    // else makes the surrounding entry unusable without stopping the read.
    bool readId(std::uint64_t &id, bool &valid)
    {
        valid = false;
        switch (m_cursor.peek()) {
        case JsonCursor::Type::Number:
            valid = m_cursor.readUInt64(id);
            return valid;
        case JsonCursor::Type::String: {
            if (!m_cursor.readString(m_text))
                return false;
            const char *b = m_text.data();
            const char *e = b + m_text.size();
            const bool negative = b != e && *b == '-';
            std::uint64_t u = 0;
            const auto [p, ec] = std::from_chars(negative ? b + 1 : b, e, u);
            valid = ec == std::errc() && p == e && p != (negative ? b + 1 : b);
            if (valid)
                id = negative ? ~u + 1 : u;
            return true;
        }
        default:
            return m_cursor.skip();
        }
    }

    bool readSmallInt(std::int32_t &v, bool &valid)
    {
        valid = false;
        if (m_cursor.peek() != JsonCursor::Type::Number)
            return m_cursor.skip();
        std::int64_t wide = 0;
        if (!m_cursor.readInt64(wide))
            return false;
        valid = wide >= std::numeric_limits<std::int32_t>::min() &&
                wide <= std::numeric_limits<std::int32_t>::max();
        if (valid)
            v = std::int32_t(wide);
        return true;
    }

    bool parseKernelIds(DepNode &node)
    {
        if (m_cursor.peek() != JsonCursor::Type::Array) {
            ++m_tally.badKernelIds;
            return m_cursor.skip();
        }
        if (!m_cursor.enterArray())
            return false;
        std::array<std::int32_t, 3> ids = {-1, -1, -1};
        int count = 0;
        bool allValid = true;
        while (m_cursor.nextElement()) {
            std::int32_t v = -1;
            bool valid = false;
            if (!readSmallInt(v, valid))
                return false;
            allValid = allValid && valid;
            if (count < 3)
                ids[std::size_t(count)] = v;
            ++count;
        }
        if (!m_cursor.ok())
            return false;
        // The reference only uses exactly three entries ([aic, aiv0, aiv1]).
        if (count == 3 && allValid) {
            node.kernelIds = ids;
            node.flags |= DepNode::HasKernelIds;
        } else {
            ++m_tally.badKernelIds;
        }
        return true;
    }

    bool parseTask()
    {
        const auto at = m_cursor.offset();
        if (m_cursor.peek() != JsonCursor::Type::Object) {
            noteSkippedTask(at);
            return m_cursor.skip();
        }
        if (!m_cursor.enterObject())
            return false;
        DepNode node;
        node.flags = DepNode::InTasks;
        bool hasId = false;
        // Once every member read here has been seen, the rest (args, mostly) is passed over whole.
        enum Seen : unsigned {
            TaskId = 1,
            KernelIds = 2,
            BlockNum = 4,
            EarlyDispatch = 8,
            Scope = 16,
            All = 31
        };
        unsigned seen = 0;
        while (m_cursor.nextMember(m_key)) {
            bool ok = true;
            if (m_key == "task_id") {
                seen |= TaskId;
                ok = readId(node.taskId, hasId);
            } else if (m_key == "kernel_ids") {
                seen |= KernelIds;
                ok = parseKernelIds(node);
            } else if (m_key == "block_num") {
                seen |= BlockNum;
                std::int32_t blocks = 1;
                bool valid = false;
                ok = readSmallInt(blocks, valid);
                if (valid && blocks >= 1) {
                    node.blockNum = blocks;
                } else if (ok) {
                    ++m_tally.badBlockNum; // the reference clamps to 1
                }
            } else if (m_key == "early_dispatch") {
                seen |= EarlyDispatch;
                if (m_cursor.peek() == JsonCursor::Type::Bool) {
                    bool early = false;
                    ok = m_cursor.readBool(early);
                    if (early)
                        node.flags |= DepNode::EarlyDispatch;
                } else {
                    ok = m_cursor.skip();
                }
            } else if (m_key == "scope") {
                seen |= Scope;
                if (m_cursor.peek() == JsonCursor::Type::String) {
                    ok = m_cursor.readString(m_text);
                    if (m_text == "manual")
                        node.flags |= DepNode::ManualScope;
                } else {
                    ok = m_cursor.skip();
                }
            } else {
                ok = m_cursor.skip(); // args and anything newer
            }
            if (!ok)
                return false;
            if (seen == All) {
                if (!m_cursor.leave())
                    return false;
                break;
            }
        }
        if (!m_cursor.ok())
            return false;
        if (hasId)
            m_nodes.push_back(node);
        else
            noteSkippedTask(at);
        return true;
    }

    bool parseEdge()
    {
        const auto at = m_cursor.offset();
        std::uint64_t pred = 0, succ = 0;
        bool hasPred = false, hasSucc = false;
        const auto type = m_cursor.peek();
        if (type == JsonCursor::Type::Array) {
            // v1: [pred, succ]
            if (!m_cursor.enterArray())
                return false;
            int index = 0;
            while (index < 2 && m_cursor.nextElement()) {
                if (!readId(index == 0 ? pred : succ, index == 0 ? hasPred : hasSucc))
                    return false;
                if (++index == 2 && !m_cursor.leave())
                    return false;
            }
        } else if (type == JsonCursor::Type::Object) {
            if (!m_cursor.enterObject())
                return false;
            // The tensor detail after pred and succ (arg, source, flags, overlap, slices) is most
            // of the file: once both ids are read it is passed over whole.
            bool seenPred = false, seenSucc = false;
            while (m_cursor.nextMember(m_key)) {
                bool ok = true;
                if (m_key == "pred") {
                    seenPred = true;
                    ok = readId(pred, hasPred);
                } else if (m_key == "succ") {
                    seenSucc = true;
                    ok = readId(succ, hasSucc);
                } else {
                    ok = m_cursor.skip();
                }
                if (!ok)
                    return false;
                if (seenPred && seenSucc) {
                    if (!m_cursor.leave())
                        return false;
                    break;
                }
            }
        } else {
            if (!m_cursor.skip())
                return false;
        }
        if (!m_cursor.ok())
            return false;
        if (hasPred && hasSucc) {
            m_edges.push_back({pred, succ});
        } else {
            ++m_tally.skippedEdges;
            if (m_tally.firstSkippedEdgeAt < 0)
                m_tally.firstSkippedEdgeAt = at;
        }
        return true;
    }

    void noteSkippedTask(std::int64_t at)
    {
        ++m_tally.skippedTasks;
        if (m_tally.firstSkippedTaskAt < 0)
            m_tally.firstSkippedTaskAt = at;
    }

    JsonCursor m_cursor;
    ChunkedArray<DepNode> m_nodes;
    EdgeList m_edges;
    std::string m_key;
    std::string m_text;
    bool m_hasTasks = false;
    bool m_hasEdges = false;
    Tally m_tally;
};

} // namespace

bool readDeps(ByteSource &source, DepGraph &graph, QStringList &warnings, ReadError *error,
              const LoadControl *control)
{
    const QString file = QFileInfo(source.path()).fileName();
    DepsParser parser(source, control);
    const bool complete = parser.parse();
    JsonCursor &cursor = parser.cursor();

    if (!complete && !cursor.truncated()) {
        if (error)
            *error = cursor.error();
        graph = DepGraph{};
        return false;
    }
    if (!parser.hasTasks() && !parser.hasEdges()) {
        if (error) {
            if (!complete)
                *error = cursor.error();
            else
                *error = {source.path(), 0, -1,
                          QStringLiteral("not a deps.json: no \"tasks\" or \"edges\" array")};
        }
        graph = DepGraph{};
        return false;
    }

    const auto &tally = parser.tally();
    const std::size_t taskEntries = parser.nodes().size();
    const std::size_t edgeEntries = parser.edges().size();
    if (!complete && error)
        *error = cursor.error(); // true with an error set: partial data was kept
    if (!complete)
        warnings.append(
            QStringLiteral("%1: truncated at byte %2 (%3); kept %4 tasks and %5 edges read before it")
                .arg(file)
                .arg(cursor.errorOffset())
                .arg(cursor.errorMessage())
                .arg(taskEntries)
                .arg(edgeEntries));
    if (complete && !cursor.atEnd())
        warnings.append(QStringLiteral("%1: data after the top-level object at byte %2 was ignored")
                            .arg(file)
                            .arg(cursor.offset()));
    if (!tally.skippedArrays.isEmpty())
        warnings.append(
            QStringLiteral("%1: %2 is not an array and was ignored").arg(file, tally.skippedArrays));
    if (tally.skippedTasks > 0)
        warnings.append(
            QStringLiteral("%1: %2 tasks[] entries without a usable task_id were skipped (first at byte %3)")
                .arg(file)
                .arg(tally.skippedTasks)
                .arg(tally.firstSkippedTaskAt));
    if (tally.skippedEdges > 0)
        warnings.append(
            QStringLiteral("%1: %2 edges without a usable pred and succ were skipped (first at byte %3)")
                .arg(file)
                .arg(tally.skippedEdges)
                .arg(tally.firstSkippedEdgeAt));
    if (tally.badKernelIds > 0)
        warnings.append(
            QStringLiteral("%1: %2 tasks have kernel_ids that are not three integers; their names "
                           "cannot be recovered")
                .arg(file)
                .arg(tally.badKernelIds));
    if (tally.badBlockNum > 0)
        warnings.append(QStringLiteral("%1: %2 tasks have an invalid block_num; 1 is assumed")
                            .arg(file)
                            .arg(tally.badBlockNum));
    if (!parser.hasTasks())
        warnings.append(QStringLiteral("%1: no tasks[] (v1 file): kernel names, SPMD block counts and alloc "
                                       "nodes are unknown")
                            .arg(file));

    graph.build(parser.nodes().takeAll(), parser.edges().takeAll());

    // DepGraph::build keeps the first tasks[] entry of a repeated id.
    std::size_t distinctTasks = 0;
    for (const DepNode &node : graph.nodes())
        distinctTasks += node.inTasks() ? 1 : 0;
    if (distinctTasks < taskEntries)
        warnings.append(
            QStringLiteral("%1: %2 tasks[] entries repeat a task id; the first entry of each id is used")
                .arg(file)
                .arg(taskEntries - distinctTasks));
    return true;
}

} // namespace lanescope
