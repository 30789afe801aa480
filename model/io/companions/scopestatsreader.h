#pragma once

#include "model/capture/scopestats.h"
#include "model/io/json/bytesource.h"
#include "model/io/readerror.h"

#include <QStringList>

namespace lanescope {

// Reads scope_stats/scope_stats.jsonl (spec §8, §13.7; upstream supplement §9): line 1 is the run
// metadata, every further line one scope-boundary sample. The metadata line is recognised by its keys:
// with "version" it is schema v4, v5 or v6; without it, the current writer's 7 keys (§9.1), possibly
// followed by the background-mode keys of a retained run (§9.2). Tolerant by design:
//  * a last line without its newline that does not parse (an interrupted writer) is skipped with a
//    warning; other unparseable lines are skipped and counted with the first line number;
//  * samples with a ring outside 0..3 or without phase/ring are skipped and counted; a damaged
//    run_epoch or buf_seq leaves the sample without it, counted;
//  * within one run_epoch, samples are put in buf_seq order (stable), with a warning when the file
//    had them otherwise;
//  * an `end` with no pending `begin` of the same (run_epoch, ring, site) is kept (pairing is
//    analysis work) and counted in a warning;
//  * fatal, a sample count that disagrees with the metadata, and the wrapping heap offsets of v4/v5
//    are surfaced as warnings.
// Losses — dropped > 0, a collection_verdict other than published, buffers missing from a run's
// buf_seq sequence — are warnings too, and the data is partial: the reader returns true with
// `error` set to the first of them (file and line), as readers that kept data before damage do.
// Sites are interned into ScopeStats::sites. Returns false only when the input is not scope stats at
// all (empty, or line 1 is neither metadata nor a sample) or cannot be read; `error` names the file
// and the line.
// A cancel of `control` (may be null; only its cancel is heard) stops the read before its next MiB:
// false, with `error` at the byte reached. A load that was cancelled while deps.json was read
// otherwise read these on, a fifth of a second at a few million rows.
bool readScopeStats(ByteSource &source, ScopeStats &stats, QStringList &warnings, ReadError *error,
                    const LoadControl *control = nullptr);

} // namespace lanescope
