#include "hugepagemalloc.h"

#include <QFile>
#include <QList>

#include <cstdlib>

#if defined(__linux__) && defined(__GLIBC__)
#include <unistd.h>
#endif

namespace lanescope {

std::optional<QByteArray> hugePageTunables(const QByteArray &current, const QByteArray &hugePageMode)
{
    // The mode file marks the one in force: "always [madvise] never".
    if (!hugePageMode.contains("[madvise]"))
        return std::nullopt;
    const QList<QByteArray> tunables = current.split(':');
    for (const QByteArray &tunable : tunables) {
        if (tunable.startsWith("glibc.malloc.hugetlb="))
            return std::nullopt;
    }
    const QByteArray hugetlb("glibc.malloc.hugetlb=1");
    return current.isEmpty() ? hugetlb : current + ':' + hugetlb;
}

void restartWithHugePageMalloc(char **argv)
{
#if defined(__linux__) && defined(__GLIBC__)
    QFile mode(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
    if (!mode.open(QIODevice::ReadOnly))
        return;
    const char *current = std::getenv("GLIBC_TUNABLES");
    const QByteArray before = current ? QByteArray(current) : QByteArray();
    const std::optional<QByteArray> tunables = hugePageTunables(before, mode.readAll());
    mode.close();
    if (!tunables)
        return;
    ::setenv("GLIBC_TUNABLES", tunables->constData(), 1);
    ::execv("/proc/self/exe", argv);
    // Still here: it could not start again, so it goes on as it is, with the environment it had.
    if (current)
        ::setenv("GLIBC_TUNABLES", before.constData(), 1);
    else
        ::unsetenv("GLIBC_TUNABLES");
#else
    (void)argv;
#endif
}

} // namespace lanescope
