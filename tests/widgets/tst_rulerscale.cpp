#include "testmain.h"
#include "widgets/render/rulerscale.h"

using namespace lanescope;

namespace {
// Every character 7 px wide: widths computed by hand below.
int sevenPxPerChar(const QString &s)
{
    return int(s.size()) * 7;
}
} // namespace

class TestRulerScale : public QObject
{
    Q_OBJECT

private slots:
    void choosesReadableSteps_data()
    {
        QTest::addColumn<double>("t0");
        QTest::addColumn<double>("t1");
        QTest::addColumn<int>("width");
        QTest::addColumn<double>("step");
        QTest::addColumn<int>("unit");
        QTest::addColumn<int>("decimals");
        QTest::addColumn<double>("probe");
        QTest::addColumn<QString>("label");
        // 1 px/µs. Labels are in ms (largest time is 1000 µs): "1.0 ms" is 42 px + 24 gap = 66 px,
        // so 50 µs steps are too dense and 100 µs steps fit.
        QTest::newRow("1ms over 1000px")
            << 0.0 << 1000.0 << 1000 << 100.0 << int(TimeUnit::Ms) << 1 << 500.0 << QStringLiteral("0.5 ms");
        // 100 px/ns. ms labels would need six decimals, so µs with three: "1000.010 µs" is
        // 77 + 24 = 101 px, just more than 1 ns steps give (100 px) -> 2 ns steps.
        QTest::newRow("10ns at 1ms") << 1000.0 << 1000.01 << 1000 << 0.002 << int(TimeUnit::Us) << 3
                                     << 1000.004 << QStringLiteral("1000.004 µs");
        // 100 px/ns near zero: ns labels. "10 ns" is 35 + 24 = 59 px -> 1 ns steps (100 px).
        QTest::newRow("10ns at 0") << 0.0 << 0.01 << 1000 << 0.001 << int(TimeUnit::Ns) << 0 << 0.005
                                   << QStringLiteral("5 ns");
        // 0.1 px/µs over 10 ms: "10 ms" is 35 + 24 = 59 px -> 1 ms steps (100 px); 0.5 ms would need
        // a decimal ("10.0 ms", 73 px > 50 px).
        QTest::newRow("10ms over 1000px")
            << 0.0 << 10000.0 << 1000 << 1000.0 << int(TimeUnit::Ms) << 0 << 3000.0 << QStringLiteral("3 ms");
        // 1 px/µs over [2, 202] µs, labels in µs: "202 µs" is 42 + 24 = 66 px -> 100 µs steps.
        QTest::newRow("microseconds")
            << 2.0 << 202.0 << 200 << 100.0 << int(TimeUnit::Us) << 0 << 100.0 << QStringLiteral("100 µs");
    }
    void choosesReadableSteps()
    {
        QFETCH(double, t0);
        QFETCH(double, t1);
        QFETCH(int, width);
        QFETCH(double, step);
        QFETCH(int, unit);
        QFETCH(int, decimals);
        QFETCH(double, probe);
        QFETCH(QString, label);
        const RulerScale scale = chooseRulerScale({t0, t1}, width, sevenPxPerChar);
        QCOMPARE_LE(std::abs(scale.majorStepUs - step), step * 1e-9);
        QCOMPARE(int(scale.unit), unit);
        QCOMPARE(scale.decimals, decimals);
        QCOMPARE(scale.label(probe), label);
    }

    void listsTicksInsideTheRange()
    {
        RulerScale scale;
        scale.majorStepUs = 100;
        scale.minorStepUs = 20;
        const std::vector<double> major = scale.majorTicks({-30, 310});
        QCOMPARE(major, (std::vector<double>{0, 100, 200, 300}));
        const std::vector<double> minor = scale.minorTicks({10, 70});
        QCOMPARE(minor, (std::vector<double>{20, 40, 60}));
    }

    void survivesDegenerateRanges()
    {
        RulerScale scale;
        scale.majorStepUs = 1e-9;
        QVERIFY(scale.majorTicks({0, 1e6}).empty()); // would be 1e15 ticks
        QVERIFY(scale.majorTicks({5, 5}).empty());
        const RulerScale fallback = chooseRulerScale({5, 5}, 100, sevenPxPerChar);
        QCOMPARE_GT(fallback.majorStepUs, 0.0);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestRulerScale)
#include "tst_rulerscale.moc"
