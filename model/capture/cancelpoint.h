#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <future>
#include <type_traits>
#include <utility>
#include <vector>

namespace lanescope {

// Stopping long work from deep inside it. Opening ten million rows runs steps of seconds each —
// sorts, layouts, indexes — and a cancel must be heard within a tenth of a second. Passing a flag
// down through every step and checking a result at every return would touch every signature; a
// step instead looks at the cancel flag of the work its thread does (set by a CancelScope) every
// few thousand items, and throws OperationCancelled. Whoever installed the scope catches it and
// throws the half-built result away. Outside a scope nothing ever throws.
class OperationCancelled final : public std::exception
{
public:
    const char *what() const noexcept override { return "cancelled"; }
};

// The cancel flag of the work this thread does, or null.
const std::atomic<bool> *currentCancelFlag();

// Makes `flag` the cancel flag of this thread's work until the scope ends (null: none).
class CancelScope
{
public:
    explicit CancelScope(const std::atomic<bool> *flag);
    ~CancelScope();
    CancelScope(const CancelScope &) = delete;
    CancelScope &operator=(const CancelScope &) = delete;

private:
    const std::atomic<bool> *m_previous;
};

// Throws OperationCancelled when this thread's work was cancelled.
void throwIfCancelled();

// A loop's cancel point: tick() once per item, and every few thousand items it looks at the flag
// taken when the loop began. Costs an increment where no flag is set.
class CancelPoints
{
public:
    CancelPoints() : m_flag(currentCancelFlag()) {}
    void tick()
    {
        if (++m_count < kItemsBetweenLooks)
            return;
        m_count = 0;
        if (m_flag && m_flag->load(std::memory_order_relaxed))
            throw OperationCancelled();
    }

private:
    static constexpr std::uint32_t kItemsBetweenLooks = 4096;
    const std::atomic<bool> *m_flag;
    std::uint32_t m_count = 0;
};

// v.assign(n, value) that a cancel can stop. The first write to fresh memory is most of what a large
// array costs to make, and on a virtual machine it has been measured as slow as 0.35 GB/s: 115 ms
// for 40 MB of zeros. So the array is filled a MiB at a time, and the flag looked at between.
template <typename T>
void assignHearingCancel(std::vector<T> &v, std::size_t n, const std::type_identity_t<T> &value = T{})
{
    constexpr std::size_t kStep = std::max<std::size_t>(1, (std::size_t(1) << 20) / sizeof(T));
    v.clear();
    v.reserve(n);
    while (v.size() < n) {
        throwIfCancelled();
        v.resize(std::min(n, v.size() + kStep), value);
    }
}

namespace detail {
// Sorts with `sort` (std::sort or std::stable_sort) through a comparison that looks at the flag
// every 64k calls: a sort of ten million items makes about 230 million of them, so it hears a
// cancel within a few milliseconds. Unchanged where no flag is set.
template <typename It, typename Less, typename Sort>
void sortHearingCancel(It first, It last, Less &less, Sort sort)
{
    const std::atomic<bool> *flag = currentCancelFlag();
    if (!flag)
        return sort(first, last, less);
    std::uint32_t count = 0;
    sort(first, last, [flag, &count, &less](const auto &a, const auto &b) {
        if ((++count & 0xFFFF) == 0 && flag->load(std::memory_order_relaxed))
            throw OperationCancelled();
        return less(a, b);
    });
}
} // namespace detail

// std::sort that a cancel can stop. A cancelled sort leaves the range in some order, which its
// owner throws away.
template <typename It, typename Less> void cancellableSort(It first, It last, Less less)
{
    detail::sortHearingCancel(first, last, less, [](auto f, auto l, auto c) { std::sort(f, l, c); });
}

template <typename It> void cancellableSort(It first, It last)
{
    cancellableSort(first, last, [](const auto &a, const auto &b) { return a < b; });
}

// std::stable_sort that a cancel can stop (as cancellableSort).
template <typename It, typename Less> void cancellableStableSort(It first, It last, Less less)
{
    detail::sortHearingCancel(first, last, less, [](auto f, auto l, auto c) { std::stable_sort(f, l, c); });
}

// Runs `work` with `flag` as this thread's cancel flag; when a cancel is heard inside it, returns
// what `whenCancelled` gives instead. The one place a cancel thrown by a step is caught.
template <typename Work, typename WhenCancelled>
auto runCancellably(const std::atomic<bool> *flag, Work work, WhenCancelled whenCancelled)
{
    const CancelScope scope(flag);
    try {
        return work();
    } catch (const OperationCancelled &) {
        return whenCancelled();
    }
}

// std::async on a thread of its own that carries this thread's cancel flag along: a cancel stops
// the work on both, and the future's get() throws OperationCancelled.
template <typename Work> auto asyncCancellable(Work work)
{
    return std::async(std::launch::async, [flag = currentCancelFlag(), work = std::move(work)]() mutable {
        const CancelScope scope(flag);
        return work();
    });
}

} // namespace lanescope
