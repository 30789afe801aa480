#include "analysisinputs.h"

namespace lanescope {

AnalysisInputs::AnalysisInputs(const Capture &capture, std::optional<AnalysisRange> range)
    : m_capture(&capture), m_range(range), m_timed(buildAnalysisInput(capture, range))
{
    if (m_timed.rowsWithoutAicpu > 0)
        m_every = buildAnalysisInput(capture, range, false);
}

} // namespace lanescope
