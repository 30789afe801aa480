#include "capturegenerator.h"
#include "testmain.h"

#include "model/query/queryengine.h"
#include "model/session/capturedocument.h"
#include "model/session/capturefacts.h"

#include <QTemporaryDir>
#include <QTest>
#include <thread>

using namespace lanescope;

// SQL over a run checked against what the analysis and the lanes say of the same run, and the
// engine's bounds: it only reads, and a query stops when cancelled.
class TestQueryEngine : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    DocumentPtr m_document;
    CapturePtr m_run;
    std::unique_ptr<QueryEngine> m_engine;

    QueryResult query(const QString &sql)
    {
        QueryResult r = m_engine->execute(sql);
        if (!r.ok())
            qWarning("%s: %s", qPrintable(sql), qPrintable(r.error->message));
        return r;
    }
    qint64 scalar(const QString &sql)
    {
        const QueryResult r = query(sql);
        return r.ok() && r.rows.size() == 1 ? r.rows[0][0].toLongLong() : -1;
    }

private slots:
    void initTestCase()
    {
        // Two runs in one file, with hb violations (consumers staged early) and every lane group.
        GeneratorOptions o;
        o.seed = 46;
        o.level = 4;
        o.tasks = 400;
        o.fractions.earlyDispatch = 0.15;
        o.shape = RecordShape::Upstream;
        o.runs = 2;
        QVERIFY(generateCapture(o, m_dir.path()).ok());
        const OpenedDocument opened = openDocument(m_dir.path());
        QVERIFY(opened.ok());
        m_document = opened.document;
        QCOMPARE(m_document->runs.size(), std::size_t(2));
        m_run = m_document->runs.defaultRun();
        m_engine = std::make_unique<QueryEngine>(
            m_run, std::vector<CapturePtr>(m_document->runs.runs.begin(), m_document->runs.runs.end()));
    }

    // Per function, the task table's count and mean execution equal the Functions table's.
    void functionsAgreeWithTheFunctionsTable()
    {
        const FunctionSummary &summary = *m_run->facts->functions;
        const QueryResult r = query(QStringLiteral("SELECT func_id, name, COUNT(*), AVG(end_ts - start_ts) "
                                                   "FROM task GROUP BY func_id ORDER BY func_id"));
        QVERIFY(r.ok());
        QCOMPARE(r.rows.size(), summary.functions.size());
        QVERIFY(r.rows.size() > 1);
        for (std::size_t i = 0; i < r.rows.size(); ++i) {
            const FunctionStats &f = summary.functions[i];
            QCOMPARE(r.rows[i][0].toInt(), f.funcId);
            QCOMPARE(r.rows[i][1].toString(), f.name);
            QCOMPARE(r.rows[i][2].toULongLong(), quint64(f.count));
            // each row's times are rounded to the nanosecond: the means differ by under one
            QVERIFY2(std::abs(r.rows[i][3].toDouble() - f.avgExecUs * 1000) < 1.0, qPrintable(f.name));
        }
    }

    void hbViolationFlowsAreTheHbViolations()
    {
        const auto violations = qint64(m_run->facts->hbViolations.all().size());
        QVERIFY(violations > 0);
        QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM flow WHERE kind = 'hb_violation'")), violations);
        // every flow joins two bars of the AICore lanes (or the markers of tasks without rows),
        // producer's task to consumer's
        QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM flow f JOIN slice o ON o.id = f.slice_out "
                                       "JOIN slice i ON i.id = f.slice_in WHERE o.kind IN ('aicore', "
                                       "'aicpu_marker') AND i.kind IN ('aicore', 'aicpu_marker') AND EXISTS "
                                       "(SELECT 1 FROM dep WHERE "
                                       "pred_task_id = o.task_id AND succ_task_id = i.task_id)")),
                 scalar(QStringLiteral("SELECT COUNT(*) FROM flow")));
    }

    void countsAgreeWithTheRun()
    {
        std::size_t bars = 0;
        for (const Lane &lane : m_run->lanes)
            bars += lane.slices.size();
        QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM slice")), qint64(bars));
        QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM track")),
                 qint64(m_run->lanes.size() + m_run->counters.size()));
        QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM task")), qint64(m_run->rows.size()));
        const auto withAicpu = std::count_if(m_run->rows.begin(), m_run->rows.end(),
                                             [](const TaskRow &r) { return r.hasAicpu(); });
        QVERIFY(withAicpu > 0);
        QCOMPARE(scalar(QStringLiteral("SELECT COUNT(dispatch_ts) FROM task")), qint64(withAicpu));
        QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM dep")), qint64(m_run->deps.edges().size()));
        std::size_t points = 0;
        for (const CounterTrack &t : m_run->counters)
            points += t.timesUs.size();
        QVERIFY(points > 0);
        QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM counter")), qint64(points));
        std::size_t phases = 0;
        for (const PhaseLane &l : m_run->schedulerThreads)
            phases += l.size();
        QVERIFY(phases > 0);
        QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM sched_phase")), qint64(phases));
        QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM slice WHERE kind = 'aicore'")),
                 qint64(m_run->rows.size()));
    }

    void runsAreListedAndTheQueriedOneMarked()
    {
        const QueryResult r = query(QStringLiteral("SELECT epoch, rows, queried FROM run ORDER BY epoch"));
        QCOMPARE(r.rows.size(), std::size_t(2));
        QCOMPARE(r.rows[1][0].toLongLong(), qint64(*m_run->info.runEpoch));
        QCOMPARE(r.rows[1][1].toLongLong(), qint64(m_run->rows.size()));
        QCOMPARE(r.rows[0][2].toLongLong(), 0);
        QCOMPARE(r.rows[1][2].toLongLong(), 1);
        QCOMPARE(scalar(QStringLiteral("SELECT COUNT(DISTINCT run) FROM task")), 1);
        QCOMPARE(scalar(QStringLiteral("SELECT MIN(run) FROM task")), qint64(*m_run->info.runEpoch));
    }

    // A constraint the tables narrow by (searched, not scanned) gives what a full scan gives: the
    // same query with `+ 0` on the column, which SQLite cannot hand to the table.
    void narrowedReadsEqualFullScans_data()
    {
        QTest::addColumn<QString>("narrowed");
        QTest::addColumn<QString>("scanned");
        // times inside the run: its AICore rows start from `t0`, last ones end about `span` later
        double firstUs = m_run->rows.front().startUs, lastUs = 0;
        for (const TaskRow &r : m_run->rows) {
            firstUs = std::min(firstUs, r.startUs);
            lastUs = std::max(lastUs, r.endUs);
        }
        const auto t0 = std::llround(firstUs * 1000);
        const qint64 span = std::llround(lastUs * 1000) - t0;
        const auto at = [&](double fraction) {
            return QString::number(t0 + qint64(double(span) * fraction));
        };
        auto add = [](const char *name, const QString &where, const QString &table, const QString &column) {
            QString scanned = where;
            scanned.replace(column + QLatin1Char(' '), column + QStringLiteral(" + 0 "));
            const QString select = QStringLiteral("SELECT * FROM %1 WHERE ").arg(table);
            QTest::newRow(name) << select + where << select + scanned;
        };
        add("slice ts range", QStringLiteral("ts >= %1 AND ts < %2").arg(at(0.3), at(0.5)),
            QStringLiteral("slice"), QStringLiteral("ts"));
        add("slice ts above", QStringLiteral("ts > %1").arg(at(0.9)), QStringLiteral("slice"),
            QStringLiteral("ts"));
        add("slice ts real", QStringLiteral("ts <= %1.5").arg(at(0.2)), QStringLiteral("slice"),
            QStringLiteral("ts"));
        // bounds that fall on bars' own starts: off by one there and a bar is lost or gained
        add("slice ts at bars' starts",
            QStringLiteral(
                "ts >= (SELECT ts FROM slice ORDER BY ts LIMIT 1 OFFSET 500) AND ts <= (SELECT ts FROM slice "
                "WHERE id = 900)"),
            QStringLiteral("slice"), QStringLiteral("ts"));
        add("slice ts after a bar's start", QStringLiteral("ts > (SELECT ts - 1 FROM slice WHERE id = 700)"),
            QStringLiteral("slice"), QStringLiteral("ts"));
        add("slice ts before a bar's start", QStringLiteral("ts < (SELECT ts + 1 FROM slice WHERE id = 700)"),
            QStringLiteral("slice"), QStringLiteral("ts"));
        add("counter ts at a point", QStringLiteral("ts >= (SELECT ts FROM counter LIMIT 1 OFFSET 40)"),
            QStringLiteral("counter"), QStringLiteral("ts"));
        add("slice id", QStringLiteral("id = 1234"), QStringLiteral("slice"), QStringLiteral("id"));
        add("slice id range", QStringLiteral("id BETWEEN 100 AND 300"), QStringLiteral("slice"),
            QStringLiteral("id"));
        add("slice track", QStringLiteral("track_id = 3"), QStringLiteral("slice"),
            QStringLiteral("track_id"));
        add("task id", QStringLiteral("task_id = (SELECT task_id FROM task LIMIT 1 OFFSET 77)"),
            QStringLiteral("task"), QStringLiteral("task_id"));
        add("task id range", QStringLiteral("task_id > 20 AND task_id <= 4294967400"), QStringLiteral("task"),
            QStringLiteral("task_id"));
        add("dep pred", QStringLiteral("pred_task_id = (SELECT pred_task_id FROM dep LIMIT 1 OFFSET 30)"),
            QStringLiteral("dep"), QStringLiteral("pred_task_id"));
        add("counter ts", QStringLiteral("ts BETWEEN %1 AND %2").arg(at(0.2), at(0.6)),
            QStringLiteral("counter"), QStringLiteral("ts"));
        add("counter track", QStringLiteral("track_id = (SELECT MAX(id) FROM track)"),
            QStringLiteral("counter"), QStringLiteral("track_id"));
        add("sched_phase thread and ts", QStringLiteral("thread = 1 AND ts < %1").arg(at(0.5)),
            QStringLiteral("sched_phase"), QStringLiteral("ts"));
    }
    void narrowedReadsEqualFullScans()
    {
        QFETCH(QString, narrowed);
        QFETCH(QString, scanned);
        const QueryResult a = query(narrowed);
        const QueryResult b = query(scanned);
        QVERIFY(a.ok() && b.ok());
        QVERIFY2(!b.rows.empty(), "the case must select something");
        QCOMPARE(a.rows.size(), b.rows.size());
        QVERIFY(a.rows == b.rows);
    }

    // A join on slice ids reads the bar it names, not the whole table: the same rows as the scan.
    void aTaskNamesItsTimes()
    {
        const TaskRow &row = m_run->rows[m_run->rows.size() / 2];
        const QueryResult r =
            query(QStringLiteral("SELECT start_ts, end_ts, core_id FROM task WHERE task_id = %1 "
                                 "AND core_id = %2")
                      .arg(row.taskId)
                      .arg(row.coreId));
        QVERIFY(!r.rows.empty());
        QCOMPARE(r.rows[0][0].toLongLong(), std::llround(row.startUs * 1000));
        QCOMPARE(r.rows[0][1].toLongLong(), std::llround(row.endUs * 1000));
    }

    void writesAttachAndExtensionsAreRefused_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::newRow("insert") << "INSERT INTO function VALUES (99, 'x')";
        QTest::newRow("delete") << "DELETE FROM task";
        QTest::newRow("create") << "CREATE TABLE t(x)";
        QTest::newRow("create temp") << "CREATE TEMP TABLE t AS SELECT * FROM task";
        QTest::newRow("attach") << "ATTACH DATABASE '/tmp/lanescope-query-attach.db' AS other";
        QTest::newRow("load_extension") << "SELECT load_extension('libnothing.so')";
        QTest::newRow("pragma write") << "PRAGMA cache_size = 10";
        QTest::newRow("pragma other") << "PRAGMA journal_mode";
        QTest::newRow("two statements") << "SELECT 1; DROP TABLE slice";
    }
    void writesAttachAndExtensionsAreRefused()
    {
        QFETCH(QString, sql);
        const QueryResult r = m_engine->execute(sql);
        QVERIFY(!r.ok());
        QVERIFY2(r.error->message.contains(QLatin1String("refused")) ||
                     r.error->message.contains(QLatin1String("may not be modified")) ||
                     r.error->message.contains(QLatin1String("one statement")),
                 qPrintable(r.error->message));
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/lanescope-query-attach.db")));
        // and the engine still answers
        QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM function")),
                 qint64(m_run->facts->functions->functions.size()));
    }

    // What a careless or hostile query may try ends in an error (or a bounded answer), never in a
    // crash or a query that runs on.
    void hostileQueriesEndInAnError_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::newRow("huge blob") << "SELECT randomblob(2000000000)";
        QTest::newRow("string growing forever")
            << "WITH RECURSIVE s(x) AS (SELECT 'ab' UNION ALL SELECT x || x FROM s) SELECT length(x) FROM s";
        QTest::newRow("cross join of every slice") << "SELECT COUNT(*) FROM slice a, slice b, slice c";
        QTest::newRow("many columns") << "SELECT " + QStringList(300, QStringLiteral("1")).join(u',');
        QTest::newRow("too long") << "SELECT '" + QString(200000, u'x') + "'";
        QTest::newRow("bytes") << QString::fromLatin1("\x01\x7f SELECT \x1b[0m");
        QTest::newRow("unterminated") << "SELECT 'abc";
        QTest::newRow("empty") << "";
        QTest::newRow("only a comment") << "-- nothing";
        QTest::newRow("vacuum") << "VACUUM";
        QTest::newRow("writable schema") << "PRAGMA writable_schema = 1";
    }
    void hostileQueriesEndInAnError()
    {
        QFETCH(QString, sql);
        QueryOptions options;
        options.timeout = std::chrono::milliseconds(500);
        const QueryResult r = m_engine->execute(sql, nullptr, options);
        QVERIFY(!r.ok());
        QVERIFY(!r.error->message.isEmpty());
        QVERIFY(r.rows.empty());
        QCOMPARE(scalar(QStringLiteral("SELECT 1")), 1);
    }

    void readOnlyPragmasDescribeTheTables()
    {
        const QueryResult r = query(QStringLiteral("SELECT name FROM pragma_table_info('task')"));
        QVERIFY(r.ok());
        QCOMPARE(r.rows.size(), std::size_t(11));
        QCOMPARE(r.rows[0][0].toString(), QStringLiteral("task_id"));
    }

    void limitsBoundAQuery()
    {
        const QString deep = QStringLiteral("SELECT ") + QString(300, u'(') + u'1' + QString(300, u')');
        QVERIFY(!m_engine->execute(deep).ok());
        const QueryResult big = m_engine->execute(QStringLiteral("SELECT zeroblob(100000000)"));
        QVERIFY(!big.ok());
        QVERIFY2(big.error->message.contains(QLatin1String("too big")), qPrintable(big.error->message));
    }

    void rowsBeyondTheLimitAreSaidToBeLeftOut()
    {
        QueryOptions options;
        options.maxRows = 10;
        const QueryResult r = m_engine->execute(QStringLiteral("SELECT id FROM slice"), nullptr, options);
        QVERIFY(r.ok());
        QCOMPARE(r.rows.size(), std::size_t(10));
        QVERIFY(r.truncated);
    }

    // A query that never ends stops when another thread sets its cancel flag, or at its time limit.
    void aCancelledQueryStops()
    {
        std::atomic<bool> cancel = false;
        std::thread canceller([&cancel] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            cancel = true;
        });
        const QueryResult r = m_engine->execute(
            QStringLiteral(
                "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT COUNT(*) FROM n"),
            &cancel);
        canceller.join();
        QVERIFY(r.cancelled);
        QCOMPARE(r.error->message, QStringLiteral("the query was cancelled"));
        QueryOptions options;
        options.timeout = std::chrono::milliseconds(50);
        const QueryResult late = m_engine->execute(
            QStringLiteral("SELECT COUNT(*) FROM slice a, slice b, slice c"), nullptr, options);
        QVERIFY(late.cancelled);
        QCOMPARE(late.error->message, QStringLiteral("the query ran past its time limit"));
        QCOMPARE(scalar(QStringLiteral("SELECT 1")), 1);
    }

    void errorsNameTheirPosition_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("position");
        QTest::newRow("syntax") << "SELECT * FORM slice"
                                << "near \"FORM\": syntax error" << 9;
        QTest::newRow("after non-ASCII") << "SELECT 'µs', FROM slice"
                                         << "near \"FROM\": syntax error" << 13;
        QTest::newRow("no such column") << "SELECT nosuch FROM slice"
                                        << "no such column: nosuch" << 7;
    }
    void errorsNameTheirPosition()
    {
        QFETCH(QString, sql);
        QFETCH(QString, message);
        QFETCH(int, position);
        const QueryResult r = m_engine->execute(sql);
        QVERIFY(!r.ok());
        QCOMPARE(r.error->message, message);
        QVERIFY(r.error->position);
        QCOMPARE(*r.error->position, qsizetype(position));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestQueryEngine)
#include "tst_queryengine.moc"
