#pragma once

#include "model/io/json/jsoncursor.h"
#include "phasekinds.h"
#include "rawrecords.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lanescope {

// Reads scheduler, orchestrator and host records in every shape the producers wrote: per-thread
// arrays of objects (spec §2.6, §2.7b, §2.9, and the µs objects of §10) and the newer
// scheduler_records streams placed by scheduler_id (§11). Times stay raw (RawTimes) except µs
// values, which go straight into the records.
class PhaseRecordsReader
{
public:
    enum class Source : std::uint8_t { Scheduler, Orchestrator, HostOrchestrator, Metric };

    PhaseRecordsReader(JsonCursor &cursor, RawRecords &raw, PhaseKindTable &kinds);

    // The cursor is at an array of per-thread (or per-lane) arrays; each becomes one lane, in order.
    void readLanes(std::vector<RawPhaseLane> &lanes, Source source);
    void readSchedulerRecords();
    void readHostUploads();

private:
    enum class Read : std::uint8_t { Ok, Bad, Failed };

    Read readPhase(PhaseRecord &r, RawTimes &t, Source source, std::int64_t *recordIndex = nullptr);
    void readSchedulerStream();
    void placeSchedulerStreams();
    bool readDepthTriple(std::int32_t (&out)[3]);
    bool notArray(const char *what);

    JsonCursor &m_c;
    RawRecords &m_raw;
    PhaseKindTable &m_kinds;
    std::uint16_t m_orchSubmitKind = 0;
    std::uint16_t m_unknownKind = 0;
    std::string m_key;
    std::string m_text;
    std::string m_scratch;
    // scheduler_records: the streams in encounter order, placed once all have been read.
    struct PendingStream
    {
        RawPhaseLane records;
        SchedulerStream info;
    };
    std::vector<PendingStream> m_streams;
    RawPhaseLane m_streamRecords; // the stream being read
    std::vector<PhaseRecord> m_streamMetrics;
    std::vector<std::int64_t> m_metricIndex;
};

} // namespace lanescope
