#pragma once

#include "readerror.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>

namespace lanescope {

enum class MainFileKind { None, Records, ChromeTrace, HostLog, ScopeStats };

// The files that make up one capture, found from whatever the user opened (spec §1.2, §1.3).
struct DiscoveredFiles
{
    MainFileKind kind = MainFileKind::None;
    QString main; // the records file, trace, host log or scope stats file
    QString deps;
    QString nameMap;
    QString scopeStats;
    QString hostLog;
    // The dispatch_identity.json sidecar of `main` (upstream §2.8): beside the records file, or for
    // a retained run in its output prefix when its swimlane-<k>/ has none (inferred).
    QString dispatchIdentity;
    // The compiler's report/perf_hints.log of the build (perf-hints spec A.1), and the report
    // folder it belongs in: found even without the log, which the compiler writes only with a hint.
    QString perfHints;
    QString reportDir;
    // Retained layout (supplement §5.1): every run's records file, ascending epoch; `main` is the
    // last. Empty for a capture of one file.
    QStringList runFiles;
    // The sidecar of each run file, found as for `main`, in runFiles order; empty where a run has none.
    QStringList runDispatchIdentities;
    // L3 output (supplement §2.9, §5.4): one capture directory per rank<N>/d<M>/, by rank then
    // device. Empty unless a directory holds several such leaves and nothing else.
    QStringList rankDirs;
    QStringList notes; // choices made on the user's behalf, e.g. ambiguous name maps
};

// Given a file: classifies it (by name, then by content) and finds its siblings. A companion
// (deps.json, name map, dispatch_identity.json) opens the capture beside it. Given a directory: finds the
// capture in it, or in dfx_outputs/ below it when that holds exactly one capture. A kernel-mode output
// folder with window_<i>/ folders (dfxwindows.h) opens as its first DFX window: window 0, the folder
// itself, when it holds records; what window_* entries it passed over are in `notes`.
DiscoveredFiles discoverCapture(const QString &path, ReadError *error);

// Retained runs in `prefix`: every swimlane-<k>/records_e<epoch>.json below it, by k then epoch.
QStringList findRetainedRuns(const QString &prefix);
// The epoch in a retained run's file name (records_e12.json -> 12); null for other names.
std::optional<std::uint32_t> retainedRunEpoch(const QString &fileName);

// "rank 1 · d0" for an L3 leaf directory rank1/d0, empty for any other path.
QString rankLeafName(const QString &dir);

// The build's report folder for a capture folder (perf-hints spec A.1): ../report for a single-chip
// capture in <output_dir>/dfx_outputs/, ../../../report for an L3 leaf rank<r>/d<k>/; empty when
// neither exists.
QString reportDirOf(const QString &captureDir);

// The records file discovery opens in `dir` itself (not below it); empty when there is none.
QString recordsFileIn(const QString &dir);

// Classifies a file by its name; MainFileKind::None when the name says nothing.
MainFileKind kindFromName(const QString &fileName);

} // namespace lanescope
