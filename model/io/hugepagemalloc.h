#pragma once

#include <QByteArray>
#include <optional>

namespace lanescope {

// Large captures are hundreds of MiB of arrays, and on a kernel that gives transparent huge pages
// only where asked (mode "madvise", the common default) every 4 KiB of them costs a page fault when
// first written: on a virtual machine those faults were a third of a reopen from the snapshot
// cache and a third of a first load. glibc's malloc asks for huge pages when its `hugetlb` tunable
// is set, and tunables are read only when a program starts: so the program starts itself again
// once, with the tunable added (measured at 1M rows: opening 3.1-3.5 s -> 1.8-2.3 s, reopening
// 1.6 -> 0.75-1.1 s, for about 5 % more peak memory).

// The GLIBC_TUNABLES value to start again with, from the current one and the text of
// /sys/kernel/mm/transparent_hugepage/enabled; nothing when starting again would change nothing:
// the kernel gives huge pages everywhere or nowhere, or the tunables already say what malloc should
// do (`glibc.malloc.hugetlb=0` is how to keep 4 KiB pages).
std::optional<QByteArray> hugePageTunables(const QByteArray &current, const QByteArray &hugePageMode);

// Starts this program again with hugePageTunables, with the same arguments, when they say it
// helps; returns when they do not, when this is not Linux with glibc, or when starting again
// fails. Call it first in main, before any thread or file is opened. (Under valgrind the program
// started again runs outside it: set GLIBC_TUNABLES=glibc.malloc.hugetlb=0 there.)
void restartWithHugePageMalloc(char **argv);

} // namespace lanescope
