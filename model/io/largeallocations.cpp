#include "largeallocations.h"

#include <QByteArray>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib> // defines __GLIBC__ where the C library is glibc
#include <new>

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace lanescope {

namespace {

#if defined(__GLIBC__) && defined(__linux__) && defined(MADV_HUGEPAGE)
constexpr bool kHugePagesAvailable = true;
#else
constexpr bool kHugePagesAvailable = false;
#endif

constexpr std::size_t kHugePageBytes = std::size_t(2) << 20;

std::atomic<bool> g_hugePageBlocks{false};

void *allocateOrNull(std::size_t bytes)
{
    if (kHugePagesAvailable && bytes >= kHugePageBlockBytes &&
        g_hugePageBlocks.load(std::memory_order_relaxed)) {
        void *block = nullptr;
        if (::posix_memalign(&block, kHugePageBytes, bytes) != 0)
            return nullptr;
#if defined(MADV_HUGEPAGE)
        // Not written yet, so its pages are still to be chosen. A refusal leaves small pages.
        ::madvise(block, bytes & ~(kHugePageBytes - 1), MADV_HUGEPAGE);
#endif
        return block;
    }
    return std::malloc(bytes == 0 ? 1 : bytes);
}

// The standard's loop: on failure, an installed new-handler may free memory and let it try again.
void *allocateOrThrow(std::size_t bytes)
{
    for (;;) {
        if (void *block = allocateOrNull(bytes))
            return block;
        const std::new_handler handler = std::get_new_handler();
        if (!handler)
            throw std::bad_alloc();
        handler();
    }
}

// First writes of fresh 4 KiB pages, in bytes per second: the best of a few short tries, since
// whatever else runs can only slow one down. A millisecond or two where they are slow; 0 where it
// cannot be measured.
double smallPageWriteBytesPerSecond()
{
#if defined(__linux__) && defined(MADV_NOHUGEPAGE)
    constexpr std::size_t kBytes = std::size_t(256) << 10;
    constexpr std::size_t kPage = 4096;
    double best = 0;
    for (int attempt = 0; attempt < 4; ++attempt) {
        void *map = ::mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (map == MAP_FAILED)
            return 0;
        ::madvise(map, kBytes, MADV_NOHUGEPAGE); // small pages even where huge ones are the default
        volatile char *bytes = static_cast<char *>(map);
        const auto start = std::chrono::steady_clock::now();
        for (std::size_t at = 0; at < kBytes; at += kPage)
            bytes[at] = 1;
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        ::munmap(map, kBytes);
        best = std::max(best, double(kBytes) / std::max(took.count(), 1e-9));
    }
    return best;
#else
    return 0;
#endif
}

} // namespace

LargeAllocationPolicy applyLargeAllocationPolicy()
{
#if defined(__GLIBC__)
    ::mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
    LargeAllocationPolicy policy;
    const QByteArray chosen = qgetenv("LANESCOPE_PAGES");
    if (chosen == "small" || chosen == "huge") {
        policy.chosenByEnvironment = true;
        policy.largeBlockPages = chosen == "huge" && kHugePagesAvailable ? PageSize::Huge : PageSize::Small;
    } else if (kHugePagesAvailable) {
        policy.smallPageWriteBytesPerSecond = smallPageWriteBytesPerSecond();
        const bool slow = policy.smallPageWriteBytesPerSecond > 0 &&
                          policy.smallPageWriteBytesPerSecond < kSlowSmallPageWriteBytesPerSecond;
        policy.largeBlockPages = slow ? PageSize::Huge : PageSize::Small;
    }
    setLargeBlockPages(policy.largeBlockPages);
    return policy;
}

void setLargeBlockPages(PageSize pages)
{
    g_hugePageBlocks.store(kHugePagesAvailable && pages == PageSize::Huge, std::memory_order_relaxed);
}

void returnFreedHeapMemory()
{
#if defined(__GLIBC__)
    ::malloc_trim(0);
#endif
}

} // namespace lanescope

// The replaceable allocation functions, all but the aligned ones (which keep the library's own).
// Every form that allocates is replaced with every form that frees, so that a sanitizer's
// allocator, which tells `new` from `malloc`, sees one pair: malloc and free.
void *operator new(std::size_t bytes)
{
    return lanescope::allocateOrThrow(bytes);
}
void *operator new[](std::size_t bytes)
{
    return lanescope::allocateOrThrow(bytes);
}
void *operator new(std::size_t bytes, const std::nothrow_t &) noexcept
{
    try {
        return lanescope::allocateOrThrow(bytes);
    } catch (...) {
        return nullptr;
    }
}
void *operator new[](std::size_t bytes, const std::nothrow_t &) noexcept
{
    try {
        return lanescope::allocateOrThrow(bytes);
    } catch (...) {
        return nullptr;
    }
}
void operator delete(void *block) noexcept
{
    std::free(block);
}
void operator delete[](void *block) noexcept
{
    std::free(block);
}
void operator delete(void *block, std::size_t) noexcept
{
    std::free(block);
}
void operator delete[](void *block, std::size_t) noexcept
{
    std::free(block);
}
void operator delete(void *block, const std::nothrow_t &) noexcept
{
    std::free(block);
}
void operator delete[](void *block, const std::nothrow_t &) noexcept
{
    std::free(block);
}
