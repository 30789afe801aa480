#include "model/format/counttext.h"
#include "testmain.h"

using namespace lanescope;

class TestCountText : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithItsCount_data()
    {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<QString>("singular");
        QTest::addColumn<QString>("plural");
        QTest::addColumn<QString>("text");
        QTest::newRow("none") << qint64(0) << "task"
                              << "tasks"
                              << "0 tasks";
        QTest::newRow("one") << qint64(1) << "task"
                             << "tasks"
                             << "1 task";
        QTest::newRow("several") << qint64(3) << "rule fires"
                                 << "rules fire"
                                 << "3 rules fire";
        QTest::newRow("one with a verb") << qint64(1) << "rule fires"
                                         << "rules fire"
                                         << "1 rule fires";
        QTest::newRow("minus one") << qint64(-1) << "gap"
                                   << "gaps"
                                   << "-1 gaps";
        QTest::newRow("large") << qint64(10698051) << "slice"
                               << "slices"
                               << "10698051 slices";
    }
    void agreesWithItsCount()
    {
        QFETCH(qint64, n);
        QFETCH(QString, singular);
        QFETCH(QString, plural);
        QFETCH(QString, text);
        QCOMPARE(countText(n, singular, plural), text);
    }
};

LANESCOPE_TEST_APPLESS_MAIN(TestCountText)
#include "tst_counttext.moc"
