#pragma once

#include "model/io/json/jsoncursor.h"
#include "rawrecords.h"

#include <string>

namespace lanescope {

// Reads aicpu_lifecycle_records (spec §11): one object per AICPU thread with an aicpu_thread_id and
// a start/end *_cycles pair per lifecycle stage. Cycles stay raw until the time base is known.
class LifecycleRecordsReader
{
public:
    LifecycleRecordsReader(JsonCursor &cursor, RawRecords &raw) : m_c(cursor), m_raw(raw) {}

    void read();

private:
    bool readRecord(RawLifecycle &record);

    JsonCursor &m_c;
    RawRecords &m_raw;
    std::string m_key;
    std::string m_scratch;
};

} // namespace lanescope
