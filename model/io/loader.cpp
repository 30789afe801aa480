#include "loader.h"

#include "combinedprogress.h"
#include "discovery.h"
#include "largeallocations.h"
#include "memorybudget.h"
#include "model/io/companions/depsreader.h"
#include "model/io/companions/dispatchidentityreader.h"
#include "model/io/companions/hostlogreader.h"
#include "model/io/companions/namemapreader.h"
#include "model/io/companions/perfhintjoin.h"
#include "model/io/companions/perfhintsreader.h"
#include "model/io/companions/scopestatsreader.h"
#include "model/io/records/recordsreader.h"
#include "model/io/records/recordssplitplan.h"
#include "model/io/trace/tracereader.h"
#include "rankloader.h"

#include "model/capture/backgroundfree.h"
#include "model/capture/cancelpoint.h"
#include "model/capture/functionresolution.h"
#include "model/capture/lanebuilder.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <optional>
#include <thread>

namespace lanescope {

namespace {

QString shortName(const QString &path)
{
    return QFileInfo(path).fileName();
}

enum class CompanionRead { Complete, Partial, Failed };

// A companion that cannot be read costs its feature, not the capture: it becomes a warning.
// Readers return true with an error set when they kept the data read before damage.
// Touches nothing but `warnings`, so deps.json can be read on another thread.
template <typename Read> CompanionRead readCompanion(const QString &path, QStringList &warnings, Read read)
{
    ReadError error;
    auto source = ByteSource::open(path, &error);
    if (source && read(*source, warnings, &error))
        return error.isSet() ? CompanionRead::Partial : CompanionRead::Complete;
    warnings << QStringLiteral("%1 not used: %2").arg(shortName(path), error.toString());
    return CompanionRead::Failed;
}

bool readMain(MainFileKind kind, const QString &main, Capture &capture, ReadError *error,
              const LoadControl &control, std::int64_t companionsAsRecords)
{
    auto source = ByteSource::open(main, error);
    if (!source)
        return false;
    switch (kind) {
    case MainFileKind::Records:
        capture.info.format = CaptureFormat::ChipSwimlaneRecords;
        capture.info.sources.records = main;
        return readRecords(*source, capture, error, &control,
                           recordsSplitNear(source->rawSize(), companionsAsRecords));
    case MainFileKind::ChromeTrace:
        capture.info.format = CaptureFormat::ChromeTrace;
        capture.info.sources.records = main;
        return readChromeTrace(*source, capture, error, &control);
    case MainFileKind::HostLog:
        capture.info.format = CaptureFormat::HostLog;
        capture.info.sources.hostLog = main;
        return readHostLog(*source, capture.hostLog, capture.info.warnings, error);
    case MainFileKind::ScopeStats:
        capture.info.format = CaptureFormat::ScopeStatsOnly;
        capture.info.sources.scopeStats = main;
        if (!readScopeStats(*source, capture.scopeStats, capture.info.warnings, error, &control))
            return false;
        // True with an error set: losses were reported as warnings; the data is partial.
        capture.info.partial |= error->isSet();
        *error = {};
        return true;
    case MainFileKind::None:
        break;
    }
    *error = {main, -1, -1, QStringLiteral("not a capture")};
    return false;
}

// What sits beside the records, read once however many runs share it.
struct Companions
{
    DepGraph deps;
    NameMap names;
    ScopeStats scopeStats;
    HostLog hostLog;
    PerfHints perfHints;
    PtoLocations pto; // where the build's kernels came from, to join the hints by
    // By records file: the dispatch_identity.json read for it, and that sidecar's path.
    QHash<QString, DispatchIdentity> dispatchIdentities;
    QHash<QString, QString> dispatchIdentitySources;
    CaptureSources sources; // the companions actually used
    QStringList warnings;
    bool partial = false;
};

// `load`: the load's control, whose cancel the scope stats reader hears.
void readNonDepsCompanions(const DiscoveredFiles &files, const LoadControl &load, Companions &out)
{
    auto companion = [&](const QString &file, QString &source, auto read) {
        if (file.isEmpty())
            return;
        const CompanionRead result = readCompanion(file, out.warnings, read);
        if (result != CompanionRead::Failed)
            source = file;
        out.partial |= result != CompanionRead::Complete;
    };
    companion(files.nameMap, out.sources.nameMap,
              [&](ByteSource &s, QStringList &w, ReadError *e) { return readNameMap(s, out.names, w, e); });
    // The hints are the build's, not the capture's: without them the capture loses nothing, so an
    // unreadable log is a warning that leaves `partial` alone.
    out.perfHints.reportDir = files.reportDir;
    if (!files.perfHints.isEmpty()) {
        const CompanionRead read =
            readCompanion(files.perfHints, out.warnings, [&](ByteSource &s, QStringList &w, ReadError *e) {
                return readPerfHints(s, out.perfHints, w, e);
            });
        if (read != CompanionRead::Failed)
            out.sources.perfHints = files.perfHints;
        else // a log that cannot be read says nothing about the hints: unknown, not none
            out.perfHints = PerfHints{};
    }
    if (!out.perfHints.isEmpty())
        out.pto =
            readPtoLocations(QDir::cleanPath(files.reportDir + QStringLiteral("/../ptoas")), out.warnings);
    if (files.kind == MainFileKind::Records)
        companion(files.scopeStats, out.sources.scopeStats, [&](ByteSource &s, QStringList &w, ReadError *e) {
            return readScopeStats(s, out.scopeStats, w, e, &load);
        });
}

// What the second core reads while the records load: deps.json, then the other companions.
void readBesideRecords(const DiscoveredFiles &files, const LoadControl &load,
                       const CombinedProgress &progress, Companions &out, CompanionRead &depsRead)
{
    if (!files.deps.isEmpty()) {
        depsRead = readCompanion(files.deps, out.warnings, [&](ByteSource &s, QStringList &w, ReadError *e) {
            const LoadControl depsControl = progress.forFile(files.deps);
            return readDeps(s, out.deps, w, e, &depsControl);
        });
        out.partial |= depsRead != CompanionRead::Complete;
    }
    readNonDepsCompanions(files, load, out);
}

// `into` holds what this thread read before the records (host log, sidecars); `beside` the rest.
void takeOver(Companions &into, Companions &&beside)
{
    into.deps = std::move(beside.deps);
    into.names = std::move(beside.names);
    into.scopeStats = std::move(beside.scopeStats);
    into.perfHints = std::move(beside.perfHints);
    into.pto = std::move(beside.pto);
    into.sources.nameMap = beside.sources.nameMap;
    into.sources.perfHints = beside.sources.perfHints;
    into.sources.scopeStats = beside.sources.scopeStats;
    into.warnings << beside.warnings;
    into.partial |= beside.partial;
}

// The host log goes before the records: placing them on the host clock by containment needs it.
void readHostLogCompanion(const DiscoveredFiles &files, Companions &out)
{
    if (files.kind != MainFileKind::Records || files.hostLog.isEmpty())
        return;
    const CompanionRead result =
        readCompanion(files.hostLog, out.warnings, [&](ByteSource &s, QStringList &w, ReadError *e) {
            return readHostLog(s, out.hostLog, w, e);
        });
    if (result != CompanionRead::Failed)
        out.sources.hostLog = files.hostLog;
    out.partial |= result != CompanionRead::Complete;
}

// The sidecars go before the records as well: they narrow the containment placement made there.
// An unreadable one is a warning and no filter, and loses no data, so it leaves `partial` alone.
// A dispatch identity names one run, so a sidecar that several runs of a retained folder share
// cannot say which of them it names: it gives them its host pid only (inferred).
void readDispatchIdentityCompanions(const DiscoveredFiles &files, const QStringList &mains, Companions &out)
{
    if (files.kind != MainFileKind::Records)
        return;
    const QStringList sidecars =
        files.runFiles.isEmpty() ? QStringList{files.dispatchIdentity} : files.runDispatchIdentities;
    QHash<QString, int> runsOf;
    for (qsizetype i = 0; i < mains.size(); ++i)
        if (!sidecars.value(i).isEmpty())
            ++runsOf[sidecars.value(i)];
    QHash<QString, std::optional<DispatchIdentity>> read;
    for (qsizetype i = 0; i < mains.size(); ++i) {
        const QString path = sidecars.value(i);
        if (path.isEmpty())
            continue;
        const bool shared = runsOf.value(path) > 1;
        if (!read.contains(path)) {
            DispatchIdentity identity;
            const CompanionRead result =
                readCompanion(path, out.warnings, [&](ByteSource &s, QStringList &w, ReadError *e) {
                    return readDispatchIdentity(s, identity, w, e);
                });
            read.insert(path, result == CompanionRead::Failed ? std::nullopt : std::optional(identity));
            if (result != CompanionRead::Failed && shared && identity.key)
                out.warnings << QStringLiteral("%1 serves %2 runs, so only its host_pid narrows their host "
                                               "placement (inferred: its dispatch identity names one run)")
                                    .arg(shortName(path))
                                    .arg(runsOf.value(path));
        }
        const std::optional<DispatchIdentity> &identity = read[path];
        if (!identity)
            continue;
        DispatchIdentity used = *identity;
        if (shared)
            used.key.reset();
        out.dispatchIdentities.insert(mains[i], used);
        out.dispatchIdentitySources.insert(mains[i], path);
    }
}

// Joins the records of one file with the companions, then names and checks. Lanes follow, except
// for records: those are laid out per run once splitRuns has found the runs. The last file takes
// the companions over instead of copying them.
void assemble(Capture &c, const DiscoveredFiles &files, Companions &companions, CompanionRead depsRead,
              bool last)
{
    auto take = [last](auto &from, auto &to) {
        if (last)
            to = std::move(from);
        else
            to = from;
    };
    QStringList &warnings = c.info.warnings;
    warnings << companions.warnings;
    c.info.partial |= companions.partial;
    if (!files.deps.isEmpty()) {
        if (depsRead != CompanionRead::Failed) {
            if (!c.deps.empty())
                warnings << QStringLiteral(
                    "deps.json replaces the dependencies taken from runtime fanout lists");
            take(companions.deps, c.deps);
            c.info.sources.deps = files.deps;
        }
    }
    take(companions.names, c.names);
    c.info.sources.nameMap = companions.sources.nameMap;
    take(companions.perfHints, c.perfHints);
    c.info.sources.perfHints = companions.sources.perfHints;
    joinPerfHints(c.perfHints, c.names, companions.pto);
    if (files.kind == MainFileKind::Records) {
        take(companions.scopeStats, c.scopeStats);
        c.info.sources.scopeStats = companions.sources.scopeStats;
        c.info.sources.hostLog = companions.sources.hostLog; // the log itself was given before the records
        if (c.deps.empty() && files.deps.isEmpty())
            warnings << QStringLiteral(
                "no deps.json: no function names, no dependency arrows, no overhead analysis");
        resolveFunctionIds(c);
        if (!c.deps.empty())
            checkDepsOverlap(c);
        return;
    }
    buildHostLogLanes(c);
}

// One file of a retained folder is one run (supplement §5.1); records the device stamped with
// another epoch stay in the file as written (§4.3) but are not this run's.
std::shared_ptr<Capture> retainedRun(const QString &file, CaptureRuns split)
{
    const auto epoch = retainedRunEpoch(shortName(file));
    const auto &first = split.runs.front();
    std::uint64_t wanted = first->info.collection.runEpoch.value_or(epoch.value_or(0));
    std::shared_ptr<Capture> run;
    QStringList foreign;
    for (const auto &r : split.runs) {
        if (r->info.runEpoch && *r->info.runEpoch == wanted)
            run = r;
        else
            foreign << QStringLiteral("%1 rows of %2").arg(r->rows.size()).arg(runName(r->info.runEpoch));
    }
    if (!run) { // the file does not say which run it is: all of it is
        run = split.runs.size() == 1 ? split.runs.front() : layOutAllRuns(split);
        foreign.clear();
    }
    if (!foreign.isEmpty())
        run->warn(QStringLiteral(
                      "%1 also holds records stamped with other runs (%2); they are not shown with this run")
                      .arg(shortName(file), foreign.join(QStringLiteral(", "))));
    if (!run->info.runEpoch && wanted > 0 && wanted <= 0xFFFFFFFFu)
        run->info.runEpoch = std::uint32_t(wanted);
    run->scopeStats = scopeStatsOfRun(run->scopeStats, run->info.runEpoch);
    run->info.allRuns = false;
    run->runSpans.clear();
    return run;
}

} // namespace

namespace {

LoadResult loadCancellably(const QString &path, const LoadControl &control)
{
    LoadResult result;
    const DiscoveredFiles files = discoverCapture(path, &result.error);
    if (files.kind == MainFileKind::None)
        return result;
    if (!files.rankDirs.isEmpty()) {
        // A preview shows one records file: never one rank of several (nor one run file, below).
        LoadControl perRank = control;
        perRank.preview = nullptr;
        return loadRanks(path, files.rankDirs, perRank);
    }
    if (std::optional<ReadError> refusal = memoryRefusal(files, control)) {
        result.error = std::move(*refusal);
        return result;
    }

    // What a cancel leaves of the load is freed on the free thread, not while the cancel waits.
    Companions companions;
    const FreedInBackgroundIfCancelled companionsFreed(companions);
    companions.warnings << files.notes;
    const QStringList mains = files.runFiles.isEmpty() ? QStringList{files.main} : files.runFiles;
    if (mains.size() > 1 && (!files.deps.isEmpty() || !files.scopeStats.isEmpty()))
        companions.warnings
            << QStringLiteral("the deps.json and scope stats of %1 are used for every run of the folder "
                              "(inferred: its runs share that output prefix)")
                   .arg(QFileInfo(files.deps.isEmpty() ? files.scopeStats : files.deps).absolutePath());

    QStringList progressFiles = mains;
    if (!files.deps.isEmpty())
        progressFiles << files.deps;
    const CombinedProgress progress(control, progressFiles);

    // deps.json is as large as the records: read it on the second core while the first records file
    // loads, then the smaller companions there too (scope stats are seconds at ten million rows).
    // The thread fills a Companions of its own, taken over once it is joined. A jthread: a cancel
    // thrown on this thread joins it on the way out, before what it writes to, declared above it, goes.
    Companions beside;
    const FreedInBackgroundIfCancelled besideFreed(beside); // after the thread writing it is joined
    CompanionRead depsRead = CompanionRead::Failed;
    std::jthread besideThread([&] {
        // Cancelled, it failed: the load sees the cancel itself.
        runCancellably(
            control.cancel, [&] { readBesideRecords(files, control, progress, beside, depsRead); }, [] {});
    });
    readHostLogCompanion(files, companions);
    readDispatchIdentityCompanions(files, mains, companions);
    std::vector<std::shared_ptr<Capture>> read;
    const FreedInBackgroundIfCancelled readFreed(read);
    QStringList readFiles;
    QStringList skipped; // run files of a retained folder that could not be read
    ReadError lastError;
    for (const QString &main : mains) {
        auto capture = std::make_shared<Capture>();
        const FreedInBackgroundIfCancelled captureFreed(capture);
        capture->hostLog = companions.hostLog;
        capture->dispatchIdentity = companions.dispatchIdentities.value(main);
        capture->info.sources.dispatchIdentity = companions.dispatchIdentitySources.value(main);
        ReadError error;
        LoadControl mainControl = progress.forFile(main);
        if (mains.size() > 1)
            mainControl.preview = nullptr;
        // The companions are read on the second core until the first run is read.
        const std::int64_t companionsAsRecords =
            read.empty()
                ? companionsAsRecordsBytes(QFileInfo(files.deps).size(), QFileInfo(files.scopeStats).size())
                : 0;
        const bool ok = readMain(files.kind, main, *capture, &error, mainControl, companionsAsRecords);
        if (control.cancelled()) {
            result.error = cancelledLoad(main);
            return result;
        }
        if (!ok && mains.size() > 1) {
            // One unreadable run of a retained folder costs that run, not the others (supplement §5.1).
            skipped << QStringLiteral("%1 not used: %2").arg(shortName(main), error.toString());
            lastError = error;
            continue;
        }
        if (!ok) {
            result.error = error;
            return result;
        }
        if (read.empty()) {
            besideThread.join();
            takeOver(companions, std::move(beside));
        }
        assemble(*capture, files, companions, depsRead, main == mains.back());
        read.push_back(std::move(capture));
        readFiles << main;
    }
    if (read.empty()) {
        result.error = lastError;
        return result;
    }
    progress.finish();
    // The parse's raw streams and orders are gone; the lanes below are the load's last large arrays.
    returnFreedHeapMemory();
    // Laying out the lanes of every run below takes seconds at ten million rows: stop before it.
    if (control.cancelled()) {
        result.error = cancelledLoad(path);
        return result;
    }
    for (const auto &capture : read) {
        capture->info.warnings << skipped;
        capture->info.partial |= !skipped.isEmpty();
    }

    if (files.kind != MainFileKind::Records) {
        result.runs.runs = read;
    } else if (files.runFiles.isEmpty() && !retainedRunEpoch(shortName(files.main))) {
        result.runs = splitRuns(read.front()); // `read` keeps it, to be freed apart if cancelled
    } else {
        for (qsizetype i = 0; i < readFiles.size(); ++i)
            result.runs.runs.push_back(retainedRun(readFiles[i], splitRuns(read[std::size_t(i)])));
        for (const auto &run : result.runs.runs)
            run->info.runCount = int(result.runs.size());
        result.runs.axis = RunsAxis::DeviceCounter;
    }
    result.capture = result.runs.defaultRun();
    return result;
}

} // namespace

LoadResult loadCapture(const QString &path, const LoadControl &control)
{
    // A load cancelled just before may still be returning its memory: the memory check needs it back.
    waitForBackgroundFrees();
    // The steps after the read hear a cancel inside themselves (cancelpoint.h).
    return runCancellably(
        control.cancel, [&] { return loadCancellably(path, control); },
        [&] {
            LoadResult result;
            result.error = cancelledLoad(path);
            return result;
        });
}

} // namespace lanescope
