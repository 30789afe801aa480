#pragma once

#include "model/io/loadrate.h"

#include <QString>
#include <cstdint>

namespace lanescope {

// A load's progress as its progress bar reads: "1.2 GiB of 7.5 GiB · 1,250,000 rows/s · about 6 s
// left" (the count in the user's locale). Parts that are not known yet are left out; empty when
// nothing is known. Once every byte is read: "7.5 GiB read · laying out the timeline…".
QString loadProgressText(std::int64_t done, std::int64_t total, const LoadRate::Reading &rate);

// A time left in whole seconds, minutes and seconds past a minute: "about 6 s", "about 2 min 5 s".
QString timeLeftText(double seconds);

} // namespace lanescope
