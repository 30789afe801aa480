#pragma once

#include <QString>
#include <optional>

namespace lanescope {

// `--range START_US:END_US` of the headless verbs; either end may be left out ("100:", ":250")
// to run to the capture's edge.
struct RangeArgument
{
    std::optional<double> startUs;
    std::optional<double> endUs;
};

// Parses `text` into `range`; returns the one-line usage error, empty on success.
QString parseRangeArgument(const QString &text, RangeArgument &range);

} // namespace lanescope
