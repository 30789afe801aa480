#include "testmain.h"

#include "model/query/queryengine.h"
#include "model/query/queryschema.h"

#include <QFile>
#include <QTest>

using namespace lanescope;

// docs/query.md lists the tables as `lanescope query --schema` prints them, from the same column
// lists the engine reads: a column added, renamed or explained anew in code fails here until the
// page says so too.
class TestQuerySchema : public QObject
{
    Q_OBJECT

private slots:
    void docsListTheSchemaOfTheCode()
    {
        QFile page(QStringLiteral(LANESCOPE_FIXTURES "/../../docs/query.md"));
        QVERIFY(page.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(page.readAll());
        const QString open = QStringLiteral("<!-- schema: lanescope query --schema -->\n```text\n");
        const qsizetype begin = text.indexOf(open);
        QVERIFY2(begin >= 0, "docs/query.md has no schema block");
        const qsizetype end = text.indexOf(QStringLiteral("\n```"), begin + open.size());
        QVERIFY(end > begin);
        QCOMPARE(text.mid(begin + open.size(), end - begin - open.size()), querySchemaText());
    }

    // Every table the schema names answers a query, with the columns the schema lists, in order.
    void everyListedTableAnswersWithItsColumns()
    {
        auto capture = std::make_shared<Capture>();
        QueryEngine engine(capture);
        for (const QueryTableSchema &table : querySchema()) {
            const QueryResult r =
                engine.execute(QStringLiteral("SELECT * FROM %1").arg(QLatin1String(table.name)));
            QVERIFY2(r.ok(), table.name);
            QStringList listed;
            for (const QueryColumn &c : table.columns)
                listed << QLatin1String(c.name);
            QCOMPARE(r.columns, listed);
        }
    }

    // The tables, each with the columns a Perfetto user expects where the concept is the same.
    void everyTableIsListed_data()
    {
        QTest::addColumn<QString>("line");
        QTest::newRow("slice") << "slice: ";
        QTest::newRow("track") << "track: ";
        QTest::newRow("flow") << "flow: ";
        QTest::newRow("counter") << "counter: ";
        QTest::newRow("task") << "task: ";
        QTest::newRow("dep") << "dep: ";
        QTest::newRow("function") << "function: ";
        QTest::newRow("run") << "run: ";
        QTest::newRow("sched_phase") << "sched_phase: ";
        QTest::newRow("orch_phase") << "orch_phase: ";
    }
    void everyTableIsListed()
    {
        QFETCH(QString, line);
        QVERIFY(querySchemaText().startsWith(line) || querySchemaText().contains(u'\n' + line));
    }
};

LANESCOPE_TEST_APPLESS_MAIN(TestQuerySchema)
#include "tst_queryschema.moc"
