// With the allocation policy in force, a large block is mapped apart even after a larger one was
// freed, which without it would have raised glibc's threshold and put the block on the heap.
#include "model/io/largeallocations.h"

#include <QTest>
#include <cstdlib>
#include <cstring>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

using namespace lanescope;

namespace {

bool underSanitizer()
{
#if defined(__SANITIZE_ADDRESS__)
    return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
    return true;
#endif
#endif
    return false;
}

} // namespace

class TestLargeAllocations : public QObject
{
    Q_OBJECT

private slots:
    void largeBlocksAreMappedApart_data()
    {
        QTest::addColumn<qulonglong>("freedFirst");
        QTest::addColumn<qulonglong>("thenAllocated");
        QTest::newRow("2 MiB after 8 MiB") << qulonglong(8 << 20) << qulonglong(2 << 20);
        QTest::newRow("1 MiB after 16 MiB") << qulonglong(16 << 20) << qulonglong(1 << 20);
    }
    void largeBlocksAreMappedApart()
    {
#if !defined(__GLIBC__)
        QSKIP("the policy is glibc's malloc tuning");
#else
        if (underSanitizer())
            QSKIP("a sanitizer's allocator replaces glibc's malloc");
        QFETCH(qulonglong, freedFirst);
        QFETCH(qulonglong, thenAllocated);
        mapLargeAllocationsApart();
        void *big = std::malloc(freedFirst);
        QVERIFY(big);
        std::memset(big, 1, freedFirst);
        std::free(big);
        const std::size_t mappedBefore = mallinfo2().hblkhd;
        void *block = std::malloc(thenAllocated);
        QVERIFY(block);
        const std::size_t mappedAfter = mallinfo2().hblkhd;
        std::free(block);
        QVERIFY2(mappedAfter >= mappedBefore + thenAllocated,
                 qPrintable(QStringLiteral("mapped %1 -> %2 bytes").arg(mappedBefore).arg(mappedAfter)));
#endif
    }
};

QTEST_GUILESS_MAIN(TestLargeAllocations)
#include "tst_largeallocations.moc"
