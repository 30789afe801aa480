#include "widgets/timeline/viewhistory.h"

namespace lanescope {

void ViewHistory::reset(TimeRange r)
{
    m_entries = {r};
    m_index = 0;
}

void ViewHistory::commit(TimeRange r)
{
    if (!m_entries.empty() && m_entries[m_index] == r)
        return;
    if (!m_entries.empty())
        m_entries.resize(m_index + 1);
    m_entries.push_back(r);
    if (m_entries.size() > kMaxEntries)
        m_entries.erase(m_entries.begin());
    m_index = m_entries.size() - 1;
}

std::optional<TimeRange> ViewHistory::back()
{
    if (!canGoBack())
        return std::nullopt;
    return m_entries[--m_index];
}

std::optional<TimeRange> ViewHistory::forward()
{
    if (!canGoForward())
        return std::nullopt;
    return m_entries[++m_index];
}

} // namespace lanescope
