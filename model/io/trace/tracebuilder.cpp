#include "tracebuilder.h"

#include "model/io/json/numbertext.h"

#include "model/capture/happensbefore.h"

#include <QHash>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>

namespace lanescope {

namespace {

constexpr std::size_t kMaxPhaseKinds = 32; // distinct unknown phases reported one by one
constexpr std::size_t kMaxPhaseText = 16;
// Distinct run epochs and ranks listed in the capture's info; a hostile file could stamp every
// event differently, and the lists are for reading, not for splitting.
constexpr std::size_t kMaxListed = 4096;
constexpr std::size_t kMaxNamedInWarning = 16;

bool numberFromText(const std::string &text, double &v)
{
    return parseNumberText(text, v) && std::isfinite(v);
}

bool toInt64(double v, std::int64_t &out)
{
    if (!std::isfinite(v) || v < -9.0e18 || v > 9.0e18)
        return false;
    out = std::llround(v);
    return true;
}

// An arg holding an integer, written as a number or as numeric text.
bool integerArg(const TraceArg &arg, std::int64_t &out)
{
    double v = arg.number;
    if (arg.type == TraceArg::Type::Other ||
        (arg.type == TraceArg::Type::Text && !numberFromText(arg.text, v)))
        return false;
    return toInt64(v, out) && double(out) == v;
}

// The rank a multi-rank converter put in front of a flow id: "r{rank}:{id}" (supplement §2.9).
std::optional<std::int64_t> rankPrefixOf(std::string_view id)
{
    if (id.size() < 4 || id[0] != 'r')
        return std::nullopt;
    std::size_t colon = 1;
    while (colon < id.size() && colon < 11 && id[colon] >= '0' && id[colon] <= '9')
        ++colon;
    if (colon == 1 || colon + 1 >= id.size() || id[colon] != ':')
        return std::nullopt;
    std::int64_t rank = 0;
    for (std::size_t i = 1; i < colon; ++i)
        rank = rank * 10 + (id[i] - '0');
    return rank;
}

template <typename Set> QString listed(const Set &values)
{
    QStringList out;
    for (const auto v : values) {
        if (out.size() == qsizetype(kMaxNamedInWarning)) {
            out << QStringLiteral("…");
            break;
        }
        out << QString::number(v);
    }
    return out.join(QStringLiteral(", "));
}

} // namespace

TraceBuilder::TraceBuilder(Capture &capture, Utf8Interner &ids) : m_capture(capture), m_ids(ids) {}

std::uint32_t TraceBuilder::label(std::string_view name)
{
    // A slice keeps its name's index in 20 bits (Slice::kLabelLimit). Names past that many share
    // one that says so, interned before any other name so that its own index fits (a trace is read
    // into a capture whose table holds a handful of strings at most).
    if (m_unkeptName < 0)
        m_unkeptName = m_capture.strings.intern(std::string_view("(name not kept)"));
    const std::uint32_t local = m_names.intern(name);
    while (m_labelOfName.size() <= local) {
        const auto text = m_names.text(std::uint32_t(m_labelOfName.size()));
        // A full table is not grown for a name no slice could point at; one it holds still fits.
        const std::int64_t id =
            m_capture.strings.size() < qsizetype(Slice::kLabelLimit)
                ? std::int64_t(m_capture.strings.intern(text))
                : m_capture.strings.find(QString::fromUtf8(text.data(), qsizetype(text.size())));
        m_labelOfName.push_back(id >= 0 && id < std::int64_t(Slice::kLabelLimit)
                                    ? std::uint32_t(id)
                                    : std::uint32_t(m_unkeptName));
    }
    if (m_labelOfName[local] == std::uint32_t(m_unkeptName))
        ++m_unkeptNames;
    return m_labelOfName[local];
}

std::uint32_t TraceBuilder::process(const TraceId &pid)
{
    auto it = m_processIndex.find(pid);
    if (it != m_processIndex.end())
        return it->second;
    const auto index = std::uint32_t(m_processes.size());
    ProcessState p;
    p.pid = pid;
    m_processes.push_back(std::move(p));
    m_processIndex.emplace(pid, index);
    return index;
}

std::uint32_t TraceBuilder::thread(const ThreadKey &key)
{
    // Producers tend to write runs of events from one thread; skip the hash for those.
    if (m_lastThread != UINT32_MAX && key == m_lastKey)
        return m_lastThread;
    auto it = m_threadIndex.find(key);
    std::uint32_t index;
    if (it != m_threadIndex.end()) {
        index = it->second;
    } else {
        index = std::uint32_t(m_threads.size());
        ThreadState t;
        t.key = key;
        t.process = process(key.pid);
        m_threads.push_back(std::move(t));
        m_threadIndex.emplace(key, index);
    }
    m_lastKey = key;
    m_lastThread = index;
    return index;
}

std::uint32_t TraceBuilder::threadOf(const TraceEvent &event)
{
    ThreadKey key;
    key.pid = event.pid.isSet() ? event.pid : TraceId::number(0);
    // Without a tid the event belongs to the process's main thread, whose tid is the pid.
    key.tid = event.tid.isSet() ? event.tid : key.pid;
    return thread(key);
}

void TraceBuilder::noteTime(double startUs, double endUs)
{
    if (!m_hasTime) {
        m_hasTime = true;
        m_minUs = startUs;
        m_maxUs = endUs;
        return;
    }
    m_minUs = std::min(m_minUs, startUs);
    m_maxUs = std::max(m_maxUs, endUs);
}

std::uint32_t TraceBuilder::runEpochOf(const TraceEvent &event)
{
    const TraceArg *arg = event.arg(kRunEpochArg);
    if (!arg)
        return 0;
    std::int64_t epoch = 0;
    // The runtime counts epochs from 1 (supplement §4.4): 0 is no run, not a first one.
    if (!integerArg(*arg, epoch) || epoch < 1 ||
        epoch > std::int64_t(std::numeric_limits<std::uint32_t>::max())) {
        ++m_badRunEpochs;
        return 0;
    }
    if (m_runEpochs.size() < kMaxListed || m_runEpochs.count(std::uint32_t(epoch)))
        m_runEpochs.insert(std::uint32_t(epoch));
    else
        ++m_unlistedRunEpochs;
    return std::uint32_t(epoch);
}

std::int32_t TraceBuilder::noteRank(const TraceEvent &event)
{
    const TraceArg *arg = event.arg(kRankArg);
    if (!arg)
        return kNoRank;
    std::int64_t rank = 0;
    if (!integerArg(*arg, rank) || rank < 0 || rank > std::numeric_limits<std::int32_t>::max()) {
        ++m_badRanks;
        return kNoRank;
    }
    const auto r = std::int32_t(rank);
    if (m_ranks.size() < kMaxListed)
        m_ranks.insert(r);
    ProcessState &p = m_processes[process(event.pid.isSet() ? event.pid : TraceId::number(0))];
    if (p.rank == kNoRank && !p.mixedRanks)
        p.rank = r;
    else if (p.rank != r)
        p.mixedRanks = true;
    return r;
}

std::int32_t TraceBuilder::flowRankScope(const TraceId &id)
{
    if (m_eventRank == kNoRank)
        return kNoRank;
    const std::optional<std::int64_t> prefix =
        id.kind == TraceId::Kind::Text ? rankPrefixOf(m_ids.text(std::uint32_t(id.bits))) : std::nullopt;
    if (!prefix) {
        // A bare id would join arrows of every rank that reuses it: keep it within its own rank.
        ++m_unprefixedFlowIds;
        return m_eventRank;
    }
    if (*prefix != m_eventRank)
        ++m_flowRankMismatches;
    return kNoRank; // the prefix already keeps the ranks apart
}

void TraceBuilder::keepDetailArgs(const TraceEvent &event)
{
    // Every slice's run is one of its kept args: 4 bytes in each slice would be paid by every
    // AICore bar of a native capture as well.
    if (const std::uint32_t epoch = runEpochOf(event)) {
        if (m_runEpochKey < 0)
            m_runEpochKey = std::int64_t(m_capture.strings.intern(kRunEpochArg));
        m_capture.traceSliceArgs.push_back({event.ordinal, std::uint32_t(m_runEpochKey), double(epoch)});
    }
    if (event.argCount == 0)
        return;
    for (std::size_t k = 0; k < std::size(kDetailArgs); ++k) {
        const TraceArg *arg = event.arg(kDetailArgs[k]);
        if (!arg)
            continue;
        double v = arg->number;
        if (arg->type == TraceArg::Type::Other ||
            (arg->type == TraceArg::Type::Text && !numberFromText(arg->text, v)) || !std::isfinite(v))
            continue;
        if (m_detailKeys.empty())
            for (std::string_view key : kDetailArgs)
                m_detailKeys.push_back(m_capture.strings.intern(key));
        m_capture.traceSliceArgs.push_back({event.ordinal, m_detailKeys[k], v});
    }
}

void TraceBuilder::add(const TraceEvent &event)
{
    ++m_events;
    const char phase = event.phaseLetter();
    switch (phase) {
    case 'M':
        addMetadata(event);
        return;
    case 'X':
    case 'B':
    case 'E':
    case 'i':
    case 'I':
    case 'R':
    case 'C':
    case 's':
    case 't':
    case 'f':
    case 'b':
    case 'e':
    case 'n':
    case 'S':
    case 'F':
        break;
    default: {
        std::string kind = event.phase.substr(0, kMaxPhaseText);
        if (m_unknownPhases.size() >= kMaxPhaseKinds && !m_unknownPhases.count(kind))
            kind = "…";
        ++m_unknownPhases[kind];
        return;
    }
    }
    if (event.ts.state == TraceTime::State::Missing) {
        ++m_missingTs;
        return;
    }
    if (event.ts.state == TraceTime::State::Invalid) {
        ++m_invalidTime;
        return;
    }
    m_eventRank = phase == 'C' ? kNoRank : noteRank(event);
    switch (phase) {
    case 'X':
        addComplete(event);
        break;
    case 'B':
    case 'E':
        addBeginEnd(event);
        break;
    case 'i':
    case 'I':
    case 'R':
        addInstant(event);
        break;
    case 'C':
        addCounter(event);
        break;
    case 's':
    case 't':
    case 'f':
        addFlow(event);
        break;
    default:
        addAsync(event);
        break;
    }
}

void TraceBuilder::addMetadata(const TraceEvent &event)
{
    const bool processLevel = event.name == "process_name" || event.name == "process_sort_index";
    const bool threadLevel = event.name == "thread_name" || event.name == "thread_sort_index";
    if (!processLevel && !threadLevel)
        return;
    const bool isName = event.name == "process_name" || event.name == "thread_name";
    const TraceArg *arg = event.arg(isName ? "name" : "sort_index");
    if (!arg)
        return;
    QString name;
    std::int64_t sortIndex = 0;
    if (isName) {
        if (arg->type != TraceArg::Type::Text)
            return;
        name = QString::fromUtf8(arg->text.data(), qsizetype(arg->text.size()));
    } else {
        double v = arg->number;
        if (arg->type == TraceArg::Type::Text && !numberFromText(arg->text, v))
            return;
        if (arg->type == TraceArg::Type::Other || !toInt64(v, sortIndex))
            return;
    }
    if (processLevel) {
        ProcessState &p = m_processes[process(event.pid.isSet() ? event.pid : TraceId::number(0))];
        if (isName)
            p.name = name;
        else
            p.sortIndex = sortIndex;
        return;
    }
    ThreadState &t = m_threads[threadOf(event)];
    if (isName)
        t.name = name;
    else
        t.sortIndex = sortIndex;
}

void TraceBuilder::addComplete(const TraceEvent &event)
{
    if (event.dur.state == TraceTime::State::Missing) {
        ++m_missingDur;
        return;
    }
    if (event.dur.state == TraceTime::State::Invalid || event.dur.value < 0) {
        ++m_invalidTime;
        return;
    }
    const double start = event.ts.value;
    const double dur = event.dur.value;
    const std::uint32_t t = threadOf(event);
    Slice s;
    s.startUs = start;
    s.endUs = dur;
    s.ref = event.ordinal;
    s.label = label(event.name);
    m_threads[t].slices.push_back(s);
    keepDetailArgs(event);
    noteTime(start, start + dur);
    if (event.flowIn || event.flowOut)
        addV2FlowEndpoint(event, t, start, start + dur);
}

void TraceBuilder::addBeginEnd(const TraceEvent &event)
{
    const std::uint32_t t = threadOf(event);
    BeginEndMark m;
    m.ts = event.ts.value;
    m.ordinal = event.ordinal;
    m.begin = event.phase[0] == 'B';
    if (m.begin) {
        m.label = label(event.name);
        keepDetailArgs(event);
    }
    m_threads[t].marks.push_back(m);
    noteTime(m.ts, m.ts);
    // The end of a "B" slice is not known yet; its outgoing arrows leave from its start.
    if (m.begin && (event.flowIn || event.flowOut))
        addV2FlowEndpoint(event, t, m.ts, m.ts);
}

void TraceBuilder::addInstant(const TraceEvent &event)
{
    std::uint32_t t;
    if (event.scope == 'g' || event.scope == 'p') {
        ThreadKey key;
        key.pid = event.pid.isSet() ? event.pid : TraceId::number(0);
        key.laneClass = event.scope == 'g' ? LaneClass::GlobalInstants : LaneClass::ProcessInstants;
        t = thread(key);
    } else {
        t = threadOf(event);
    }
    Slice s;
    s.startUs = event.ts.value;
    s.endUs = 0;
    s.ref = event.ordinal;
    s.label = label(event.name);
    s.flags = Slice::Instant;
    m_threads[t].slices.push_back(s);
    keepDetailArgs(event);
    noteTime(s.startUs, s.startUs);
}

void TraceBuilder::addCounter(const TraceEvent &event)
{
    const TraceId pid = event.pid.isSet() ? event.pid : TraceId::number(0);
    std::uint32_t name;
    if (event.id.isSet()) {
        // Counters with an id are separate series of the same name (one per object).
        const QString full = QString::fromUtf8(event.name.data(), qsizetype(event.name.size())) +
                             QLatin1Char(' ') + idText(event.id);
        name = m_ids.intern(full.toStdString());
    } else {
        name = m_ids.intern(event.name);
    }
    bool any = false;
    for (std::size_t i = 0; i < event.argCount; ++i) {
        const TraceArg &arg = event.args[i];
        double value = arg.number;
        if (arg.type == TraceArg::Type::Other ||
            (arg.type == TraceArg::Type::Text && !numberFromText(arg.text, value)) || !std::isfinite(value)) {
            ++m_nonNumericCounterValues;
            continue;
        }
        const CounterKey key{pid, name, m_ids.intern(arg.key)};
        auto it = m_counterIndex.find(key);
        if (it == m_counterIndex.end()) {
            it = m_counterIndex.emplace(key, std::uint32_t(m_counters.size())).first;
            m_counters.push_back({process(pid), key.name, key.series, {}});
        }
        m_counters[it->second].samples.emplace_back(event.ts.value, value);
        any = true;
    }
    if (any)
        noteTime(event.ts.value, event.ts.value);
}

void TraceBuilder::addFlow(const TraceEvent &event)
{
    const TraceId &id = event.id.isSet() ? event.id : event.bindId;
    if (!id.isSet()) {
        ++m_flowsWithoutId;
        return;
    }
    FlowMark m;
    m.cat = event.cat;
    m.id = id;
    m.ts = event.ts.value;
    m.thread = threadOf(event);
    m.ordinal = event.ordinal;
    m.name = label(event.name);
    m.phase = event.phase[0];
    m.rank = flowRankScope(id);
    m_flowMarks.push_back(m);
    noteTime(m.ts, m.ts);
}

void TraceBuilder::addV2FlowEndpoint(const TraceEvent &event, std::uint32_t threadIndex, double startUs,
                                     double endUs)
{
    const TraceId &id = event.bindId.isSet() ? event.bindId : event.id;
    if (!id.isSet()) {
        ++m_flowsWithoutId;
        return;
    }
    m_flowEndpoints.push_back(
        {id, startUs, endUs, threadIndex, event.ordinal, flowRankScope(id), event.flowIn, event.flowOut});
}

void TraceBuilder::addAsync(const TraceEvent &event)
{
    const TraceId pid = event.pid.isSet() ? event.pid : TraceId::number(0);
    const char phase = event.phase[0];
    if (phase == 'n') {
        const std::uint32_t name = label(event.name);
        ThreadKey key{pid, {}, LaneClass::Async, name};
        Slice s;
        s.startUs = event.ts.value;
        s.ref = event.ordinal;
        s.label = name;
        s.flags = Slice::Instant;
        m_threads[thread(key)].slices.push_back(s);
        keepDetailArgs(event);
        noteTime(s.startUs, s.startUs);
        return;
    }
    AsyncMark m;
    m.pid = pid;
    m.cat = event.cat;
    m.id = event.id;
    m.mark.ts = event.ts.value;
    m.mark.ordinal = event.ordinal;
    m.mark.begin = phase == 'b' || phase == 'S';
    if (m.mark.begin) {
        m.mark.label = label(event.name);
        keepDetailArgs(event);
    }
    m_asyncMarks.push_back(m);
    noteTime(m.mark.ts, m.mark.ts);
}

void TraceBuilder::pairAsyncMarks()
{
    // One stack per (pid, cat, id): nested async slices of one operation close innermost first.
    std::stable_sort(m_asyncMarks.begin(), m_asyncMarks.end(), [](const AsyncMark &a, const AsyncMark &b) {
        return std::tuple(a.pid.kind, a.pid.bits, a.cat, a.id.kind, a.id.bits) <
               std::tuple(b.pid.kind, b.pid.bits, b.cat, b.id.kind, b.id.bits);
    });
    std::vector<BeginEndMark> stack;
    std::vector<Slice> slices;
    for (std::size_t i = 0; i < m_asyncMarks.size();) {
        std::size_t j = i;
        stack.clear();
        while (j < m_asyncMarks.size() && m_asyncMarks[j].pid == m_asyncMarks[i].pid &&
               m_asyncMarks[j].cat == m_asyncMarks[i].cat && m_asyncMarks[j].id == m_asyncMarks[i].id)
            stack.push_back(m_asyncMarks[j++].mark);
        slices.clear();
        matchBeginEnd(stack, m_maxUs, slices, m_async);
        for (const Slice &s : slices)
            m_threads[thread({m_asyncMarks[i].pid, {}, LaneClass::Async, s.label})].slices.push_back(s);
        i = j;
    }
    m_asyncMarks = {};
}

std::vector<FlowLink> TraceBuilder::matchFlows()
{
    std::vector<FlowLink> links;
    matchV1Flows(m_flowMarks, links, m_unmatchedFlows);
    if (!m_flowEndpoints.empty())
        matchV2Flows(m_flowEndpoints, label("flow"), links, m_unmatchedFlows);
    m_flowMarks = {};
    m_flowEndpoints = {};
    for (const FlowLink &l : links) {
        m_threads[l.fromThread].used = true;
        m_threads[l.toThread].used = true;
    }
    return links;
}

void TraceBuilder::finishSlices()
{
    for (ThreadState &t : m_threads) {
        if (!t.marks.empty())
            matchBeginEnd(t.marks, m_maxUs, t.slices, m_beginEnd);
        t.marks = {};
    }
    pairAsyncMarks();
    const double base = m_capture.info.traceBaseUs;
    for (ThreadState &t : m_threads) {
        for (Slice &s : t.slices) {
            const double duration = s.endUs;
            s.startUs -= base;
            s.endUs = s.startUs + duration;
        }
        if (!t.slices.empty())
            t.used = true;
    }
}

QString TraceBuilder::idText(const TraceId &id) const
{
    switch (id.kind) {
    case TraceId::Kind::Number: {
        const double v = id.asNumber();
        std::int64_t i = 0;
        if (toInt64(v, i) && double(i) == v)
            return QString::number(i);
        return QString::number(v, 'g', 17);
    }
    case TraceId::Kind::Text: {
        const std::string_view t = m_ids.text(std::uint32_t(id.bits));
        return QString::fromUtf8(t.data(), qsizetype(t.size()));
    }
    case TraceId::Kind::None:
        break;
    }
    return QStringLiteral("?");
}

bool TraceBuilder::idLess(const TraceId &a, const TraceId &b) const
{
    if (a.kind != b.kind)
        return a.kind == TraceId::Kind::Number ||
               (a.kind == TraceId::Kind::Text && b.kind == TraceId::Kind::None);
    if (a.kind == TraceId::Kind::Number)
        return a.asNumber() < b.asNumber();
    if (a.kind == TraceId::Kind::Text)
        return m_ids.text(std::uint32_t(a.bits)) < m_ids.text(std::uint32_t(b.bits));
    return false;
}

std::vector<std::uint32_t> TraceBuilder::orderProcesses()
{
    for (const ThreadState &t : m_threads)
        if (t.used)
            m_processes[t.process].used = true;
    for (const CounterState &c : m_counters)
        m_processes[c.process].used = true;
    std::vector<std::uint32_t> order;
    for (std::uint32_t i = 0; i < m_processes.size(); ++i)
        if (m_processes[i].used)
            order.push_back(i);
    std::sort(order.begin(), order.end(), [this](std::uint32_t a, std::uint32_t b) {
        const ProcessState &pa = m_processes[a];
        const ProcessState &pb = m_processes[b];
        if (pa.sortIndex != pb.sortIndex)
            return pa.sortIndex < pb.sortIndex;
        return idLess(pa.pid, pb.pid);
    });
    return order;
}

void TraceBuilder::buildLanes(const std::vector<std::uint32_t> &processOrder,
                              const std::vector<QString> &groupNames)
{
    std::vector<std::uint32_t> rank(m_processes.size(), 0);
    for (std::uint32_t r = 0; r < processOrder.size(); ++r)
        rank[processOrder[r]] = r;

    std::vector<std::uint32_t> order;
    for (std::uint32_t i = 0; i < m_threads.size(); ++i)
        if (m_threads[i].used)
            order.push_back(i);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        const ThreadState &ta = m_threads[a];
        const ThreadState &tb = m_threads[b];
        if (rank[ta.process] != rank[tb.process])
            return rank[ta.process] < rank[tb.process];
        if (ta.key.laneClass != tb.key.laneClass)
            return ta.key.laneClass < tb.key.laneClass;
        if (ta.key.laneClass == LaneClass::Async)
            return m_capture.strings.at(ta.key.asyncName) < m_capture.strings.at(tb.key.asyncName);
        if (ta.sortIndex != tb.sortIndex)
            return ta.sortIndex < tb.sortIndex;
        return idLess(ta.key.tid, tb.key.tid);
    });

    m_laneOfThread.assign(m_threads.size(), 0);
    m_capture.lanes.reserve(m_capture.lanes.size() + order.size());
    std::int64_t positionInGroup = 0;
    std::uint32_t previousProcess = UINT32_MAX;
    for (std::uint32_t index : order) {
        ThreadState &t = m_threads[index];
        if (t.process != previousProcess) {
            positionInGroup = 0;
            previousProcess = t.process;
        }
        Lane lane;
        lane.group = groupNames[rank[t.process]];
        switch (t.key.laneClass) {
        case LaneClass::GlobalInstants:
            lane.name = QStringLiteral("Global instants");
            break;
        case LaneClass::ProcessInstants:
            lane.name = QStringLiteral("Process instants");
            break;
        case LaneClass::Async:
            lane.name = QStringLiteral("Async: ") + m_capture.strings.at(t.key.asyncName);
            break;
        case LaneClass::Thread:
            lane.name = t.name.isEmpty() ? QStringLiteral("Thread ") + idText(t.key.tid) : t.name;
            break;
        }
        lane.kind = LaneKind::Trace;
        std::int64_t pid = -1;
        if (t.key.pid.kind == TraceId::Kind::Number && toInt64(t.key.pid.asNumber(), pid) &&
            pid >= INT32_MIN && pid <= INT32_MAX)
            lane.laneSource = std::int32_t(pid);
        lane.sortKey = positionInGroup++;
        lane.maxDepth =
            t.key.laneClass == LaneClass::Async ? packIntoRows(t.slices) : nestByContainment(t.slices);
        if (t.slices.capacity() > t.slices.size() + t.slices.size() / 4)
            t.slices.shrink_to_fit();
        lane.slices = std::move(t.slices);
        m_laneOfThread[index] = std::uint32_t(m_capture.lanes.size());
        m_capture.lanes.push_back(std::move(lane));
    }
}

void TraceBuilder::buildCounters(const std::vector<std::uint32_t> &processOrder,
                                 const std::vector<QString> &groupNames)
{
    std::vector<std::uint32_t> rank(m_processes.size(), 0);
    for (std::uint32_t r = 0; r < processOrder.size(); ++r)
        rank[processOrder[r]] = r;
    std::vector<std::uint32_t> order(m_counters.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return rank[m_counters[a].process] < rank[m_counters[b].process];
    });
    const double base = m_capture.info.traceBaseUs;
    m_capture.counters.reserve(m_capture.counters.size() + order.size());
    for (std::uint32_t index : order) {
        CounterState &c = m_counters[index];
        std::stable_sort(c.samples.begin(), c.samples.end(),
                         [](const auto &a, const auto &b) { return a.first < b.first; });
        CounterTrack track;
        track.group = groupNames[rank[c.process]];
        const std::string_view name = m_ids.text(c.name);
        const std::string_view series = m_ids.text(c.series);
        track.name = QString::fromUtf8(name.data(), qsizetype(name.size()));
        track.series = QString::fromUtf8(series.data(), qsizetype(series.size()));
        track.timesUs.reserve(c.samples.size());
        track.values.reserve(c.samples.size());
        for (const auto &[time, value] : c.samples) {
            track.timesUs.push_back(time - base);
            track.values.push_back(value);
        }
        c.samples = {};
        m_capture.counters.push_back(std::move(track));
    }
}

void TraceBuilder::reportWarnings()
{
    auto count = [this](std::size_t n, const QString &what) {
        if (n > 0)
            m_capture.warn(QStringLiteral("%1 %2").arg(n).arg(what));
    };
    count(m_missingTs, QStringLiteral("event(s) without 'ts' skipped"));
    count(m_invalidTime,
          QStringLiteral("event(s) skipped: 'ts' or 'dur' is not a finite number, or 'dur' is negative"));
    count(m_missingDur, QStringLiteral("'X' event(s) without 'dur' skipped"));
    count(m_beginEnd.unmatchedBegins,
          QStringLiteral("'B' event(s) without a matching 'E' drawn to the end of the trace"));
    count(m_beginEnd.strayEnds, QStringLiteral("'E' event(s) without a matching 'B' ignored"));
    count(m_async.unmatchedBegins,
          QStringLiteral("async begin event(s) without an end drawn to the end of the trace"));
    count(m_async.strayEnds, QStringLiteral("async end event(s) without a begin ignored"));
    count(m_unmatchedFlows, QStringLiteral("flow event(s) without a matching start or end ignored"));
    count(m_reversedFlows, QStringLiteral("flow(s) end before they start: kept, and marked as happens-before "
                                          "violations"));
    count(m_flowsWithoutId, QStringLiteral("flow event(s) without an id ignored"));
    count(m_nonNumericCounterValues, QStringLiteral("non-numeric counter value(s) ignored"));
    for (const auto &[phase, n] : m_unknownPhases) {
        if (phase.empty())
            count(n, QStringLiteral("event(s) without 'ph' skipped"));
        else
            count(n, QStringLiteral("event(s) with unsupported phase '%1' skipped")
                         .arg(QString::fromUtf8(phase.data(), qsizetype(phase.size()))));
    }
}

// The rank a process of a multi-rank trace stands for by its pid alone (supplement §2.9): 11+3·rank+k
// for the Host, placed device phases and placement bound, (rank+1)·100+view for the chip views.
std::int32_t TraceBuilder::rankOfPid(const TraceId &pid) const
{
    std::int64_t p = 0;
    if (pid.kind != TraceId::Kind::Number || !toInt64(pid.asNumber(), p) || double(p) != pid.asNumber())
        return kNoRank;
    std::int64_t rank = kNoRank;
    if (p >= 11 && p < 100)
        rank = (p - 11) / 3;
    else if (p >= 100 && p < std::int64_t(std::numeric_limits<std::int32_t>::max()))
        rank = p / 100 - 1;
    // Only a rank the events name: a pid alone never invents one.
    return rank >= 0 && m_ranks.count(std::int32_t(rank)) ? std::int32_t(rank) : kNoRank;
}

QString TraceBuilder::groupName(const ProcessState &process)
{
    const QString name =
        process.name.isEmpty() ? QStringLiteral("Process ") + idText(process.pid) : process.name;
    std::int32_t rank = process.mixedRanks ? kNoRank : process.rank;
    if (rank == kNoRank && !process.mixedRanks && !m_ranks.empty()) {
        rank = rankOfPid(process.pid);
        if (rank != kNoRank)
            ++m_ranksFromPid;
    }
    if (rank == kNoRank)
        return name;
    // Names the converter already ranked ("rank 1 Host") are not ranked twice.
    const QRegularExpression ranked(QStringLiteral("\\brank\\s*%1\\b").arg(rank),
                                    QRegularExpression::CaseInsensitiveOption);
    if (ranked.match(name).hasMatch())
        return name;
    return QStringLiteral("rank %1 \u00b7 %2").arg(rank).arg(name);
}

void TraceBuilder::reportRunsAndRanks()
{
    TraceTimeline &timeline = m_capture.info.trace;
    timeline.runEpochs.assign(m_runEpochs.begin(), m_runEpochs.end());
    timeline.ranks.assign(m_ranks.begin(), m_ranks.end());
    auto count = [this](std::size_t n, const QString &what) {
        if (n > 0)
            m_capture.warn(QStringLiteral("%1 %2").arg(n).arg(what));
    };
    // The converter keeps every epoch a device wrote on one timeline (supplement §4.3).
    if (m_runEpochs.size() + (m_unlistedRunEpochs > 0 ? 1 : 0) > 1)
        m_capture.warn(QStringLiteral("trace holds events of %1%2 run epochs (%3); shown together")
                           .arg(m_unlistedRunEpochs > 0 ? QStringLiteral("more than ") : QString())
                           .arg(m_runEpochs.size())
                           .arg(listed(m_runEpochs)));
    count(m_unkeptNames, QStringLiteral("event(s) named beyond the %1 distinct names a trace keeps: shown "
                                        "as \"(name not kept)\"")
                             .arg(Slice::kLabelLimit - 1));
    count(m_badRunEpochs,
          QStringLiteral(
              "event(s) with an args.run_epoch that is not a positive integer: shown without a run"));
    count(m_badRanks,
          QStringLiteral(
              "event(s) with an args.rank that is not a non-negative integer: their rank is ignored"));
    count(m_unprefixedFlowIds, QStringLiteral("flow event(s) of a multi-rank trace have an id not of the "
                                              "form r<rank>:<id>: matched within their own rank only"));
    count(m_flowRankMismatches,
          QStringLiteral("flow event(s) have an id naming another rank than their args.rank"));
    QStringList mixed;
    for (const ProcessState &p : m_processes)
        if (p.used && p.mixedRanks)
            mixed << (p.name.isEmpty() ? idText(p.pid) : p.name);
    if (!mixed.isEmpty())
        m_capture.warn(
            QStringLiteral("%1 process(es) hold events of several ranks and are not named by rank: %2")
                .arg(mixed.size())
                .arg(mixed.mid(0, qsizetype(kMaxNamedInWarning)).join(QStringLiteral(", "))));
    count(m_ranksFromPid, QStringLiteral("group(s) without args.rank named by the rank of their pid "
                                         "(inferred from the multi-rank pid layout)"));
}

void TraceBuilder::finish()
{
    m_capture.info.traceBaseUs = m_hasTime ? m_minUs : 0;
    finishSlices();
    const std::vector<FlowLink> links = matchFlows();
    const std::vector<std::uint32_t> processOrder = orderProcesses();

    // Group names come from process_name; two processes with one name stay apart by pid.
    std::vector<QString> groupNames;
    groupNames.reserve(processOrder.size());
    QHash<QString, int> uses;
    for (std::uint32_t p : processOrder) {
        groupNames.push_back(groupName(m_processes[p]));
        ++uses[groupNames.back()];
    }
    for (std::size_t r = 0; r < processOrder.size(); ++r)
        if (uses.value(groupNames[r]) > 1 && !m_processes[processOrder[r]].name.isEmpty())
            groupNames[r] += QStringLiteral(" (pid %1)").arg(idText(m_processes[processOrder[r]].pid));

    buildLanes(processOrder, groupNames);
    buildCounters(processOrder, groupNames);

    const double base = m_capture.info.traceBaseUs;
    m_capture.flows.reserve(m_capture.flows.size() + links.size());
    for (const FlowLink &l : links) {
        const bool violation = isHbViolation(l.fromUs, l.toUs);
        m_reversedFlows += violation;
        m_capture.flows.push_back({m_laneOfThread[l.fromThread], m_laneOfThread[l.toThread], l.fromUs - base,
                                   l.toUs - base, l.name, violation});
    }
    std::stable_sort(m_capture.flows.begin(), m_capture.flows.end(),
                     [](const Flow &a, const Flow &b) { return a.fromUs < b.fromUs; });

    if (!std::is_sorted(m_capture.traceSliceArgs.begin(), m_capture.traceSliceArgs.end(),
                        [](const TraceSliceArg &a, const TraceSliceArg &b) { return a.ref < b.ref; }))
        std::stable_sort(m_capture.traceSliceArgs.begin(), m_capture.traceSliceArgs.end(),
                         [](const TraceSliceArg &a, const TraceSliceArg &b) { return a.ref < b.ref; });
    m_capture.traceSliceArgs.shrink_to_fit();

    reportWarnings();
    reportRunsAndRanks();
}

} // namespace lanescope
