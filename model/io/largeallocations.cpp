#include "largeallocations.h"

#include <cstdlib> // defines __GLIBC__ where the C library is glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace lanescope {

void mapLargeAllocationsApart()
{
#if defined(__GLIBC__)
    ::mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
}

void returnFreedHeapMemory()
{
#if defined(__GLIBC__)
    ::malloc_trim(0);
#endif
}

} // namespace lanescope
