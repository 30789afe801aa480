#pragma once

// Whether this test binary is instrumented by a sanitizer. Time bounds that guard against hangs are
// set for optimised builds and widen under instrumentation. GCC defines __SANITIZE_*__; clang 14
// answers __has_feature instead.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define LANESCOPE_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define LANESCOPE_SANITIZED 1
#endif
#endif
#ifndef LANESCOPE_SANITIZED
#define LANESCOPE_SANITIZED 0
#endif

namespace lanescope {
inline constexpr int kSanitizerSlowdown = LANESCOPE_SANITIZED ? 4 : 1;
} // namespace lanescope
