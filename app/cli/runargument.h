#pragma once

#include "model/io/loader.h"

#include <QString>
#include <QTextStream>
#include <optional>

namespace lanescope {

// `--run EPOCH` of every headless verb (supplement §4): which run of a capture to use.
// `--launch K` picks a kernel launch of a DFX window (field supplement §3), alone or within a run.
// `--rank N` picks a rank of an L3 output, whose ranks are its runs. `--window I` picks a DFX
// window of a kernel-mode output folder (field spec §3), before any run is chosen: see
// dfxwindowchoice.h.
struct RunArgument
{
    std::optional<std::uint32_t> epoch;
    std::optional<std::uint64_t> launch; // the launch's ordinal k, as run_boundaries names it
    std::optional<int> rank;
    std::optional<int> window;
};

class ArgumentCursor;

// Takes `--run EPOCH`, `--launch K`, `--rank N` or `--window I` at the cursor into `run`. Nothing when
// the cursor is at another argument; else the one-line usage error, empty on success.
std::optional<QString> takeRunOption(ArgumentCursor &cursor, RunArgument &run);

// The run a verb works on: the one asked for, else the last. Several runs without --run print
// "2 runs in this file; using run 2 — --run to choose" on `err`. Null (with a message on `err`
// naming the runs there are) when the asked-for run does not exist.
std::shared_ptr<Capture> chooseRun(const CaptureRuns &runs, const RunArgument &run, const QString &path,
                                   QTextStream &err);
// The same for a verb that analyses the run: null, saying why on `err`, when the run is never
// analysed (a file whose launches cannot be told apart, captureruns.h).
std::shared_ptr<Capture> chooseAnalysableRun(const CaptureRuns &runs, const RunArgument &run,
                                             const QString &path, QTextStream &err);

} // namespace lanescope
