#pragma once

#include "model/capture/hostspans.h"
#include "model/io/json/bytesource.h"
#include "model/io/readerror.h"

#include <QStringList>

namespace lanescope {

// Reads the [STRACE] span markers of a host log (spec §9.1, §13.8). "[STRACE]" may appear anywhere
// in a line and several times per line (forked processes share stderr); a record's attributes end
// at the next log prefix "[mono_ns=" or the next "[STRACE]". Names and values are percent-decoded,
// a producer's '~' truncation mark is kept, `clk=dev` sets HostSpan::deviceClock. Every
// "[STRACE] v=" head counts in HostLog::recordHeads; heads that do not parse into a span (missing or
// repeated required fields, malformed numbers, stray tokens: the marks of interleaved writes) count
// in HostLog::tornRecords and in a warning. All other lines, [CLOCK_ANCHOR] included, are ignored.
//
// Returns false, with `error` naming the file and the byte where reading stopped, when the input
// cannot be read or holds no usable [STRACE] record at all.
bool readHostLog(ByteSource &source, HostLog &log, QStringList &warnings, ReadError *error);

} // namespace lanescope
