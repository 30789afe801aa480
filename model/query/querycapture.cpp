#include "querycapture.h"

#include "model/capture/labels.h"

namespace lanescope {

namespace {
std::vector<std::size_t> laneSizes(const Capture &capture)
{
    std::vector<std::size_t> sizes;
    sizes.reserve(capture.lanes.size());
    for (const Lane &lane : capture.lanes)
        sizes.push_back(lane.slices.size());
    return sizes;
}
} // namespace

QueryCapture::QueryCapture(std::shared_ptr<const Capture> run,
                           std::vector<std::shared_ptr<const Capture>> allRuns)
    : m_run(std::move(run)), m_allRuns(std::move(allRuns)), m_slices(laneSizes(*m_run)),
      m_laneSorted(m_run->lanes.size(), -1)
{
    if (m_allRuns.empty())
        m_allRuns.push_back(m_run);
    m_phaseKinds.reserve(std::size_t(m_run->phaseKinds.size()));
    for (qsizetype i = 0; i < m_run->phaseKinds.size(); ++i)
        m_phaseKinds.push_back(m_run->phaseKinds.at(std::uint32_t(i)).toUtf8());
}

bool QueryCapture::laneSorted(std::size_t lane) const
{
    if (m_laneSorted[lane] < 0) {
        const Slices &s = m_run->lanes[lane].slices;
        m_laneSorted[lane] = isAscending(s.size(), [&](std::size_t i) { return s[i].startUs; }) ? 1 : 0;
    }
    return m_laneSorted[lane] == 1;
}

const QByteArray &QueryCapture::functionName(int funcId) const
{
    auto it = m_functionNames.find(funcId);
    if (it == m_functionNames.end())
        it = m_functionNames.emplace(funcId, lanescope::functionName(funcId, m_run->names).toUtf8()).first;
    return it->second;
}

const QByteArray &QueryCapture::phaseKindName(std::uint16_t kind) const
{
    static const QByteArray none;
    return kind < m_phaseKinds.size() ? m_phaseKinds[kind] : none;
}

const QByteArray &QueryCapture::traceString(std::uint32_t index) const
{
    static const QByteArray none;
    if (index >= std::uint32_t(m_run->strings.size()))
        return none;
    if (m_traceStrings.empty()) {
        m_traceStrings.reserve(std::size_t(m_run->strings.size()));
        for (qsizetype i = 0; i < m_run->strings.size(); ++i)
            m_traceStrings.push_back(m_run->strings.at(std::uint32_t(i)).toUtf8());
    }
    return m_traceStrings[index];
}

} // namespace lanescope
