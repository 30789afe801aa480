#pragma once

namespace lanescope {

// glibc's malloc maps an allocation of its own only above a threshold that rises to the size of
// every mapped block freed, up to 32 MiB. A load frees many such blocks (raw streams taken chunk by
// chunk, temporary orders), so later ones come from the heap, and what the heap frees is kept: at
// a million rows that was 60-90 MiB above what the load held. A fixed threshold of 1 MiB maps
// every large array apart, so freeing it returns it at once (measured at 1M rows: load peak 302 ->
// 293 MiB). Call it first in main; it does nothing where malloc is not glibc's.
void mapLargeAllocationsApart();

// Returns the heap's free pages after a load's temporary arrays are gone; nothing beyond glibc.
void returnFreedHeapMemory();

} // namespace lanescope
