#pragma once

#include "model/capture/capture.h"
#include "model/io/json/utf8interner.h"
#include "slicenesting.h"
#include "traceevent.h"
#include "traceflowmatcher.h"

#include <QString>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace lanescope {

// Turns complete trace events, in file order, into a capture's lanes, counters and flows. Events
// may arrive in any time order; everything that depends on order (B/E pairing, nesting, flow
// chains, lane order, the time base) is settled once in finish().
class TraceBuilder
{
public:
    TraceBuilder(Capture &capture, Utf8Interner &ids);

    void add(const TraceEvent &event);
    // Builds lanes (display order), counters, flows and the counted warnings. Call once.
    void finish();

    std::uint64_t eventCount() const { return m_events; }

private:
    static constexpr std::int32_t kNoRank = -1;

    // Lanes within a process: instant lanes first, then async lanes, then threads.
    enum class LaneClass : std::uint8_t { GlobalInstants, ProcessInstants, Async, Thread };

    struct ThreadKey
    {
        TraceId pid;
        TraceId tid;
        LaneClass laneClass = LaneClass::Thread;
        std::uint32_t asyncName = 0;
        bool operator==(const ThreadKey &) const = default;
    };
    struct ThreadKeyHash
    {
        std::size_t operator()(const ThreadKey &k) const
        {
            return k.pid.hash() * 31 ^ k.tid.hash() * 17 ^ (std::size_t(k.laneClass) << 40) ^ k.asyncName;
        }
    };
    struct TraceIdHash
    {
        std::size_t operator()(const TraceId &id) const { return id.hash(); }
    };

    struct ThreadState
    {
        ThreadKey key;
        std::uint32_t process = 0;
        QString name; // thread_name metadata; empty = not named
        std::int64_t sortIndex = 0;
        std::vector<Slice> slices; // startUs = absolute start, endUs = duration until finish()
        std::vector<BeginEndMark> marks;
        bool used = false; // becomes a lane
    };
    struct ProcessState
    {
        TraceId pid;
        QString name; // process_name metadata; empty = not named
        std::int64_t sortIndex = 0;
        std::int32_t rank = kNoRank; // the args.rank its events carry (multi-rank traces)
        bool mixedRanks = false;     // its events carry several ranks
        bool used = false;
    };
    struct AsyncMark
    {
        TraceId pid;
        std::uint32_t cat = 0;
        TraceId id;
        BeginEndMark mark;
    };
    struct CounterKey
    {
        TraceId pid;
        std::uint32_t name = 0; // Utf8Interner ids
        std::uint32_t series = 0;
        bool operator==(const CounterKey &) const = default;
    };
    struct CounterKeyHash
    {
        std::size_t operator()(const CounterKey &k) const
        {
            return k.pid.hash() * 31 ^ (std::size_t(k.name) << 20) ^ k.series;
        }
    };
    struct CounterState
    {
        std::uint32_t process = 0;
        std::uint32_t name = 0;
        std::uint32_t series = 0;
        std::vector<std::pair<double, double>> samples; // (absolute time, value)
    };

    std::uint32_t label(std::string_view name);
    std::uint32_t process(const TraceId &pid);
    std::uint32_t thread(const ThreadKey &key);
    std::uint32_t threadOf(const TraceEvent &event);
    void noteTime(double startUs, double endUs);
    std::uint32_t runEpochOf(const TraceEvent &event);
    std::int32_t noteRank(const TraceEvent &event);
    std::int32_t flowRankScope(const TraceId &id);
    void keepDetailArgs(const TraceEvent &event);
    std::int32_t rankOfPid(const TraceId &pid) const;
    QString groupName(const ProcessState &process);

    void addMetadata(const TraceEvent &event);
    void addComplete(const TraceEvent &event);
    void addBeginEnd(const TraceEvent &event);
    void addInstant(const TraceEvent &event);
    void addCounter(const TraceEvent &event);
    void addFlow(const TraceEvent &event);
    void addAsync(const TraceEvent &event);
    void addV2FlowEndpoint(const TraceEvent &event, std::uint32_t threadIndex, double startUs, double endUs);

    void pairAsyncMarks();
    std::vector<FlowLink> matchFlows();
    void finishSlices();
    std::vector<std::uint32_t> orderProcesses();
    QString idText(const TraceId &id) const;
    bool idLess(const TraceId &a, const TraceId &b) const;
    void buildLanes(const std::vector<std::uint32_t> &processOrder, const std::vector<QString> &groupNames);
    void buildCounters(const std::vector<std::uint32_t> &processOrder,
                       const std::vector<QString> &groupNames);
    void reportWarnings();
    void reportRunsAndRanks();

    Capture &m_capture;
    Utf8Interner &m_ids;                      // pids, tids, ids, categories, counter names
    Utf8Interner m_names;                     // slice and flow names
    std::vector<std::uint32_t> m_labelOfName; // m_names id -> Capture::strings id

    std::vector<ProcessState> m_processes;
    std::unordered_map<TraceId, std::uint32_t, TraceIdHash> m_processIndex;
    std::vector<ThreadState> m_threads;
    std::unordered_map<ThreadKey, std::uint32_t, ThreadKeyHash> m_threadIndex;
    ThreadKey m_lastKey;
    std::uint32_t m_lastThread = UINT32_MAX;

    std::vector<AsyncMark> m_asyncMarks;
    std::vector<FlowMark> m_flowMarks;
    std::vector<FlowEndpoint> m_flowEndpoints;
    std::vector<CounterState> m_counters;
    std::unordered_map<CounterKey, std::uint32_t, CounterKeyHash> m_counterIndex;
    std::vector<std::uint32_t> m_laneOfThread;

    std::int32_t m_eventRank = kNoRank; // args.rank of the event being added
    std::set<std::uint32_t> m_runEpochs;
    std::set<std::int32_t> m_ranks;
    std::vector<std::uint32_t> m_detailKeys; // kDetailArgs as Capture::strings ids, once needed
    std::int64_t m_runEpochKey = -1;         // kRunEpochArg as a Capture::strings id, once needed

    std::uint64_t m_events = 0;
    bool m_hasTime = false;
    double m_minUs = 0;
    double m_maxUs = 0;

    // Counted problems, reported once each in finish().
    std::size_t m_missingTs = 0;
    std::size_t m_invalidTime = 0;
    std::size_t m_missingDur = 0;
    BeginEndCounts m_beginEnd;
    BeginEndCounts m_async;
    std::size_t m_unmatchedFlows = 0;
    std::size_t m_flowsWithoutId = 0;
    std::size_t m_reversedFlows = 0; // kept flows whose end precedes their start
    std::size_t m_nonNumericCounterValues = 0;
    std::size_t m_badRunEpochs = 0;
    std::size_t m_unkeptNames = 0;  // events whose name got no index of its own (label())
    std::int64_t m_unkeptName = -1; // the Capture::strings id of the name they share
    std::size_t m_unlistedRunEpochs = 0;
    std::size_t m_badRanks = 0;
    std::size_t m_unprefixedFlowIds = 0;
    std::size_t m_flowRankMismatches = 0;
    std::size_t m_ranksFromPid = 0;
    std::map<std::string, std::size_t> m_unknownPhases;
};

} // namespace lanescope
