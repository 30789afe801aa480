#pragma once

#include <QString>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>

namespace lanescope {

// Reads a snapshot's bytes front to back. Every read is bounds-checked: past the end, or after
// anything the caller rejected (fail), it yields zeros and the reader stays failed, so that a
// damaged or crafted snapshot ends in one message with the offset where it went wrong, never in
// a read out of range or an allocation sized by garbage.
class SnapshotReader
{
public:
    SnapshotReader(const unsigned char *data, std::size_t size) : m_data(data), m_size(size) {}

    bool ok() const { return m_error.isEmpty(); }
    const QString &error() const { return m_error; }
    std::size_t position() const { return m_position; }
    std::size_t remaining() const { return m_size - m_position; }

    // Records the first reason the bytes are refused, at the current offset.
    void fail(const QString &why);

    // The next `size` bytes, or null (and failed) when fewer remain.
    const unsigned char *take(std::size_t size);
    template <class T> T pod()
    {
        static_assert(std::is_trivially_copyable_v<T>);
        T value{};
        if (const unsigned char *p = take(sizeof value))
            std::memcpy(&value, p, sizeof value);
        return value;
    }
    // An element count that must fit the bytes left at `minElementBytes` each, so that a count
    // read from a damaged file cannot make the caller reserve more than the file could hold.
    std::size_t count(std::size_t minElementBytes);
    // Skips the padding SnapshotWriter::align wrote, up to the next multiple of `to` from the start.
    void align(std::size_t to) { take((to - m_position % to) % to); }

    // What keeps the bytes alive and unchanged for as long as it is held (a memory map), when
    // records may be read in place rather than copied; null when they must be copied.
    const std::shared_ptr<const void> &keeper() const { return m_keeper; }
    void setKeeper(std::shared_ptr<const void> keeper) { m_keeper = std::move(keeper); }

private:
    const unsigned char *m_data;
    std::size_t m_size;
    std::size_t m_position = 0;
    QString m_error;
    std::shared_ptr<const void> m_keeper;
};

} // namespace lanescope
