#pragma once

#include <atomic>
#include <cstddef>

namespace lanescope {

// Rows below which a second thread for a pass over them costs more than it saves.
constexpr std::size_t kRowsWorthASecondThread = 100'000;

// The items of one loop shared by the threads that help with it: each thread takes the next item
// no one has taken, so items of uneven cost balance themselves (one AICore lane holds ten times
// the bars of another), and a thread that comes late, after other work, still helps.
// run(work) calls work(i) for items i in [0, count); over all helpers every item runs exactly once.
// Each item must write only what is its own, e.g. slot i of a vector sized beforehand.
class SharedLoop
{
public:
    explicit SharedLoop(std::size_t count) : m_count(count) {}
    SharedLoop(const SharedLoop &) = delete;
    SharedLoop &operator=(const SharedLoop &) = delete;

    template <typename Work> void run(Work &work)
    {
        for (std::size_t i = m_next.fetch_add(1, std::memory_order_relaxed); i < m_count;
             i = m_next.fetch_add(1, std::memory_order_relaxed))
            work(i);
    }

private:
    const std::size_t m_count;
    std::atomic<std::size_t> m_next{0};
};

} // namespace lanescope
