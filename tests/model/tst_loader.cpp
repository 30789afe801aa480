#include "beforeafterpair.h"
#include "capturegenerator.h"
#include "expectedjson.h"
#include "model/analysis/capturesummary.h"
#include "model/capture/backgroundfree.h"
#include "model/capture/captureruns.h"
#include "model/capture/taskindex.h"
#include "model/io/loader.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

using namespace lanescope;

namespace {

nlohmann::json readExpected(const QString &dir)
{
    QFile f(QDir(dir).filePath(QStringLiteral("expected.json")));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-6 * std::max(1.0, std::abs(b));
}

// A small generated capture in `dir`, for tests of how a load stops.
bool writeSmallCapture(const QTemporaryDir &dir)
{
    GeneratorOptions o;
    o.tasks = 2000;
    return generateCapture(o, dir.path()).ok();
}

std::size_t count(const std::vector<PhaseLane> &lanes)
{
    std::size_t n = 0;
    for (const PhaseLane &l : lanes)
        n += l.size();
    return n;
}

// Checks a loaded capture against the generator's ground truth (computed from the cycles it wrote).
void verifyAgainstExpected(const Capture &c, const nlohmann::json &e)
{
    const bool objects = e.value("shape", "") == "objects";
    const int level = e.value("level", 0);
    if (e.value("levelKey", "") != "version")
        QCOMPARE(c.info.level.value_or(-1), level);
    if (!objects)
        QCOMPARE(c.info.clockFreqHz.value_or(-1), e.value("clockFreqHz", std::int64_t(0)));
    // Duplicate join keys are reported and both rows kept (the reference keeps only the later one).
    const std::uint64_t keptRows = e.value("joinedRows", 0ull) +
                                   (level >= 2 ? e.value("aicoreWithoutAicpu", 0ull) : 0ull) +
                                   e.value("duplicateJoinKeys", 0ull);
    QCOMPARE(std::uint64_t(c.rows.size()), keptRows);
    QCOMPARE(std::uint64_t(distinctTaskCount(c.rows)), e.value("tasksWithAicoreRows", 0ull));
    const CaptureSummary s = summarize(c);
    QVERIFY(s.makespanUs.has_value());
    QVERIFY2(
        near(*s.makespanUs, e.value("totalTestTimeUs", 0.0)),
        qPrintable(
            QStringLiteral("makespan %1 vs %2").arg(*s.makespanUs).arg(e.value("totalTestTimeUs", 0.0))));
    if (!objects)
        QCOMPARE(c.info.baseCycles, e.value("timeBaseCycles", 0ull));
    QCOMPARE(std::uint64_t(count(c.schedulerThreads)), e.value("schedulerRecords", 0ull));
    QCOMPARE(std::uint64_t(count(c.orchestratorLanes)), e.value("orchestratorRecords", 0ull));
    if (e.value("depsWritten", false)) {
        QVERIFY(!c.info.sources.deps.isEmpty());
        QCOMPARE(std::uint64_t(c.deps.edges().size()), e.value("uniqueEdges", 0ull));
    }
    QCOMPARE(std::uint64_t(c.scopeStats.samples.size()), e.value("scopeSamples", 0ull));
    QCOMPARE(std::int64_t(c.hostLog.spans.size()), e.value("hostSpans", std::int64_t(0)));
    if (!c.rows.empty())
        QCOMPARE(c.rows.back().taskId, e.value("maxTaskId", 0ull));
}

// A capture of several runs (upstream supplement §4, §5): exactly the expected runs, in epoch
// order, each with the figures of its own streams; the default run is the last; "All runs" holds
// every run's rows.
void verifyRunsAgainstExpected(const LoadResult &r, const nlohmann::json &e)
{
    const auto &runs = e["runs"];
    const bool retained = e.value("retained", false);
    QCOMPARE(r.runs.size(), runs.size());
    QCOMPARE(r.capture, r.runs.defaultRun());
    std::uint64_t allRows = 0;
    for (std::size_t k = 0; k < runs.size(); ++k) {
        const auto &x = runs[k];
        const Capture &c = *r.runs.runs[k];
        const QString at = QStringLiteral("run %1").arg(x.value("runEpoch", 0));
        QVERIFY2(c.info.runEpoch == x.value("runEpoch", 0u), qPrintable(at));
        QCOMPARE(c.info.runCount, int(runs.size()));
        QCOMPARE(std::uint64_t(c.rows.size()), x.value("rows", 0ull));
        QCOMPARE(std::uint64_t(distinctTaskCount(c.rows)), x.value("tasks", 0ull));
        QCOMPARE(std::uint64_t(count(c.schedulerThreads)), x.value("schedulerRecords", 0ull));
        QCOMPARE(std::uint64_t(count(c.orchestratorLanes)), x.value("orchestratorRecords", 0ull));
        QCOMPARE(std::uint64_t(c.scopeStats.samples.size()), x.value("scopeSamples", 0ull));
        QCOMPARE(capturedNothing(c), x.value("capturedNothing", false));
        if (!c.rows.empty()) {
            const CaptureSummary s = summarize(c);
            QVERIFY(s.makespanUs.has_value());
            QVERIFY2(near(*s.makespanUs, x.value("totalTestTimeUs", 0.0)),
                     qPrintable(at + QStringLiteral(": makespan %1 vs %2")
                                         .arg(*s.makespanUs)
                                         .arg(x.value("totalTestTimeUs", 0.0))));
        }
        const std::string verdict = x.value("verdict", "");
        QCOMPARE(c.info.collection.verdict.toStdString(), verdict);
        QCOMPARE(c.info.collection.present, retained);
        // A partial verdict marks the run partial; nothing else in a generated run does.
        QVERIFY2(c.info.partial == (retained && verdict != "published"),
                 qPrintable(at + QStringLiteral(": ") + c.info.warnings.join(QStringLiteral("; "))));
        // A retained file is a run on its own time base; runs sharing a file share the file's.
        if (retained && !x.value("capturedNothing", false))
            QCOMPARE(c.info.baseCycles, x.value("timeBaseCycles", 0ull));
        if (!retained)
            QCOMPARE(c.info.baseCycles, e.value("timeBaseCycles", 0ull));
        allRows += c.rows.size();
    }
    const auto all = layOutAllRuns(r.runs);
    QCOMPARE(bool(all), runs.size() > 1);
    if (all) { // every row and record once, none twice
        QCOMPARE(std::uint64_t(all->rows.size()), allRows);
        QCOMPARE(std::uint64_t(count(all->schedulerThreads)), e.value("schedulerRecords", 0ull));
    }
}

} // namespace

class TestLoader : public QObject
{
    Q_OBJECT

private slots:
    void generatedFixtures_data()
    {
        QTest::addColumn<QString>("dir");
        const QDir root(QStringLiteral(LANESCOPE_FIXTURES "/generated"));
        const QStringList dirs = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        QVERIFY(dirs.size() >= 8);
        for (const QString &d : dirs)
            QTest::newRow(qPrintable(d)) << root.filePath(d);
        QTest::newRow("bundled sample") << QStringLiteral(LANESCOPE_SAMPLES "/sample-l4");
        QTest::newRow("before") << beforeAfterPath("before");
        QTest::newRow("after") << beforeAfterPath("after");
    }
    void generatedFixtures()
    {
        QFETCH(QString, dir);
        const nlohmann::json expected = readExpected(dir);
        QVERIFY(expected.is_object());
        const LoadResult r = loadCapture(dir);
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        if (expected.contains("runs")) {
            verifyRunsAgainstExpected(r, expected);
            return;
        }
        const Capture &c = *r.capture;
        const bool damaged =
            expected.value("aicoreWithoutAicpu", 0) + expected.value("aicpuWithoutAicore", 0) +
                expected.value("duplicateJoinKeys", 0) + expected.value("rowsBeyondNumCores", 0) >
            0;
        if (expected.value("truncatedAtByte", std::int64_t(-1)) >= 0) {
            // The cut loses the records after it, so only the flag and a prefix of the rows are known.
            QVERIFY(c.info.partial);
            QVERIFY(!c.rows.empty());
            QVERIFY(c.rows.size() <= expected.value("aicoreRows", 0ull));
            return;
        }
        verifyAgainstExpected(c, expected);
        if (!damaged)
            QVERIFY2(!c.info.partial, qPrintable(c.info.warnings.join(QStringLiteral("; "))));
    }

    void everyLevelAndShape_data()
    {
        QTest::addColumn<int>("level");
        QTest::addColumn<int>("shape");
        QTest::addColumn<bool>("zstd");
        for (int level = 1; level <= 4; ++level)
            QTest::newRow(qPrintable(QStringLiteral("current L%1").arg(level)))
                << level << int(RecordShape::Current) << false;
        QTest::newRow("v2 five columns") << 3 << int(RecordShape::V2FiveColumns) << false;
        QTest::newRow("l2 level key") << 4 << int(RecordShape::L2LevelKey) << false;
        QTest::newRow("upstream") << 4 << int(RecordShape::Upstream) << false;
        QTest::newRow("zstd everywhere") << 4 << int(RecordShape::Current) << true;
    }
    void everyLevelAndShape()
    {
        QFETCH(int, level);
        QFETCH(int, shape);
        QFETCH(bool, zstd);
        GeneratorOptions o;
        o.seed = 7 + level;
        o.level = level;
        o.tasks = 300;
        o.shape = RecordShape(shape);
        o.zstd = zstd;
        QTemporaryDir tmp;
        const GeneratedCapture g = generateCapture(o, tmp.path());
        QVERIFY2(g.ok(), qPrintable(g.error));
        const LoadResult r = loadCapture(tmp.path());
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        verifyAgainstExpected(*r.capture, nlohmann::json::parse(expectedToJson(g.expected).toStdString()));
        QCOMPARE(r.capture->info.partial, false);
        // Upstream stream and AICPU orchestrator records all carry run_epoch, and keep it (supplement §1).
        if (RecordShape(shape) == RecordShape::Upstream) {
            std::size_t records = 0;
            for (const auto *lanes : {&r.capture->schedulerThreads, &r.capture->orchestratorLanes})
                for (const PhaseLane &lane : *lanes)
                    for (const PhaseRecord &p : lane) {
                        QVERIFY(p.hasRunEpoch());
                        QCOMPARE(p.runEpoch, 1u);
                        ++records;
                    }
            QVERIFY(records > 0);
        }
    }

    // Generated captures of several runs: one file holding every epoch (join keys repeat across
    // runs) or a retained folder with a verdict per run, loaded into exactly the expected runs.
    void severalRuns_data()
    {
        QTest::addColumn<int>("runs");
        QTest::addColumn<bool>("retained");
        QTest::addColumn<QList<int>>("verdicts");
        QTest::addColumn<int>("level");
        using V = RunVerdict;
        QTest::newRow("two runs in one file") << 2 << false << QList<int>{} << 4;
        QTest::newRow("four runs in one file, level 2") << 4 << false << QList<int>{} << 2;
        QTest::newRow("one retained run") << 1 << true << QList<int>{} << 4;
        QTest::newRow("retained, every verdict") << 4 << true
                                                 << QList<int>{int(V::Published), int(V::PartialSafe),
                                                               int(V::PartialCutUnknown), int(V::Published)}
                                                 << 4;
        QTest::newRow("retained, a run that captured nothing")
            << 3 << true << QList<int>{int(V::Published), int(V::PublishedNothing), int(V::PartialSafe)} << 3;
        QTest::newRow("retained, the last run captured nothing")
            << 2 << true << QList<int>{int(V::PartialCutUnknown), int(V::PublishedNothing)} << 4;
    }
    void severalRuns()
    {
        QFETCH(int, runs);
        QFETCH(bool, retained);
        QFETCH(QList<int>, verdicts);
        QFETCH(int, level);
        GeneratorOptions o;
        o.seed = 31 + runs;
        o.level = level;
        o.tasks = 150;
        o.shape = RecordShape::Upstream;
        o.runs = runs;
        o.retained = retained;
        for (int v : verdicts)
            o.verdicts.push_back(RunVerdict(v));
        QTemporaryDir tmp;
        const GeneratedCapture g = generateCapture(o, tmp.path());
        QVERIFY2(g.ok(), qPrintable(g.error));
        QCOMPARE(g.expected.runs.size(), std::size_t(runs));
        const nlohmann::json e = nlohmann::json::parse(expectedToJson(g.expected).toStdString());
        for (const QString &path : {tmp.path(), QDir(tmp.path()).filePath(QStringLiteral("swimlane-0"))}) {
            if (!retained && path != tmp.path())
                continue;
            const LoadResult r = loadCapture(path);
            QVERIFY2(r.ok(), qPrintable(r.error.toString()));
            verifyRunsAgainstExpected(r, e);
            QVERIFY(!r.capture->scopeStats.samples.empty() ||
                    e["runs"].back().value("capturedNothing", false));
        }
    }

    void damagedInputIsKeptAndFlagged_data()
    {
        QTest::addColumn<int>("dropAicpu");
        QTest::addColumn<int>("dropAicore");
        QTest::addColumn<int>("duplicates");
        QTest::addColumn<double>("truncate");
        QTest::addColumn<QString>("warning");
        QTest::newRow("aicore rows without aicpu") << 5 << 0 << 0 << 0.0 << "AICPU";
        QTest::newRow("aicpu rows without aicore") << 0 << 4 << 0 << 0.0 << "dropped";
        QTest::newRow("duplicate join keys") << 0 << 0 << 3 << 0.0 << "duplicate";
        QTest::newRow("truncated records") << 0 << 0 << 0 << 0.1 << "truncated"; // cut inside aicore_tasks
    }
    void damagedInputIsKeptAndFlagged()
    {
        QFETCH(int, dropAicpu);
        QFETCH(int, dropAicore);
        QFETCH(int, duplicates);
        QFETCH(double, truncate);
        QFETCH(QString, warning);
        GeneratorOptions o;
        o.seed = 99;
        o.tasks = 300;
        o.inject.dropAicpuRows = dropAicpu;
        o.inject.dropAicoreRows = dropAicore;
        o.inject.duplicateJoinKeys = duplicates;
        o.inject.truncateRecordsAt = truncate;
        QTemporaryDir tmp;
        const GeneratedCapture g = generateCapture(o, tmp.path());
        QVERIFY2(g.ok(), qPrintable(g.error));
        const LoadResult r = loadCapture(tmp.path());
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        const Capture &c = *r.capture;
        const QString all = c.info.warnings.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(warning, Qt::CaseInsensitive), qPrintable(all));
        if (truncate > 0) {
            QVERIFY(c.info.partial);
            QVERIFY(!c.rows.empty());
            QVERIFY(c.rows.size() < g.expected.aicoreRows);
        } else {
            // Duplicate join keys are reported and both rows kept (§3.3 keeps only the later one).
            QCOMPARE(std::uint64_t(c.rows.size()),
                     g.expected.joinedRows + g.expected.aicoreWithoutAicpu + g.expected.duplicateJoinKeys);
        }
    }

    void companionFailuresAreWarningsNotErrors()
    {
        GeneratorOptions o;
        o.tasks = 100;
        QTemporaryDir tmp;
        const GeneratedCapture g = generateCapture(o, tmp.path());
        QVERIFY(g.ok());
        QFile deps(g.depsPath);
        QVERIFY(deps.open(QIODevice::WriteOnly | QIODevice::Truncate));
        deps.write("{\"tasks\": [{\"task_id\": \"1\", ");
        deps.close();
        const LoadResult r = loadCapture(tmp.path());
        QVERIFY(r.ok());
        QVERIFY(r.capture->info.partial);
        QVERIFY(r.capture->info.warnings.join(QLatin1Char('\n')).contains(QStringLiteral("deps.json")));
        QCOMPARE(std::uint64_t(r.capture->rows.size()), g.expected.joinedRows);
    }

    void nothingIsWrittenBesideTheCapture()
    {
        GeneratorOptions o;
        o.tasks = 50;
        QTemporaryDir tmp;
        QVERIFY(generateCapture(o, tmp.path()).ok());
        const QStringList before = QDir(tmp.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
        QVERIFY(loadCapture(tmp.path()).ok());
        QCOMPARE(QDir(tmp.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), before);
    }

    void cancelStopsTheLoad()
    {
        QTemporaryDir tmp;
        QVERIFY(writeSmallCapture(tmp));
        std::atomic<bool> cancel{true};
        LoadControl control;
        control.cancel = &cancel;
        const LoadResult r = loadCapture(tmp.path(), control);
        QVERIFY(!r.ok());
        QVERIFY(r.error.message.contains(QStringLiteral("cancel")));
    }

    // A cancel heard once every byte is read (the last progress report) still stops the load: the
    // lanes are not laid out for a load nobody wants. What it read is freed on the free thread, so
    // that the cancel does not wait for gigabytes to be returned; a load that runs through keeps it.
    void cancelAfterTheLastByteStopsTheLoad_data()
    {
        QTest::addColumn<bool>("cancelled");
        QTest::newRow("cancelled once read") << true;
        QTest::newRow("not cancelled") << false;
    }
    void cancelAfterTheLastByteStopsTheLoad()
    {
        QFETCH(bool, cancelled);
        QTemporaryDir tmp;
        QVERIFY(writeSmallCapture(tmp));
        std::atomic<bool> cancel{false};
        bool lastByteRead = false;
        LoadControl control;
        control.cancel = &cancel;
        control.progress = [&](std::int64_t done, std::int64_t total) {
            if (done == total) {
                lastByteRead = true;
                cancel = cancelled;
            }
        };
        const std::uint64_t freedBefore = backgroundFreesQueued();
        const LoadResult r = loadCapture(tmp.path(), control);
        QVERIFY(lastByteRead);
        QCOMPARE(r.ok(), !cancelled);
        if (cancelled)
            QCOMPARE(r.error.message, QStringLiteral("loading was cancelled"));
        QCOMPARE(backgroundFreesQueued() > freedBefore, cancelled);
        waitForBackgroundFrees();
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestLoader)
#include "tst_loader.moc"
