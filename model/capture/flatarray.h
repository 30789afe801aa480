#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace lanescope {

// An array of plain records that either owns them, as a vector does, or views records that
// something else holds and keeps alive: a reopened capture's large arrays (bars, rows, phase
// records, counter and ring curves, search bars) are read in place from its snapshot's memory map
// (capturesnapshot.h) rather than copied into fresh memory, which costs a page fault and a zeroed
// page per 4 KiB. Read through a const reference wherever nothing changes. Reading goes to
// whichever holds the records; any change first copies a view into memory of its own, so a view
// is never written through.
template <class T> class FlatArray
{
    static_assert(std::is_trivially_copyable_v<T>, "a view holds records as bytes");

public:
    using value_type = T;
    using size_type = std::size_t;
    using difference_type = std::ptrdiff_t;
    using reference = T &;
    using const_reference = const T &;
    using iterator = T *;
    using const_iterator = const T *;

    FlatArray() = default;
    FlatArray(std::initializer_list<T> records) : m_owned(records) {}
    FlatArray(std::vector<T> &&records) : m_owned(std::move(records)) {}

    // `count` records at `records`, which `keeper` keeps alive and unchanged for as long as any
    // copy of the view exists.
    static FlatArray view(const T *records, std::size_t count, std::shared_ptr<const void> keeper)
    {
        FlatArray a;
        a.m_view = records;
        a.m_viewSize = count;
        a.m_keeper = std::move(keeper);
        return a;
    }
    bool isView() const { return m_view != nullptr; }

    const T *data() const { return m_view ? m_view : m_owned.data(); }
    std::size_t size() const { return m_view ? m_viewSize : m_owned.size(); }
    bool empty() const { return size() == 0; }
    const T &operator[](std::size_t i) const { return data()[i]; }
    const T &at(std::size_t i) const
    {
        if (i >= size())
            throw std::out_of_range("FlatArray::at");
        return data()[i];
    }
    const T &front() const { return data()[0]; }
    const T &back() const { return data()[size() - 1]; }
    const T *begin() const { return data(); }
    const T *end() const { return data() + size(); }
    const T *cbegin() const { return begin(); }
    const T *cend() const { return end(); }
    // Records of memory of its own (a view's records belong to its keeper).
    std::size_t capacity() const { return m_owned.capacity(); }
    // The bytes its records take where they lie: memory of its own, or the viewed part of a
    // memory map, which is as resident once read.
    std::size_t memoryBytes() const { return (m_view ? m_viewSize : m_owned.capacity()) * sizeof(T); }

    // Changing access: a view becomes a copy first.
    T *data() { return owned().data(); }
    T &operator[](std::size_t i) { return owned()[i]; }
    T &front() { return owned().front(); }
    T &back() { return owned().back(); }
    T *begin() { return owned().data(); }
    T *end() { return owned().data() + m_owned.size(); }
    void push_back(const T &record) { owned().push_back(record); }
    template <class... Args> T &emplace_back(Args &&...args)
    {
        return owned().emplace_back(std::forward<Args>(args)...);
    }
    void pop_back() { owned().pop_back(); }
    void reserve(std::size_t n) { owned().reserve(n); }
    void resize(std::size_t n) { owned().resize(n); }
    void clear() { *this = FlatArray(); }
    void shrink_to_fit() { owned().shrink_to_fit(); }
    template <class It> void insert(const T *at, It first, It last)
    {
        const std::ptrdiff_t offset = at - cbegin(); // before a view is copied: `at` points into it
        std::vector<T> &records = owned();
        records.insert(records.begin() + offset, first, last);
    }
    T *erase(const T *first, const T *last)
    {
        const std::ptrdiff_t from = first - cbegin(); // as insert's
        const std::ptrdiff_t to = last - cbegin();
        std::vector<T> &records = owned();
        return records.data() +
               (records.erase(records.begin() + from, records.begin() + to) - records.begin());
    }

    friend bool operator==(const FlatArray &a, const FlatArray &b) { return sameRecords(a, b); }
    friend bool operator==(const FlatArray &a, const std::vector<T> &b) { return sameRecords(a, b); }

private:
    template <class Records> static bool sameRecords(const FlatArray &a, const Records &b)
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

    std::vector<T> &owned()
    {
        if (m_view) {
            m_owned.assign(m_view, m_view + m_viewSize);
            m_view = nullptr;
            m_viewSize = 0;
            m_keeper.reset();
        }
        return m_owned;
    }

    std::vector<T> m_owned;
    const T *m_view = nullptr;
    std::size_t m_viewSize = 0;
    std::shared_ptr<const void> m_keeper;
};

} // namespace lanescope
