#pragma once

#include "cancelpoint.h"

#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>

namespace lanescope {

// Freeing what a cancelled load had built, off the thread that waits for the cancel. At ten million
// rows a load holds over 2 GB when it is cancelled, and returning that to the system costs 50-120 ms
// on its own (the kernel unmaps page by page: 33-50 ms per GiB measured here) — the whole of the
// 100 ms a cancel may take. Handed to the free thread, it is returned just after the cancel instead.

namespace detail {
struct Freed
{
    virtual ~Freed() = default;
};
template <typename T> struct FreedValue final : Freed
{
    explicit FreedValue(T &&v) : value(std::move(v)) {}
    T value;
};
// Queues `freed` for the free thread; false (and nothing taken) when it could not be queued.
bool queueForBackgroundFree(std::unique_ptr<Freed> &freed) noexcept;
} // namespace detail

// Moves `value` to the free thread, which destroys it there; destroys it here if that fails.
template <typename T>
requires(!std::is_lvalue_reference_v<T>) void freeInBackground(T &&value) noexcept
{
    try {
        std::unique_ptr<detail::Freed> freed = std::make_unique<detail::FreedValue<T>>(std::move(value));
        detail::queueForBackgroundFree(freed);
    } catch (...) {
        // Out of memory for the holder: `value` stays where it was and is freed by its owner.
    }
}

// How many values have been queued for the free thread since the program began.
std::uint64_t backgroundFreesQueued();

// Returns once everything queued so far has been freed. A load starts with it, so that its memory
// check sees what the last cancelled load held as available again.
void waitForBackgroundFrees();

// Declared after an owner of a cancellable step's data: if the step's work is cancelled when the
// guard goes — a cancel thrown through it, or a return for the cancel — what the owner holds then
// is freed on the free thread; otherwise the guard does nothing. Must go before its owner does.
template <typename T> class FreedInBackgroundIfCancelled
{
public:
    explicit FreedInBackgroundIfCancelled(T &owner) : m_owner(owner), m_flag(currentCancelFlag()) {}
    ~FreedInBackgroundIfCancelled()
    {
        if (m_flag && m_flag->load(std::memory_order_relaxed))
            freeInBackground(std::move(m_owner));
    }
    FreedInBackgroundIfCancelled(const FreedInBackgroundIfCancelled &) = delete;
    FreedInBackgroundIfCancelled &operator=(const FreedInBackgroundIfCancelled &) = delete;

private:
    T &m_owner;
    const std::atomic<bool> *m_flag;
};

} // namespace lanescope
