#include "backgroundfree.h"

#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace lanescope {

namespace {

// One thread for the whole process, started by the first free and joined at exit, once it has
// freed everything queued: nothing it holds outlives the program's last word.
class FreeThread
{
public:
    ~FreeThread()
    {
        {
            const std::lock_guard lock(m_mutex);
            m_stopping = true;
        }
        m_wake.notify_all();
        if (m_thread.joinable())
            m_thread.join();
    }

    bool queue(std::unique_ptr<detail::Freed> &freed) noexcept
    {
        try {
            const std::lock_guard lock(m_mutex);
            if (!m_thread.joinable())
                m_thread = std::thread([this] { run(); });
            m_queue.push_back(std::move(freed)); // strong guarantee: `freed` is kept if this throws
            ++m_queued;
        } catch (...) {
            return false;
        }
        m_wake.notify_one();
        return true;
    }

    std::uint64_t queued()
    {
        const std::lock_guard lock(m_mutex);
        return m_queued;
    }

    void waitUntilIdle()
    {
        std::unique_lock lock(m_mutex);
        m_idle.wait(lock, [this] { return m_queue.empty() && !m_freeing; });
    }

private:
    void run()
    {
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_wake.wait(lock, [this] { return m_stopping || !m_queue.empty(); });
            if (m_queue.empty())
                return; // stopping, with nothing left to free
            std::vector<std::unique_ptr<detail::Freed>> batch;
            batch.swap(m_queue);
            m_freeing = true;
            lock.unlock();
            batch.clear(); // the freeing itself, outside the lock
            lock.lock();
            m_freeing = false;
            m_idle.notify_all();
        }
    }

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_idle;
    std::vector<std::unique_ptr<detail::Freed>> m_queue;
    std::uint64_t m_queued = 0;
    bool m_freeing = false;
    bool m_stopping = false;
    std::thread m_thread;
};

FreeThread &freeThread()
{
    static FreeThread thread;
    return thread;
}

} // namespace

bool detail::queueForBackgroundFree(std::unique_ptr<Freed> &freed) noexcept
{
    return freeThread().queue(freed);
}

std::uint64_t backgroundFreesQueued()
{
    return freeThread().queued();
}

void waitForBackgroundFrees()
{
    freeThread().waitUntilIdle();
}

} // namespace lanescope
