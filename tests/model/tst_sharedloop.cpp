#include "model/capture/sharedloop.h"
#include "testmain.h"

#include <future>
#include <thread>
#include <vector>

using namespace lanescope;

class TestSharedLoop : public QObject
{
    Q_OBJECT

private slots:
    void everyItemRunsExactlyOnce_data()
    {
        QTest::addColumn<int>("items");
        QTest::addColumn<int>("helpers");
        QTest::newRow("none, one helper") << 0 << 1;
        QTest::newRow("none, three helpers") << 0 << 3;
        QTest::newRow("one item, two helpers") << 1 << 2;
        QTest::newRow("fewer items than helpers") << 2 << 4;
        QTest::newRow("many items, two helpers") << 100000 << 2;
        QTest::newRow("many items, four helpers") << 100000 << 4;
    }

    void everyItemRunsExactlyOnce()
    {
        QFETCH(int, items);
        QFETCH(int, helpers);
        const auto count = std::size_t(items);
        std::vector<std::atomic<int>> runs(count);
        SharedLoop loop(count);
        auto work = [&](std::size_t i) { runs[i].fetch_add(1); };
        std::vector<std::future<void>> others;
        for (int h = 1; h < helpers; ++h)
            others.push_back(std::async(std::launch::async, [&] { loop.run(work); }));
        loop.run(work);
        for (auto &f : others)
            f.get();
        for (std::size_t i = 0; i < runs.size(); ++i)
            QCOMPARE(runs[i].load(), 1);
        // A helper that comes after the items are gone finds none.
        loop.run(work);
        for (std::size_t i = 0; i < runs.size(); ++i)
            QCOMPARE(runs[i].load(), 1);
    }

    void aLateHelperTakesWhatIsLeft()
    {
        // The first helper stops after its first item; the late one runs all the others.
        SharedLoop loop(5);
        std::vector<int> ranBy(5, 0);
        bool first = true;
        auto once = [&](std::size_t i) {
            ranBy[i] = 1;
            if (first) {
                first = false;
                throw 1; // leaves the loop after one item, as a cancelled helper would
            }
        };
        try {
            loop.run(once);
        } catch (int) {
        }
        auto late = [&](std::size_t i) { ranBy[i] = 2; };
        loop.run(late);
        QCOMPARE(ranBy, (std::vector<int>{1, 2, 2, 2, 2}));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestSharedLoop)
#include "tst_sharedloop.moc"
