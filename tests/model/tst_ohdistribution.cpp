#include "analysiscapture.h"
#include "model/analysis/ohdistribution.h"
#include "testmain.h"

#include <algorithm>

using namespace lanescope;

Q_DECLARE_METATYPE(std::vector<double>)

class TestOhDistribution : public QObject
{
    Q_OBJECT

private slots:
    void percentileRule_data()
    {
        QTest::addColumn<std::vector<double>>("values");
        QTest::addColumn<std::vector<double>>("percentiles"); // p10 p25 p50 p75 p90 p95 p99
        QTest::addColumn<double>("max");
        QTest::addColumn<double>("mean");
        QTest::addColumn<double>("total");
        // n = 10: indices floor(10·p/100) = 1, 2, 5, 7, 9, 9, 9.
        QTest::newRow("1..10 shuffled") << std::vector<double>{7, 3, 10, 1, 9, 2, 8, 4, 6, 5}
                                        << std::vector<double>{2, 3, 6, 8, 10, 10, 10} << 10.0 << 5.5 << 55.0;
        // n = 3: indices 0, 0, 1, 2, 2, 2, 2.
        QTest::newRow("three") << std::vector<double>{3, 1, 2} << std::vector<double>{1, 1, 2, 3, 3, 3, 3}
                               << 3.0 << 2.0 << 6.0;
        QTest::newRow("one") << std::vector<double>{4} << std::vector<double>(7, 4.0) << 4.0 << 4.0 << 4.0;
        // n = 20: indices 2, 5, 10, 15, 18, 19, 19 (p99: floor(19.8) = 19).
        std::vector<double> twenty;
        for (int i = 0; i < 20; ++i)
            twenty.push_back(i * 0.5);
        QTest::newRow("twenty halves")
            << twenty << std::vector<double>{1, 2.5, 5, 7.5, 9, 9.5, 9.5} << 9.5 << 4.75 << 95.0;
    }
    void percentileRule()
    {
        QFETCH(std::vector<double>, values);
        QFETCH(std::vector<double>, percentiles);
        QFETCH(double, max);
        QFETCH(double, mean);
        QFETCH(double, total);
        const Distribution d = distributionOf(values);
        QCOMPARE(d.n, values.size());
        for (std::size_t i = 0; i < percentiles.size(); ++i)
            QCOMPARE(d.percentileUs[i], percentiles[i]);
        QCOMPARE(d.maxUs, max);
        QCOMPARE(d.meanUs, mean);
        QCOMPARE(d.totalUs, total);
    }

    void emptyIsCountZero() { QCOMPARE(distributionOf({}).n, std::size_t(0)); }

    void headUsesPreviousEndWhenCoreWasBusy()
    {
        // Core 0 by start: A dispatched 0 starts 1 (head 1, first row); B dispatched 2 starts 5
        // after A's end 4 (min(3, 1) = 1); C dispatched 8 starts 9 after B's end 7 (min(1, 2) = 1).
        // Core 1: D starts 0.5 but was dispatched at 1 (clock skew: clamped to 0); E dispatched 1
        // starts 3 right at D's end (min(2, 0) = 0).
        const Capture c =
            captureOf({row(1, 0, AIC, 0, 1, 4, 5), row(2, 0, AIC, 2, 5, 7, 7.5), row(3, 0, AIC, 8, 9, 10, 12),
                       row(4, 1, AIV, 1, 0.5, 3, 3), row(5, 1, AIV, 1, 3, 6, 5)},
                      {});
        std::vector<double> heads = headOverheads(buildAnalysisInput(c, std::nullopt));
        std::sort(heads.begin(), heads.end());
        QCOMPARE(heads, (std::vector<double>{0, 0, 1, 1, 1}));
        // Tails: 1, 0.5, 2, 0, and E finishing before its end clamps to 0.
        std::vector<double> tails = tailOverheads(buildAnalysisInput(c, std::nullopt));
        std::sort(tails.begin(), tails.end());
        QCOMPARE(tails, (std::vector<double>{0, 0, 0.5, 1, 2}));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestOhDistribution)
#include "tst_ohdistribution.moc"
