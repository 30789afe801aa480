#pragma once

#include "lifecyclerecordsreader.h"
#include "metadatareader.h"
#include "model/io/json/jsoncursor.h"
#include "phasekinds.h"
#include "phaserecordsreader.h"
#include "rawrecords.h"

#include <atomic>
#include <cstdint>
#include <string>

namespace lanescope {

class LoadPreviewer;
class RecordsSplit;

// One forward pass over a records file (any era, spec §2, §10, §11) into RawRecords. Nothing is
// converted here: the time base depends on keys that may come last.
//
// Every stream keeps the rows that were complete before the cursor stopped (truncation, a syntax
// error, cancellation); parse() then returns false and the cursor says why and where. Values of the
// wrong type cost one row (counted in StreamDamage), never the file.
class RecordsParser
{
public:
    RecordsParser(JsonCursor &cursor, RawRecords &raw, PhaseKindTable &kinds);

    bool parse();
    // For the second thread of a split read (recordssplit.h), its cursor placed at the cut
    // (JsonCursor::continueAt): reads the stream members from there until the top-level object
    // closes or another member comes, which it leaves unread. False when the cursor failed;
    // segmentEnd() is where the members read end.
    bool parseStreamMembers();
    std::int64_t segmentEnd() const { return m_segmentEnd; }
    // parse() takes the members from `split`'s cut on from its second thread where it can.
    void joinWith(RecordsSplit *split) { m_split = split; }
    // Adds the AICore rows (or task objects) read to `counter` as they are read, a few thousand at a
    // time, for a progress display's rate; the last ones when parse() returns.
    void countRowsInto(std::atomic<std::int64_t> *counter) { m_rowCounter = counter; }
    // Shows `previewer` the AICore rows stored so far every few thousand rows (loadpreview.h).
    void previewInto(LoadPreviewer *previewer) { m_previewer = previewer; }
    // The top-level value was an object (false: not a records file at all, or empty input).
    bool sawTopLevelObject() const { return m_sawObject; }

private:
    enum class RowRead : std::uint8_t { Ok, Bad, Failed };

    void readMember(const std::string &key);
    void readLevel(const QString &key, int rank);
    void readAicoreRows();
    void readAicpuRows(const char *name);
    void readSchedulerTasks();
    void readTaskObjects();
    RowRead readIntegerRow(std::uint64_t *out, int capacity, std::int64_t &columns);
    bool notArray(const char *what);
    void countRow()
    {
        if (++m_uncountedRows == kRowsPerCount)
            flushRowCount();
    }
    void flushRowCount();

    static constexpr std::int64_t kRowsPerCount = 4096;

    JsonCursor &m_c;
    RawRecords &m_raw;
    PhaseKindTable &m_kinds;
    MetadataReader m_metadata;
    PhaseRecordsReader m_phases;
    LifecycleRecordsReader m_lifecycle;
    bool m_sawObject = false;
    std::atomic<std::int64_t> *m_rowCounter = nullptr;
    LoadPreviewer *m_previewer = nullptr;
    RecordsSplit *m_split = nullptr;
    std::int64_t m_segmentEnd = -1;
    std::int64_t m_uncountedRows = 0;
    std::string m_key;
    std::string m_text;
    std::string m_scratch;
};

} // namespace lanescope
