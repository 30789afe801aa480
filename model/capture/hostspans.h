#pragma once

#include <QList>
#include <QPair>
#include <QString>
#include <cstdint>
#include <vector>

namespace lanescope {

// One [STRACE] span from a host log (spec §9.1). Host spans use CLOCK_MONOTONIC ns; `clk=dev`
// spans sit on a per-invocation device origin and are not comparable to host time.
struct HostSpan
{
    std::int64_t pid = 0;
    std::int64_t tid = 0;
    std::int64_t inv = 0;
    std::int32_t depth = 0;
    bool deviceClock = false; // attribute clk=dev
    std::int64_t tsNs = 0;
    std::int64_t durNs = 0;
    QString name; // percent-decoded; a trailing '~' marks truncation by the producer
    QString hid;
    QList<QPair<QString, QString>> attributes; // decoded, in file order (excluding clk)
    std::int32_t line = 0;                     // 1-based line in the log
};

struct HostLog
{
    std::vector<HostSpan> spans;
    std::int64_t recordHeads = 0; // "[STRACE] v=" occurrences
    std::int64_t tornRecords = 0; // heads that did not parse into a span

    bool isEmpty() const { return spans.empty(); }
};

} // namespace lanescope
