#pragma once

#include "capture.h"

#include <memory>
#include <optional>
#include <vector>

namespace lanescope {

// How the "All runs" view puts several runs on one axis.
enum class RunsAxis {
    SameFile,      // runs of one file: already on one device counter
    DeviceCounter, // the runs of a retained folder: each file on its own time base (supplement §5.1)
    HostClock,     // the ranks of an L3 output, placed on their shared host clock (rankaxis.h)
};

// The runs of one opened capture (supplement §4). A file or a retained folder may hold several
// runs, keyed by run_epoch; every analysis is of one run, so each run is a capture of its own.
// "All runs" lays them on one axis for looking only: it is never analysed, and it is laid out
// only when asked for (layOutAllRuns), so that opening a file of several runs costs what opening
// one run of that size does.
struct CaptureRuns
{
    std::vector<std::shared_ptr<Capture>> runs; // ascending epoch; a run without identity first
    RunsAxis axis = RunsAxis::SameFile;

    bool empty() const { return runs.empty(); }
    bool areRanks() const { return axis == RunsAxis::HostClock; }
    std::size_t size() const { return runs.size(); }
    // The run a verb uses when none is asked for: the last one.
    const std::shared_ptr<Capture> &defaultRun() const { return runs.back(); }
    // The run with this epoch; null when there is none.
    std::shared_ptr<Capture> find(std::uint32_t epoch) const;
};

// Splits a capture read from one file, without lanes yet, into its runs: one per run epoch, and in a
// file of several kernel launches one per (epoch, launch) pair (field supplement §3). With a single
// run the capture itself is that run. Otherwise each run gets its own rows and device records,
// taken out of `whole`; what carries no epoch by design (host arrays, the host log, deps.json, the
// name map) goes with every run. Lanes are built for every run, and every run's launches are
// counted (KernelLaunch::rows, tasks, endUs) over the whole file.
CaptureRuns splitRuns(std::shared_ptr<Capture> whole);

// The "All runs" view of several runs, on the axis `runs.axis` names; null with a single run.
// It holds every run's rows and lanes again, so it is built only when someone looks.
std::shared_ptr<Capture> layOutAllRuns(const CaptureRuns &runs);

// "run 2", or "run (no epoch)" for a run without identity.
QString runName(const std::optional<std::uint32_t> &epoch);
// The ordinal (k of run_boundaries) of the launch a run holds; none without launches, for the
// records before the first launch and for the "All runs" view.
std::optional<std::uint64_t> launchOrdinalOf(const CaptureInfo &info);
// "launch 2" for a run of a file of launches, "before the first launch" for its records before
// them; empty otherwise.
QString launchLabel(const CaptureInfo &info);
// What the run picker and the status line call a capture's run: its run name, after its rank in an
// L3 output ("rank 1 · d0 · run 2"; "rank 1 · d0" alone when the rank's run has no epoch), then its
// launch ("run 2 · launch 1"; "launch 1" alone when the file has no epochs).
QString runLabel(const CaptureInfo &info);

// Whether a capture is analysed: never the "All runs" view, which lays several runs side by side,
// nor a file whose launches cannot be told apart (field supplement §3: nothing is guessed).
bool isAnalysable(const CaptureInfo &info);
// Why a single capture is not analysed ("2 launch boundaries were dropped: …"); empty when it is,
// and for the "All runs" view, which analysisPendingText explains.
QString notAnalysedText(const CaptureInfo &info);
// What a panel shows while a capture has no analysis: it is being computed, or the capture is
// the "All runs" view or a file of launches that cannot be told apart, which are never analysed.
QString analysisPendingText(const Capture &capture);
// What the "All runs" view lays side by side: "runs", or "ranks" for an L3 output.
QString runsNoun(const Capture &capture);
QString runsNoun(const CaptureRuns &runs);

// A run may publish its verdict alone, with no records (supplement §5.3): not an error.
bool capturedNothing(const Capture &run);
// "run 4 captured nothing (verdict partial_cut_unknown: completeness unknown)".
QString capturedNothingText(const Capture &run);

} // namespace lanescope
