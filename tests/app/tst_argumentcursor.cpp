#include "app/cli/argumentcursor.h"
#include "testmain.h"

using namespace lanescope;

class TestArgumentCursor : public QObject
{
    Q_OBJECT

private slots:
    // Each argument seen, written as option, then "=value" when value() was asked for.
    void walksOptionsAndValues_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("seen");
        QTest::newRow("separate value")
            << QStringList{"--range", "1:2", "cap"} << QStringList{"--range=1:2", "cap"};
        QTest::newRow("inline value")
            << QStringList{"--range=1:2", "cap"} << QStringList{"--range=1:2", "cap"};
        QTest::newRow("inline empty value")
            << QStringList{"--range=", "cap"} << QStringList{"--range=", "cap"};
        QTest::newRow("value missing at the end")
            << QStringList{"cap", "--range"} << QStringList{"cap", "--range=<none>"};
        QTest::newRow("short option") << QStringList{"-o", "x.png"} << QStringList{"-o=x.png"};
        QTest::newRow("flag") << QStringList{"--json", "cap"} << QStringList{"--json", "cap"};
        QTest::newRow("value that looks like an option")
            << QStringList{"--range", "-5:3"} << QStringList{"--range=-5:3"};
        QTest::newRow("nothing") << QStringList{} << QStringList{};
    }

    void walksOptionsAndValues()
    {
        QFETCH(QStringList, args);
        QFETCH(QStringList, seen);
        QStringList got;
        for (ArgumentCursor cursor(args); cursor.next();) {
            if (cursor.option() == QLatin1String("--range") || cursor.option() == QLatin1String("-o")) {
                const auto value = cursor.value();
                got << cursor.option() + u'=' + value.value_or(QStringLiteral("<none>"));
            } else {
                got << cursor.option();
            }
        }
        QCOMPARE(got, seen);
    }

    void tellsOptionsFromPaths_data()
    {
        QTest::addColumn<QString>("arg");
        QTest::addColumn<bool>("option");
        QTest::newRow("long") << "--json" << true;
        QTest::newRow("short") << "-o" << true;
        QTest::newRow("stdin dash") << "-" << false;
        QTest::newRow("path") << "/data/capture" << false;
        QTest::newRow("relative path") << "capture-1" << false;
    }

    void tellsOptionsFromPaths()
    {
        QFETCH(QString, arg);
        QFETCH(bool, option);
        const QStringList args{arg};
        ArgumentCursor cursor(args);
        QVERIFY(cursor.next());
        QCOMPARE(cursor.isOption(), option);
        QCOMPARE(cursor.argument(), arg);
        QVERIFY(!cursor.next());
    }
};

LANESCOPE_TEST_MAIN(TestArgumentCursor)
#include "tst_argumentcursor.moc"
