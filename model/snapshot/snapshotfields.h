#pragma once

// What a snapshot holds of a capture, field by field: one list per type, read by the writer and
// the reader alike (transfer), so the two cannot drift apart. Arrays of plain records (rows,
// slices, phase records …) travel as bytes, checked byte-wise where a field has fewer valid values
// than its bytes can hold (an enum, a bool) before a single element is copied into the capture.
//
// When a type gains a field: add it to its transfer below, fix the size in its static_assert, and
// raise kSnapshotFormatVersion (snapshotformat.h), so that older snapshots are rebuilt.

#include "snapshotreader.h"
#include "snapshotwriter.h"

#include "model/capture/capture.h"
#include "model/capture/captureruns.h"
#include "model/capture/slicesearchindex.h"

#include <QHash>
#include <QList>
#include <QString>
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace lanescope::snapshot {

// How many values an enum has: a read value at or above it is refused.
template <class E> constexpr unsigned kEnumCount = 0;
template <> inline constexpr unsigned kEnumCount<CaptureFormat> = 4;
template <> inline constexpr unsigned kEnumCount<RecordsLayout> = 3;
template <> inline constexpr unsigned kEnumCount<TaskIdFormat> = 4;
template <> inline constexpr unsigned kEnumCount<CaptureInfo::RuntimeSource> = 4;
template <> inline constexpr unsigned kEnumCount<HostPlacement::Method> = 4;
template <> inline constexpr unsigned kEnumCount<CoreType> = 2;
template <> inline constexpr unsigned kEnumCount<LaneKind> = 11;
template <> inline constexpr unsigned kEnumCount<CounterKind> = 3;
template <> inline constexpr unsigned kEnumCount<CounterUnit> = 2;
template <> inline constexpr unsigned kEnumCount<LifecycleStage> = kLifecycleStageCount;
template <> inline constexpr unsigned kEnumCount<ScopeStatsFormat> = 3;
template <> inline constexpr unsigned kEnumCount<CollectionVerdict> = 5;
template <> inline constexpr unsigned kEnumCount<RunsAxis> = 3;

// Records stored as their bytes. `valid` looks at one element's bytes before it is copied: a
// byte that would be an out-of-range enum or a bool other than 0 or 1 refuses the snapshot.
template <class T> struct Flat
{
    static constexpr bool value = std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;
    static bool valid(const unsigned char *) { return true; }
};

template <std::size_t... Offsets> bool bytesAtMost(const unsigned char *element, unsigned limit)
{
    return ((element[Offsets] <= limit) && ...);
}

#define LANESCOPE_FLAT(Type, check)                                                                          \
    template <> struct Flat<Type>                                                                            \
    {                                                                                                        \
        static constexpr bool value = std::is_trivially_copyable_v<Type>;                                    \
        static bool valid([[maybe_unused]] const unsigned char *e) { return check; }                         \
    }

// The byte checks below read an enum as its one byte.
static_assert(sizeof(CoreType) == 1 && sizeof(LifecycleStage) == 1 && sizeof(bool) == 1);

LANESCOPE_FLAT(CoreType, e[0] < kEnumCount<CoreType>);
// A task row's core type is one bit of a word (taskrow.h): every value of it is a type.
LANESCOPE_FLAT(TaskRow, true);
LANESCOPE_FLAT(Slice, true);
LANESCOPE_FLAT(PhaseRecord, true);
LANESCOPE_FLAT(HostUpload, true);
LANESCOPE_FLAT(LifecycleSlice, e[offsetof(LifecycleSlice, stage)] < kEnumCount<LifecycleStage>);
LANESCOPE_FLAT(DepNode, true);
LANESCOPE_FLAT(TraceSliceArg, true);
LANESCOPE_FLAT(Flow, e[offsetof(Flow, hbViolation)] <= 1);
LANESCOPE_FLAT(DispatchKey, true);
LANESCOPE_FLAT(ScopeSample,
               (bytesAtMost<offsetof(ScopeSample, begin), offsetof(ScopeSample, hasDepPool),
                            offsetof(ScopeSample, hasRunEpoch), offsetof(ScopeSample, hasBufSeq)>(e, 1)));
LANESCOPE_FLAT(SliceSearchIndex::Bar, e[offsetof(SliceSearchIndex::Bar, firstOfLane)] <= 1);
LANESCOPE_FLAT(DepEdge, true);
#undef LANESCOPE_FLAT

// A field added to a record stored as bytes travels without a change here, but may need a check
// above (an enum or a bool) and always needs a new format version: these sizes say when.
static_assert(sizeof(TaskRow) == 64 && sizeof(Slice) == 24 && sizeof(PhaseRecord) == 80 &&
              sizeof(HostUpload) == 32 && sizeof(LifecycleSlice) == 24 && sizeof(DepNode) == 32 &&
              sizeof(TraceSliceArg) == 16 && sizeof(Flow) == 32 && sizeof(DispatchKey) == 32 &&
              sizeof(ScopeSample) == 88 && sizeof(SliceSearchIndex::Bar) == 16 && sizeof(DepEdge) == 8);

// A type written field by field through a transfer(io, value) below.
template <class S, class T>
concept Is = std::same_as<std::remove_const_t<S>, T>;

// What the field lists read and write through. Every put and get takes one of these first, so
// that each call finds its overload by argument-dependent lookup, whatever the order they are
// declared in.
struct Out
{
    SnapshotWriter &w;
    template <class... T> void operator()(const T &...v) { (put(*this, v), ...); }
    template <class T> void pod(const T &value) { w.pod(value); }
    void raw(const void *data, std::size_t size) { w.raw(data, size); }
    void align(std::size_t to) { w.align(to); }
};
struct In
{
    SnapshotReader &r;
    template <class... T> void operator()(T &...v) { (get(*this, v), ...); }
    template <class T> T pod() { return r.pod<T>(); }
    const unsigned char *take(std::size_t size) { return r.take(size); }
    std::size_t count(std::size_t minElementBytes) { return r.count(minElementBytes); }
    void align(std::size_t to) { r.align(to); }
    const std::shared_ptr<const void> &keeper() const { return r.keeper(); }
    std::size_t remaining() const { return r.remaining(); }
    void fail(const QString &why) { r.fail(why); }
    bool ok() const { return r.ok(); }
};

template <class T>
concept Described = requires(Out &o, const T &v)
{
    transfer(o, v);
};

// ---- values ----------------------------------------------------------------------------------

inline void put(Out &w, bool v)
{
    w.pod(std::uint8_t(v ? 1 : 0));
}
inline void get(In &r, bool &v)
{
    const auto b = r.pod<std::uint8_t>();
    if (b > 1)
        r.fail(QStringLiteral("a flag reads %1").arg(b));
    v = b == 1;
}

template <class T>
requires(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) void put(Out &w, T v)
{
    w.pod(v);
}
template <class T>
requires(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) void get(In &r, T &v)
{
    v = r.pod<T>();
}

template <class E>
requires std::is_enum_v<E>
void put(Out &w, E v)
{
    static_assert(kEnumCount<E> > 0, "give the enum its kEnumCount");
    w.pod(std::underlying_type_t<E>(v));
}
template <class E>
requires std::is_enum_v<E>
void get(In &r, E &v)
{
    const auto raw = r.pod<std::underlying_type_t<E>>();
    if (std::uint64_t(raw) >= kEnumCount<E>) {
        r.fail(QStringLiteral("an enumeration reads %1 of %2 values")
                   .arg(std::uint64_t(raw))
                   .arg(kEnumCount<E>));
        return;
    }
    v = E(raw);
}

inline void put(Out &w, const QString &s)
{
    w.pod(std::uint32_t(s.size()));
    w.raw(s.constData(), std::size_t(s.size()) * sizeof(QChar));
}
inline void get(In &r, QString &s)
{
    const auto length = r.pod<std::uint32_t>();
    if (length > r.remaining() / sizeof(QChar)) {
        r.fail(QStringLiteral("a text of %1 characters does not fit").arg(length));
        return;
    }
    const unsigned char *p = r.take(std::size_t(length) * sizeof(QChar));
    s.resize(qsizetype(length));
    if (p && length > 0)
        std::memcpy(s.data(), p, std::size_t(length) * sizeof(QChar));
}

// ---- records and containers ------------------------------------------------------------

// Defined in snapshotfields.cpp: types that are rebuilt rather than copied.
void put(Out &w, const QHash<int, QString> &v);
void get(In &r, QHash<int, QString> &v);
void put(Out &w, const DepGraph &v);
void get(In &r, DepGraph &v);
void put(Out &w, const StringTable &v);
void get(In &r, StringTable &v);

template <class T>
requires Described<T>
void put(Out &w, const T &v)
{
    transfer(w, v);
}
template <class T>
requires Described<T>
void get(In &r, T &v)
{
    transfer(r, v);
}

// A single plain record, as its bytes.
template <class T>
requires(Flat<T>::value && !std::is_arithmetic_v<T>) void put(Out &w, const T &v)
{
    w.raw(&v, sizeof v);
}
template <class T>
requires(Flat<T>::value && !std::is_arithmetic_v<T>) void get(In &r, T &v)
{
    const unsigned char *bytes = r.take(sizeof v);
    if (!bytes)
        return;
    if (!Flat<T>::valid(bytes)) {
        r.fail(QStringLiteral("a record holds a value out of range"));
        return;
    }
    std::memcpy(static_cast<void *>(&v), bytes, sizeof v);
}

template <class T> void put(Out &w, const std::optional<T> &v)
{
    put(w, v.has_value());
    if (v)
        put(w, *v);
}
template <class T> void get(In &r, std::optional<T> &v)
{
    bool present = false;
    get(r, present);
    v.reset();
    if (present && r.ok())
        get(r, v.emplace());
}

template <class T> void put(Out &w, const std::vector<T> &v)
{
    w.pod(std::uint64_t(v.size()));
    if constexpr (Flat<T>::value) {
        w.raw(v.data(), v.size() * sizeof(T));
    } else {
        for (const T &e : v)
            put(w, e);
    }
}

// Records stored as bytes, read one by one as values: the bytes need not be aligned for T, and a
// vector fills from them in one pass, where resize-then-copy would write every page twice (the
// zero fill touches it first, at a page fault per page).
template <class T> class StoredRecord
{
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = const T *;
    using reference = T;

    StoredRecord() = default;
    explicit StoredRecord(const unsigned char *bytes) : m_bytes(bytes) {}
    T operator*() const
    {
        T value;
        std::memcpy(static_cast<void *>(&value), m_bytes, sizeof(T));
        return value;
    }
    StoredRecord &operator++()
    {
        m_bytes += sizeof(T);
        return *this;
    }
    StoredRecord operator++(int)
    {
        StoredRecord before = *this;
        ++*this;
        return before;
    }
    bool operator==(const StoredRecord &other) const { return m_bytes == other.m_bytes; }

private:
    const unsigned char *m_bytes = nullptr;
};

// Whether records [from, to) of the `n` at `bytes` hold only values in range; fails `r` when not.
template <class T>
bool validRecords(In &r, const unsigned char *bytes, std::size_t from, std::size_t to, std::size_t n)
{
    for (std::size_t i = from; i < to; ++i) {
        if (!Flat<T>::valid(bytes + i * sizeof(T))) {
            r.fail(QStringLiteral("record %1 of %2 holds a value out of range").arg(i).arg(n));
            return false;
        }
    }
    return true;
}

// Copies the `n` records at `bytes` into `v`, each checked first.
template <class T> void copyRecords(In &r, const unsigned char *bytes, std::size_t n, std::vector<T> &v)
{
    // Checked and copied a block at a time, so the copy reads bytes the check just brought into
    // the cache.
    constexpr std::size_t kBlock = 4096;
    v.reserve(n);
    for (std::size_t from = 0; from < n; from += kBlock) {
        const std::size_t to = std::min(n, from + kBlock);
        if (!validRecords<T>(r, bytes, from, to, n)) {
            v.clear();
            return;
        }
        v.insert(v.end(), StoredRecord<T>(bytes + from * sizeof(T)), StoredRecord<T>(bytes + to * sizeof(T)));
    }
}

template <class T> void get(In &r, std::vector<T> &v)
{
    v.clear();
    if constexpr (Flat<T>::value) {
        const std::size_t n = r.count(sizeof(T));
        if (const unsigned char *bytes = r.take(n * sizeof(T)))
            copyRecords(r, bytes, n, v);
    } else {
        const std::size_t n = r.count(1);
        v.reserve(n);
        for (std::size_t i = 0; i < n && r.ok(); ++i)
            get(r, v.emplace_back());
    }
}

// The arrays a reopened capture reads in place (flatarray.h) start at an offset aligned for their
// records: a snapshot's memory map starts on a page, so they lie aligned in memory too.
inline constexpr std::size_t kInPlaceAlignment = 8;

template <class T> void put(Out &w, const FlatArray<T> &v)
{
    static_assert(Flat<T>::value && alignof(T) <= kInPlaceAlignment);
    w.pod(std::uint64_t(v.size()));
    w.align(kInPlaceAlignment);
    w.raw(v.data(), v.size() * sizeof(T));
}
// Viewed where they lie when the reader's bytes are kept alive (a memory map), once every record
// is checked; copied otherwise. The bytes are taken as records without a copy, as C++23's
// start_lifetime_as would say: they are trivially copyable and were written from records.
template <class T> void get(In &r, FlatArray<T> &v)
{
    v.clear();
    const std::size_t n = r.count(sizeof(T));
    r.align(kInPlaceAlignment);
    const unsigned char *bytes = r.take(n * sizeof(T));
    if (!bytes)
        return;
    if (r.keeper() && reinterpret_cast<std::uintptr_t>(bytes) % alignof(T) == 0) {
        if (validRecords<T>(r, bytes, 0, n, n))
            v = FlatArray<T>::view(reinterpret_cast<const T *>(bytes), n, r.keeper());
        return;
    }
    std::vector<T> copy;
    copyRecords(r, bytes, n, copy);
    v = std::move(copy);
}

template <class T> void put(Out &w, const QList<T> &v)
{
    w.pod(std::uint64_t(v.size()));
    for (const T &e : v)
        put(w, e);
}
template <class T> void get(In &r, QList<T> &v)
{
    v.clear();
    const std::size_t n = r.count(1);
    v.reserve(qsizetype(n));
    for (std::size_t i = 0; i < n && r.ok(); ++i)
        get(r, v.emplace_back());
}

template <class A, class B> void put(Out &w, const std::pair<A, B> &v)
{
    put(w, v.first);
    put(w, v.second);
}
template <class A, class B> void get(In &r, std::pair<A, B> &v)
{
    get(r, v.first);
    get(r, v.second);
}

template <class T, std::size_t N> void put(Out &w, const std::array<T, N> &v)
{
    for (const T &e : v)
        put(w, e);
}
template <class T, std::size_t N> void get(In &r, std::array<T, N> &v)
{
    for (T &e : v)
        get(r, e);
}

// ---- field lists -----------------------------------------------------------------------------
// A static_assert on each size catches a field added to the type but not to its list.

template <class Io, Is<CaptureSources> S> void transfer(Io &io, S &s)
{
    static_assert(sizeof(CaptureSources) == 7 * sizeof(QString));
    io(s.records, s.deps, s.nameMap, s.scopeStats, s.hostLog, s.dispatchIdentity, s.perfHints);
}

template <class Io, Is<HostPlacement> S> void transfer(Io &io, S &p)
{
    static_assert(sizeof(HostPlacement) == 120);
    io(p.method, p.anchorUs, p.anchorNs, p.lowUs, p.highUs, p.inferred, p.reason, p.deviceStartUs,
       p.deviceEndUs, p.placedInvocation, p.clkDevZeroHostNs);
}

template <class Io, Is<TracePlacement> S> void transfer(Io &io, S &p)
{
    static_assert(sizeof(TracePlacement) == 48);
    io(p.rank, p.method, p.slackNs);
}

template <class Io, Is<TraceTimeline> S> void transfer(Io &io, S &t)
{
    static_assert(sizeof(TraceTimeline) == 152);
    io(t.layout, t.traceStatus, t.crossDomainLatencyAvailable, t.crossRankUncertaintyNs,
       t.crossDomainGapUnknown, t.hostRecordsMissing, t.placements, t.runEpochs, t.ranks);
}

template <class Io, Is<RunCollection> S> void transfer(Io &io, S &c)
{
    static_assert(sizeof(RunCollection) == 176);
    io(c.present, c.runEpoch, c.sessionId, c.processingComplete, c.metadataComplete, c.notReceivedBuffers,
       c.unpublishedLoss, c.transportRetired, c.transportRetiredRecords, c.unattributableHandoffs,
       c.handoffIdentityVerified, c.cutFailedQueues, c.verdict);
}

template <class Io, Is<KernelLaunch> S> void transfer(Io &io, S &l)
{
    static_assert(sizeof(KernelLaunch) == 40);
    io(l.ordinal, l.startUs, l.endUs, l.rows, l.tasks);
}

template <class Io, Is<CaptureInfo> S> void transfer(Io &io, S &i)
{
    static_assert(sizeof(CaptureInfo) == 968);
    io(i.format, i.layout, i.levelKey, i.level, i.clockFreqHz, i.numCores, i.coreTypes, i.coreToThread,
       i.runtime, i.schedulerTaskProducer, i.taskIdFormat, i.hostOrchestrated, i.hostClockAligned,
       i.hostPlacement);
    io(i.baseCycles, i.traceBaseUs, i.trace, i.sources, i.runEpoch, i.runCount, i.rankName,
       i.hostClockDomainId, i.allRuns, i.collection, i.runBoundaries, i.droppedRunBoundaries, i.warnings,
       i.partial, i.coreTypesInferred, i.runtimeSource, i.launches, i.launchPosition, i.launchesUnknown);
}

template <class Io, Is<RunSpan> S> void transfer(Io &io, S &s)
{
    static_assert(sizeof(RunSpan) == 48);
    io(s.epoch, s.startUs, s.endUs, s.name);
}

template <class Io, Is<SchedulerStream> S> void transfer(Io &io, S &s)
{
    static_assert(sizeof(SchedulerStream) == 136);
    io(s.producer, s.platform, s.coreType, s.schedulerId, s.workerId, s.physicalCoreId, s.dropped,
       s.truncated, s.gap);
}

template <class Io, Is<AicpuLifecycle> S> void transfer(Io &io, S &l)
{
    static_assert(sizeof(AicpuLifecycle) == 40);
    io(l.thread, l.threadFromIndex, l.slices);
}

template <class Io, Is<HostSpan> S> void transfer(Io &io, S &s)
{
    static_assert(sizeof(HostSpan) == 128);
    io(s.pid, s.tid, s.inv, s.depth, s.deviceClock, s.tsNs, s.durNs, s.name, s.hid, s.attributes, s.line);
}

template <class Io, Is<HostLog> S> void transfer(Io &io, S &h)
{
    static_assert(sizeof(HostLog) == 40);
    io(h.spans, h.recordHeads, h.tornRecords);
}

template <class Io, Is<DispatchIdentity> S> void transfer(Io &io, S &d)
{
    static_assert(sizeof(DispatchIdentity) == 56);
    io(d.hostPid, d.key);
}

template <class Io, Is<NameMap> S> void transfer(Io &io, S &n)
{
    static_assert(sizeof(NameMap) == 40);
    io(n.level, n.orchestratorName, n.names);
}

template <class Io, Is<ScopeStats> S> void transfer(Io &io, S &s)
{
    static_assert(sizeof(ScopeStats) == 264);
    io(s.format, s.version, s.fatal, s.dropped, s.total, s.taskWindowMax, s.heapMax, s.depPoolMax,
       s.hasDepPoolMax, s.tensormapMax, s.verdict, s.verdictText);
    io(s.countsUnknown, s.hostReceivedRecords, s.hostRetainedRecords, s.sites, s.samples);
}

template <class Io, Is<HintLocation> S> void transfer(Io &io, S &l)
{
    static_assert(sizeof(HintLocation) == 32);
    io(l.file, l.line, l.column);
}

template <class Io, Is<TileTransferHint> S> void transfer(Io &io, S &t)
{
    static_assert(sizeof(TileTransferHint) == 168);
    io(t.op, t.innermostBytes, t.dtype, t.innermostElements, t.space, t.movedBytes, t.rows, t.rowBytes,
       t.recommendedBytes, t.arch, t.l2LineBytes, t.occurrences);
}

template <class Io, Is<PipelineShortfallHint> S> void transfer(Io &io, S &p)
{
    static_assert(sizeof(PipelineShortfallHint) == 80);
    io(p.depth, p.group, p.space, p.fitted, p.slotBytes, p.freeBytes, p.reservedBytes, p.maxSlotBytes);
}

template <class Io, Is<PerfHint> S> void transfer(Io &io, S &h)
{
    static_assert(sizeof(PerfHint) == 448);
    io(h.code, h.rule, h.message, h.location, h.fileLine, h.copies, h.transfer, h.pipeline, h.functionName,
       h.funcIds, h.joinedBy);
}

template <class Io, Is<PerfHints> S> void transfer(Io &io, S &h)
{
    static_assert(sizeof(PerfHints) == 104);
    io(h.path, h.reportDir, h.hints, h.records, h.notes);
}

template <class Io, Is<Lane> S> void transfer(Io &io, S &l)
{
    static_assert(sizeof(Lane) == 152);
    io(l.group, l.name, l.detail, l.kind, l.laneSource, l.sortKey, l.clockAligned, l.hostClock, l.maxDepth,
       l.slices);
}

template <class Io, Is<CounterTrack> S> void transfer(Io &io, S &c)
{
    static_assert(sizeof(CounterTrack) == 328);
    io(c.kind, c.unit, c.group, c.name, c.series, c.timesUs, c.values, c.capacity, c.peakUs, c.note,
       c.pointLabels, c.pointLabel);
}

// Everything but `facts`, which is derived from the rest and computed again on opening.
template <class Io, Is<Capture> S> void transfer(Io &io, S &c)
{
    io(c.info, c.rows, c.schedulerThreads, c.schedulerStreams, c.orchestratorLanes, c.hostUploads,
       c.aicpuLifecycle, c.phaseKinds, c.deps, c.names, c.scopeStats, c.hostLog, c.dispatchIdentity,
       c.perfHints);
    io(c.lanes, c.counters, c.flows, c.strings, c.traceSliceArgs, c.runSpans);
}

} // namespace lanescope::snapshot
