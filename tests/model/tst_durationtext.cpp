// The one precision rule for times (durationtext.h): times read together share a unit and their
// decimals, ruler ticks take the decimals of their step, and no time is ever written with an
// exponent.

#include "model/format/durationtext.h"
#include "testmain.h"

#include <QRegularExpression>

using namespace lanescope;

namespace {

// The decimals of a formatted time: the digits after its point.
int decimalsOf(const QString &text)
{
    const QString number = text.section(u' ', 0, 0);
    const qsizetype point = number.indexOf(u'.');
    return point < 0 ? 0 : int(number.size() - point - 1);
}

QStringList texts(const QVector<double> &valuesUs)
{
    return formatTimes(std::vector<double>(valuesUs.begin(), valuesUs.end()));
}

} // namespace

class TestDurationText : public QObject
{
    Q_OBJECT

private slots:
    // A start and an end, or any times read together, print in one unit with one count of decimals.
    void timesReadTogetherSharePrecision_data()
    {
        QTest::addColumn<QVector<double>>("valuesUs");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("a trailing zero is kept beside a value that needs it")
            << QVector<double>{1116, 1120}
            << QStringList{QStringLiteral("1.116 ms"), QStringLiteral("1.120 ms")};
        QTest::newRow("as few as the most precise needs")
            << QVector<double>{1500, 2000} << QStringList{QStringLiteral("1.5 ms"), QStringLiteral("2.0 ms")};
        QTest::newRow("the unit of the largest")
            << QVector<double>{0.85, 1.5}
            << QStringList{QStringLiteral("0.85 µs"), QStringLiteral("1.50 µs")};
        QTest::newRow("zero beside a value")
            << QVector<double>{0, 12.5} << QStringList{QStringLiteral("0.0 µs"), QStringLiteral("12.5 µs")};
        QTest::newRow("negative") << QVector<double>{-3, 2.25}
                                  << QStringList{QStringLiteral("-3.00 µs"), QStringLiteral("2.25 µs")};
        QTest::newRow("at most to the nanosecond")
            << QVector<double>{1116.0004, 1120.0001}
            << QStringList{QStringLiteral("1.116 ms"), QStringLiteral("1.120 ms")};
        QTest::newRow("nanoseconds to a tenth")
            << QVector<double>{0.25, 0.5004}
            << QStringList{QStringLiteral("250.0 ns"), QStringLiteral("500.4 ns")};
        QTest::newRow("seconds") << QVector<double>{2.5e6, 3e6}
                                 << QStringList{QStringLiteral("2.5 s"), QStringLiteral("3.0 s")};
    }
    void timesReadTogetherSharePrecision()
    {
        QFETCH(QVector<double>, valuesUs);
        QFETCH(QStringList, expected);
        const QStringList shown = texts(valuesUs);
        QCOMPARE(shown, expected);
        for (const QString &t : shown)
            QCOMPARE(decimalsOf(t), decimalsOf(shown.front()));
    }

    // A time read alone is the same rule over a set of one.
    void aTimeAloneNeedsNoMoreDecimalsThanItHas_data()
    {
        QTest::addColumn<double>("us");
        QTest::addColumn<QString>("text");
        QTest::newRow("ns") << 0.85 << QStringLiteral("850 ns");
        QTest::newRow("µs") << 12.345 << QStringLiteral("12.345 µs");
        QTest::newRow("ms") << 1500.0 << QStringLiteral("1.5 ms");
        QTest::newRow("rounded to the nanosecond") << 1120.0001 << QStringLiteral("1.12 ms");
        QTest::newRow("zero") << 0.0 << QStringLiteral("0 µs");
    }
    void aTimeAloneNeedsNoMoreDecimalsThanItHas()
    {
        QFETCH(double, us);
        QFETCH(QString, text);
        QCOMPARE(formatDuration(us), text);
        QCOMPARE(texts({us}), QStringList{text});
    }

    // Ruler labels at one zoom: every tick, and the visible span beside them, in the step's precision.
    void rulerLabelsShareTheStepsDecimals_data()
    {
        QTest::addColumn<double>("stepUs");
        QTest::addColumn<double>("magnitudeUs");
        QTest::addColumn<QVector<double>>("ticksUs");
        QTest::addColumn<QStringList>("labels");
        QTest::newRow("tenths of a ms, and a 2.191 ms span among them")
            << 100.0 << 2191.0 << QVector<double>{1700, 1800, 2000, 2191}
            << QStringList{QStringLiteral("1.7 ms"), QStringLiteral("1.8 ms"), QStringLiteral("2.0 ms"),
                           QStringLiteral("2.2 ms")};
        QTest::newRow("whole ms") << 1000.0 << 5000.0 << QVector<double>{1000, 2000, 3000}
                                  << QStringList{QStringLiteral("1 ms"), QStringLiteral("2 ms"),
                                                 QStringLiteral("3 ms")};
        QTest::newRow("2 ns steps in µs")
            << 0.002 << 3.0 << QVector<double>{2.998, 3.0, 3.002}
            << QStringList{QStringLiteral("2.998 µs"), QStringLiteral("3.000 µs"),
                           QStringLiteral("3.002 µs")};
        QTest::newRow("5 µs steps in ms")
            << 5.0 << 1200.0 << QVector<double>{1195, 1200, 1205}
            << QStringList{QStringLiteral("1.195 ms"), QStringLiteral("1.200 ms"),
                           QStringLiteral("1.205 ms")};
        QTest::newRow("a step too fine for the unit takes a smaller one")
            << 0.5 << 1.5e6 << QVector<double>{1.5e6, 1.5e6 + 0.5}
            << QStringList{QStringLiteral("1500000.0 µs"), QStringLiteral("1500000.5 µs")};
        QTest::newRow("seconds") << 2e5 << 3e6 << QVector<double>{2.8e6, 3e6}
                                 << QStringList{QStringLiteral("2.8 s"), QStringLiteral("3.0 s")};
    }
    void rulerLabelsShareTheStepsDecimals()
    {
        QFETCH(double, stepUs);
        QFETCH(double, magnitudeUs);
        QFETCH(QVector<double>, ticksUs);
        QFETCH(QStringList, labels);
        const TimePrecision precision = stepTimePrecision(stepUs, magnitudeUs);
        QStringList shown;
        for (const double t : ticksUs)
            shown << formatTime(t, precision);
        QCOMPARE(shown, labels);
    }

    // However large or small, a time is fixed-point.
    void neverAnExponent_data()
    {
        QTest::addColumn<double>("us");
        QTest::newRow("a day") << 8.64e10;
        QTest::newRow("a year") << 3.15e13;
        QTest::newRow("a femtosecond") << 1e-9;
        QTest::newRow("negative and huge") << -1e15;
        QTest::newRow("denormal") << 1e-310;
    }
    void neverAnExponent()
    {
        QFETCH(double, us);
        static const QRegularExpression exponent(QStringLiteral("\\d[eE][+-]?\\d"));
        QStringList shown{formatDuration(us), formatTime(us, stepTimePrecision(us / 10, us))};
        shown << texts({us, us / 3});
        for (const QString &t : shown) {
            QVERIFY2(!exponent.match(t).hasMatch(), qPrintable(t));
            QVERIFY2(!t.startsWith(QStringLiteral("-0 ")) && !t.startsWith(QStringLiteral("-0.0")),
                     qPrintable(t));
        }
    }
};

LANESCOPE_TEST_APPLESS_MAIN(TestDurationText)
#include "tst_durationtext.moc"
