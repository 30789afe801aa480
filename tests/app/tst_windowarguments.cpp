#include "app/cli/windowarguments.h"
#include "testmain.h"

using namespace lanescope;

// The window's command line: captures to open, and `--compare BEFORE AFTER [--technique ID]`.
class TestWindowArguments : public QObject
{
    Q_OBJECT

private slots:
    void parses_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QStringList>("paths");
        QTest::addColumn<bool>("compare");
        QTest::addColumn<QString>("technique");
        QTest::addColumn<QString>("error");
        QTest::newRow("nothing") << QStringList() << QStringList() << false << "general"
                                 << "";
        QTest::newRow("captures") << QStringList{"a", "--no-cache", "b"} << QStringList{"a", "b"} << false
                                  << "general"
                                  << "";
        QTest::newRow("comparison") << QStringList{"--compare", "b", "a"} << QStringList{"b", "a"} << true
                                    << "general"
                                    << "";
        QTest::newRow("comparison for a technique, more captures")
            << QStringList{"c", "--compare", "b", "a", "--technique", "01a"} << QStringList{"b", "a", "c"}
            << true << "01a"
            << "";
        QTest::newRow("one capture to compare")
            << QStringList{"--compare", "b"} << QStringList() << false << ""
            << "--compare wants two captures";
        QTest::newRow("an option for a capture")
            << QStringList{"--compare", "b", "--technique", "01a"} << QStringList() << false << ""
            << "--compare wants two captures";
        QTest::newRow("two comparisons")
            << QStringList{"--compare", "a", "b", "--compare", "c", "d"} << QStringList() << false << ""
            << "--compare wants two captures";
        QTest::newRow("technique without comparison")
            << QStringList{"a", "--technique", "01a"} << QStringList() << false << ""
            << "--technique goes with";
        QTest::newRow("technique without id")
            << QStringList{"--compare", "a", "b", "--technique"} << QStringList() << false << ""
            << "--technique wants an id";
    }
    void parses()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QStringList, paths);
        QFETCH(bool, compare);
        QFETCH(QString, technique);
        QFETCH(QString, error);
        QString got;
        const std::optional<WindowArguments> parsed = parseWindowArguments(arguments, &got);
        if (!error.isEmpty()) {
            QVERIFY(!parsed);
            QVERIFY2(got.startsWith(error), qPrintable(got));
            return;
        }
        QVERIFY2(parsed, qPrintable(got));
        QCOMPARE(parsed->paths, paths);
        QCOMPARE(parsed->compare, compare);
        QCOMPARE(parsed->technique, technique);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestWindowArguments)
#include "tst_windowarguments.moc"
