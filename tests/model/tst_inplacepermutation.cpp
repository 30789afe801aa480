// Items permuted in place end where a copy taken in the same order puts them, whether they fit one
// block of the flag sort or span hundreds, and whatever the shape of the permutation's cycles.
#include "model/io/records/inplacepermutation.h"
#include "testmain.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

using namespace lanescope;

namespace {

// As large as a task row, so that blocks hold as many items as they do at load.
struct Row
{
    std::uint64_t id = 0;
    std::uint64_t payload[7] = {};
};
static_assert(sizeof(Row) == 64);

std::vector<std::uint32_t> permutation(const QString &shape, std::size_t n)
{
    std::vector<std::uint32_t> from(n);
    std::iota(from.begin(), from.end(), 0u);
    std::mt19937 random(20261206);
    if (shape == QLatin1String("reversed"))
        std::reverse(from.begin(), from.end());
    else if (shape == QLatin1String("shuffled"))
        std::shuffle(from.begin(), from.end(), random);
    else if (shape == QLatin1String("one long cycle") && n > 1)
        std::rotate(from.begin(), from.begin() + 1, from.end());
    else if (shape == QLatin1String("interleaved cores")) // task order takes rows written core by core
        for (std::size_t k = 0, perCore = n / 72; k < n; ++k)
            from[k] = std::uint32_t((k % 72) * perCore + k / 72); // n is a multiple of 72
    return from;
}

} // namespace

class TestInPlacePermutation : public QObject
{
    Q_OBJECT

private slots:
    void itemsEndWhereACopyPutsThem_data()
    {
        QTest::addColumn<QString>("shape");
        QTest::addColumn<int>("count");
        for (const QString shape : {"identity", "reversed", "shuffled", "one long cycle"})
            for (int count : {0, 1, 2, 1000, 16384, 16385, 200000})
                QTest::newRow(qPrintable(QStringLiteral("%1, %2 items").arg(shape).arg(count)))
                    << shape << count;
        QTest::newRow("interleaved cores") << QStringLiteral("interleaved cores") << 72 * 3000;
    }
    void itemsEndWhereACopyPutsThem()
    {
        QFETCH(QString, shape);
        QFETCH(int, count);
        const auto n = std::size_t(count);
        std::vector<std::uint32_t> from = permutation(shape, n);
        {
            std::vector<std::uint32_t> sorted = from;
            std::sort(sorted.begin(), sorted.end());
            for (std::size_t k = 0; k < n; ++k)
                QCOMPARE(sorted[k], std::uint32_t(k)); // the shape is a permutation
        }
        std::vector<Row> items(n);
        for (std::size_t i = 0; i < n; ++i) {
            items[i].id = i * 7 + 3;
            items[i].payload[6] = ~items[i].id;
        }
        std::vector<Row> expected(n);
        for (std::size_t k = 0; k < n; ++k)
            expected[k] = items[from[k]];
        permuteInPlace(items, from);
        for (std::size_t k = 0; k < n; ++k) {
            QCOMPARE(items[k].id, expected[k].id);
            QCOMPARE(items[k].payload[6], expected[k].payload[6]);
        }
    }
};

LANESCOPE_TEST_APPLESS_MAIN(TestInPlacePermutation)
#include "tst_inplacepermutation.moc"
