#pragma once

#include <QString>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>

namespace lanescope {

// Why an input could not be read, pointing at the place: "deps.json: byte 1234: expected ','".
struct ReadError
{
    QString file;
    std::int64_t byteOffset = -1; // decompressed offset for .zst inputs
    std::int64_t line = -1;       // for line-oriented inputs
    QString message;

    bool isSet() const { return !message.isEmpty(); }
    QString toString() const;
};

// Progress and cancellation shared between a loader thread and whoever waits for it.
struct LoadControl
{
    std::atomic<bool> *cancel = nullptr;
    // Bytes read and their total, every few MiB: one file's from a reader, all files' from loadCapture.
    std::function<void(std::int64_t done, std::int64_t total)> progress;
    // Records read so far in this load, kept up to date by the records readers (every few thousand
    // records) for whoever reports a rate; null when nobody asks.
    std::atomic<std::int64_t> *recordsRead = nullptr;
    // The bytes of memory this load may take (memorybudget.h); unset: what the system has available.
    std::function<std::optional<std::int64_t>()> availableMemory;

    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
};

} // namespace lanescope
