#include "testmain.h"
#include "widgets/text/timeformat.h"

#include <cmath>

using namespace lanescope;

class TestTimeFormat : public QObject
{
    Q_OBJECT

private slots:
    void formatsDurations_data()
    {
        QTest::addColumn<double>("us");
        QTest::addColumn<QString>("text");
        QTest::newRow("nanoseconds") << 0.85 << QStringLiteral("850 ns");
        QTest::newRow("sub-nanosecond") << 0.0005 << QStringLiteral("0.5 ns");
        QTest::newRow("microseconds") << 12.345 << QStringLiteral("12.345 µs");
        QTest::newRow("rounded to three decimals") << 12.34567 << QStringLiteral("12.346 µs");
        QTest::newRow("milliseconds") << 1500.0 << QStringLiteral("1.5 ms");
        QTest::newRow("seconds") << 2.5e6 << QStringLiteral("2.5 s");
        QTest::newRow("zero") << 0.0 << QStringLiteral("0 µs");
        QTest::newRow("negative") << -3.0 << QStringLiteral("-3 µs");
        QTest::newRow("exactly one ms") << 1000.0 << QStringLiteral("1 ms");
    }
    void formatsDurations()
    {
        QFETCH(double, us);
        QFETCH(QString, text);
        QCOMPARE(formatDuration(us), text);
    }

    void columnUnitFollowsTheMedian_data()
    {
        QTest::addColumn<QVector<double>>("values");
        QTest::addColumn<int>("unit");
        QTest::newRow("mostly µs, one ns") << QVector<double>{0.5, 1.6, 2.0} << int(TimeUnit::Us);
        QTest::newRow("mostly ns") << QVector<double>{0.5, 0.2, 2.0} << int(TimeUnit::Ns);
        QTest::newRow("ms") << QVector<double>{754.0, 2494.0, 3000.0} << int(TimeUnit::Ms);
        QTest::newRow("negative deltas by magnitude")
            << QVector<double>{-1500.0, 2000.0, -3.0} << int(TimeUnit::Ms);
        QTest::newRow("nothing finite") << QVector<double>{qQNaN()} << int(TimeUnit::Us);
        QTest::newRow("empty") << QVector<double>{} << int(TimeUnit::Us);
        QTest::newRow("zeros") << QVector<double>{0.0, 0.0} << int(TimeUnit::Us);
    }
    void columnUnitFollowsTheMedian()
    {
        QFETCH(QVector<double>, values);
        QFETCH(int, unit);
        QCOMPARE(int(columnUnit(std::vector<double>(values.begin(), values.end()))), unit);
    }

    void formatsInAGivenUnit_data()
    {
        QTest::addColumn<double>("us");
        QTest::addColumn<int>("unit");
        QTest::addColumn<int>("decimals");
        QTest::addColumn<QString>("text");
        QTest::newRow("ms, 1 decimal") << 500.0 << int(TimeUnit::Ms) << 1 << QStringLiteral("0.5 ms");
        QTest::newRow("ns") << 1000.005 << int(TimeUnit::Ns) << 0 << QStringLiteral("1000005 ns");
        QTest::newRow("us, 2 decimals") << 12.5 << int(TimeUnit::Us) << 2 << QStringLiteral("12.50 µs");
        QTest::newRow("no negative zero") << -0.0001 << int(TimeUnit::Us) << 2 << QStringLiteral("0.00 µs");
        QTest::newRow("s") << 3e6 << int(TimeUnit::S) << 0 << QStringLiteral("3 s");
    }
    void formatsInAGivenUnit()
    {
        QFETCH(double, us);
        QFETCH(int, unit);
        QFETCH(int, decimals);
        QFETCH(QString, text);
        QCOMPARE(formatTime(us, TimeUnit(unit), decimals), text);
    }

    void formatsTableCells_data()
    {
        QTest::addColumn<double>("us");
        QTest::addColumn<int>("unit");
        QTest::addColumn<bool>("signedChange");
        QTest::addColumn<QString>("text");
        QTest::newRow("µs column") << 12.5 << int(TimeUnit::Us) << false << QStringLiteral("12.500");
        QTest::newRow("a nanosecond value in a µs column")
            << 0.85 << int(TimeUnit::Us) << false << QStringLiteral("0.850");
        QTest::newRow("ns column, one decimal")
            << 0.85 << int(TimeUnit::Ns) << false << QStringLiteral("850.0");
        QTest::newRow("ms column") << 1536.0 << int(TimeUnit::Ms) << false << QStringLiteral("1.536");
        QTest::newRow("negative") << -3.0 << int(TimeUnit::Us) << false << QStringLiteral("-3.000");
        QTest::newRow("change, slower") << 2.5 << int(TimeUnit::Us) << true << QStringLiteral("+2.500");
        QTest::newRow("change, faster") << -0.8 << int(TimeUnit::Us) << true << QStringLiteral("−0.800");
        QTest::newRow("no change") << 0.0 << int(TimeUnit::Us) << true << QStringLiteral("0.000");
        QTest::newRow("rounds to zero from below")
            << -0.0001 << int(TimeUnit::Us) << true << QStringLiteral("0.000");
        QTest::newRow("not a number") << std::nan("") << int(TimeUnit::Us) << false << QStringLiteral("–");
    }
    void formatsTableCells()
    {
        QFETCH(double, us);
        QFETCH(int, unit);
        QFETCH(bool, signedChange);
        QFETCH(QString, text);
        QCOMPARE(formatTimeCell(us, TimeUnit(unit), signedChange ? TimeSign::Always : TimeSign::Negative),
                 text);
    }

    void namesTheUnitInTheHeader()
    {
        QCOMPARE(timeColumnHeader(QStringLiteral("Mean Δ"), TimeUnit::Us), QStringLiteral("Mean Δ (µs)"));
        QCOMPARE(timeColumnHeader(QStringLiteral("Avg tail"), TimeUnit::Ns), QStringLiteral("Avg tail (ns)"));
    }

    void picksNaturalUnits_data()
    {
        QTest::addColumn<double>("us");
        QTest::addColumn<int>("unit");
        QTest::newRow("0.5 us") << 0.5 << int(TimeUnit::Ns);
        QTest::newRow("1 us") << 1.0 << int(TimeUnit::Us);
        QTest::newRow("999 us") << 999.0 << int(TimeUnit::Us);
        QTest::newRow("1000 us") << 1000.0 << int(TimeUnit::Ms);
        QTest::newRow("-2000 us") << -2000.0 << int(TimeUnit::Ms);
        QTest::newRow("1e6 us") << 1e6 << int(TimeUnit::S);
    }
    void picksNaturalUnits()
    {
        QFETCH(double, us);
        QFETCH(int, unit);
        QCOMPARE(int(naturalUnit(us)), unit);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestTimeFormat)
#include "tst_timeformat.moc"
