#pragma once

#include "widgets/timeline/timeviewport.h"

#include <optional>
#include <vector>

namespace lanescope {

// Back / forward through the visible ranges the user settled on, like a browser's history.
class ViewHistory
{
public:
    // Forget everything; `r` becomes the only entry.
    void reset(TimeRange r);
    // Records `r` as the newest entry unless it is the current one; drops the entries ahead.
    void commit(TimeRange r);

    bool canGoBack() const { return m_index > 0; }
    bool canGoForward() const { return m_index + 1 < m_entries.size(); }
    std::optional<TimeRange> back();
    std::optional<TimeRange> forward();

    std::size_t size() const { return m_entries.size(); }
    std::size_t index() const { return m_index; }

private:
    static constexpr std::size_t kMaxEntries = 200;
    std::vector<TimeRange> m_entries;
    std::size_t m_index = 0;
};

} // namespace lanescope
