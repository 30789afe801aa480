#pragma once

#include "model/io/json/jsoncursor.h"
#include "rawrecords.h"

#include <string>

namespace lanescope {

// Reads `metadata` (spec §2.3): clock, core tables, runtime, the HBG host fields and clock anchors.
// core_to_thread is also read from the top level, where files of the per-task object era put it.
class MetadataReader
{
public:
    MetadataReader(JsonCursor &cursor, RawRecords &raw);

    void read();             // the cursor is at the value of `metadata`
    void readCoreToThread(); // the cursor is at the value of `core_to_thread`
    // run_boundaries / dropped_run_boundaries: in metadata or at the top level (supplement §4.5).
    void readRunBoundaryMember(const std::string &key);

private:
    void readClockFrequency();
    void readClockAlignment();
    // A number with its JSON type (int, float, bool or other), consumed whatever it is.
    JsonIntegerField takeTypedInteger();
    void readCoreTypes();
    void readHostCapture();
    void readClockAnchors();
    void readCollection();
    // One [k, start_cycles] entry of run_boundaries; false (consumed) for any other shape.
    bool readLaunchBoundary();
    void readAnchorSample(ClockAnchorSample &s);
    bool notArray(const char *what);

    JsonCursor &m_c;
    RawRecords &m_raw;
    std::string m_text;
    std::string m_scratch;
};

} // namespace lanescope
