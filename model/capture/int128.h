#pragma once

namespace lanescope {

// 128-bit integers, for products and differences of 64-bit clock values that must not overflow.
// GCC and clang provide them as an extension; __extension__ marks this one use as deliberate, so
// -Wpedantic stays quiet about it and nowhere else.
__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

} // namespace lanescope
