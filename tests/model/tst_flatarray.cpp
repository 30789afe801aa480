// A flat array owns its records or views records something else keeps alive; a view is read in
// place, kept alive by every copy of it, and copied into memory of its own before any change.
#include "model/capture/flatarray.h"
#include "testmain.h"

#include <memory>
#include <vector>

using namespace lanescope;

namespace {

// Records in memory that the test can watch: `alive` turns false once no view keeps them.
struct KeptRecords
{
    std::shared_ptr<std::vector<int>> records;
    std::weak_ptr<std::vector<int>> alive;
};

KeptRecords keptRecords(std::vector<int> values)
{
    auto records = std::make_shared<std::vector<int>>(std::move(values));
    return {records, records};
}

FlatArray<int> viewOf(const std::shared_ptr<std::vector<int>> &records)
{
    return FlatArray<int>::view(records->data(), records->size(), records);
}

} // namespace

class TestFlatArray : public QObject
{
    Q_OBJECT

private slots:
    void aViewReadsWhereTheRecordsLie()
    {
        KeptRecords kept = keptRecords({3, 1, 4, 1, 5});
        const FlatArray<int> view = viewOf(kept.records);
        QVERIFY(view.isView());
        QCOMPARE(view.data(), kept.records->data());
        QCOMPARE(view.size(), std::size_t(5));
        QCOMPARE(view.at(2), 4);
        QCOMPARE(view.back(), 5);
        QCOMPARE(view.capacity(), std::size_t(0));     // nothing of its own
        QCOMPARE(view.memoryBytes(), 5 * sizeof(int)); // but as resident once read
        QVERIFY(view == FlatArray<int>({3, 1, 4, 1, 5}));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, view.at(5));
    }

    void everyCopyOfAViewKeepsItsRecordsAlive()
    {
        KeptRecords kept = keptRecords({7, 8});
        FlatArray<int> view = viewOf(kept.records);
        kept.records.reset();
        QVERIFY(!kept.alive.expired());
        FlatArray<int> copy = view;
        view = FlatArray<int>();
        QVERIFY(!kept.alive.expired());
        QCOMPARE(copy[1], 8);
        copy.clear();
        QVERIFY(kept.alive.expired());
    }

    // Each way of changing an array, on a view and on an array of its own, gives the same records,
    // and the viewed ones are never written through.
    void aChangeCopiesAViewFirst_data()
    {
        QTest::addColumn<int>("change");
        QTest::addColumn<std::vector<int>>("expected");
        QTest::newRow("write one") << 0 << std::vector<int>{1, 9, 3};
        QTest::newRow("push back") << 1 << std::vector<int>{1, 2, 3, 4};
        QTest::newRow("insert") << 2 << std::vector<int>{1, 5, 6, 2, 3};
        QTest::newRow("erase") << 3 << std::vector<int>{1};
        QTest::newRow("resize") << 4 << std::vector<int>{1, 2};
        QTest::newRow("pop back") << 5 << std::vector<int>{1, 2};
        QTest::newRow("mutable iteration") << 6 << std::vector<int>{2, 3, 4};
    }
    void aChangeCopiesAViewFirst()
    {
        QFETCH(int, change);
        QFETCH(std::vector<int>, expected);
        const auto apply = [change](FlatArray<int> &a) {
            const std::vector<int> more{5, 6};
            switch (change) {
            case 0:
                a[1] = 9;
                break;
            case 1:
                a.push_back(4);
                break;
            case 2:
                a.insert(a.cbegin() + 1, more.begin(), more.end());
                break;
            case 3:
                a.erase(a.cbegin() + 1, a.cend());
                break;
            case 4:
                a.resize(2);
                break;
            case 5:
                a.pop_back();
                break;
            case 6:
                for (int &v : a)
                    ++v;
                break;
            }
        };
        KeptRecords kept = keptRecords({1, 2, 3});
        FlatArray<int> view = viewOf(kept.records);
        kept.records.reset();
        FlatArray<int> owned({1, 2, 3});
        apply(view);
        apply(owned);
        QVERIFY(!view.isView());
        QVERIFY(kept.alive.expired()); // the copy no longer needs the viewed records
        QCOMPARE(std::vector<int>(view.begin(), view.end()), expected);
        QCOMPARE(std::vector<int>(owned.cbegin(), owned.cend()), expected);
    }

    void theViewedRecordsStayAsTheyWere()
    {
        KeptRecords kept = keptRecords({1, 2, 3});
        const std::shared_ptr<std::vector<int>> records = kept.records;
        FlatArray<int> view = viewOf(records);
        view[0] = 42;
        QCOMPARE((*records)[0], 1);
        QCOMPARE(view[0], 42);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestFlatArray)
#include "tst_flatarray.moc"
