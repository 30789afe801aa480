#pragma once

#include "model/capture/perfhints.h"
#include "model/io/json/bytesource.h"
#include "model/io/readerror.h"

#include <QStringList>

namespace lanescope {

// Reads the compiler's report/perf_hints.log (perf-hints spec A.2–A.4, every version of A.7):
//  * a record starts at a line beginning with "[perf_hint"; the lines after it that do not are
//    its continuation (PH-AT-005 embeds a multi-line error);
//  * the location is the last " at FILE:LINE:COL" of the joined record, FILE split from the right;
//  * PH001, PH-MR-001 and PH-DSA-001 messages are parsed into their facts when they match A.4;
//    any other code, known or not, is kept with its text;
//  * the file is append-only, so a recompile into the same folder repeats every record: exact
//    duplicates are folded into one hint whose `copies` counts them;
//  * text before the first record is kept as notes; a "[perf_hint" line without a "[perf_hint CODE]"
//    header (it and its followers become notes), a message that does not match its code's grammar, or a last
//    line without its line end is a warning naming the file and the line.
// Returns false, with `error` naming the file, only when the log cannot be read; an empty log is
// read as no hints.
bool readPerfHints(ByteSource &source, PerfHints &hints, QStringList &warnings, ReadError *error);

// Parses one PH001 or PH-MR-001 message (spec A.4); nullopt when it does not match the grammar.
std::optional<TileTransferHint> parseTileTransfer(const QString &message);
std::optional<PipelineShortfallHint> parsePipelineShortfall(const QString &message);
// PH-DSA-001's quoted function name; empty when the message does not match.
QString parseDsaFunction(const QString &message);

} // namespace lanescope
