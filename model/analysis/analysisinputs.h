#pragma once

#include "analysisinput.h"

#include <optional>

namespace lanescope {

// The inputs one analysis of one run reads, each built once. At millions of rows a build is a
// sort of every row, and the report, the landmarks, the metrics and the symptoms all start from
// the same two: built apart, they were half of an analysis' time.
class AnalysisInputs
{
public:
    AnalysisInputs(const Capture &capture, std::optional<AnalysisRange> range);
    AnalysisInputs(Capture &&, std::optional<AnalysisRange>) = delete; // they point into the rows

    const Capture &capture() const { return *m_capture; }
    const std::optional<AnalysisRange> &range() const { return m_range; }
    // buildAnalysisInput(capture, range): at level >= 2 the rows with AICPU timing.
    const AnalysisInput &timed() const { return m_timed; }
    // buildAnalysisInput(capture, range, false): every row; the same as timed() where no row lost
    // its AICPU record (and below level 2), so then built once.
    const AnalysisInput &every() const { return m_every ? *m_every : m_timed; }

private:
    const Capture *m_capture;
    std::optional<AnalysisRange> m_range;
    AnalysisInput m_timed;
    std::optional<AnalysisInput> m_every;
};

} // namespace lanescope
