// The Query dock's job: SQL over a run off the calling thread, delivered on it, cancelled at will;
// and what a result row names on the timeline (a bar by its slice id, a task, a region in µs).

#include "model/query/queryrowtarget.h"
#include "model/session/queryjob.h"
#include "testmain.h"
#include "twocorecapture.h"

#include <QThread>

using namespace lanescope;

namespace {

const QString kEndless =
    QStringLiteral("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000000000) "
                   "SELECT COUNT(*) FROM n");

} // namespace

class TstQueryJob : public QObject
{
    Q_OBJECT

    CapturePtr m_capture = twoCoreCapture();

    // Runs `sql` on `job` and waits for its delivery; null when none came.
    static QueryOutcomePtr ask(QueryJob &job, const QString &sql)
    {
        QueryOutcomePtr got;
        const QMetaObject::Connection c =
            connect(&job, &QueryJob::finished, &job, [&got](const QueryOutcomePtr &o) { got = o; });
        const bool delivered = job.start(sql) && QTest::qWaitFor([&got] { return got != nullptr; }, 10000);
        disconnect(c);
        return delivered ? got : nullptr;
    }

private slots:
    // The rows come back on the thread that asked, from a query run on another.
    void deliversOnTheAskingThread()
    {
        QueryJob job;
        job.setCapture(m_capture);
        Qt::HANDLE deliveredOn = nullptr;
        connect(&job, &QueryJob::finished, &job,
                [&deliveredOn] { deliveredOn = QThread::currentThreadId(); });
        const QueryOutcomePtr o = ask(job, QStringLiteral("SELECT id, ts, dur FROM slice ORDER BY ts"));
        QVERIFY(o);
        QVERIFY2(o->result.ok(), qPrintable(o->result.error->message));
        QCOMPARE(deliveredOn, QThread::currentThreadId());
        QCOMPARE(o->capture, m_capture);
        QCOMPARE(o->sql, QStringLiteral("SELECT id, ts, dur FROM slice ORDER BY ts"));
        QCOMPARE(o->result.rows.size(), std::size_t(3));
        // AIV_1's [0, 1000] µs bar first: slice 2, the one bar after AIC_0's two.
        QCOMPARE(o->result.rows[0][0].toLongLong(), 2);
        QCOMPARE(o->result.rows[0][2].toLongLong(), 1000000);
        QVERIFY(o->elapsedMs >= 0);
        QTRY_VERIFY(!job.busy());
    }

    void withoutACaptureNothingStarts()
    {
        QueryJob job;
        QVERIFY(!job.start(QStringLiteral("SELECT 1")));
        job.setCapture(m_capture);
        QVERIFY(job.start(QStringLiteral("SELECT 1")));
        job.setCapture(nullptr); // and a query under way stops with it
        QVERIFY(!job.pending());
        QVERIFY(!job.start(QStringLiteral("SELECT 1")));
    }

    void errorsComeBackWithTheirPosition()
    {
        QueryJob job;
        job.setCapture(m_capture);
        const QueryOutcomePtr o = ask(job, QStringLiteral("SELECT * FORM slice"));
        QVERIFY(o);
        QVERIFY(!o->result.ok());
        QCOMPARE(o->result.error->position, std::optional<qsizetype>(9));
    }

    // A query that would count to a billion stops when cancelled: its thread ends soon after, it
    // delivers nothing, and the next query is answered.
    void cancelStopsALongQuery()
    {
        QueryJob job;
        job.setCapture(m_capture);
        bool delivered = false;
        connect(&job, &QueryJob::finished, &job, [&delivered] { delivered = true; });
        QVERIFY(job.start(kEndless));
        QTest::qWait(200);
        QVERIFY(job.busy());
        QVERIFY(job.pending());
        job.cancel();
        QVERIFY(!job.pending());
        QTRY_VERIFY_WITH_TIMEOUT(!job.busy(), 3000);
        QVERIFY(!delivered);
        const QueryOutcomePtr o = ask(job, QStringLiteral("SELECT COUNT(*) FROM slice"));
        QVERIFY(o && o->result.ok());
        QCOMPARE(o->result.rows[0][0].toLongLong(), 3);
    }

    // A newer query replaces the one under way: only its rows arrive.
    void aNewerQueryReplacesTheOneUnderWay()
    {
        QueryJob job;
        job.setCapture(m_capture);
        QVERIFY(job.start(kEndless));
        QTest::qWait(50);
        const QueryOutcomePtr o = ask(job, QStringLiteral("SELECT 7"));
        QVERIFY(o);
        QCOMPARE(o->sql, QStringLiteral("SELECT 7"));
        QCOMPARE(o->result.rows[0][0].toLongLong(), 7);
        QTRY_VERIFY_WITH_TIMEOUT(!job.busy(), 3000);
    }

    // Slice ids count the bars lane by lane, as the slice table numbers them.
    void sliceIdsNameTheirBars()
    {
        QCOMPARE(sliceOfId(*m_capture, 0), std::optional<SliceRef>(SliceRef{0, 0}));
        QCOMPARE(sliceOfId(*m_capture, 1), std::optional<SliceRef>(SliceRef{0, 1}));
        QCOMPARE(sliceOfId(*m_capture, 2), std::optional<SliceRef>(SliceRef{1, 0}));
        QVERIFY(!sliceOfId(*m_capture, 3));
        QVERIFY(!sliceOfId(*m_capture, -1));
    }

    void rowsNameWhatTheirColumnsHold_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<int>("lane");       // -1: no bar
        QTest::addColumn<qint64>("task");    // -1: no task
        QTest::addColumn<double>("startUs"); // -1: no region
        QTest::addColumn<double>("endUs");
        QTest::newRow("a bar by its id")
            << "SELECT id FROM slice WHERE id = 2" << 1 << qint64(-1) << -1.0 << -1.0;
        QTest::newRow("an alias of the id")
            << "SELECT id AS bar, name FROM slice WHERE id = 1" << 0 << qint64(-1) << -1.0 << -1.0;
        QTest::newRow("a track's id is no bar")
            << "SELECT id FROM track WHERE id = 1" << -1 << qint64(-1) << -1.0 << -1.0;
        QTest::newRow("an id computed is no bar") << "SELECT 2 AS id" << -1 << qint64(-1) << -1.0 << -1.0;
        QTest::newRow("a task") << "SELECT task_id, name FROM task WHERE task_id = 3" << -1 << qint64(3)
                                << -1.0 << -1.0;
        QTest::newRow("a region") << "SELECT 100500 AS ts, 2000 AS dur" << -1 << qint64(-1) << 100.5 << 102.5;
        QTest::newRow("a bar with its extent")
            << "SELECT id, ts, dur, task_id FROM slice WHERE id = 1" << 0 << qint64(2) << 500.0 << 600.0;
    }
    void rowsNameWhatTheirColumnsHold()
    {
        QFETCH(QString, sql);
        QFETCH(int, lane);
        QFETCH(qint64, task);
        QFETCH(double, startUs);
        QFETCH(double, endUs);
        QueryJob job;
        job.setCapture(m_capture);
        const QueryOutcomePtr o = ask(job, sql);
        QVERIFY(o);
        QVERIFY2(o->result.ok(), qPrintable(o->result.error->message));
        QCOMPARE(o->result.rows.size(), std::size_t(1));
        const QueryRowTarget t = queryRowTarget(*m_capture, o->result, 0);
        QCOMPARE(t.slice.has_value(), lane >= 0);
        if (t.slice)
            QCOMPARE(t.slice->lane, lane);
        QCOMPARE(t.taskId.has_value(), task >= 0);
        if (t.taskId)
            QCOMPARE(qint64(*t.taskId), task);
        QCOMPARE(t.region.has_value(), startUs >= 0);
        if (t.region) {
            QCOMPARE(t.region->startUs, startUs);
            QCOMPARE(t.region->endUs, endUs);
        }
        QVERIFY(queryRowTarget(*m_capture, o->result, 1).isEmpty()); // past the rows: nothing
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TstQueryJob)
#include "tst_queryjob.moc"
