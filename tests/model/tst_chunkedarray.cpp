// Records appended in chunks: every record reads back where it was put across chunk boundaries,
// and a stream taken chunk by chunk hands over each record once, in order, and keeps none.
#include "model/capture/chunkedarray.h"
#include "testmain.h"

#include <cstdint>
#include <vector>

using namespace lanescope;

namespace {

using Chunked = ChunkedArray<std::uint64_t>;
constexpr std::size_t kChunk = Chunked::kChunkSize;

Chunked counting(std::size_t n)
{
    Chunked a;
    for (std::size_t i = 0; i < n; ++i)
        a.push_back(i * 3 + 1);
    return a;
}

} // namespace

class TestChunkedArray : public QObject
{
    Q_OBJECT

private slots:
    void recordsReadBackWhereTheyWerePut_data()
    {
        QTest::addColumn<qulonglong>("count");
        QTest::newRow("empty") << qulonglong(0);
        QTest::newRow("one") << qulonglong(1);
        QTest::newRow("inside the first chunk") << qulonglong(1000);
        QTest::newRow("exactly one chunk") << qulonglong(kChunk);
        QTest::newRow("one past a chunk") << qulonglong(kChunk + 1);
        QTest::newRow("three chunks and a bit") << qulonglong(3 * kChunk + 17);
    }
    void recordsReadBackWhereTheyWerePut()
    {
        QFETCH(qulonglong, count);
        const Chunked a = counting(count);
        QCOMPARE(a.size(), std::size_t(count));
        QCOMPARE(a.empty(), count == 0);
        for (std::size_t i = 0; i < count; ++i)
            if (a[i] != i * 3 + 1)
                QFAIL(qPrintable(QStringLiteral("record %1 reads %2").arg(i).arg(a[i])));
        std::size_t walked = 0;
        for (const std::uint64_t v : a)
            QCOMPARE(v, walked++ * 3 + 1);
        QCOMPARE(walked, std::size_t(count));
        if (count > 0) {
            QCOMPARE(a.front(), std::uint64_t(1));
            QCOMPARE(a.back(), (count - 1) * 3 + 1);
        }
    }

    void theSlackIsAtMostOneChunk_data() { recordsReadBackWhereTheyWerePut_data(); }
    void theSlackIsAtMostOneChunk()
    {
        QFETCH(qulonglong, count);
        const Chunked a = counting(count);
        const std::size_t held = a.capacityBytes() / sizeof(std::uint64_t);
        QVERIFY(held >= count);
        QVERIFY2(held - count < kChunk,
                 qPrintable(QStringLiteral("%1 records held for %2").arg(held).arg(count)));
    }

    void consumingHandsOverEveryRecordOnceAndKeepsNone_data() { recordsReadBackWhereTheyWerePut_data(); }
    void consumingHandsOverEveryRecordOnceAndKeepsNone()
    {
        QFETCH(qulonglong, count);
        Chunked a = counting(count);
        std::vector<std::uint64_t> taken;
        a.consume([&taken](std::uint64_t v) { taken.push_back(v); });
        QCOMPARE(taken.size(), std::size_t(count));
        for (std::size_t i = 0; i < taken.size(); ++i)
            QCOMPARE(taken[i], i * 3 + 1);
        QVERIFY(a.empty());
        QCOMPARE(a.capacityBytes(), std::size_t(0));
    }

    void takingAllGivesOneExactArray_data() { recordsReadBackWhereTheyWerePut_data(); }
    void takingAllGivesOneExactArray()
    {
        QFETCH(qulonglong, count);
        Chunked a = counting(count);
        const std::vector<std::uint64_t> all = a.takeAll();
        QCOMPARE(all.size(), std::size_t(count));
        QCOMPARE(all.capacity(), std::size_t(count));
        for (std::size_t i = 0; i < all.size(); ++i)
            QCOMPARE(all[i], i * 3 + 1);
        QVERIFY(a.empty());
        QCOMPARE(a.capacityBytes(), std::size_t(0));
    }

    // Taking millions of records writes fresh memory for a while: a cancelled load stops it.
    void takingAllHearsACancel()
    {
        std::atomic<bool> cancel{true};
        const CancelScope scope(&cancel);
        Chunked a = counting(3 * kChunk);
        QVERIFY_THROWS_EXCEPTION(OperationCancelled, a.takeAll());
    }

    void appendingAddsTheOtherInOrder()
    {
        Chunked a = counting(kChunk - 2);
        const Chunked b = {7, 8, 9, 10};
        a.append(b);
        QCOMPARE(a.size(), kChunk + 2);
        QCOMPARE(a[kChunk - 3], (kChunk - 3) * 3 + 1);
        QCOMPARE(a[kChunk - 2], std::uint64_t(7));
        QCOMPARE(a[kChunk + 1], std::uint64_t(10));
        QCOMPARE(b.size(), std::size_t(4));
    }

    void aMovedFromArrayIsEmpty()
    {
        Chunked a = counting(kChunk + 5);
        Chunked b = std::move(a);
        QCOMPARE(b.size(), kChunk + 5);
        QVERIFY(a.empty()); // NOLINT(bugprone-use-after-move): what a move leaves is the point
        Chunked c;
        c = std::move(b);
        QVERIFY(b.empty()); // NOLINT(bugprone-use-after-move)
        QCOMPARE(c[kChunk + 4], (kChunk + 4) * 3 + 1);
        a.push_back(42); // usable again
        QCOMPARE(a.size(), std::size_t(1));
        QCOMPARE(a[0], std::uint64_t(42));
    }

    void writesGoToTheRecord()
    {
        Chunked a = counting(kChunk + 2);
        a[kChunk + 1] = 99;
        QCOMPARE(a[kChunk + 1], std::uint64_t(99));
        QCOMPARE(a[kChunk], kChunk * 3 + 1);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestChunkedArray)
#include "tst_chunkedarray.moc"
