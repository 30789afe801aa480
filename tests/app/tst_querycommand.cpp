#include "capturegenerator.h"
#include "lanescoperun.h"
#include "testmain.h"

#include "model/query/queryschema.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using namespace lanescope;

// `lanescope query`: the real binary over a generated capture of two runs, in each output form.
class TestQueryCommand : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    LanescopeRun query(QStringList args)
    {
        return runLanescope(QStringList{QStringLiteral("query"), m_dir.path()} + args);
    }

private slots:
    void initTestCase()
    {
        GeneratorOptions o;
        o.seed = 4646;
        o.level = 4;
        o.tasks = 120;
        o.shape = RecordShape::Upstream;
        o.runs = 2;
        QVERIFY(generateCapture(o, m_dir.path()).ok());
    }

    void printsAnAlignedTable()
    {
        const LanescopeRun r =
            query({QStringLiteral("SELECT kind, COUNT(*) AS n FROM slice GROUP BY kind ORDER BY kind")});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
        QVERIFY(lines.size() >= 4);
        QVERIFY(lines[0].startsWith(QLatin1String("kind")));
        QVERIFY(lines[0].endsWith(QLatin1String(" n")));
        QVERIFY(lines[1].startsWith(QLatin1String("----")));
        // numbers right-aligned under their header: every row ends where the header does
        for (qsizetype i = 2; i + 1 < lines.size(); ++i)
            QCOMPARE(lines[i].size(), lines[0].size());
        QVERIFY(lines.contains(QRegularExpression(QStringLiteral("^aicore +\\d+$"))));
        QVERIFY(lines.last().endsWith(QLatin1String(" rows")));
        // several runs and no --run: which one is said on stderr, as the other verbs do
        QVERIFY(r.err.contains("2 runs"));
    }

    // A number stands under the right end of its header, text under the left, NULL spelled out.
    void numbersAlignRightTextLeft()
    {
        const LanescopeRun r =
            query({QStringLiteral("SELECT 7 AS number, 'ab' AS text_column, NULL AS empty")});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = QString::fromUtf8(r.out).split(u'\n');
        QCOMPARE(lines.value(0), QStringLiteral("number  text_column  empty"));
        QCOMPARE(lines.value(1), QStringLiteral("------  -----------  -----"));
        QCOMPARE(lines.value(2), QStringLiteral("     7  ab           NULL"));
        QCOMPARE(lines.value(3), QStringLiteral("1 row"));
    }

    void csvAndJsonGiveTheSameRows()
    {
        const QString sql =
            QStringLiteral("SELECT task_id, name, dispatch_ts, end_ts - start_ts AS exec FROM task "
                           "ORDER BY task_id, core_id LIMIT 5");
        const LanescopeRun csv = query({sql, QStringLiteral("--csv")});
        const LanescopeRun json = query({sql, QStringLiteral("--json")});
        QCOMPARE(csv.exitCode, 0);
        QCOMPARE(json.exitCode, 0);
        const QStringList lines =
            QString::fromUtf8(csv.out).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 6);
        QCOMPARE(lines[0], QStringLiteral("task_id,name,dispatch_ts,exec"));
        const QJsonObject j = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(j[QStringLiteral("columns")].toArray().size(), 4);
        const QJsonArray rows = j[QStringLiteral("rows")].toArray();
        QCOMPARE(rows.size(), 5);
        QVERIFY(!j[QStringLiteral("truncated")].toBool());
        for (int i = 0; i < 5; ++i) {
            const QJsonArray row = rows[i].toArray();
            QVERIFY(row[0].isDouble()); // numbers stay numbers
            QStringList fields;
            for (const auto &v : row)
                fields << (v.isNull()     ? QString()
                           : v.isDouble() ? QString::number(qint64(v.toDouble()))
                                          : v.toString());
            QCOMPARE(fields.join(u','), lines[i + 1]);
        }
    }

    void runChoosesTheRun_data()
    {
        QTest::addColumn<QString>("run");
        QTest::newRow("run 1") << "1";
        QTest::newRow("run 2") << "2";
    }
    void runChoosesTheRun()
    {
        QFETCH(QString, run);
        const LanescopeRun r = query({QStringLiteral("SELECT DISTINCT run FROM task"),
                                      QStringLiteral("--run"), run, QStringLiteral("--csv")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QString::fromUtf8(r.out), QStringLiteral("run\r\n%1\r\n").arg(run));
        QVERIFY(r.err.isEmpty());
    }

    // A launch of a DFX window's file (field supplement §3) is a run of its own: its tasks name it.
    void launchChoosesTheLaunch_data()
    {
        QTest::addColumn<QString>("launch");
        QTest::newRow("launch 0") << "0";
        QTest::newRow("launch 2") << "2";
    }
    void launchChoosesTheLaunch()
    {
        QFETCH(QString, launch);
        const LanescopeRun r = runLanescope(
            {QStringLiteral("query"), QStringLiteral(LANESCOPE_FIXTURES "/field/three-launches"),
             QStringLiteral("SELECT launch, COUNT(*) AS n FROM task GROUP BY launch"),
             QStringLiteral("--launch"), launch, QStringLiteral("--csv"), QStringLiteral("--no-cache")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QString::fromUtf8(r.out), QStringLiteral("launch,n\r\n%1,3\r\n").arg(launch));
    }

    void schemaListsEveryTable()
    {
        const LanescopeRun r = runLanescope({QStringLiteral("query"), QStringLiteral("--schema")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QString::fromUtf8(r.out), querySchemaText() + u'\n');
    }

    void badQueriesSayWhatAndWhere_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("err");
        QTest::newRow("syntax")
            << QStringList{QStringLiteral("SELECT * FORM slice")} << 1
            << "lanescope query: near \"FORM\": syntax error at character 10: FORM slice\n";
        QTest::newRow("attach") << QStringList{QStringLiteral("ATTACH DATABASE 'x.db' AS x")} << 1
                                << "lanescope query: ATTACH is refused: queries only read\n";
        QTest::newRow("no such run") << QStringList{QStringLiteral("SELECT 1"), QStringLiteral("--run"),
                                                    QStringLiteral("9")}
                                     << 2 << "";
        QTest::newRow("csv and json")
            << QStringList{QStringLiteral("SELECT 1"), QStringLiteral("--csv"), QStringLiteral("--json")} << 1
            << "";
        QTest::newRow("no sql") << QStringList{} << 1 << "";
    }
    void badQueriesSayWhatAndWhere()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, err);
        const LanescopeRun r = query(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY(r.out.isEmpty());
        if (!err.isEmpty()) {
            const QString text = QString::fromUtf8(r.err);
            QVERIFY2(text.endsWith(err), qPrintable(text));
            QCOMPARE(text.count(QStringLiteral("lanescope query:")), 1);
        } else {
            QVERIFY(!r.err.isEmpty());
        }
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestQueryCommand)
#include "tst_querycommand.moc"
