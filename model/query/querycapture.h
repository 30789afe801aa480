#pragma once

#include "rowsegments.h"

#include "model/capture/capture.h"

#include <QByteArray>
#include <memory>
#include <unordered_map>
#include <vector>

namespace lanescope {

// What every table of one engine reads: the run queried, the document's other runs (the `run`
// table), and what is derived once so that a row's value is a look-up: where each lane's bars begin
// among all slices, and the names a million bars repeat as UTF-8 that SQLite reads without a copy.
class QueryCapture
{
public:
    QueryCapture(std::shared_ptr<const Capture> run, std::vector<std::shared_ptr<const Capture>> allRuns);

    const Capture &capture() const { return *m_run; }
    const std::vector<std::shared_ptr<const Capture>> &allRuns() const { return m_allRuns; }
    // Slice rows: lane by lane in display order, each lane's bars in its order (by start).
    const RowSegments &slices() const { return m_slices; }
    // Whether the lane's bars are in order of start, so that a ts range can be searched for.
    bool laneSorted(std::size_t lane) const;
    // The slice id of bar `slice` of lane `lane`.
    std::int64_t sliceId(std::size_t lane, std::size_t slice) const
    {
        return std::int64_t(m_slices.begin(lane) + slice);
    }

    // The function's name, as the Functions table names it (functionName): UTF-8, kept.
    const QByteArray &functionName(int funcId) const;
    const QByteArray &phaseKindName(std::uint16_t kind) const;
    const QByteArray &traceString(std::uint32_t index) const;

private:
    std::shared_ptr<const Capture> m_run;
    std::vector<std::shared_ptr<const Capture>> m_allRuns;
    RowSegments m_slices;
    mutable std::vector<std::int8_t> m_laneSorted; // -1 not looked at yet, else 0 or 1
    // By func id; nodes stay where they are, so the names handed to SQLite never move.
    mutable std::unordered_map<int, QByteArray> m_functionNames;
    std::vector<QByteArray> m_phaseKinds;
    mutable std::vector<QByteArray> m_traceStrings; // made on first use: a trace may hold many
};

} // namespace lanescope
