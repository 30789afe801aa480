// Rows put in task order: by task id, then by each row's tie value, the same order whether the ids
// are dense enough for the counting sort or are sorted by comparison.
#include "model/io/records/taskorder.h"
#include "testmain.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <tuple>
#include <vector>

using namespace lanescope;

namespace {

using Ids = std::vector<std::uint64_t>;
using Ties = std::vector<std::uint32_t>;

constexpr std::uint64_t ring(std::uint64_t r)
{
    return r << 32;
}

// The order written out plainly: every row compared with every other.
std::vector<std::uint32_t> expectedOrder(const Ids &ids, const Ties &ties)
{
    std::vector<std::uint32_t> rows(ids.size());
    std::iota(rows.begin(), rows.end(), 0u);
    std::sort(rows.begin(), rows.end(), [&](std::uint32_t a, std::uint32_t b) {
        return std::tie(ids[a], ties[a]) < std::tie(ids[b], ties[b]);
    });
    return rows;
}

// Ties that differ from file order: reversed, so that a sort that kept file order would be caught.
Ties reversedTies(std::size_t n)
{
    Ties ties(n);
    for (std::size_t i = 0; i < n; ++i)
        ties[i] = std::uint32_t(n - 1 - i);
    return ties;
}

bool countable(const Ids &ids)
{
    return !TaskIdSlots::of(
                ids.size(), [&](std::size_t i) { return ids[i]; }, taskorder_detail::kSlotsPerRow)
                .empty();
}

} // namespace

Q_DECLARE_METATYPE(Ids)

class TestTaskOrder : public QObject
{
    Q_OBJECT

private slots:
    void rowsFollowTheirTaskIdsThenTheirTies_data()
    {
        QTest::addColumn<Ids>("ids");
        QTest::addColumn<bool>("counted"); // dense enough for the counting sort
        QTest::newRow("one row") << Ids{ring(2) | 7} << true;
        QTest::newRow("already in order") << Ids{1, 2, 3, 4} << true;
        QTest::newRow("descending") << Ids{9, 8, 7, 6, 5} << true;
        QTest::newRow("rings interleaved, as cores write them")
            << Ids{ring(0) | 1, ring(3) | 25, ring(2) | 18, ring(0) | 2, ring(3) | 26, ring(2) | 17} << true;
        QTest::newRow("blocks of one task share an id")
            << Ids{ring(1) | 5, ring(1) | 4, ring(1) | 5, ring(1) | 5, ring(1) | 4} << true;
        QTest::newRow("every row the same id") << Ids(50, ring(4) | 3) << true;
        QTest::newRow("ids at the top of the range")
            << Ids{~std::uint64_t(0), ring(0xFFFFFFFFu) | 0xFFFFFFFEu, 0, ~std::uint64_t(0)} << true;
        QTest::newRow("sparse local ids") << Ids{ring(1) | 0, ring(1) | 3'000'000'000u, ring(1) | 5} << false;
        QTest::newRow("wrapped negative ids")
            << Ids{~std::uint64_t(0) - 4, 3, ~std::uint64_t(0) - 9, 4} << true;
        Ids manyRings;
        for (std::uint64_t r = 0; r < 70; ++r)
            manyRings.push_back(ring(70 - r) | r);
        QTest::newRow("more rings than slots are kept for") << manyRings << false;
    }
    void rowsFollowTheirTaskIdsThenTheirTies()
    {
        QFETCH(Ids, ids);
        QFETCH(bool, counted);
        QCOMPARE(countable(ids), counted);
        const Ties ties = reversedTies(ids.size());
        const auto from = taskOrder(
            ids.size(), [&](std::size_t i) { return ids[i]; }, [&](std::size_t i) { return ties[i]; });
        QCOMPARE(from, expectedOrder(ids, ties));
    }

    void bothSortsAgreeOnALargeCapture()
    {
        // Four rings of dense local ids, each task run as one to four blocks, rows shuffled as cores
        // would write them, ties shuffled too.
        std::mt19937_64 random(20261206);
        Ids ids;
        for (std::uint64_t r = 0; r < 4; ++r)
            for (std::uint32_t local = 0; local < 20000; ++local)
                for (std::uint64_t b = 0, blocks = 1 + random() % 4; b < blocks; ++b)
                    ids.push_back(ring(r) | (local + 1000 * r));
        std::shuffle(ids.begin(), ids.end(), random);
        Ties ties(ids.size());
        std::iota(ties.begin(), ties.end(), 0u);
        std::shuffle(ties.begin(), ties.end(), random);
        QVERIFY(countable(ids));
        auto idOf = [&](std::size_t i) { return ids[i]; };
        auto tieOf = [&](std::size_t i) { return ties[i]; };
        const auto counted = taskOrder(ids.size(), idOf, tieOf);
        QCOMPARE(counted, taskorder_detail::comparisonOrder(ids.size(), idOf, tieOf));
        QCOMPARE(counted, expectedOrder(ids, ties));
    }

    void noRowsNoOrder()
    {
        QVERIFY(taskOrder(
                    0, [](std::size_t) { return std::uint64_t(0); }, [](std::size_t) { return 0u; })
                    .empty());
    }
};

LANESCOPE_TEST_APPLESS_MAIN(TestTaskOrder)
#include "tst_taskorder.moc"
