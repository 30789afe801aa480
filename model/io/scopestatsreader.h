#pragma once

#include "bytesource.h"
#include "model/capture/scopestats.h"
#include "readerror.h"

#include <QStringList>

namespace lanescope {

// Reads scope_stats/scope_stats.jsonl (spec §8, §13.7): line 1 is the run metadata (schema v4, v5
// or v6), every further line one scope-boundary sample. Tolerant by design:
//  * a last line without its newline that does not parse (an interrupted writer) is skipped with a
//    warning; other unparseable lines are skipped and counted with the first line number;
//  * samples with a ring outside 0..3 or without phase/ring are skipped and counted;
//  * an `end` with no pending `begin` of the same (ring, site) is kept (pairing is analysis work)
//    and counted in a warning;
//  * fatal, dropped samples, a sample count that disagrees with the metadata, and the wrapping heap
//    offsets of v4/v5 are surfaced as warnings.
// Sites are interned into ScopeStats::sites. Returns false only when the input is not scope stats at
// all (empty, or line 1 is neither metadata nor a sample) or cannot be read; `error` names the file
// and the line.
bool readScopeStats(ByteSource &source, ScopeStats &stats, QStringList &warnings, ReadError *error);

} // namespace lanescope
