#include "capturesnapshot.h"

#include "barindexfields.h"
#include "contenthash.h"
#include "runconsistency.h"
#include "snapshotfields.h"
#include "snapshotformat.h"

#include <cmath>
#include <cstring>
#include <future>

namespace lanescope {

namespace snapshot {

template <class Io, Is<SourceFile> S> void transfer(Io &io, S &f)
{
    static_assert(sizeof(SourceFile) == 48);
    io(f.path, f.size, f.modifiedMs, f.edgeHash);
}

template <class Io, Is<SourceKey> S> void transfer(Io &io, S &k)
{
    static_assert(sizeof(SourceKey) == 120);
    io(k.opened, k.files, k.discoveryNotes, k.producer);
}

template <class Io, Is<RingSeries> S> void transfer(Io &io, S &s)
{
    static_assert(sizeof(RingSeries) == 208);
    io(s.timesUs, s.values, s.siteOfStep, s.capacity, s.peak, s.peakUs, s.peakSite);
}

template <class Io, Is<FunctionStats> S> void transfer(Io &io, S &f)
{
    static_assert(sizeof(FunctionStats) == 168);
    io(f.funcId, f.name, f.count, f.validRows, f.totalExecUs, f.avgExecUs, f.totalLatencyUs, f.avgLatencyUs,
       f.execPct, f.avgHeadOhUs, f.avgTailOhUs, f.avgPropagationUs, f.avgLocalSetupUs);
}

template <class Io, Is<DispatchToStart> S> void transfer(Io &io, S &d)
{
    static_assert(sizeof(DispatchToStart) == 16);
    io(d.totalUs, d.maxUs);
}

template <class Io, Is<FunctionSummary> S> void transfer(Io &io, S &f)
{
    static_assert(sizeof(FunctionSummary) == 280);
    io(f.functions, f.total, f.hasAicpu, f.rowsWithoutAicpu, f.footerAvgExecUs, f.footerAvgLatencyUs,
       f.footerExecLatencyPct, f.dispatchToStart);
}

template <class Io, Is<FunctionCount> S> void transfer(Io &io, S &c)
{
    static_assert(sizeof(FunctionCount) == 16);
    io(c.funcId, c.rows);
}

template <class Io, Is<HbViolation> S> void transfer(Io &io, S &v)
{
    static_assert(sizeof(HbViolation) == 24);
    io(v.pred, v.succ, v.producerEndUs, v.consumerStartUs);
}

// The scope sites are the run's own (computeRingOccupancy copies them): they are not stored twice.
template <class Io, Is<RingOccupancy> S> void transfer(Io &io, S &r)
{
    static_assert(sizeof(RingOccupancy) == 2848);
    io(r.series, r.capacities, r.tasksPerRing, r.hasScopeStats, r.fatal);
}

} // namespace snapshot

namespace {

using SearchBar = SliceSearchIndex::Bar;

void putFacts(snapshot::Out &io, const Capture &run)
{
    const bool present = bool(run.facts);
    io(present);
    if (!present)
        return;
    const CaptureFacts &f = *run.facts;
    io(f.search.bars(), f.search.functions(), f.search.functionNames());
    io(f.functions, f.functionsByCount, f.hbViolations.all());
}

// The kept facts of `run`, checked against it; a refusal fails the reader.
std::optional<KeptFacts> getFacts(snapshot::In &io, const Capture &run)
{
    bool present = false;
    io(present);
    if (!present || !io.ok())
        return std::nullopt;
    FlatArray<SearchBar> bars;
    std::vector<int> functions;
    std::vector<QString> functionNames;
    io(bars, functions, functionNames);
    if (!io.ok())
        return std::nullopt;
    std::optional<SliceSearchIndex> search =
        SliceSearchIndex::restore(run, std::move(bars), std::move(functions), std::move(functionNames));
    if (!search) {
        io.fail(QStringLiteral("the search index names bars the run does not hold"));
        return std::nullopt;
    }
    KeptFacts kept{std::move(*search), {}, {}, {}};
    io(kept.functions, kept.functionsByCount, kept.hbViolations);
    if (!io.ok())
        return std::nullopt;
    // The panels follow a violation to its tasks and show its times.
    const std::size_t nodes = run.deps.nodes().size();
    for (const HbViolation &v : kept.hbViolations)
        if (v.pred >= nodes || v.succ >= nodes || !std::isfinite(v.producerEndUs) ||
            !std::isfinite(v.consumerStartUs)) {
            io.fail(QStringLiteral("a kept happens-before violation names tasks the run does not hold"));
            return std::nullopt;
        }
    return kept;
}

void putRings(snapshot::Out &io, const RingOccupancy *rings)
{
    io(rings != nullptr);
    if (rings)
        io(*rings);
}

// Why `s` cannot be a ring curve of a run with `sites` scope sites (ringoccupancy.h), empty when it
// can: the panels search its times and name its sites.
QString ringSeriesProblem(const RingSeries &s, qsizetype sites)
{
    const std::size_t n = s.timesUs.size();
    if (s.values.size() != n || s.siteOfStep.size() != n)
        return QStringLiteral("a ring curve's times, values and sites differ in number");
    auto isSite = [sites](std::int32_t site) { return site >= -1 && site < sites; };
    for (std::size_t i = 0; i < n; ++i) {
        if (!std::isfinite(s.timesUs[i]) || !std::isfinite(s.values[i]) ||
            (i > 0 && s.timesUs[i] < s.timesUs[i - 1]))
            return QStringLiteral("a ring curve's points are not ascending times");
        if (!isSite(s.siteOfStep[i]))
            return QStringLiteral("a ring curve names a scope site the run does not hold");
    }
    if (!std::isfinite(s.peak) || !std::isfinite(s.peakUs) || !isSite(s.peakSite) ||
        (s.capacity && !(std::isfinite(*s.capacity) && *s.capacity > 0)))
        return QStringLiteral("a ring curve's peak or capacity is not a number");
    return {};
}

// The ring occupancy kept for `run`, checked against it; a refusal fails the reader.
std::shared_ptr<const RingOccupancy> getRings(snapshot::In &io, const Capture &run)
{
    bool present = false;
    io(present);
    if (!present || !io.ok())
        return nullptr;
    auto rings = std::make_shared<RingOccupancy>();
    io(*rings);
    if (!io.ok())
        return nullptr;
    rings->sites = run.scopeStats.sites;
    for (const auto &ring : rings->capacities) {
        for (const std::optional<double> &capacity : ring) {
            if (capacity && !(std::isfinite(*capacity) && *capacity >= 0)) {
                io.fail(QStringLiteral("a ring's capacity is not a number"));
                return nullptr;
            }
        }
    }
    for (const auto &ring : rings->series) {
        for (const auto &series : ring) {
            if (const QString problem = series ? ringSeriesProblem(*series, rings->sites.size()) : QString();
                !problem.isEmpty()) {
                io.fail(problem);
                return nullptr;
            }
        }
    }
    return rings;
}

void putIndex(snapshot::Out &io, const CaptureIndex *index)
{
    io(index != nullptr);
    if (index)
        BarIndexFields::put(io, index->bars);
}

// The bar index kept for `run`, checked against it; a refusal fails the reader.
CaptureIndexPtr getIndex(snapshot::In &io, const Capture &run)
{
    bool present = false;
    io(present);
    if (!present || !io.ok())
        return nullptr;
    std::optional<BarIndex> bars = BarIndexFields::get(io, run);
    return bars ? std::make_shared<const CaptureIndex>(run, std::move(*bars)) : nullptr;
}

} // namespace

QString writeCaptureSnapshot(QIODevice &out, const SourceKey &key, const CaptureRuns &runs,
                             const std::vector<RunDerivations> &derived)
{
    SnapshotWriter writer(out);
    snapshot::Out io{writer};
    writer.raw(kSnapshotMagic, sizeof kSnapshotMagic);
    io(kSnapshotFormatVersion, kSnapshotByteOrderMark);
    io(key, runs.axis, std::uint64_t(runs.runs.size()));
    for (std::size_t i = 0; i < runs.size(); ++i) {
        io(*runs.runs[i]);
        putFacts(io, *runs.runs[i]);
        const RunDerivations none;
        const RunDerivations &d = i < derived.size() ? derived[i] : none;
        putRings(io, d.rings.get());
        putIndex(io, d.index.get());
    }
    const std::uint64_t checksum = writer.checksum();
    writer.pod(checksum);
    return writer.flush();
}

SnapshotRead readCaptureSnapshot(const unsigned char *data, std::size_t size, const SourceKey &expected,
                                 bool verifyChecksum, std::shared_ptr<const void> keeper)
{
    SnapshotRead result;
    if (size < kSnapshotHeaderBytes + kSnapshotTrailerBytes ||
        std::memcmp(data, kSnapshotMagic, sizeof kSnapshotMagic) != 0) {
        result.problem = QStringLiteral("not a Lanescope snapshot");
        return result;
    }
    const std::size_t payloadEnd = size - kSnapshotTrailerBytes;
    SnapshotReader reader(data, payloadEnd);
    reader.setKeeper(std::move(keeper));
    snapshot::In io{reader};
    reader.take(sizeof kSnapshotMagic);
    std::uint32_t version = 0;
    std::uint32_t byteOrder = 0;
    io(version, byteOrder);
    if (version != kSnapshotFormatVersion || byteOrder != kSnapshotByteOrderMark) {
        result.stale = true;
        result.problem = QStringLiteral("a snapshot of format %1, where this build reads format %2")
                             .arg(version)
                             .arg(kSnapshotFormatVersion);
        return result;
    }
    SourceKey key;
    io(key);
    if (!reader.ok()) {
        result.problem = reader.error();
        return result;
    }
    if (!(key == expected)) {
        result.stale = true;
        result.problem =
            QStringLiteral("the capture's files or the program changed since the snapshot was made");
        return result;
    }
    std::uint64_t stored = 0;
    std::memcpy(&stored, data + payloadEnd, sizeof stored);
    // The checksum reads every byte once more: on the second core, beside the reading below, which
    // is safe on damaged bytes by itself (every count and index is checked) and is thrown away when
    // the sums differ.
    std::future<bool> intact;
    if (verifyChecksum)
        intact = std::async(std::launch::async, [=] { return contentHash(data, payloadEnd) == stored; });
    auto damaged = [&] {
        if (!intact.valid() || intact.get())
            return false;
        result = SnapshotRead();
        result.problem = QStringLiteral("the checksum does not match: the snapshot is damaged");
        return true;
    };

    KeptCapture kept;
    CaptureRuns &runs = kept.runs;
    std::uint64_t runCount = 0;
    io(runs.axis, runCount);
    // A run is at least a few hundred bytes: a count beyond what is left is damage.
    if (reader.ok() && (runCount == 0 || runCount > reader.remaining() / 64))
        reader.fail(QStringLiteral("%1 runs do not fit the snapshot").arg(runCount));
    for (std::uint64_t i = 0; i < runCount && reader.ok(); ++i) {
        auto run = std::make_shared<Capture>();
        io(*run);
        if (!reader.ok())
            break;
        if (const QString problem = runConsistencyProblem(*run); !problem.isEmpty()) {
            if (damaged())
                return result;
            result.problem = QStringLiteral("run %1 of %2: %3").arg(i + 1).arg(runCount).arg(problem);
            return result;
        }
        kept.facts.push_back(getFacts(io, *run));
        RunDerivations &derived = kept.derived.emplace_back();
        derived.rings = getRings(io, *run);
        derived.index = getIndex(io, *run);
        runs.runs.push_back(std::move(run));
    }
    if (reader.ok() && reader.remaining() != 0)
        reader.fail(QStringLiteral("%1 bytes follow the last run").arg(reader.remaining()));
    if (damaged())
        return result;
    if (!reader.ok()) {
        result.problem = reader.error();
        return result;
    }
    result.kept = std::move(kept);
    return result;
}

} // namespace lanescope
