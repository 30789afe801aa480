// The synthetic capture generator is the ground truth of every reader test, so it is checked here
// against the spec independently: each file is parsed with a generic JSON parser and the numbers
// the generator promises (expected values) are recomputed from the bytes it wrote.

#include "capturegenerator.h"
#include "expectedjson.h"
#include "generatorpresets.h"
#include "scopestatswriter.h"

#include "model/io/companions/scopestatsreader.h"
#include "model/io/json/bytesource.h"
#include "testmain.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

using namespace lanescope;
using nlohmann::json;

namespace {

constexpr std::uint64_t kTwoTo53 = std::uint64_t(1) << 53;

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

json parseFile(const QString &path)
{
    const auto bytes = readAll(path);
    return json::parse(bytes.constData(), bytes.constData() + bytes.size());
}

// A small program on 4 clusters: ~100-200 rows, fast enough for every test function.
GeneratorOptions smallOptions(int level = 4, std::uint64_t seed = 3)
{
    GeneratorOptions o;
    o.seed = seed;
    o.level = level;
    o.tasks = 80;
    o.blockDim = 4;
    o.schedulerThreads = 2;
    o.fractions.spmd = 0.15;
    o.fractions.earlyDispatch = 0.1;
    return o;
}

std::map<QString, QByteArray> filesUnder(const QString &dir)
{
    std::map<QString, QByteArray> files;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const auto path = it.next();
        files[QDir(dir).relativeFilePath(path)] = readAll(path);
    }
    return files;
}

// Where a preset's committed files live in this checkout.
QString committedDirectory(const GeneratorPreset &p)
{
    const QString samples = QStringLiteral("resources/samples/");
    const QString fixtures = QStringLiteral("tests/fixtures/");
    if (p.directory.startsWith(samples))
        return QStringLiteral(LANESCOPE_SAMPLES "/") + p.directory.mid(samples.size());
    return QStringLiteral(LANESCOPE_FIXTURES "/") + p.directory.mid(fixtures.size());
}

// Values recomputed from a raw-stream records file, following spec §3.2/§3.3/§12.1 directly.
struct Recomputed
{
    std::uint64_t aicoreRows = 0, aicpuRows = 0, joined = 0, aicoreAlone = 0, aicpuAlone = 0, duplicates = 0;
    std::uint64_t distinctTasks = 0, beyond = 0, maxTaskId = 0, base = 0, orchestrator = 0;
    double totalTestTimeUs = 0;
    std::vector<std::uint64_t> perThread;
};

Recomputed recompute(const json &r)
{
    Recomputed out;
    const int level = r.contains("chip_swimlane_level") ? r["chip_swimlane_level"].get<int>()
                                                        : r["l2_swimlane_level"].get<int>();
    const auto &meta = r["metadata"];
    const auto f = meta["clock_freq_hz"].get<double>();
    const auto numCores = meta["num_cores"].get<std::uint64_t>();
    const auto &core = r["aicore_tasks"];
    const json cpu = r.contains("scheduler_tasks") ? r["scheduler_tasks"]["records"]
                                                   : r.value("aicpu_tasks", json::array());
    std::set<std::pair<std::uint64_t, std::uint64_t>> coreKeys, cpuKeys;
    std::set<std::uint64_t> tasks;
    std::uint64_t base = ~std::uint64_t(0);
    auto consider = [&base](std::uint64_t c) {
        if (c > 0)
            base = std::min(base, c);
    };
    std::uint64_t lo = ~std::uint64_t(0), hi = 0;
    for (const auto &row : core) {
        const auto id = row[1].get<std::uint64_t>();
        const auto start = row[3].get<std::uint64_t>(), end = row[4].get<std::uint64_t>();
        const auto receive = row.size() >= 6 ? start - row[5].get<std::uint64_t>() : start;
        if (!coreKeys.insert({row[0].get<std::uint64_t>(), row[2].get<std::uint64_t>()}).second)
            ++out.duplicates;
        tasks.insert(id);
        out.maxTaskId = std::max(out.maxTaskId, id);
        out.beyond += row[0].get<std::uint64_t>() >= numCores ? 1 : 0;
        consider(receive);
        consider(end);
        if (level == 1) {
            lo = std::min(lo, receive);
            hi = std::max(hi, end);
        }
    }
    for (const auto &row : cpu) {
        cpuKeys.insert({row[0].get<std::uint64_t>(), row[1].get<std::uint64_t>()});
        consider(row[2].get<std::uint64_t>());
        consider(row[3].get<std::uint64_t>());
        if (coreKeys.count({row[0].get<std::uint64_t>(), row[1].get<std::uint64_t>()})) {
            ++out.joined;
            lo = std::min(lo, row[2].get<std::uint64_t>());
            hi = std::max(hi, row[3].get<std::uint64_t>());
        } else {
            ++out.aicpuAlone;
        }
    }
    if (level >= 2)
        for (const auto &row : core)
            out.aicoreAlone +=
                cpuKeys.count({row[0].get<std::uint64_t>(), row[2].get<std::uint64_t>()}) ? 0 : 1;
    else
        out.joined = core.size();
    auto phases = [&](const json &records) {
        for (const auto &p : records) {
            consider(p["start_cycles"].get<std::uint64_t>());
            consider(p["end_cycles"].get<std::uint64_t>());
        }
    };
    if (r.contains("aicpu_scheduler_phases")) {
        for (const auto &lane : r["aicpu_scheduler_phases"]) {
            out.perThread.push_back(lane.size());
            phases(lane);
        }
    }
    if (r.contains("scheduler_records")) {
        for (const auto &s : r["scheduler_records"]["streams"]) {
            out.perThread.push_back(s["records"].size());
            phases(s["records"]);
        }
    }
    if (r.contains("aicpu_orchestrator_phases"))
        for (const auto &lane : r["aicpu_orchestrator_phases"]) {
            out.orchestrator += lane.size();
            phases(lane);
        }
    if (r.contains("host_orchestrator_phases"))
        for (const auto &lane : r["host_orchestrator_phases"])
            out.orchestrator += lane.size();
    out.aicoreRows = core.size();
    out.aicpuRows = cpu.size();
    out.distinctTasks = tasks.size();
    out.base = base == ~std::uint64_t(0) ? 0 : base;
    out.totalTestTimeUs = hi > lo ? double(hi - lo) * 1e6 / f : 0.0;
    return out;
}

// Scheduler arrays are padded to the platform's AICPU thread count; compare only threads with data.
std::vector<std::uint64_t> trimmed(std::vector<std::uint64_t> v, std::size_t threads)
{
    v.resize(std::min(v.size(), threads));
    return v;
}

void compareWithExpected(const json &records, const ExpectedValues &e)
{
    const auto r = recompute(records);
    QCOMPARE(r.aicoreRows, e.aicoreRows);
    QCOMPARE(r.aicpuRows, e.aicpuRows);
    QCOMPARE(r.joined, e.joinedRows);
    QCOMPARE(r.aicoreAlone, e.aicoreWithoutAicpu);
    QCOMPARE(r.aicpuAlone, e.aicpuWithoutAicore);
    QCOMPARE(r.duplicates, e.duplicateJoinKeys);
    QCOMPARE(r.beyond, e.rowsBeyondNumCores);
    QCOMPARE(r.distinctTasks, e.tasksWithAicoreRows);
    QCOMPARE(r.maxTaskId, e.maxTaskId);
    QCOMPARE(r.base, e.timeBaseCycles);
    QVERIFY2(std::abs(r.totalTestTimeUs - e.totalTestTimeUs) < 1e-6,
             qPrintable(QString::number(r.totalTestTimeUs)));
    QCOMPARE(trimmed(r.perThread, e.schedulerRecordsPerThread.size()), e.schedulerRecordsPerThread);
    QCOMPARE(r.orchestrator, e.orchestratorRecords);
}

// The rows and records of one run of a multi-run records file (the stamp is column 7 of aicore
// rows, column 5 of scheduler rows, a key of phase records), as a file of its own.
json runOf(const json &records, std::uint32_t epoch)
{
    json out = records;
    auto keep = [epoch](const json &rows, std::size_t column) {
        json kept = json::array();
        for (const auto &row : rows)
            if (row[column].get<std::uint32_t>() == epoch)
                kept.push_back(row);
        return kept;
    };
    auto keepRecords = [epoch](const json &list) {
        json kept = json::array();
        for (const auto &r : list)
            if (r["run_epoch"].get<std::uint32_t>() == epoch)
                kept.push_back(r);
        return kept;
    };
    out["aicore_tasks"] = keep(records["aicore_tasks"], 6);
    out["scheduler_tasks"]["records"] = keep(records["scheduler_tasks"]["records"], 4);
    if (out.contains("scheduler_records"))
        for (auto &stream : out["scheduler_records"]["streams"])
            stream["records"] = keepRecords(stream["records"]);
    if (out.contains("aicpu_orchestrator_phases"))
        for (auto &lane : out["aicpu_orchestrator_phases"])
            lane = keepRecords(lane);
    return out;
}

// Samples per run_epoch of a scope stats file, checking that buf_seq counts from 0 in every run.
std::map<std::uint32_t, std::uint64_t> scopeSamplesPerRun(const QString &path)
{
    std::map<std::uint32_t, std::uint64_t> perRun;
    std::map<std::uint32_t, std::uint64_t> firstSeq;
    const auto lines = readAll(path).split('\n');
    for (int i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        const auto s = json::parse(lines[i].toStdString());
        const auto epoch = s["run_epoch"].get<std::uint32_t>();
        if (!perRun[epoch]++)
            firstSeq[epoch] = s["buf_seq"].get<std::uint64_t>();
    }
    for (const auto &[epoch, seq] : firstSeq)
        if (seq != 0)
            return {};
    return perRun;
}

// A run's figures in expected.json against the same figures recomputed from its rows.
void compareRun(const json &run, const ExpectedRun &x)
{
    const auto r = recompute(run);
    QCOMPARE(r.aicoreRows, x.aicoreRows);
    QCOMPARE(r.joined, x.joinedRows);
    QCOMPARE(r.joined + r.aicoreAlone + r.duplicates, x.rows);
    QCOMPARE(r.distinctTasks, x.tasks);
    QVERIFY2(std::abs(r.totalTestTimeUs - x.totalTestTimeUs) < 1e-6,
             qPrintable(QString::number(r.totalTestTimeUs)));
    QCOMPARE(r.base, x.timeBaseCycles);
    std::uint64_t scheduler = 0;
    for (auto n : r.perThread)
        scheduler += n;
    QCOMPARE(scheduler, x.schedulerRecords);
    QCOMPARE(r.orchestrator, x.orchestratorRecords);
}

} // namespace

class TestCaptureGenerator : public QObject
{
    Q_OBJECT

private slots:
    void sameSeedGivesIdenticalFiles();
    void differentSeedGivesDifferentFiles();
    void levelOmitsWhatItMust_data();
    void levelOmitsWhatItMust();
    void expectedMatchesRawShapes_data();
    void expectedMatchesRawShapes();
    void rowsAreInternallyConsistent();
    void taskIdsAndScopeStats();
    void upstreamScopeStatsAreUnversioned();
    void depsMatchTheWorkload();
    void depsV1IsNumericPairs();
    void hbViolationsRecomputed();
    void objectLayout_data();
    void objectLayout();
    void injectedDamage();
    void truncation();
    void zstdSiblingsDecompressToPlainFiles();
    void idsAndCyclesAbove2p53();
    void hostLog();
    void largerScaleStaysConsistent();
    void committedDataIsReproducible_data();
    void committedDataIsReproducible();
    void beforeAfterPairShowsTheTechnique();
    void severalRunsInOneFile();
    void retainedLayout_data();
    void retainedLayout();
    void runsNeedTheUpstreamShape();
};

void TestCaptureGenerator::sameSeedGivesIdenticalFiles()
{
    QTemporaryDir a, b;
    auto o = smallOptions();
    const auto ga = generateCapture(o, a.path());
    const auto gb = generateCapture(o, b.path());
    QVERIFY2(ga.ok(), qPrintable(ga.error));
    QVERIFY(gb.ok());
    const auto fa = filesUnder(a.path()), fb = filesUnder(b.path());
    QCOMPARE(fa.size(), std::size_t(5)); // records, deps, name map, scope stats, host log
    QVERIFY(fa == fb);
    QCOMPARE(expectedToJson(ga.expected), expectedToJson(gb.expected));
}

void TestCaptureGenerator::differentSeedGivesDifferentFiles()
{
    QTemporaryDir a, b;
    const auto ga = generateCapture(smallOptions(4, 3), a.path());
    const auto gb = generateCapture(smallOptions(4, 4), b.path());
    QVERIFY(ga.ok() && gb.ok());
    QVERIFY(readAll(ga.recordsPath) != readAll(gb.recordsPath));
    QVERIFY(readAll(ga.depsPath) != readAll(gb.depsPath));
}

void TestCaptureGenerator::levelOmitsWhatItMust_data()
{
    QTest::addColumn<int>("level");
    for (int level = 1; level <= 4; ++level)
        QTest::addRow("level %d", level) << level;
}

// Spec §2.2 / §2.8: what each level fills.
void TestCaptureGenerator::levelOmitsWhatItMust()
{
    QFETCH(int, level);
    QTemporaryDir dir;
    const auto g = generateCapture(smallOptions(level), dir.path());
    QVERIFY(g.ok());
    const auto r = parseFile(g.recordsPath);
    QCOMPARE(r["chip_swimlane_level"].get<int>(), level);
    QVERIFY(!r["aicore_tasks"].empty());
    QCOMPARE(r["aicore_tasks"][0].size(), std::size_t(6));
    QCOMPARE(r["aicpu_tasks"].empty(), level == 1);
    QCOMPARE(r["metadata"].contains("core_to_thread"), level >= 3);
    QCOMPARE(r.contains("aicpu_scheduler_phases"), level >= 3);
    QCOMPARE(r.contains("aicpu_orchestrator_phases"), level >= 4);
    QCOMPARE(r["metadata"]["num_cores"].get<int>(), 12);
    QCOMPARE(r["metadata"]["core_types"].size(), std::size_t(12));
    QCOMPARE(r["metadata"]["core_types"][3].get<std::string>(), std::string("aic"));
    QCOMPARE(r["metadata"]["core_types"][4].get<std::string>(), std::string("aiv"));
    QCOMPARE(g.expected.level, level);
    QCOMPARE(g.expected.schedulerRecordsPerThread.empty(), level < 3);
    QCOMPARE(g.expected.orchestratorRecords == 0, level < 4);
    if (level >= 3) {
        // Platform maximum of 4 a2a3 AICPU threads; the unused ones are empty arrays.
        QCOMPARE(r["aicpu_scheduler_phases"].size(), std::size_t(4));
        QVERIFY(r["aicpu_scheduler_phases"][3].empty());
        QCOMPARE(r["metadata"]["core_to_thread"].size(), std::size_t(12));
    }
    if (level == 4) {
        // Every submit_task / alloc_tensors call has an orchestrator record, in submit order.
        const auto &orch = r["aicpu_orchestrator_phases"][0];
        QCOMPARE(std::uint64_t(orch.size()), g.expected.logicalTasks);
        for (std::size_t i = 0; i < orch.size(); ++i)
            QCOMPARE(orch[i]["submit_idx"].get<std::size_t>(), i);
    }
}

void TestCaptureGenerator::expectedMatchesRawShapes_data()
{
    QTest::addColumn<int>("shape");
    QTest::addColumn<int>("level");
    QTest::addColumn<int>("columns");
    QTest::addColumn<QString>("levelKey");
    const QString chip = QStringLiteral("chip_swimlane_level");
    for (int level = 1; level <= 4; ++level)
        QTest::addRow("current L%d", level) << int(RecordShape::Current) << level << 6 << chip;
    QTest::newRow("v2 L4") << int(RecordShape::V2FiveColumns) << 4 << 5 << chip;
    QTest::newRow("v2 L2") << int(RecordShape::V2FiveColumns) << 2 << 5 << chip;
    QTest::newRow("l2key L4") << int(RecordShape::L2LevelKey) << 4 << 6
                              << QStringLiteral("l2_swimlane_level");
    QTest::newRow("upstream L4") << int(RecordShape::Upstream) << 4 << 7 << chip;
    QTest::newRow("upstream L1") << int(RecordShape::Upstream) << 1 << 7 << chip;
}

void TestCaptureGenerator::expectedMatchesRawShapes()
{
    QFETCH(int, shape);
    QFETCH(int, level);
    QFETCH(int, columns);
    QFETCH(QString, levelKey);
    QTemporaryDir dir;
    auto o = smallOptions(level, 9);
    o.shape = RecordShape(shape);
    const auto g = generateCapture(o, dir.path());
    QVERIFY(g.ok());
    const auto r = parseFile(g.recordsPath);
    QVERIFY(r.contains(levelKey.toStdString()));
    QCOMPARE(g.expected.levelKey, levelKey);
    for (const auto &row : r["aicore_tasks"])
        QCOMPARE(int(row.size()), columns);
    compareWithExpected(r, g.expected);
    QCOMPARE(g.expected.firstUs, 0.0);
    QVERIFY(g.expected.lastUs >= g.expected.totalTestTimeUs);
    if (o.shape == RecordShape::Upstream) {
        QCOMPARE(r["metadata"]["runtime"].get<std::string>(), std::string("tensormap_and_ringbuffer"));
        QVERIFY(!r.contains("aicpu_tasks"));
        QVERIFY(!r.contains("aicpu_scheduler_phases"));
        QCOMPARE(r["scheduler_tasks"]["producer"].get<std::string>(), std::string("aicpu"));
        QCOMPARE(r.contains("scheduler_records"), level >= 3);
        if (level >= 3) {
            const auto &stream = r["scheduler_records"]["streams"][0];
            QCOMPARE(stream["capture"]["committed"].get<std::size_t>(), stream["records"].size());
            QVERIFY(!stream["metrics"].empty());
            const auto idx = stream["metrics"][0]["record_index"].get<std::size_t>();
            const auto kind = stream["records"][idx]["kind"].get<std::string>();
            QVERIFY(kind == "complete" || kind == "dispatch");
        }
        // AICPU orchestrator records carry run_epoch like the stream records (supplement §1).
        if (level >= 4) {
            QVERIFY(r.contains("aicpu_orchestrator_phases"));
            for (const auto &record : r["aicpu_orchestrator_phases"][0])
                QCOMPARE(record["run_epoch"].get<int>(), 1);
        }
    }
}

// The timeline a reader draws must make physical sense (spec §3.3 intervals, §2.6/2.7 phases).
void TestCaptureGenerator::rowsAreInternallyConsistent()
{
    QTemporaryDir dir;
    const auto g = generateCapture(smallOptions(4, 21), dir.path());
    QVERIFY(g.ok());
    const auto r = parseFile(g.recordsPath);
    std::map<std::pair<std::uint64_t, std::uint64_t>, json> cpu;
    for (const auto &row : r["aicpu_tasks"])
        cpu[{row[0].get<std::uint64_t>(), row[1].get<std::uint64_t>()}] = row;
    std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> lastOnCore; // core -> (reg, end)
    for (const auto &row : r["aicore_tasks"]) {
        const auto c = row[0].get<std::uint64_t>(), reg = row[2].get<std::uint64_t>();
        const auto start = row[3].get<std::uint64_t>(), end = row[4].get<std::uint64_t>();
        const auto receive = start - row[5].get<std::uint64_t>();
        const auto it = lastOnCore.find(c);
        if (it != lastOnCore.end()) {
            QVERIFY(reg > it->second.first);       // per-core dispatch counter, file grouped by core
            QVERIFY(receive >= it->second.second); // a core reads its next task after the previous end
        }
        lastOnCore[c] = {reg, end};
        const auto &partner = cpu.at({c, reg});
        const auto dispatch = partner[2].get<std::uint64_t>(), finish = partner[3].get<std::uint64_t>();
        QVERIFY(dispatch <= receive && receive <= start && start <= end && end <= finish);
    }
    QCOMPARE(lastOnCore.size(), std::size_t(12)); // every core got work
    const std::set<std::string> outer = {"complete", "dispatch", "dummy", "early_dispatch"};
    for (const auto &lane : r["aicpu_scheduler_phases"]) {
        std::uint64_t prevEnd = 0, prevIter = 0;
        std::vector<std::pair<std::uint64_t, std::uint64_t>> containers;
        for (const auto &p : lane) {
            const auto kind = p["kind"].get<std::string>();
            QVERIFY(p["end_cycles"].get<std::uint64_t>() >= p["start_cycles"].get<std::uint64_t>());
            QVERIFY(p["loop_iter"].get<std::uint64_t>() >= prevIter);
            prevIter = p["loop_iter"].get<std::uint64_t>();
            QCOMPARE(p.contains("pop_hit"), kind == "dispatch");
            QCOMPARE(p.contains("task_id"), kind == "dummy_task" || kind == "predicated_skip");
            if (outer.count(kind)) {
                QVERIFY(p["start_cycles"].get<std::uint64_t>() >= prevEnd); // outer phases never overlap
                prevEnd = p["end_cycles"].get<std::uint64_t>();
                if (kind == "complete" || kind == "dummy")
                    containers.emplace_back(p["start_cycles"].get<std::uint64_t>(), prevEnd);
            }
        }
        // resolve is inner: contained in a complete or dummy bar of the same thread.
        for (const auto &p : lane) {
            if (p["kind"] != "resolve")
                continue;
            const auto s = p["start_cycles"].get<std::uint64_t>(), e = p["end_cycles"].get<std::uint64_t>();
            QVERIFY(std::any_of(containers.begin(), containers.end(),
                                [&](const auto &c) { return c.first <= s && e <= c.second; }));
        }
    }
}

// §3.5 / §8: ids are (ring << 32) | local with per-ring counters; scope stats agree with them.
void TestCaptureGenerator::taskIdsAndScopeStats()
{
    QTemporaryDir dir;
    auto o = smallOptions(4, 5);
    o.tasks = 200;
    const auto g = generateCapture(o, dir.path());
    QVERIFY(g.ok());
    const auto r = parseFile(g.recordsPath);
    std::map<std::uint64_t, std::vector<std::uint64_t>> localsPerRing;
    for (const auto &rec : r["aicpu_orchestrator_phases"][0]) {
        const auto id = rec["task_id"].get<std::uint64_t>();
        QVERIFY((id >> 32) <= 3);
        localsPerRing[id >> 32].push_back(id & 0xFFFFFFFFu);
    }
    QVERIFY(localsPerRing.size() >= 2);
    for (const auto &[ring, locals] : localsPerRing)
        for (std::size_t i = 0; i < locals.size(); ++i)
            QCOMPARE(locals[i], std::uint64_t(i)); // allocated 0, 1, 2 ... in submit order

    QFile f(g.scopeStatsPath);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto lines = f.readAll().split('\n');
    const auto meta = json::parse(lines[0].toStdString());
    QCOMPARE(meta["version"].get<int>(), 6);
    QCOMPARE(meta["task_window_max"].size(), std::size_t(4));
    std::uint64_t samples = 0;
    std::map<int, std::int64_t> lastHead;
    int depth0Begins = 0;
    for (int i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        const auto s = json::parse(lines[i].toStdString());
        ++samples;
        const int depth = s["depth"].get<int>(), ring = s["ring"].get<int>();
        QCOMPARE(ring, std::min(depth, 3));
        const auto head = s["task_window_end"].get<std::int64_t>(),
                   tail = s["task_window_start"].get<std::int64_t>();
        QVERIFY(tail <= head);
        QVERIFY(head >= lastHead[ring]); // the head only advances
        lastHead[ring] = head;
        QVERIFY(s["heap_end"].get<std::uint64_t>() >= s["heap_start"].get<std::uint64_t>());
        QVERIFY(s["dep_pool_end"].get<std::int64_t>() >= s["dep_pool_start"].get<std::int64_t>());
        QVERIFY(head <= std::int64_t(localsPerRing[std::uint64_t(ring)].size()));
        if (depth == 0 && s["phase"] == "begin") {
            ++depth0Begins;
            QCOMPARE(s["site"].get<std::string>(), std::string("(unknown):0"));
        }
    }
    QCOMPARE(samples, g.expected.scopeSamples);
    QCOMPARE(meta["total"].get<std::uint64_t>(), samples);
    QCOMPARE(depth0Begins, 1);
    // The root scope's end sample comes last: every root-ring task is allocated by then.
    const auto last = json::parse(lines[lines.size() - 2].toStdString());
    QCOMPARE(last["site"].get<std::string>(), std::string("(unknown):0"));
    QCOMPARE(last["task_window_end"].get<std::int64_t>(), std::int64_t(localsPerRing[0].size()));
}

// Upstream supplement §9: the upstream shape writes the current writer's scope stats — 7 metadata
// keys in order, no "version", samples ending in run_epoch (the records' run) and buf_seq.
void TestCaptureGenerator::upstreamScopeStatsAreUnversioned()
{
    QTemporaryDir dir;
    auto o = smallOptions(4, 8);
    o.shape = RecordShape::Upstream;
    o.tasks = 200;
    const auto g = generateCapture(o, dir.path());
    QVERIFY(g.ok());
    const auto r = parseFile(g.recordsPath);
    const auto epoch = r["aicore_tasks"][0][6].get<std::uint32_t>();

    const auto lines = readAll(g.scopeStatsPath).split('\n');
    auto keysOf = [](const nlohmann::ordered_json &object) {
        std::vector<std::string> keys;
        for (const auto &item : object.items())
            keys.push_back(item.key());
        return keys;
    };
    const auto meta = nlohmann::ordered_json::parse(lines[0].toStdString());
    QCOMPARE(keysOf(meta), (std::vector<std::string>{"fatal", "dropped", "total", "task_window_max",
                                                     "heap_max", "dep_pool_max", "tensormap_max"}));
    std::uint64_t samples = 0, previousSeq = 0, inBuffer = 0;
    for (int i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        const auto s = nlohmann::ordered_json::parse(lines[i].toStdString());
        const auto keys = keysOf(s);
        QCOMPARE(keys.size(), std::size_t(13));
        QCOMPARE(keys[11], std::string("run_epoch"));
        QCOMPARE(keys[12], std::string("buf_seq"));
        QCOMPARE(s["run_epoch"].get<std::uint32_t>(), epoch);
        const auto seq = s["buf_seq"].get<std::uint64_t>();
        if (samples == 0)
            QCOMPARE(seq, std::uint64_t(0));
        else
            QVERIFY(seq == previousSeq || seq == previousSeq + 1); // buffers in order, none lost
        inBuffer = samples == 0 || seq != previousSeq ? 1 : inBuffer + 1;
        QVERIFY(inBuffer <= kScopeSamplesPerBuffer);
        previousSeq = seq;
        ++samples;
    }
    QVERIFY2(previousSeq >= 1, "the workload should fill more than one buffer");
    QCOMPARE(samples, g.expected.scopeSamples);
    QCOMPARE(meta["total"].get<std::uint64_t>(), samples);

    // Read back as one run with nothing lost.
    ScopeStats stats;
    QStringList warnings;
    ReadError error;
    auto source = ByteSource::open(g.scopeStatsPath, &error);
    QVERIFY(source);
    QVERIFY(readScopeStats(*source, stats, warnings, &error));
    QCOMPARE(warnings, QStringList());
    QVERIFY(!error.isSet());
    QCOMPARE(stats.format, ScopeStatsFormat::Unversioned);
    QCOMPARE(scopeStatsEpochs(stats), std::vector<std::uint32_t>{epoch});

    // Every other shape keeps schema v6 without a run identity.
    QTemporaryDir currentDir;
    o.shape = RecordShape::Current;
    const auto current = generateCapture(o, currentDir.path());
    QVERIFY(current.ok());
    const auto currentLines = readAll(current.scopeStatsPath).split('\n');
    QCOMPARE(json::parse(currentLines[0].toStdString())["version"].get<int>(), 6);
    const auto first = json::parse(currentLines[1].toStdString());
    QVERIFY(!first.contains("run_epoch") && !first.contains("buf_seq"));
}

// §4.1/§4.2: allocations only as creator-edge producers, dummies with kernel_ids all -1.
void TestCaptureGenerator::depsMatchTheWorkload()
{
    QTemporaryDir dir;
    auto o = smallOptions(4, 6);
    o.tasks = 150;
    o.fractions.dummy = 0.08;
    const auto g = generateCapture(o, dir.path());
    QVERIFY(g.ok());
    const auto d = parseFile(g.depsPath);
    const auto &e = g.expected;
    QCOMPARE(std::uint64_t(d["tasks"].size()), e.logicalTasks - e.allocTasks);
    std::set<std::uint64_t> inTasks;
    std::uint64_t dummies = 0, spmd = 0, mix = 0;
    for (const auto &t : d["tasks"]) {
        QVERIFY(t["task_id"].is_string());
        inTasks.insert(std::stoull(t["task_id"].get<std::string>()));
        const auto k = t["kernel_ids"].get<std::vector<int>>();
        dummies += k[0] < 0 && k[1] < 0 && k[2] < 0 ? 1 : 0;
        mix += k[0] >= 0 && k[1] >= 0 ? 1 : 0;
        spmd += t["block_num"].get<int>() > 1 ? 1 : 0;
    }
    QCOMPARE(dummies, e.dummyTasks);
    QVERIFY(e.dummyTasks > 0);
    QCOMPARE(spmd, e.spmdTasks);
    QCOMPARE(mix, e.mixTasks);
    std::set<std::pair<std::uint64_t, std::uint64_t>> pairs;
    std::set<std::uint64_t> allocs;
    for (const auto &edge : d["edges"]) {
        const auto p = std::stoull(edge["pred"].get<std::string>()),
                   s = std::stoull(edge["succ"].get<std::string>());
        pairs.insert({p, s});
        const auto source = edge["source"].get<std::string>();
        if (!inTasks.count(p)) {
            QCOMPARE(source, std::string("creator"));
            allocs.insert(p);
        }
        QCOMPARE(edge["arg"].get<int>() == -1, source == "explicit");
    }
    QCOMPARE(std::uint64_t(d["edges"].size()), e.rawEdges);
    QCOMPARE(std::uint64_t(pairs.size()), e.uniqueEdges);
    QVERIFY(e.rawEdges > e.uniqueEdges); // some consumers read one producer through two arguments
    QCOMPARE(std::uint64_t(allocs.size()), e.allocTasks);
    QVERIFY(e.allocTasks > 0);
}

void TestCaptureGenerator::depsV1IsNumericPairs()
{
    QTemporaryDir dir;
    auto o = smallOptions();
    o.deps = DepsShape::V1Pairs;
    const auto g = generateCapture(o, dir.path());
    QVERIFY(g.ok());
    const auto d = parseFile(g.depsPath);
    QCOMPARE(d["version"].get<int>(), 1);
    QCOMPARE(std::uint64_t(d["edges"].size()), g.expected.rawEdges);
    QVERIFY(d["edges"][0].is_array());
    QVERIFY(d["edges"][0][0].is_number_unsigned());
}

// Worker-view hb_violation (§7.5): producer ends after the consumer's first receive.
void TestCaptureGenerator::hbViolationsRecomputed()
{
    QTemporaryDir dir;
    auto o = smallOptions(4, 8);
    o.tasks = 300;
    o.fractions.earlyDispatch = 0.15;
    const auto g = generateCapture(o, dir.path());
    QVERIFY(g.ok());
    const auto r = parseFile(g.recordsPath);
    const auto d = parseFile(g.depsPath);
    std::map<std::uint64_t, std::uint64_t> firstReceive, lastEnd;
    for (const auto &row : r["aicore_tasks"]) {
        const auto id = row[1].get<std::uint64_t>();
        const auto receive = row[3].get<std::uint64_t>() - row[5].get<std::uint64_t>();
        firstReceive[id] = firstReceive.count(id) ? std::min(firstReceive[id], receive) : receive;
        lastEnd[id] = std::max(lastEnd[id], row[4].get<std::uint64_t>());
    }
    std::set<std::uint64_t> early;
    for (const auto &t : d["tasks"])
        if (t["early_dispatch"].get<bool>())
            early.insert(std::stoull(t["task_id"].get<std::string>()));
    std::set<std::pair<std::uint64_t, std::uint64_t>> violations;
    for (const auto &edge : d["edges"]) {
        const auto p = std::stoull(edge["pred"].get<std::string>()),
                   s = std::stoull(edge["succ"].get<std::string>());
        if (lastEnd.count(p) && firstReceive.count(s) && lastEnd[p] > firstReceive[s]) {
            violations.insert({p, s});
            QVERIFY2(early.count(s), "only early-dispatch consumers may start before their producers end");
        }
    }
    QCOMPARE(std::uint64_t(violations.size()), g.expected.hbViolationEdges);
    QVERIFY(g.expected.hbViolationEdges > 0);
}

void TestCaptureGenerator::objectLayout_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("level");
    QTest::newRow("l2_perf_level L4") << int(ObjectLayoutKey::L2PerfLevel) << 4;
    QTest::newRow("l2_swimlane_level L2") << int(ObjectLayoutKey::L2SwimlaneLevel) << 2;
    QTest::newRow("version 2") << int(ObjectLayoutKey::Version) << 3;
    QTest::newRow("version 1") << int(ObjectLayoutKey::Version) << 1;
}

// §10 item 2: joined rows in µs with three decimals relative to the file's own base.
void TestCaptureGenerator::objectLayout()
{
    QFETCH(int, key);
    QFETCH(int, level);
    QTemporaryDir dir;
    auto o = smallOptions(level, 12);
    o.shape = RecordShape::PerTaskObjects;
    o.objectKey = ObjectLayoutKey(key);
    const auto g = generateCapture(o, dir.path());
    QVERIFY(g.ok());
    const auto r = parseFile(g.recordsPath);
    const bool versionEra = o.objectKey == ObjectLayoutKey::Version;
    QVERIFY(!r.contains("aicore_tasks"));
    if (versionEra)
        QCOMPARE(r["version"].get<int>(), level >= 3 ? 2 : 1);
    else
        QCOMPARE(r[g.expected.levelKey.toStdString()].get<int>(), level);
    const auto &tasks = r["tasks"];
    QCOMPARE(std::uint64_t(tasks.size()), g.expected.aicoreRows);
    double minStart = 1e300, lo = 1e300, hi = 0;
    std::set<std::uint64_t> ids;
    for (const auto &t : tasks) {
        ids.insert(t["task_id"].get<std::uint64_t>());
        QCOMPARE(t.contains("fanout"), versionEra);
        QCOMPARE(t.contains("ring_id"), !versionEra);
        QVERIFY(t["func_id"].get<int>() >= 0); // this era still wrote real func ids
        minStart = std::min(minStart, t["start_time_us"].get<double>());
        if (level >= 2) {
            lo = std::min(lo, t["dispatch_time_us"].get<double>());
            hi = std::max(hi, t["finish_time_us"].get<double>());
        } else {
            QCOMPARE(t["dispatch_time_us"].get<double>(), 0.0);
            lo = std::min(lo, t["start_time_us"].get<double>());
            hi = std::max(hi, t["end_time_us"].get<double>());
        }
    }
    QCOMPARE(std::uint64_t(ids.size()), g.expected.tasksWithAicoreRows);
    QVERIFY(std::abs((hi - lo) - g.expected.totalTestTimeUs) < 1e-6);
    QCOMPARE(r.contains("aicpu_scheduler_phases"), level >= 3);
    QCOMPARE(r.contains("aicpu_orchestrator_phases"), level >= 4);
    QCOMPARE(r.contains("core_to_thread"), level >= 3 && !versionEra);
    QCOMPARE(g.expected.timeBaseCycles, std::uint64_t(0));
    // Drawn times start at the earliest start, dispatch, phase or submit; the base is that time
    // (0.000) except in the first era at level 1, whose base was the earliest kernel-ready time.
    double firstDrawn = level >= 2 ? std::min(minStart, lo) : minStart;
    for (const char *key : {"aicpu_scheduler_phases", "aicpu_orchestrator_phases"})
        if (r.contains(key))
            for (const auto &lane : r[key])
                for (const auto &p : lane)
                    firstDrawn = std::min(firstDrawn, p["start_time_us"].get<double>());
    QVERIFY(std::abs(firstDrawn - g.expected.firstUs) < 1e-9);
    QCOMPARE(firstDrawn == 0.0, !(versionEra && level == 1));
}

void TestCaptureGenerator::injectedDamage()
{
    QTemporaryDir dir;
    auto o = smallOptions(4, 13);
    o.inject.dropAicpuRows = 3;
    o.inject.dropAicoreRows = 2;
    o.inject.duplicateJoinKeys = 4;
    o.inject.coreIdsBeyondNumCores = 5;
    const auto g = generateCapture(o, dir.path());
    QVERIFY(g.ok());
    const auto &e = g.expected;
    QCOMPARE(e.aicoreWithoutAicpu, std::uint64_t(3 + 4 * 0)); // duplicates repeat keys that do have partners
    QCOMPARE(e.aicpuWithoutAicore, std::uint64_t(2));
    QCOMPARE(e.duplicateJoinKeys, std::uint64_t(4));
    QCOMPARE(e.rowsBeyondNumCores, std::uint64_t(5));
    QCOMPARE(e.aicpuRows + 3, e.aicoreRows - 4 + 2); // both streams started with one row per subtask
    compareWithExpected(parseFile(g.recordsPath), e);
}

void TestCaptureGenerator::truncation()
{
    QTemporaryDir whole, cut;
    auto o = smallOptions(4, 14);
    const auto full = generateCapture(o, whole.path());
    o.inject.truncateRecordsAt = 0.5;
    const auto g = generateCapture(o, cut.path());
    QVERIFY(g.ok());
    const auto bytes = readAll(g.recordsPath);
    QCOMPARE(g.expected.recordsBytes, full.expected.recordsBytes);
    QCOMPARE(g.expected.truncatedAtByte, std::int64_t(full.expected.recordsBytes / 2));
    QCOMPARE(std::int64_t(bytes.size()), g.expected.truncatedAtByte);
    QVERIFY(readAll(full.recordsPath).startsWith(bytes));
    QVERIFY(!json::accept(bytes.constData(), bytes.constData() + bytes.size()));
    QCOMPARE(full.expected.truncatedAtByte, std::int64_t(-1));
}

void TestCaptureGenerator::zstdSiblingsDecompressToPlainFiles()
{
    QTemporaryDir plainDir, zstdDir;
    auto o = smallOptions(4, 15);
    const auto plain = generateCapture(o, plainDir.path());
    o.zstd = true;
    const auto packed = generateCapture(o, zstdDir.path());
    QVERIFY2(packed.ok(), qPrintable(packed.error));
    const QString plainPaths[] = {plain.recordsPath, plain.depsPath, plain.nameMapPath, plain.scopeStatsPath,
                                  plain.hostLogPath};
    const QString packedPaths[] = {packed.recordsPath, packed.depsPath, packed.nameMapPath,
                                   packed.scopeStatsPath, packed.hostLogPath};
    for (int i = 0; i < 5; ++i) {
        QVERIFY(packedPaths[i].endsWith(QStringLiteral(".zst")));
        QVERIFY(!QFile::exists(packedPaths[i].chopped(4))); // no plain copy unless asked for
        const auto raw = readAll(packedPaths[i]);
        QVERIFY(raw.startsWith(QByteArray::fromHex("28b52ffd"))); // zstd frame magic
        ReadError err;
        auto src = ByteSource::open(packedPaths[i], &err);
        QVERIFY2(src, qPrintable(err.message));
        QByteArray out;
        char buf[65536];
        for (std::int64_t n; (n = src->read(buf, sizeof buf)) > 0;)
            out.append(buf, n);
        QCOMPARE(out, readAll(plainPaths[i]));
    }
    QCOMPARE(expectedToJson(packed.expected), expectedToJson(plain.expected));
}

void TestCaptureGenerator::idsAndCyclesAbove2p53()
{
    QTemporaryDir hbgDir, baseDir;
    auto o = smallOptions(4, 16);
    o.shape = RecordShape::Upstream;
    o.idLayout = TaskIdLayout::HostBuildGraph;
    const auto g = generateCapture(o, hbgDir.path());
    QVERIFY(g.ok());
    const auto r = parseFile(g.recordsPath);
    QCOMPARE(r["metadata"]["runtime"].get<std::string>(), std::string("host_build_graph"));
    QVERIFY(g.expected.maxTaskId > kTwoTo53);
    compareWithExpected(r, g.expected); // ids and counts survive a 64-bit parse exactly
    bool subTask = false;
    for (const auto &row : r["aicore_tasks"]) {
        const auto id = row[1].get<std::uint64_t>();
        QVERIFY((id >> 62) <= 1); // rows are GLOBAL or SUB_TASK; PARAM ids are allocations
        subTask = subTask || (id >> 62) == 1;
    }
    QVERIFY(subTask);
    QVERIFY(r.contains("host_orchestrator_phases"));
    QVERIFY(!r.contains("aicpu_orchestrator_phases"));
    QCOMPARE(r["metadata"]["orchestrator_source"].get<std::string>(), std::string("host"));
    QVERIFY(g.expected.orchestratorOnHost);
    QCOMPARE(g.expected.hostUploads, std::uint64_t(r["host_device_uploads"].size()));
    QVERIFY(g.scopeStatsPath.isEmpty()); // scope stats are a TMR feature
    const auto d = parseFile(g.depsPath);
    QCOMPARE(d["runtime"].get<std::string>(), std::string("host_build_graph"));

    auto b = smallOptions(4, 17);
    b.startCycles = kStartCyclesAbove2p53;
    const auto gb = generateCapture(b, baseDir.path());
    QVERIFY(gb.ok());
    QVERIFY(gb.expected.timeBaseCycles > kTwoTo53);
    compareWithExpected(parseFile(gb.recordsPath), gb.expected);
}

void TestCaptureGenerator::hostLog()
{
    QTemporaryDir dir;
    const auto g = generateCapture(smallOptions(), dir.path());
    QVERIFY(g.ok());
    const auto text = QString::fromUtf8(readAll(g.hostLogPath));
    QCOMPARE(text.count(QStringLiteral("[STRACE] v=1 ")), int(g.expected.hostSpans));
    QCOMPARE(text.count(QStringLiteral("[CLOCK_ANCHOR] v=1 ")), 1);
    QVERIFY(text.contains(QStringLiteral(" depth=0 name=chip.run ts=")));
    QVERIFY(text.contains(QStringLiteral(" name=chip.run.runner_run.device_wall ts=0 ")));
    QVERIFY(text.contains(QStringLiteral(" name=chip.run.runner_run.device_wall.sched ")));
    QCOMPARE(text.count(QStringLiteral(" clk=dev")),
             text.count(QStringLiteral("name=chip.run.runner_run.device_wall")));
    // Children print before their parents (scope exit order).
    QVERIFY(text.indexOf(QStringLiteral("name=chip.run.bind ")) <
            text.indexOf(QStringLiteral("name=chip.run ts=")));
}

// The 1M-row scale is exercised by hand (see the report); here a ~10k-row run checks that scale
// does not break consistency.
void TestCaptureGenerator::largerScaleStaysConsistent()
{
    QTemporaryDir dir;
    GeneratorOptions o;
    o.seed = 77;
    o.tasks = 3000;
    o.deps = DepsShape::None;
    const auto g = generateCapture(o, dir.path());
    QVERIFY(g.ok());
    QVERIFY(g.depsPath.isEmpty());
    QVERIFY(!g.expected.depsWritten);
    QVERIFY(g.expected.aicoreRows > 8000);
    compareWithExpected(parseFile(g.recordsPath), g.expected);
}

void TestCaptureGenerator::committedDataIsReproducible_data()
{
    QTest::addColumn<QString>("preset");
    for (const auto &p : generatorPresets())
        QTest::newRow(qPrintable(p.name)) << p.name;
}

// Committed samples and fixtures are exactly what their preset generates today, expected.json
// included — regenerate with `lanescope-gen --bundled <source root>` after changing the generator.
void TestCaptureGenerator::committedDataIsReproducible()
{
    QFETCH(QString, preset);
    const auto p = findGeneratorPreset(preset);
    QVERIFY(p.has_value());
    const auto committed = committedDirectory(*p);
    QVERIFY2(QDir(committed).exists(), qPrintable(committed));
    QTemporaryDir dir;
    const auto g = generateCapture(p->options, dir.path());
    QVERIFY(g.ok());
    auto fresh = filesUnder(dir.path());
    fresh[QStringLiteral("expected.json")] = expectedToJson(g.expected);
    const auto onDisk = filesUnder(committed);
    QCOMPARE(onDisk.size(), fresh.size());
    for (const auto &[name, bytes] : fresh) {
        QVERIFY2(onDisk.count(name), qPrintable(name));
        QVERIFY2(onDisk.at(name) == bytes, qPrintable(committed + QLatin1Char('/') + name));
    }
}

// 01a larger tiling: same core layout, level and clock; 4x fewer tasks, ~4x wider bars, shorter run.
void TestCaptureGenerator::beforeAfterPairShowsTheTechnique()
{
    const auto before = parseFile(QStringLiteral(LANESCOPE_SAMPLES "/before-after/before/expected.json"));
    const auto after = parseFile(QStringLiteral(LANESCOPE_SAMPLES "/before-after/after/expected.json"));
    for (const char *same : {"level", "clockFreqHz", "numCores", "schedulerThreads"})
        QVERIFY2(before[same] == after[same], same);
    QCOMPARE(before["level"].get<int>(), 4);
    QCOMPARE(before["kernelTasks"].get<std::uint64_t>(), 4 * after["kernelTasks"].get<std::uint64_t>());
    QVERIFY(after["totalTestTimeUs"].get<double>() < 0.5 * before["totalTestTimeUs"].get<double>());

    const auto rowsBefore =
        parseFile(QStringLiteral(LANESCOPE_SAMPLES "/before-after/before/chip_swimlane_records.json"));
    const auto rowsAfter =
        parseFile(QStringLiteral(LANESCOPE_SAMPLES "/before-after/after/chip_swimlane_records.json"));
    auto meanBar = [](const json &r) {
        double sum = 0;
        for (const auto &row : r["aicore_tasks"])
            sum += double(row[4].get<std::uint64_t>() - row[3].get<std::uint64_t>());
        return sum / double(r["aicore_tasks"].size());
    };
    const double ratio = meanBar(rowsAfter) / meanBar(rowsBefore);
    QVERIFY2(ratio > 3.0 && ratio < 4.0, qPrintable(QString::number(ratio)));
    QVERIFY(rowsBefore["metadata"]["core_types"] == rowsAfter["metadata"]["core_types"]);
}

// Supplement §4.3: one file holding several epochs. Every row and record carries its run's stamp,
// reg_task_ids restart in every run (so the join keys repeat), runs follow one another in time,
// and the ground truth of each run is what its own rows give.
void TestCaptureGenerator::severalRunsInOneFile()
{
    QTemporaryDir dir;
    auto o = smallOptions(4, 12);
    o.shape = RecordShape::Upstream;
    o.runs = 3;
    const auto g = generateCapture(o, dir.path());
    QVERIFY2(g.ok(), qPrintable(g.error));
    QCOMPARE(g.runRecordsPaths, QStringList{g.recordsPath});
    QVERIFY(g.recordsPath.endsWith(QLatin1String("/chip_swimlane_records.json")));
    const auto records = parseFile(g.recordsPath);
    QVERIFY(!records["metadata"].contains("collection"));
    QCOMPARE(g.expected.runs.size(), std::size_t(3));

    std::set<std::pair<std::uint64_t, std::uint64_t>> firstRunKeys;
    std::uint64_t previousEnd = 0, rows = 0;
    const std::uint64_t firstRegId = records["aicore_tasks"][0][2].get<std::uint64_t>();
    std::set<double> times;
    for (const ExpectedRun &x : g.expected.runs) {
        QVERIFY(x.verdict.isEmpty() && x.recordsFile.isEmpty() && !x.capturedNothing);
        const auto run = runOf(records, x.runEpoch);
        compareRun(run, x);
        std::set<std::pair<std::uint64_t, std::uint64_t>> keys;
        std::uint64_t start = ~std::uint64_t(0), end = 0;
        for (const auto &row : run["aicore_tasks"]) {
            keys.insert({row[0].get<std::uint64_t>(), row[2].get<std::uint64_t>()});
            start = std::min(start, row[3].get<std::uint64_t>());
            end = std::max(end, row[4].get<std::uint64_t>());
        }
        // Per core, reg_task_id counts from the same first value again in every run.
        std::map<std::uint64_t, std::vector<std::uint64_t>> regIds;
        for (const auto &[core, reg] : keys)
            regIds[core].push_back(reg);
        for (const auto &[core, ids] : regIds)
            for (std::size_t i = 0; i < ids.size(); ++i)
                QCOMPARE(ids[i], firstRegId + i);
        if (x.runEpoch == 1)
            firstRunKeys = keys;
        std::vector<std::pair<std::uint64_t, std::uint64_t>> repeated;
        std::set_intersection(keys.begin(), keys.end(), firstRunKeys.begin(), firstRunKeys.end(),
                              std::back_inserter(repeated));
        QVERIFY2(repeated.size() * 2 > keys.size(), "join keys repeat across runs");
        QVERIFY2(start > previousEnd, "runs follow one another");
        previousEnd = end;
        QVERIFY(x.orchestratorRecords > 0 && x.schedulerRecords > 0);
        rows += x.rows;
        times.insert(x.totalTestTimeUs);
    }
    QCOMPARE(times.size(), std::size_t(3)); // each run is simulated on its own: timings differ
    QCOMPARE(rows, std::uint64_t(records["aicore_tasks"].size()));
    QCOMPARE(g.expected.aicoreRows, rows);
    // The whole file: counts of every run, times over every run from the first run's base.
    const auto whole = recompute(records);
    QCOMPARE(whole.base, g.expected.timeBaseCycles);
    QCOMPARE(g.expected.timeBaseCycles, g.expected.runs.front().timeBaseCycles);
    QVERIFY(std::abs(whole.totalTestTimeUs - g.expected.totalTestTimeUs) < 1e-6);
    QCOMPARE(whole.distinctTasks, g.expected.tasksWithAicoreRows);

    const auto perRun = scopeSamplesPerRun(g.scopeStatsPath);
    QCOMPARE(perRun.size(), std::size_t(3));
    for (const ExpectedRun &x : g.expected.runs)
        QCOMPARE(perRun.at(x.runEpoch), x.scopeSamples);

    const auto e = json::parse(expectedToJson(g.expected).toStdString());
    QCOMPARE(e["runs"].size(), std::size_t(3));
    QCOMPARE(e["runs"][1]["runEpoch"].get<int>(), 2);
    QCOMPARE(e["runs"][1]["rows"].get<std::uint64_t>(), g.expected.runs[1].rows);
    QCOMPARE(e["retained"].get<bool>(), false);
}

// Supplement §5: swimlane-0/records_e<epoch>.json per run, metadata.collection in the writer's key
// order with the chosen verdict and agreeing counters, companions in the output prefix.
void TestCaptureGenerator::retainedLayout_data()
{
    QTest::addColumn<QString>("verdicts");
    QTest::newRow("one published run") << QStringLiteral("published");
    QTest::newRow("every verdict") << QStringLiteral("published,partial_safe,partial_cut_unknown");
    QTest::newRow("a run publishing its verdict alone") << QStringLiteral("partial_safe,nothing,published");
}

void TestCaptureGenerator::retainedLayout()
{
    QFETCH(QString, verdicts);
    const QStringList names = verdicts.split(QLatin1Char(','));
    QTemporaryDir dir;
    auto o = smallOptions(4, 13);
    o.shape = RecordShape::Upstream;
    o.retained = true;
    o.runs = int(names.size());
    for (const QString &n : names)
        o.verdicts.push_back(n == QLatin1String("published")      ? RunVerdict::Published
                             : n == QLatin1String("partial_safe") ? RunVerdict::PartialSafe
                             : n == QLatin1String("nothing")      ? RunVerdict::PublishedNothing
                                                                  : RunVerdict::PartialCutUnknown);
    const auto g = generateCapture(o, dir.path());
    QVERIFY2(g.ok(), qPrintable(g.error));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("chip_swimlane_records.json"))));
    QVERIFY(QFileInfo(g.depsPath).absolutePath() == QDir(dir.path()).absolutePath());
    QCOMPARE(g.scopeStatsPath,
             QDir(dir.path()).absoluteFilePath(QStringLiteral("scope_stats/scope_stats.jsonl")));
    QCOMPARE(QDir(dir.filePath(QStringLiteral("swimlane-0"))).entryList(QDir::Files).size(), names.size());
    QCOMPARE(g.runRecordsPaths.size(), names.size());
    QCOMPARE(g.expected.runs.size(), std::size_t(names.size()));
    QVERIFY(g.expected.retained);

    const std::vector<std::string> collectionKeys = {"run_epoch",
                                                     "session_id",
                                                     "processing_complete",
                                                     "metadata_complete",
                                                     "not_received_buffers",
                                                     "unpublished_loss",
                                                     "transport_retired",
                                                     "transport_retired_records",
                                                     "unattributable_handoffs",
                                                     "handoff_identity_verified",
                                                     "cut_failed_queues",
                                                     "verdict"};
    auto keysOf = [](const nlohmann::ordered_json &object) {
        std::vector<std::string> keys;
        for (const auto &item : object.items())
            keys.push_back(item.key());
        return keys;
    };
    std::uint64_t samples = 0;
    for (int k = 0; k < names.size(); ++k) {
        const ExpectedRun &x = g.expected.runs[std::size_t(k)];
        const QString file = QStringLiteral("swimlane-0/records_e%1.json").arg(k + 1);
        QCOMPARE(x.recordsFile, file);
        QCOMPARE(g.runRecordsPaths[k], QDir(dir.path()).absoluteFilePath(file));
        const auto bytes = readAll(dir.filePath(file));
        const auto ordered = nlohmann::ordered_json::parse(bytes.toStdString());
        const auto metaKeys = keysOf(ordered["metadata"]);
        QCOMPARE(metaKeys[0], std::string("runtime"));
        QCOMPARE(metaKeys[1], std::string("collection"));
        QCOMPARE(metaKeys[2], std::string("clock_freq_hz"));
        const auto &c = ordered["metadata"]["collection"];
        QCOMPARE(keysOf(c), collectionKeys);
        QCOMPARE(c["run_epoch"].get<std::uint32_t>(), x.runEpoch);
        QCOMPARE(x.runEpoch, std::uint32_t(k + 1));
        const std::string verdict =
            names[k] == QLatin1String("nothing") ? "published" : names[k].toStdString();
        QCOMPARE(c["verdict"].get<std::string>(), verdict);
        QCOMPARE(x.verdict.toStdString(), verdict);
        QCOMPARE(c["processing_complete"].get<bool>(), verdict != "partial_cut_unknown");
        const auto losses =
            c["not_received_buffers"].get<std::uint64_t>() + c["transport_retired"].get<std::uint64_t>() +
            c["unpublished_loss"].get<std::uint64_t>() + c["unattributable_handoffs"].get<std::uint64_t>();
        QCOMPARE(losses > 0, verdict == "partial_safe");
        QCOMPARE(c["cut_failed_queues"].get<std::uint64_t>() > 0, verdict == "partial_cut_unknown");
        const auto records = json::parse(bytes.toStdString());
        QCOMPARE(x.capturedNothing, names[k] == QLatin1String("nothing"));
        if (x.capturedNothing) {
            QVERIFY(records["aicore_tasks"].empty() && records["scheduler_tasks"]["records"].empty());
            QVERIFY(records["scheduler_records"]["streams"].empty());
            QVERIFY(!records.contains("aicpu_orchestrator_phases"));
            QCOMPARE(x.rows, std::uint64_t(0));
            QCOMPARE(x.scopeSamples, std::uint64_t(0));
        } else {
            QVERIFY(x.rows > 0);
            for (const auto &row : records["aicore_tasks"])
                QCOMPARE(row[6].get<std::uint32_t>(), x.runEpoch);
        }
        compareRun(records, x);
        samples += x.scopeSamples;
    }
    // One scope stats file for the prefix, every run's samples stamped, with the background keys.
    const auto meta = json::parse(readAll(g.scopeStatsPath).split('\n')[0].toStdString());
    QCOMPARE(meta["collection_verdict"].get<std::string>(), std::string("published"));
    QCOMPARE(meta["total"].get<std::uint64_t>(), samples);
    QCOMPARE(g.expected.scopeSamples, samples);
    const auto perRun = scopeSamplesPerRun(g.scopeStatsPath);
    QVERIFY(!perRun.empty());
    for (const ExpectedRun &x : g.expected.runs)
        QCOMPARE(perRun.count(x.runEpoch) ? perRun.at(x.runEpoch) : 0, x.scopeSamples);
}

void TestCaptureGenerator::runsNeedTheUpstreamShape()
{
    QTemporaryDir dir;
    auto o = smallOptions(4, 14);
    o.runs = 2;
    QVERIFY(!generateCapture(o, dir.path()).ok());
    o.shape = RecordShape::Upstream;
    o.idLayout = TaskIdLayout::HostBuildGraph;
    QVERIFY(!generateCapture(o, dir.path()).ok());
    o.idLayout = TaskIdLayout::RingLocal;
    QVERIFY(generateCapture(o, dir.path()).ok());
    o.runs = 1;
    o.retained = true;
    QVERIFY(generateCapture(o, dir.path()).ok());
}

LANESCOPE_TEST_GUILESS_MAIN(TestCaptureGenerator)
#include "tst_capturegenerator.moc"
