#pragma once

// 128-bit unsigned integers for the generator's 64 x 64-bit products (it links nothing of the
// model, so it spells the type itself). GCC and clang provide them as an extension; __extension__
// marks the use as deliberate, so -Wpedantic stays quiet about it.
__extension__ typedef unsigned __int128 GenUInt128;
