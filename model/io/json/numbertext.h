#pragma once

#include <charconv>
#include <string_view>

namespace lanescope {

// A number written as a JSON string ("123.5", "+4", "NaN", "Infinity"), as some trace producers
// quote them; the reference viewers accept those. Non-finite results are returned as such: the
// caller decides whether they are usable.
inline bool parseNumberText(std::string_view text, double &v)
{
    const char *b = text.data();
    const char *e = b + text.size();
    while (b < e && *b == ' ')
        ++b;
    if (b < e && *b == '+')
        ++b;
    auto [p, ec] = std::from_chars(b, e, v);
    return ec == std::errc() && p == e && b != e;
}

} // namespace lanescope
