#include "app/cli/rangeargument.h"
#include "testmain.h"

using namespace lanescope;

class TestRangeArgument : public QObject
{
    Q_OBJECT

private slots:
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error"); // substring, empty when valid
        QTest::addColumn<double>("start");  // NaN: open
        QTest::addColumn<double>("end");
        const double open = qQNaN();
        QTest::newRow("both") << "10:250.5"
                              << "" << 10.0 << 250.5;
        QTest::newRow("open end") << "100:"
                                  << "" << 100.0 << open;
        QTest::newRow("open start") << ":250"
                                    << "" << open << 250.0;
        QTest::newRow("spaces") << " 1 : 2 "
                                << "" << 1.0 << 2.0;
        QTest::newRow("no colon") << "100"
                                  << "START_US:END_US" << open << open;
        QTest::newRow("not a number") << "a:5"
                                      << "numbers" << open << open;
        QTest::newRow("infinite") << "0:inf"
                                  << "numbers" << open << open;
        QTest::newRow("reversed") << "5:1"
                                  << "after its start" << open << open;
        QTest::newRow("empty width") << "5:5"
                                     << "after its start" << open << open;
    }
    void parse()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        QFETCH(double, start);
        QFETCH(double, end);
        RangeArgument range;
        const QString got = parseRangeArgument(text, range);
        if (!error.isEmpty()) {
            QVERIFY2(got.contains(error), qPrintable(got));
            return;
        }
        QVERIFY2(got.isEmpty(), qPrintable(got));
        QCOMPARE(range.startUs.has_value(), !qIsNaN(start));
        QCOMPARE(range.endUs.has_value(), !qIsNaN(end));
        if (range.startUs)
            QCOMPARE(*range.startUs, start);
        if (range.endUs)
            QCOMPARE(*range.endUs, end);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestRangeArgument)
#include "tst_rangeargument.moc"
