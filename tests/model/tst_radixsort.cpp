// The linear sort by a double key (model/capture/radixsort.h) against std::stable_sort: the same
// items in the same order, for keys of every sign and size, ties and already sorted input.

#include "model/capture/radixsort.h"
#include "testmain.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

using namespace lanescope;

namespace {

struct Item
{
    double key = 0;
    int position = 0; // where it was before sorting: shows stability
    bool operator==(const Item &o) const
    {
        return position == o.position && std::memcmp(&key, &o.key, sizeof key) == 0;
    }
};

using Keys = std::vector<double>;

std::vector<Item> itemsOf(const Keys &keys)
{
    std::vector<Item> items;
    for (const double k : keys)
        items.push_back({k, int(items.size())});
    return items;
}

Keys randomKeys(std::size_t n, double scale, bool ties)
{
    std::mt19937_64 random(11);
    std::uniform_real_distribution<double> uniform(-scale, scale);
    Keys keys(n);
    for (double &k : keys)
        k = ties ? std::round(uniform(random) / scale * 50) : uniform(random);
    return keys;
}

} // namespace

class TestRadixSort : public QObject
{
    Q_OBJECT

private slots:
    void sortsAsAStableSortByKey_data()
    {
        QTest::addColumn<Keys>("keys");
        const double inf = std::numeric_limits<double>::infinity();
        QTest::newRow("empty") << Keys{};
        QTest::newRow("one") << Keys{3.5};
        QTest::newRow("signs, zeros, infinities")
            << Keys{2.0, -1.0, inf, 0.0, -inf, 1e-300, -1e300, 5e-324, -2.5, 1.0, 0.0};
        QTest::newRow("ties keep their order") << randomKeys(100'000, 1000, true);
        QTest::newRow("microseconds of a long run") << randomKeys(200'000, 3.6e9, false);
        QTest::newRow("tiny differences") << [] {
            Keys k = randomKeys(50'000, 1, false);
            for (double &x : k)
                x = 1e6 + x * 1e-9; // keys that differ only in their lowest bits
            return k;
        }();
        QTest::newRow("already sorted") << [] {
            Keys k = randomKeys(50'000, 100, false);
            std::sort(k.begin(), k.end());
            return k;
        }();
        QTest::newRow("descending") << [] {
            Keys k = randomKeys(50'000, 100, false);
            std::sort(k.begin(), k.end(), std::greater<>());
            return k;
        }();
    }
    void sortsAsAStableSortByKey()
    {
        QFETCH(Keys, keys);
        std::vector<Item> expected = itemsOf(keys);
        std::stable_sort(expected.begin(), expected.end(), [](const Item &a, const Item &b) {
            // -0.0 before +0.0, as the radix sort orders them
            return a.key < b.key || (a.key == b.key && std::signbit(a.key) && !std::signbit(b.key));
        });
        std::vector<Item> sorted = itemsOf(keys);
        radixSortByDouble(sorted, [](const Item &i) { return i.key; });
        QVERIFY(sorted == expected);
    }

    void negativeZeroSortsBeforePositiveZero()
    {
        std::vector<double> v{0.0, -0.0, 0.0};
        radixSortByDouble(v, [](double x) { return x; });
        QVERIFY(std::signbit(v[0]));
        QVERIFY(!std::signbit(v[1]) && !std::signbit(v[2]));
    }

    void hearsACancel()
    {
        std::atomic<bool> cancel{true};
        const CancelScope scope(&cancel);
        std::vector<double> v = randomKeys(100'000, 10, false);
        QVERIFY_THROWS_EXCEPTION(OperationCancelled, radixSortByDouble(v, [](double x) { return x; }));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestRadixSort)
#include "tst_radixsort.moc"
