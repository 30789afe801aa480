#include "analysiscapture.h"
#include "capturegenerator.h"
#include "model/io/loader.h"
#include "model/techniques/captureanalysis.h"
#include "testmain.h"

#include <QTemporaryDir>

using namespace lanescope;

namespace {

// Index in Capture::rows of the first row of `task`.
std::size_t rowOfTask(const Capture &c, std::uint64_t task)
{
    for (std::size_t i = 0; i < c.rows.size(); ++i)
        if (c.rows[i].taskId == task)
            return i;
    return std::size_t(-1);
}

AnalysisLandmarks landmarksOf(const Capture &c)
{
    return findLandmarks(buildAnalysisInput(c, std::nullopt), c);
}

// AIC core 0: 1 [0,5], 2 issued at 3 while 1 ran and started at 7 (switch gap [5,7], head 2),
// 3 issued at 8 while 2 ran, started at 9.5 (gap 0.5). AIV core 1: 4 [1,4] finishing at 6
// (tail 2), 5 issued at 2, started at 5 (gap [4,5]). No edges: nothing waits.
Capture switches()
{
    return captureOf({row(1, 0, AIC, 0, 0, 5, 5.5), row(2, 0, AIC, 3, 7, 9, 9),
                      row(3, 0, AIC, 8, 9.5, 12, 12.2), row(4, 1, AIV, 0, 1, 4, 6),
                      row(5, 1, AIV, 2, 5, 6, 6.5)},
                     {});
}

} // namespace

class TestAnalysisLandmarks : public QObject
{
    Q_OBJECT

private slots:
    void headTailAndSwitch()
    {
        const Capture c = switches();
        const AnalysisLandmarks l = landmarksOf(c);
        QVERIFY(l.worstHead);
        QCOMPARE(l.worstHead->taskId, 2u);
        QCOMPARE(l.worstHead->row, rowOfTask(c, 2));
        QCOMPARE(l.worstHead->valueUs, 2.0); // min(7 − 3, 7 − 5)
        QCOMPARE(l.worstHead->fromUs, 5.0);
        QCOMPARE(l.worstHead->toUs, 7.0);
        QVERIFY(l.worstTail);
        QCOMPARE(l.worstTail->taskId, 4u);
        QCOMPARE(l.worstTail->valueUs, 2.0);
        QCOMPARE(l.worstTail->fromUs, 4.0);
        QCOMPARE(l.worstTail->toUs, 6.0);

        QVERIFY(l.longestSwitch[0]);
        QCOMPARE(l.longestSwitch[0]->coreId, 0);
        QCOMPARE(l.longestSwitch[0]->nextRow, rowOfTask(c, 2));
        QCOMPARE(l.longestSwitch[0]->fromUs, 5.0);
        QCOMPARE(l.longestSwitch[0]->toUs, 7.0);
        QVERIFY(l.longestSwitch[1]);
        QCOMPARE(l.longestSwitch[1]->coreId, 1);
        QCOMPARE(l.longestSwitch[1]->nextRow, rowOfTask(c, 5));
        QCOMPARE(l.longestSwitch[1]->fromUs, 4.0);
        QCOMPARE(l.longestSwitch[1]->toUs, 5.0);

        // Every task is a root: ready = dispatch, nothing ever waits.
        QVERIFY(!l.longestOverhead[0]);
        QVERIFY(!l.longestOverhead[1]);
        QVERIFY(!l.longestHasOverhead);

        // The landmarks agree with the figures they explain.
        const AnalysisReport r = analyze(c);
        QCOMPARE(l.worstHead->valueUs, r.headOh->maxUs);
        QCOMPARE(l.worstTail->valueUs, r.tailOh->maxUs);
        QCOMPARE(r.switchCost->engines[0].events, std::size_t(2));
    }

    void overheadIntervals_data()
    {
        QTest::addColumn<QVector<double>>("rows"); // task, core (0 AIC, 1 AIV), dispatch, start, end
        QTest::addColumn<QVector<int>>("edges");   // pred, succ pairs
        QTest::addColumn<QVector<double>>("aic");  // from, to; empty = none
        QTest::addColumn<QVector<double>>("aiv");
        QTest::addColumn<QVector<double>>("has");

        // §12.2 validation anchor: producer [0,5], consumer ready at 5, dispatched at 8.
        QTest::newRow("anchor") << QVector<double>{1, 0, 0, 0, 5, 2, 0, 8, 8, 10} << QVector<int>{1, 2}
                                << QVector<double>{5, 8} << QVector<double>{} << QVector<double>{5, 8};
        // Two waits on one core; the longer one ([5,8) vs [12,13)) is kept.
        QTest::newRow("longest of two")
            << QVector<double>{1, 0, 0, 0, 5, 2, 0, 8, 8, 10, 3, 0, 10, 10, 12, 4, 0, 13, 13, 14}
            << QVector<int>{1, 2, 3, 4} << QVector<double>{5, 8} << QVector<double>{}
            << QVector<double>{5, 8};
        // The AIV consumer waits [5,8) while its only core is idle; AIC has no waiting work, so
        // has holds and AIC's own overhead does not.
        QTest::newRow("other engine")
            << QVector<double>{1, 0, 0, 0, 5, 2, 1, 8, 8, 10, 3, 1, 0, 0, 4} << QVector<int>{1, 2}
            << QVector<double>{} << QVector<double>{5, 8} << QVector<double>{5, 8};
        // Producer outside the perf set: no wait (§12.2 anchor).
        QTest::newRow("producer outside") << QVector<double>{2, 0, 8, 8, 10} << QVector<int>{1, 2}
                                          << QVector<double>{} << QVector<double>{} << QVector<double>{};
    }

    void overheadIntervals()
    {
        QFETCH(QVector<double>, rows);
        QFETCH(QVector<int>, edges);
        QFETCH(QVector<double>, aic);
        QFETCH(QVector<double>, aiv);
        QFETCH(QVector<double>, has);
        std::vector<TaskRow> taskRows;
        for (qsizetype i = 0; i + 4 < rows.size(); i += 5) {
            const int core = int(rows[i + 1]);
            taskRows.push_back(row(std::uint64_t(rows[i]), core, core == 0 ? AIC : AIV, rows[i + 2],
                                   rows[i + 3], rows[i + 4], rows[i + 4]));
        }
        std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs;
        for (qsizetype i = 0; i + 1 < edges.size(); i += 2)
            pairs.emplace_back(std::uint64_t(edges[i]), std::uint64_t(edges[i + 1]));
        const Capture c = captureOf(taskRows, pairs, {1});
        const AnalysisLandmarks l = landmarksOf(c);
        auto check = [](const std::optional<IntervalLandmark> &got, const QVector<double> &want) {
            if (want.isEmpty())
                return !got.has_value();
            return got && got->fromUs == want[0] && got->toUs == want[1];
        };
        QVERIFY(check(l.longestOverhead[0], aic));
        QVERIFY(check(l.longestOverhead[1], aiv));
        QVERIFY(check(l.longestHasOverhead, has));
    }

    void levelOneHasNoLandmarks()
    {
        Capture c = switches();
        c.info.level = 1;
        for (TaskRow &r : c.rows) {
            r.flags = 0;
            r.dispatchUs = r.finishUs = 0;
        }
        const CaptureAnalysis a = analyzeCapture(c);
        QVERIFY(!a.landmarks.worstHead);
        QVERIFY(!a.landmarks.worstTail);
        QVERIFY(!a.landmarks.longestSwitch[0]);
        QVERIFY(a.report.observedPath); // the observed path needs AICore rows only
        QVERIFY(!a.report.absenceOf(figures::headOh).isEmpty());
    }

    // A generated capture: the landmarks are the extremes of the figures and lie inside them.
    void generatedInvariants()
    {
        QTemporaryDir dir;
        GeneratorOptions o;
        o.seed = 11;
        o.level = 4;
        o.tasks = 3000;
        o.hostLog = false;
        o.scopeStats = false;
        const GeneratedCapture g = generateCapture(o, dir.path());
        QVERIFY2(g.ok(), qPrintable(g.error));
        const LoadResult loaded = loadCapture(dir.path());
        QVERIFY2(loaded.ok(), qPrintable(loaded.error.toString()));
        const Capture &c = *loaded.capture;
        const CaptureAnalysis a = analyzeCapture(c);
        const AnalysisLandmarks &l = a.landmarks;
        QVERIFY(l.worstHead && l.worstTail && a.report.headOh && a.report.overhead);
        QCOMPARE(l.worstHead->valueUs, a.report.headOh->maxUs);
        QCOMPARE(l.worstTail->valueUs, a.report.tailOh->maxUs);
        QCOMPARE(c.rows[l.worstHead->row].taskId, l.worstHead->taskId);
        QCOMPARE(c.rows[l.worstTail->row].taskId, l.worstTail->taskId);
        for (std::size_t e = 0; e < kEngineCount; ++e) {
            if (l.longestSwitch[e]) {
                const TaskRow &next = c.rows[l.longestSwitch[e]->nextRow];
                QCOMPARE(next.coreId, l.longestSwitch[e]->coreId);
                QCOMPARE(l.longestSwitch[e]->toUs, std::min(next.startUs, a.report.overhead->w1Us));
                QVERIFY(l.longestSwitch[e]->toUs - l.longestSwitch[e]->fromUs <=
                        a.report.switchCost->engines[e].maxUs + 1e-9);
            }
            if (l.longestOverhead[e])
                QVERIFY(l.longestOverhead[e]->lengthUs() <= a.report.overhead->engines[e].overheadUs + 1e-9);
        }
        if (a.report.overhead->hasUs > 0) {
            QVERIFY(l.longestHasOverhead);
            QVERIFY(l.longestHasOverhead->lengthUs() <= a.report.overhead->hasUs + 1e-9);
            QVERIFY(l.longestHasOverhead->fromUs >= a.report.overhead->w0Us);
            QVERIFY(l.longestHasOverhead->toUs <= a.report.overhead->w1Us);
        }
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestAnalysisLandmarks)
#include "tst_analysislandmarks.moc"
