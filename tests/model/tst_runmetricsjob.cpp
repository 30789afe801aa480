#include "beforeafterpair.h"
#include "capturegenerator.h"
#include "diffpairs.h"
#include "model/io/loader.h"
#include "model/session/runmetricsjob.h"
#include "model/techniques/capturecomparison.h"
#include "model/techniques/sideruns.h"
#include "testmain.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <map>

using namespace lanescope;

namespace {

// The generator's pairs of known truth (diffpairs.h): the same workload, one function's subtasks
// `slowByNs` longer, every other bar exactly as it was.
constexpr std::int32_t kNoFunction = -1;
constexpr double kExact = 1e-9;

const MetricComparison *metric(const CaptureComparison &c, const QString &id)
{
    for (const MetricComparison &m : c.metrics)
        if (m.id == id)
            return &m;
    return nullptr;
}

} // namespace

class TstRunMetricsJob : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::shared_ptr<const TechniqueCatalogue> m_catalogue;
    std::int32_t m_slowFunction = kNoFunction;
    std::size_t m_slowBars = 0; // AICore rows of that function
    std::size_t m_bars = 0;
    std::map<qint64, CapturePtr> m_captures; // by how much the function is slowed (ns)

    CapturePtr slowedBy(qint64 ns)
    {
        if (const auto found = m_captures.find(ns); found != m_captures.end())
            return found->second;
        GeneratorOptions o = diffBaseOptions();
        o.slowFunction = ns ? m_slowFunction : -1;
        o.slowByNs = ns;
        const QString path = m_dir.filePath(QStringLiteral("slow%1").arg(ns));
        const GeneratedCapture generated = generateCapture(o, path);
        if (!generated.ok())
            return nullptr;
        LoadResult loaded = loadCapture(path);
        return m_captures[ns] = loaded.capture;
    }

    std::vector<CapturePtr> capturesSlowedBy(const QList<qint64> &ns)
    {
        std::vector<CapturePtr> out;
        for (qint64 n : ns)
            out.push_back(slowedBy(n));
        return out;
    }

    // What slowing the function by `ns` adds to the mean bar duration (M6), in µs.
    double meanBarShift(qint64 ns) const { return double(ns) / 1000.0 * double(m_slowBars) / double(m_bars); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        auto catalogue = TechniqueCatalogue::fromFile(beforeAfterCatalogue(), &error);
        QVERIFY2(catalogue, qPrintable(error));
        m_catalogue = std::make_shared<const TechniqueCatalogue>(std::move(*catalogue));
        const CapturePtr base = slowedBy(0);
        QVERIFY(base);
        for (const TaskRow &r : base->rows) {
            if (m_slowFunction == kNoFunction && r.funcId >= 0)
                m_slowFunction = r.funcId;
            m_slowBars += r.funcId >= 0 && r.funcId == m_slowFunction;
        }
        m_bars = base->rows.size();
        QVERIFY(m_slowFunction != kNoFunction);
        QVERIFY(m_slowBars > 0 && m_slowBars < m_bars);
    }

    // Each side's runs come back measured in the order given, with computeMetrics' values (the
    // CLI measures its sides with measureRuns() alike), and compareCaptures() on them gives each
    // run's value and the spread the generator's truth says.
    void measuresEveryRunOfBothSides_data()
    {
        QTest::addColumn<QList<qint64>>("before"); // how much each run's function is slowed (ns)
        QTest::addColumn<QList<qint64>>("after");
        QTest::newRow("1+1") << QList<qint64>{0} << QList<qint64>{20000};
        QTest::newRow("2+2") << QList<qint64>{0, 2000} << QList<qint64>{20000, 24000};
        QTest::newRow("3+2") << QList<qint64>{0, 6000, 2000} << QList<qint64>{20000, 30000};
    }
    void measuresEveryRunOfBothSides()
    {
        QFETCH(QList<qint64>, before);
        QFETCH(QList<qint64>, after);
        const std::vector<CapturePtr> runs[2] = {capturesSlowedBy(before), capturesSlowedBy(after)};
        for (const auto &side : runs)
            for (const CapturePtr &run : side)
                QVERIFY(run);

        RunMetricsJob job;
        QSignalSpy finished(&job, &RunMetricsJob::finished);
        job.start(runs[0], runs[1]);
        QVERIFY(job.pending());
        QVERIFY(finished.wait(30000));
        QVERIFY(!job.pending());
        const auto result = finished.takeFirst().at(0).value<RunMetricsResultPtr>();
        QVERIFY(result);
        QCOMPARE(result->before.runs, runs[0]);
        QCOMPARE(result->after.runs, runs[1]);
        QCOMPARE(result->before.metrics.size(), runs[0].size());
        QCOMPARE(result->after.metrics.size(), runs[1].size());

        // The same numbers as the CLI's path, run by run.
        for (const auto &[side, measured] :
             {std::pair{&runs[0], &result->before}, std::pair{&runs[1], &result->after}}) {
            const std::optional<SideRuns> cli = measureRuns(*side);
            QVERIFY(cli);
            for (std::size_t k = 0; k < side->size(); ++k) {
                for (const auto &[id, value] : cli->metrics[k].values) {
                    QCOMPARE(measured->metrics[k].value(id).has_value(), value.value.has_value());
                    if (value.value)
                        QCOMPARE(*measured->metrics[k].value(id), *value.value);
                }
            }
        }

        const CaptureComparison c = compareCaptures(result->before.compared(), result->after.compared(),
                                                    *m_catalogue, QStringLiteral("general"));
        QCOMPARE(c.beforeRuns, int(before.size()));
        QCOMPARE(c.afterRuns, int(after.size()));
        const MetricComparison *m6 = metric(c, QStringLiteral("M6"));
        QVERIFY(m6 && m6->beforeSpread && m6->afterSpread);
        const auto [beforeLow, beforeHigh] = std::minmax_element(before.begin(), before.end());
        const auto [afterLow, afterHigh] = std::minmax_element(after.begin(), after.end());
        QCOMPARE(m6->beforeRuns.size(), std::size_t(before.size()));
        QCOMPARE(m6->afterRuns.size(), std::size_t(after.size()));
        const double base = m6->beforeRuns.front() - meanBarShift(before.front());
        for (qsizetype k = 0; k < before.size(); ++k)
            QVERIFY(std::abs(m6->beforeRuns[std::size_t(k)] - (base + meanBarShift(before[k]))) < kExact);
        for (qsizetype k = 0; k < after.size(); ++k)
            QVERIFY(std::abs(m6->afterRuns[std::size_t(k)] - (base + meanBarShift(after[k]))) < kExact);
        QVERIFY(std::abs((m6->beforeSpread->max - m6->beforeSpread->min) -
                         (meanBarShift(*beforeHigh) - meanBarShift(*beforeLow))) < kExact);
        QVERIFY(std::abs((m6->afterSpread->max - m6->afterSpread->min) -
                         (meanBarShift(*afterHigh) - meanBarShift(*afterLow))) < kExact);
        // The task count does not move between runs: no spread.
        const MetricComparison *m1 = metric(c, QStringLiteral("M1"));
        QVERIFY(m1 && m1->beforeSpread && m1->afterSpread);
        QCOMPARE(m1->beforeSpread->max, m1->beforeSpread->min);
        QCOMPARE(m1->afterSpread->max, m1->afterSpread->min);
        QTRY_VERIFY(!job.busy());
        QCOMPARE(finished.count(), 0); // one request, one delivery
    }

    // A newer request cancels the one under way: its worker sees the flag and stops, nothing of it
    // is delivered, and the newer request's metrics arrive once.
    void newerRequestCancelsTheOlder()
    {
        const CapturePtr base = slowedBy(0), slow = slowedBy(20000);
        QVERIFY(base && slow);
        RunMetricsJob job;
        std::atomic<int> checkpoints{0};
        std::atomic<bool> olderSawCancel{false};
        job.setCheckpoint([&](const std::atomic<bool> &cancelled) {
            if (checkpoints++ > 0)
                return;
            cancelled.wait(false); // the first request is held until cancelled
            olderSawCancel = true;
        });
        QSignalSpy finished(&job, &RunMetricsJob::finished);
        job.start({base}, {slow});
        QTRY_VERIFY(checkpoints > 0);
        job.start({slow}, {base, slow});
        QTRY_VERIFY(olderSawCancel);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QTRY_VERIFY(!job.busy());
        QCoreApplication::processEvents();
        QCOMPARE(finished.count(), 1);
        const auto result = finished.at(0).at(0).value<RunMetricsResultPtr>();
        QCOMPARE(result->before.runs, std::vector<CapturePtr>{slow});
        QCOMPARE(result->after.runs, (std::vector<CapturePtr>{base, slow}));
    }

    // Cancelling, or an empty side, delivers nothing; the destructor waits for a held request.
    void cancelAndClearDeliverNothing_data()
    {
        QTest::addColumn<bool>("clear"); // an empty side instead of cancel()
        QTest::newRow("cancel") << false;
        QTest::newRow("empty side") << true;
    }
    void cancelAndClearDeliverNothing()
    {
        QFETCH(bool, clear);
        const CapturePtr base = slowedBy(0);
        QVERIFY(base);
        auto job = std::make_unique<RunMetricsJob>();
        std::atomic<bool> held{false};
        job->setCheckpoint([&](const std::atomic<bool> &cancelled) {
            held = true;
            cancelled.wait(false);
        });
        QSignalSpy finished(job.get(), &RunMetricsJob::finished);
        job->start({base}, {base});
        QTRY_VERIFY(held);
        if (clear)
            job->start({base}, {});
        else
            job->cancel();
        QVERIFY(!job->pending());
        QTRY_VERIFY(!job->busy());
        QTest::qWait(20);
        QCOMPARE(finished.count(), 0);
        // Held again, then destroyed: the destructor cancels and waits.
        job->start({base}, {base});
        job.reset();
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TstRunMetricsJob)
#include "tst_runmetricsjob.moc"
