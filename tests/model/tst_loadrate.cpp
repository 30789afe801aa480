#include "model/io/loadrate.h"
#include "testmain.h"

using namespace lanescope;

class TestLoadRate : public QObject
{
    Q_OBJECT

private slots:
    // Each row: reports (seconds, bytes done, records) against a 1000-byte load; -1: not known.
    void readsTheRecentRate_data()
    {
        QTest::addColumn<QList<QList<double>>>("reports");
        QTest::addColumn<double>("recordsPerSecond");
        QTest::addColumn<double>("bytesPerSecond");
        QTest::addColumn<double>("secondsLeft");
        QTest::newRow("one report") << QList<QList<double>>{{0.1, 100, 10}} << -1.0 << -1.0 << -1.0;
        QTest::newRow("too short a span")
            << QList<QList<double>>{{0.1, 100, 10}, {0.4, 200, 20}} << -1.0 << -1.0 << -1.0;
        QTest::newRow("steady") << QList<QList<double>>{{0, 0, 0}, {1, 100, 50}, {2, 200, 100}} << 50.0
                                << 100.0 << 8.0;
        // Only the last three seconds count: the slow start is forgotten.
        QTest::newRow("sped up") << QList<QList<double>>{{0, 0, 0},    {1, 10, 1},   {2, 20, 2},
                                                         {3, 120, 12}, {4, 220, 22}, {5, 320, 32}}
                                 << 10.0 << 100.0 << 6.8;
        QTest::newRow("no records counted")
            << QList<QList<double>>{{0, 0, 0}, {1, 500, 0}} << -1.0 << 500.0 << 1.0;
        QTest::newRow("done") << QList<QList<double>>{{0, 0, 0}, {1, 1000, 10}} << 10.0 << 1000.0 << 0.0;
        QTest::newRow("stalled") << QList<QList<double>>{{0, 100, 5}, {1, 100, 5}} << -1.0 << -1.0 << -1.0;
        // A clock that steps back reads as no time passing.
        QTest::newRow("time steps back")
            << QList<QList<double>>{{1, 0, 0}, {0.5, 100, 10}, {2, 200, 20}} << 20.0 << 200.0 << 4.0;
    }
    void readsTheRecentRate()
    {
        QFETCH(QList<QList<double>>, reports);
        QFETCH(double, recordsPerSecond);
        QFETCH(double, bytesPerSecond);
        QFETCH(double, secondsLeft);
        LoadRate rate;
        for (const QList<double> &r : reports)
            rate.add(r[0], std::int64_t(r[1]), 1000, std::int64_t(r[2]));
        const LoadRate::Reading reading = rate.reading();
        QCOMPARE(reading.recordsPerSecond.value_or(-1), recordsPerSecond);
        QCOMPARE(reading.bytesPerSecond.value_or(-1), bytesPerSecond);
        QCOMPARE(reading.secondsLeft.value_or(-1), secondsLeft);
    }
};

LANESCOPE_TEST_APPLESS_MAIN(TestLoadRate)
#include "tst_loadrate.moc"
