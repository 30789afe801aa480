#include "loader.h"

#include "depsreader.h"
#include "discovery.h"
#include "hostlogreader.h"
#include "namemapreader.h"
#include "recordsreader.h"
#include "scopestatsreader.h"
#include "tracereader.h"

#include "model/capture/functionresolution.h"
#include "model/capture/lanebuilder.h"

#include <QFileInfo>
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

bool readMain(const DiscoveredFiles &files, Capture &capture, ReadError *error, const LoadControl &control)
{
    auto source = ByteSource::open(files.main, error);
    if (!source)
        return false;
    switch (files.kind) {
    case MainFileKind::Records:
        capture.info.format = CaptureFormat::ChipSwimlaneRecords;
        capture.info.sources.records = files.main;
        return readRecords(*source, capture, error, &control);
    case MainFileKind::ChromeTrace:
        capture.info.format = CaptureFormat::ChromeTrace;
        capture.info.sources.records = files.main;
        return readChromeTrace(*source, capture, error, &control);
    case MainFileKind::HostLog:
        capture.info.format = CaptureFormat::HostLog;
        capture.info.sources.hostLog = files.main;
        return readHostLog(*source, capture.hostLog, capture.info.warnings, error);
    case MainFileKind::ScopeStats:
        capture.info.format = CaptureFormat::ScopeStatsOnly;
        capture.info.sources.scopeStats = files.main;
        return readScopeStats(*source, capture.scopeStats, capture.info.warnings, error);
    case MainFileKind::None:
        break;
    }
    *error = {files.main, -1, -1, QStringLiteral("not a capture")};
    return false;
}

} // namespace

LoadResult loadCapture(const QString &path, const LoadControl &control)
{
    LoadResult result;
    const DiscoveredFiles files = discoverCapture(path, &result.error);
    if (files.kind == MainFileKind::None)
        return result;

    auto capture = std::make_shared<Capture>();
    capture->info.warnings << files.notes;

    // deps.json is as large as the records: read it on the second core while the records load.
    DepGraph deps;
    QStringList depsWarnings;
    CompanionRead depsRead = CompanionRead::Failed;
    std::thread depsThread;
    if (!files.deps.isEmpty()) {
        depsThread = std::thread([&] {
            depsRead =
                readCompanion(files.deps, depsWarnings, [&](ByteSource &s, QStringList &w, ReadError *e) {
                    return readDeps(s, deps, w, e, &control);
                });
        });
    }
    // The host log goes first: placing the records on the host clock by containment needs it.
    QStringList hostLogWarnings;
    CompanionRead hostLogRead = CompanionRead::Failed;
    if (files.kind == MainFileKind::Records && !files.hostLog.isEmpty())
        hostLogRead =
            readCompanion(files.hostLog, hostLogWarnings, [&](ByteSource &s, QStringList &w, ReadError *e) {
                return readHostLog(s, capture->hostLog, w, e);
            });
    const bool mainOk = readMain(files, *capture, &result.error, control);
    if (depsThread.joinable())
        depsThread.join();
    if (!mainOk || control.cancelled()) {
        if (control.cancelled())
            result.error = {files.main, -1, -1, QStringLiteral("loading was cancelled")};
        return result;
    }

    Capture &c = *capture;
    QStringList &warnings = c.info.warnings;
    if (!files.deps.isEmpty()) {
        warnings << depsWarnings;
        c.info.partial |= depsRead != CompanionRead::Complete;
        if (depsRead != CompanionRead::Failed) {
            if (!c.deps.empty())
                warnings << QStringLiteral(
                    "deps.json replaces the dependencies taken from runtime fanout lists");
            c.deps = std::move(deps);
            c.info.sources.deps = files.deps;
        }
    }
    auto companion = [&](const QString &file, QString &source, auto read) {
        if (file.isEmpty())
            return;
        const CompanionRead result = readCompanion(file, warnings, read);
        if (result != CompanionRead::Failed)
            source = file;
        c.info.partial |= result != CompanionRead::Complete;
    };
    companion(files.nameMap, c.info.sources.nameMap,
              [&](ByteSource &s, QStringList &w, ReadError *e) { return readNameMap(s, c.names, w, e); });
    if (files.kind == MainFileKind::Records) {
        companion(files.scopeStats, c.info.sources.scopeStats,
                  [&](ByteSource &s, QStringList &w, ReadError *e) {
                      return readScopeStats(s, c.scopeStats, w, e);
                  });
        if (!files.hostLog.isEmpty()) {
            warnings << hostLogWarnings;
            if (hostLogRead != CompanionRead::Failed)
                c.info.sources.hostLog = files.hostLog;
            c.info.partial |= hostLogRead != CompanionRead::Complete;
        }
    }
    if (files.kind == MainFileKind::Records) {
        if (c.deps.empty() && files.deps.isEmpty())
            warnings << QStringLiteral(
                "no deps.json: no function names, no dependency arrows, no overhead analysis");
        resolveFunctionIds(c);
        if (!c.deps.empty())
            checkDepsOverlap(c);
        buildLanes(c);
    }
    buildHostLogLanes(c);
    result.capture = std::move(capture);
    return result;
}

} // namespace lanescope
