#pragma once

#include <atomic>

namespace lanescope {

// Whether whoever started a long computation has given up on it. The computation looks at it
// between its steps and returns early, leaving its result incomplete: only the one who cancelled
// sees that result, and it throws it away. The default never cancels.
class CancelCheck
{
public:
    CancelCheck() = default;
    explicit CancelCheck(const std::atomic<bool> *flag) : m_flag(flag) {}

    bool operator()() const { return m_flag && m_flag->load(std::memory_order_relaxed); }

private:
    const std::atomic<bool> *m_flag = nullptr;
};

} // namespace lanescope
