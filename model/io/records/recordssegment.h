#pragma once

#include "phasekinds.h"
#include "rawrecords.h"

#include <cstdint>

namespace lanescope {

// The stream members of a records file from a cut on, read by a second thread into tables of their
// own (recordssplit.h), to be joined to what the first thread read before the cut.
struct RecordsSegment
{
    RawRecords raw;
    StringTable kindNames;
    PhaseKindTable kinds{kindNames};
    std::int64_t begin = -1; // the cut: the end of the member before the segment's first
    std::int64_t end = -1;   // the end of its last member, where the read in order goes on
};

// Whether `segment` joins what was read before it (`before`, its kinds in `kinds`) exactly as a read
// of the file in one piece would have read it: each stream was read on one side of the cut only
// (a second member of the same stream reads differently once the first is there), and the phase
// kinds of both sides fit one table.
bool canJoin(const RawRecords &before, const PhaseKindTable &kinds, const RecordsSegment &segment);

// Moves the segment's streams into `into` and its kinds into `kinds`, numbered as one read would
// have numbered them; its notes and damage come after those read before it. canJoin() must hold.
void join(RawRecords &into, PhaseKindTable &kinds, RecordsSegment &segment);

} // namespace lanescope
