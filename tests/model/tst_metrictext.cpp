#include "model/format/metrictext.h"
#include "testmain.h"

#include <cmath>
#include <limits>

using namespace lanescope;

Q_DECLARE_METATYPE(std::optional<double>)

// The one formatter behind the comparison table, the techniques panel, `lanescope compare` and the
// reports: a row here is what every one of them prints.
class TestMetricText : public QObject
{
    Q_OBJECT

    static std::optional<double> none() { return std::nullopt; }

private slots:
    void formatsValues_data()
    {
        QTest::addColumn<std::optional<double>>("value");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<QString>("text");
        using V = std::optional<double>;
        QTest::newRow("µs below a millisecond") << V(1.04834) << "µs"
                                                << "1.048 µs";
        QTest::newRow("µs in milliseconds") << V(22941.0) << "µs"
                                            << "22.941 ms";
        QTest::newRow("µs in nanoseconds") << V(0.85) << "µs"
                                           << "850 ns";
        QTest::newRow("µs in seconds") << V(2.5e6) << "µs"
                                       << "2.5 s";
        QTest::newRow("us spelled in ASCII") << V(1500.0) << "us"
                                             << "1.5 ms";
        QTest::newRow("zero time") << V(0.0) << "µs"
                                   << "0 µs";
        QTest::newRow("negative time") << V(-3.0) << "µs"
                                       << "−3 µs";
        QTest::newRow("count") << V(2048.0) << "tasks"
                               << "2048 tasks";
        QTest::newRow("large count, no separator") << V(120660.0) << "tasks"
                                                   << "120660 tasks";
        QTest::newRow("one ring, singular") << V(1.0) << "rings"
                                            << "1 ring";
        QTest::newRow("one task, singular") << V(1.0) << "tasks"
                                            << "1 task";
        QTest::newRow("two rings, plural") << V(2.0) << "rings"
                                           << "2 rings";
        QTest::newRow("no ring, plural") << V(0.0) << "rings"
                                         << "0 rings";
        QTest::newRow("fractional count") << V(1.04834) << "bars"
                                          << "1.048 bars";
        QTest::newRow("large fraction, no exponent") << V(120660.4) << "bars"
                                                     << "120660 bars";
        QTest::newRow("small fraction") << V(0.012346) << "bars"
                                        << "0.01235 bars";
        QTest::newRow("tiny fraction, no exponent") << V(0.0000123456) << "bars"
                                                    << "0.00001235 bars";
        QTest::newRow("rounding noise reads zero") << V(1.066e-14) << "bars"
                                                   << "0 bars";
        QTest::newRow("huge, no exponent") << V(2.5e16 + 0.5) << ""
                                           << "25000000000000000";
        QTest::newRow("share as percent") << V(0.4567) << "share"
                                          << "45.7 %";
        QTest::newRow("percent") << V(12.34) << "%"
                                 << "12.3 %";
        QTest::newRow("ratio has no unit") << V(0.25) << "ratio"
                                           << "0.25";
        QTest::newRow("flag has no unit") << V(1.0) << "flag"
                                          << "1";
        QTest::newRow("no unit") << V(3.0) << ""
                                 << "3";
        QTest::newRow("absent") << none() << "µs"
                                << "–";
        QTest::newRow("not a number") << V(std::nan("")) << "µs"
                                      << "–";
        QTest::newRow("infinite") << V(std::numeric_limits<double>::infinity()) << "tasks"
                                  << "–";
    }
    void formatsValues()
    {
        QFETCH(std::optional<double>, value);
        QFETCH(QString, unit);
        QFETCH(QString, text);
        QCOMPARE(formatMetricValue(value, unit), text);
    }

    void formatsChanges_data()
    {
        QTest::addColumn<std::optional<double>>("delta");
        QTest::addColumn<std::optional<double>>("relative");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<QString>("text");
        using V = std::optional<double>;
        QTest::newRow("time falls") << V(-1536.0) << V(-0.125) << "µs"
                                    << "−1.536 ms (−12.5 %)";
        QTest::newRow("time rises") << V(0.5) << V(0.02) << "µs"
                                    << "+500 ns (+2.0 %)";
        QTest::newRow("no change") << V(0.0) << V(0.0) << "tasks"
                                   << "0 tasks (0.0 %)";
        QTest::newRow("count without relative") << V(-1536.0) << none() << "tasks"
                                                << "−1536 tasks";
        QTest::newRow("one ring more") << V(1.0) << none() << "rings"
                                       << "+1 ring";
        QTest::newRow("one task fewer") << V(-1.0) << none() << "tasks"
                                        << "−1 task";
        QTest::newRow("share in points") << V(0.041) << V(0.1) << "share"
                                         << "+4.1 pp (+10.0 %)";
        QTest::newRow("percent in points") << V(-2.0) << none() << "%"
                                           << "−2.0 pp";
        QTest::newRow("absent") << none() << V(0.5) << "µs"
                                << "–";
        QTest::newRow("rounding noise, no exponent") << V(-2.665e-15) << none() << ""
                                                     << "0";
        QTest::newRow("a time too small to show has no sign") << V(-1e-12) << none() << "µs"
                                                              << "0 ns";
        QTest::newRow("relative not a number") << V(1.0) << V(std::nan("")) << "ratio"
                                               << "+1";
    }
    void formatsChanges()
    {
        QFETCH(std::optional<double>, delta);
        QFETCH(std::optional<double>, relative);
        QFETCH(QString, unit);
        QFETCH(QString, text);
        QCOMPARE(formatMetricChange(delta, relative, unit), text);
        if (!relative)
            QCOMPARE(formatMetricDelta(delta, unit), text);
    }
};

LANESCOPE_TEST_APPLESS_MAIN(TestMetricText)
#include "tst_metrictext.moc"
