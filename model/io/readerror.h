#pragma once

#include <QString>
#include <atomic>
#include <cstdint>
#include <functional>

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
    std::function<void(std::int64_t done, std::int64_t total)> progress;

    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
};

} // namespace lanescope
