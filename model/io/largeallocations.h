#pragma once

#include <cstddef>

namespace lanescope {

// How the process allocates the large arrays of a capture: apply it first in main. Until then,
// and where malloc is not glibc's, allocation is the C library's own.
//
// Mapped apart: glibc's malloc maps an allocation of its own only above a threshold that rises to
// the size of every mapped block freed, up to 32 MiB. A load frees many such blocks (raw streams
// taken chunk by chunk, temporary orders), so later ones come from the heap, and what the heap
// frees is kept: at a million rows that was 60-90 MiB above what the load held. A fixed threshold
// of 1 MiB maps every large array apart, so freeing it returns it at once (measured at 1M rows:
// load peak 302 -> 293 MiB).
//
// Page size: a ten-million-row load writes gigabytes of fresh memory, and which pages are cheaper
// to fault in depends on the host. On one virtual machine a 4 KiB page cost 1.4 us (3 GB/s of
// first writes) and a fresh 2 MiB page had to be faulted in by its host as well: huge pages made
// that load 1.2-2 s slower. On another, a 4 KiB page cost 11 us (0.37 GB/s), against 0.6-12 GB/s
// in 2 MiB pages, and huge pages made the same load twice as fast (16-19 s -> 8.2-10.7 s). So the
// policy measures the first writes of small pages (a few ms) and uses huge pages where those are
// slow. Then every block from `operator new` of at least kHugePageBlockBytes is aligned to 2 MiB
// and its whole 2 MiB pages are advised as transparent huge pages. Only whole pages inside a block
// are advised, so a block never holds more memory than in small pages.
enum class PageSize { Small, Huge };

struct LargeAllocationPolicy
{
    PageSize largeBlockPages = PageSize::Small;
    // The measured first writes of 4 KiB pages, in bytes per second; 0 where the choice was set
    // (LANESCOPE_PAGES) or huge pages are not to be had.
    double smallPageWriteBytesPerSecond = 0;
    bool chosenByEnvironment = false;
};

// Applies the policy and says what it chose. LANESCOPE_PAGES=small or =huge sets the page size
// instead of the measure, so that both can be compared on one host.
LargeAllocationPolicy applyLargeAllocationPolicy();

// Sets the page size of large blocks allocated from now on (tests, benchmarks).
void setLargeBlockPages(PageSize pages);

// Huge pages are chosen where 4 KiB first writes run slower than this.
inline constexpr double kSlowSmallPageWriteBytesPerSecond = 1e9;

// Blocks this large or larger get huge pages. Measured on a ten-million-row load: 4 MiB loaded
// faster, at a lower peak, than 2 MiB, whose blocks are mostly one huge page and a small-page tail.
inline constexpr std::size_t kHugePageBlockBytes = std::size_t(4) << 20;

// Returns the heap's free pages after a load's temporary arrays are gone; nothing beyond glibc.
void returnFreedHeapMemory();

} // namespace lanescope
