#pragma once

#include "cancelpoint.h"

#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <utility>
#include <vector>

namespace lanescope {

// Records appended while a file is read or a curve is computed, kept in chunks of a fixed number. A vector
// that grows by doubling holds up to twice its records once read, and three times while it moves them; a
// million-row stream read that way decides the loading peak. Chunks are never moved, so a stream
// takes its records plus at most one chunk: the first chunk grows as a vector does (small files
// stay small), every later one is reserved whole, which costs address space, not memory, until
// it is written.
template <class T> class ChunkedArray
{
public:
    // A chunk is the fewest records, a power of two, that take 8 MiB. As large as that, a chunk is
    // mapped apart, so freed it goes back to the system at once, and it is made of whole huge pages
    // (largeallocations.h): with 1 MiB chunks, a ten-million-row load spent a sixth of its page
    // faults filling the phase records.
    static constexpr std::size_t kChunkShift = [] {
        std::size_t shift = 0;
        while ((std::size_t(1) << shift) * sizeof(T) < (std::size_t(8) << 20))
            ++shift;
        return shift;
    }();
    static constexpr std::size_t kChunkSize = std::size_t(1) << kChunkShift;

    class const_iterator
    {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = const T *;
        using reference = const T &;

        const_iterator() = default;
        const_iterator(const ChunkedArray *array, std::size_t index) : m_array(array), m_index(index) {}
        const T &operator*() const { return (*m_array)[m_index]; }
        const T *operator->() const { return &(*m_array)[m_index]; }
        const_iterator &operator++()
        {
            ++m_index;
            return *this;
        }
        const_iterator operator++(int)
        {
            const_iterator was = *this;
            ++m_index;
            return was;
        }
        bool operator==(const const_iterator &o) const { return m_index == o.m_index; }
        bool operator!=(const const_iterator &o) const { return m_index != o.m_index; }

    private:
        const ChunkedArray *m_array = nullptr;
        std::size_t m_index = 0;
    };

    ChunkedArray() = default;
    ChunkedArray(const ChunkedArray &) = default;
    ChunkedArray &operator=(const ChunkedArray &) = default;
    ChunkedArray(ChunkedArray &&other) noexcept
        : m_chunks(std::move(other.m_chunks)), m_size(std::exchange(other.m_size, 0))
    {
    }
    ChunkedArray &operator=(ChunkedArray &&other) noexcept
    {
        m_chunks = std::move(other.m_chunks);
        m_size = std::exchange(other.m_size, 0);
        return *this;
    }
    ChunkedArray(std::initializer_list<T> records)
    {
        for (const T &r : records)
            push_back(r);
    }

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    const T &operator[](std::size_t i) const { return m_chunks[i >> kChunkShift][i & (kChunkSize - 1)]; }
    T &operator[](std::size_t i) { return m_chunks[i >> kChunkShift][i & (kChunkSize - 1)]; }
    const T &front() const { return m_chunks.front().front(); }
    const T &back() const { return m_chunks.back().back(); }
    const_iterator begin() const { return const_iterator(this, 0); }
    const_iterator end() const { return const_iterator(this, m_size); }

    void push_back(const T &record)
    {
        if (m_chunks.empty() || m_chunks.back().size() == kChunkSize) {
            m_chunks.emplace_back();
            if (m_chunks.size() > 1)
                m_chunks.back().reserve(kChunkSize);
        }
        m_chunks.back().push_back(record);
        ++m_size;
    }
    void append(const ChunkedArray &other)
    {
        for (const auto &chunk : other.m_chunks)
            for (const T &r : chunk)
                push_back(r);
    }
    void clear()
    {
        std::vector<std::vector<T>>().swap(m_chunks);
        m_size = 0;
    }

    // Hands every record to `take` in order and frees each chunk once it is taken, so that a
    // stream converted into its final form never exists twice whole.
    template <class Take> void consume(Take &&take)
    {
        consumeChunks([&take](const std::vector<T> &chunk) {
            for (const T &r : chunk)
                take(r);
        });
    }

    // Every record in one array of exactly their number, the chunks freed as they are copied.
    std::vector<T> takeAll()
    {
        std::vector<T> all;
        all.reserve(m_size);
        consumeChunks(
            [&all](const std::vector<T> &chunk) { all.insert(all.end(), chunk.begin(), chunk.end()); });
        return all;
    }

    // The bytes the chunks hold, written or not.
    std::size_t capacityBytes() const
    {
        std::size_t n = 0;
        for (const auto &chunk : m_chunks)
            n += chunk.capacity() * sizeof(T);
        return n;
    }

private:
    // Hands each chunk to `take` in order and frees it then. Hears a cancel between chunks
    // (cancelpoint.h): at millions of records, what is taken is written to fresh memory.
    template <class TakeChunk> void consumeChunks(TakeChunk &&take)
    {
        for (auto &chunk : m_chunks) {
            throwIfCancelled();
            take(chunk);
            std::vector<T>().swap(chunk);
        }
        clear();
    }

    std::vector<std::vector<T>> m_chunks;
    std::size_t m_size = 0;
};

} // namespace lanescope
