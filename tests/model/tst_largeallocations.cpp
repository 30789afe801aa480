// The allocation policy: a large block is mapped apart even after a larger one was freed, which
// without the policy would have raised glibc's threshold and put the block on the heap; a large
// block from operator new is made of whole huge pages where huge pages are chosen, and of the
// kernel's ordinary pages otherwise.
#include "model/io/largeallocations.h"
#include "testmain.h"

#include <QFile>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

using namespace lanescope;

Q_DECLARE_METATYPE(lanescope::PageSize)

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

// The VmFlags of the mapping that holds `address` (/proc/self/smaps), empty where none does.
QByteArray mappingFlags(const void *address)
{
    QFile smaps(QStringLiteral("/proc/self/smaps"));
    if (!smaps.open(QIODevice::ReadOnly))
        return {};
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    bool inside = false;
    for (const QByteArray &line : smaps.readAll().split('\n')) {
        // A mapping's line starts "start-end perms ..."; its fields' lines start "Name:".
        const int space = line.indexOf(' ');
        const int dash = line.left(space).indexOf('-');
        if (dash > 0 && space > dash && !line.left(space).endsWith(':')) {
            bool ok1 = false, ok2 = false;
            const auto start = line.left(dash).toULongLong(&ok1, 16);
            const auto end = line.mid(dash + 1, space - dash - 1).toULongLong(&ok2, 16);
            inside = ok1 && ok2 && start <= at && at < end;
        } else if (inside && line.startsWith("VmFlags:")) {
            return line.mid(8).trimmed();
        }
    }
    return {};
}

bool advisedHuge(const void *address)
{
    return mappingFlags(address).split(' ').contains("hg");
}

// Restores the page size the process had after a test sets its own.
struct SmallPagesAfterwards
{
    ~SmallPagesAfterwards() { setLargeBlockPages(PageSize::Small); }
};

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
        SmallPagesAfterwards restore;
        applyLargeAllocationPolicy();
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

    void largeBlocksTakeTheChosenPages_data()
    {
        QTest::addColumn<PageSize>("pages");
        QTest::addColumn<qulonglong>("bytes");
        QTest::addColumn<bool>("huge");
        const qulonglong block = kHugePageBlockBytes;
        QTest::newRow("huge pages, a block at the threshold") << PageSize::Huge << block << true;
        QTest::newRow("huge pages, 3.5 pages") << PageSize::Huge << qulonglong(7 << 20) << true;
        QTest::newRow("huge pages, just below the threshold") << PageSize::Huge << block - 1 << false;
        QTest::newRow("small pages, a large block") << PageSize::Small << block * 4 << false;
    }
    void largeBlocksTakeTheChosenPages()
    {
        if (!QFile::exists(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled")))
            QSKIP("the kernel has no transparent huge pages");
        QFETCH(PageSize, pages);
        QFETCH(qulonglong, bytes);
        QFETCH(bool, huge);
        SmallPagesAfterwards restore;
        setLargeBlockPages(pages);
        const std::unique_ptr<char[]> block(new char[bytes]);
        const auto start = reinterpret_cast<std::uintptr_t>(block.get());
        const std::uintptr_t hugePage = std::uintptr_t(2) << 20;
        QCOMPARE(start % hugePage == 0, huge);
        QCOMPARE(advisedHuge(block.get()), huge);
        if (huge) {
            // Only whole pages inside the block: what lies past the last one is not advised.
            const std::uintptr_t wholeEnd = (start + bytes) & ~(hugePage - 1);
            QVERIFY(advisedHuge(reinterpret_cast<const void *>(wholeEnd - 1)));
            if (wholeEnd < start + bytes)
                QVERIFY(!advisedHuge(reinterpret_cast<const void *>(wholeEnd)));
        }
    }

    void theEnvironmentChoosesThePages_data()
    {
        QTest::addColumn<QByteArray>("setting");
        QTest::addColumn<PageSize>("chosen");
        QTest::newRow("small") << QByteArray("small") << PageSize::Small;
        QTest::newRow("huge") << QByteArray("huge") << PageSize::Huge;
    }
    void theEnvironmentChoosesThePages()
    {
        if (!QFile::exists(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled")))
            QSKIP("the kernel has no transparent huge pages");
        QFETCH(QByteArray, setting);
        QFETCH(PageSize, chosen);
        SmallPagesAfterwards restore;
        qputenv("LANESCOPE_PAGES", setting);
        const LargeAllocationPolicy policy = applyLargeAllocationPolicy();
        qunsetenv("LANESCOPE_PAGES");
        QVERIFY(policy.chosenByEnvironment);
        QCOMPARE(policy.largeBlockPages, chosen);
        QCOMPARE(policy.smallPageWriteBytesPerSecond, 0.0);
    }

    // Without a setting the first writes of small pages are measured, and decide.
    void theMeasureChoosesThePages()
    {
        if (!QFile::exists(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled")))
            QSKIP("the kernel has no transparent huge pages");
        SmallPagesAfterwards restore;
        qunsetenv("LANESCOPE_PAGES");
        const LargeAllocationPolicy policy = applyLargeAllocationPolicy();
        QVERIFY(!policy.chosenByEnvironment);
        QVERIFY(policy.smallPageWriteBytesPerSecond > 0);
        const bool slow = policy.smallPageWriteBytesPerSecond < kSlowSmallPageWriteBytesPerSecond;
        QCOMPARE(policy.largeBlockPages, slow ? PageSize::Huge : PageSize::Small);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestLargeAllocations)
#include "tst_largeallocations.moc"
