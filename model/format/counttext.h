#pragma once

#include <QString>
#include <cstdint>

namespace lanescope {

// A count with its noun, singular for exactly one: "1 task", "3 tasks", "1 rule fires". Qt's
// "%n task(s)" needs a translation to say either, and the program loads none, so it read "(s)".
QString countText(std::int64_t n, const QString &singular, const QString &plural);

} // namespace lanescope
