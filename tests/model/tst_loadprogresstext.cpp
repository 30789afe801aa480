#include "model/format/loadprogresstext.h"
#include "testmain.h"

#include <QLocale>

using namespace lanescope;

class TestLoadProgressText : public QObject
{
    Q_OBJECT

private slots:
    void readsAsTheBarSays_data()
    {
        QTest::addColumn<qint64>("done");
        QTest::addColumn<qint64>("total");
        QTest::addColumn<double>("recordsPerSecond"); // < 0: not known
        QTest::addColumn<double>("bytesPerSecond");
        QTest::addColumn<double>("secondsLeft");
        QTest::addColumn<QString>("text");
        constexpr qint64 kGiB = qint64(1) << 30;
        QTest::newRow("nothing known") << qint64(0) << qint64(0) << -1.0 << -1.0 << -1.0 << "";
        QTest::newRow("sizes only") << qint64(512) << kGiB << -1.0 << -1.0 << -1.0 << "512 B of 1 GiB";
        QTest::newRow("everything") << kGiB + kGiB / 5 << 7 * kGiB + kGiB / 2 << 1250000.0 << 700e6 << 6.2
                                    << QStringLiteral("1.2 GiB of 7.5 GiB · %1 rows/s · about 7 s left")
                                           .arg(QLocale().toString(qlonglong(1250000)));
        QTest::newRow("no records: bytes per second") << qint64(3) << kGiB << -1.0 << double(3 << 20) << 59.5
                                                      << "3 B of 1 GiB · 3 MiB/s · about 1 min left";
        QTest::newRow("minutes") << qint64(0) << kGiB << 10.0 << 1.0 << 125.0
                                 << "0 B of 1 GiB · 10 rows/s · about 2 min 5 s left";
        QTest::newRow("almost done reads a second") << kGiB - kGiB / 10 << kGiB << 10.0 << 1.0 << 0.0
                                                    << "921.6 MiB of 1 GiB · 10 rows/s · about 1 s left";
        QTest::newRow("every byte read")
            << kGiB << kGiB << 10.0 << 1.0 << 0.0 << "1 GiB read · laying out the timeline…";
        QTest::newRow("no total: no time left")
            << qint64(2048) << qint64(0) << 5.0 << 1.0 << 3.0 << "5 rows/s";
    }
    void readsAsTheBarSays()
    {
        QFETCH(qint64, done);
        QFETCH(qint64, total);
        QFETCH(double, recordsPerSecond);
        QFETCH(double, bytesPerSecond);
        QFETCH(double, secondsLeft);
        QFETCH(QString, text);
        auto known = [](double v) { return v < 0 ? std::nullopt : std::optional<double>(v); };
        const LoadRate::Reading rate{known(recordsPerSecond), known(bytesPerSecond), known(secondsLeft)};
        QCOMPARE(loadProgressText(done, total, rate), text);
    }
};

LANESCOPE_TEST_APPLESS_MAIN(TestLoadProgressText)
#include "tst_loadprogresstext.moc"
