#include "analysiscapture.h"
#include "capturegenerator.h"
#include "model/io/loader.h"
#include "model/techniques/confirmationmetrics.h"
#include "model/techniques/symptomdetection.h"
#include "testmain.h"

#include <QTemporaryDir>

using namespace lanescope;

namespace {

// Two AIV cores and one AIC core. Core 0: bars [0,2] [4,6] [8,10] (task 1 -> 2 -> 3, a staircase);
// core 1: a MIX task 4's AIV half [1,5]; core 2 (AIC): task 4's AIC half [3,7]; task 5 ring 1 on
// core 1 [6,7] whose producer 3 ends at 10 (a happens-before violation).
Capture handBuilt(int level)
{
    const std::uint64_t ring1 = std::uint64_t(1) << 32;
    Capture c = captureOf({row(1, 0, AIV, 0, 0, 2, 2), row(2, 0, AIV, 2, 4, 6, 6),
                           row(3, 0, AIV, 6, 8, 10, 10), row(4, 1, AIV, 0, 1, 5, 5),
                           row(4, 2, AIC, 0, 3, 7, 7), row(ring1 | 5, 1, AIV, 5, 6, 7, 7)},
                          {{1, 2}, {2, 3}, {3, ring1 | 5}}, {}, level);
    c.info.numCores = 4;
    c.info.coreTypes = {AIV, AIV, AIC, AIC}; // core 3 never runs: occupancy 3 / 4
    std::vector<DepNode> nodes(c.deps.nodes().begin(), c.deps.nodes().end());
    std::vector<std::pair<std::uint64_t, std::uint64_t>> edges;
    for (const auto &[p, s] : c.deps.edges())
        edges.push_back({nodes[p].taskId, nodes[s].taskId});
    for (DepNode &n : nodes) {
        n.flags |= DepNode::HasKernelIds;
        n.kernelIds =
            n.taskId == 4 ? std::array<std::int32_t, 3>{7, 8, -1} : std::array<std::int32_t, 3>{-1, 3, -1};
    }
    c.deps.build(nodes, edges);
    return c;
}

} // namespace

class TestConfirmationMetrics : public QObject
{
    Q_OBJECT

private slots:
    void handBuiltValues_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("value");
        QTest::newRow("M1 tasks") << "M1" << 5.0;
        QTest::newRow("M2 bars per task") << "M2" << 6.0 / 5.0;
        QTest::newRow("M3 edges") << "M3" << 3.0;
        QTest::newRow("M4 depth") << "M4" << 4.0;
        QTest::newRow("M5 makespan") << "M5" << 10.0;
        QTest::newRow("M6 mean bar") << "M6" << (2 + 2 + 2 + 4 + 4 + 1) / 6.0;
        // Core 0: gaps 2 + 2 over bars 6; core 1: [1,5] then [6,7]: gap 1 over 5. Core 2 has one bar.
        QTest::newRow("M7 gap/bar") << "M7" << 5.0 / 11.0;
        QTest::newRow("M7 gap total") << "M7.gap_total_us" << 5.0;
        QTest::newRow("M8 occupancy") << "M8" << 3.0 / 4.0;
        QTest::newRow("M8 aic") << "M8.aic_occupancy" << 0.5;
        QTest::newRow("M8 aiv busy") << "M8.aiv_busy" << 11.0 / (2 * 10.0);
        QTest::newRow("M9 mean") << "M9" << 15.0 / 10.0;
        QTest::newRow("M9 max") << "M9.max" << 3.0;
        // The group {1, 2, 3, 5} by first start: 1 [0,2], 2 [4,6], 5 [6,7], 3 [8,10]. Only 1 -> 2 is a stair:
        // 2 -> 5 goes through 3, which starts after 5 (the violation), and 5 -> 3 has no path.
        QTest::newRow("M14 staircase") << "M14" << 1.0 / 3.0;
        QTest::newRow("M14 concurrency") << "M14.max_concurrency" << 1.0; // touching bars do not overlap
        QTest::newRow("M14 span") << "M14.span_us" << 10.0;
        QTest::newRow("M15 overlap") << "M15" << 2.0 / 6.0; // AIV [1,5] vs AIC [3,7]
        QTest::newRow("M15 mix tasks") << "M15.mix_tasks" << 1.0;
        QTest::newRow("M17 rings") << "M17" << 2.0;
        QTest::newRow("M17 largest") << "M17.largest_share" << 4.0 / 5.0;
        QTest::newRow("M22 violations") << "M22" << 1.0;
    }
    void handBuiltValues()
    {
        QFETCH(QString, id);
        QFETCH(double, value);
        const Capture c = handBuilt(2);
        const MetricSet m = computeMetrics(c);
        QVERIFY2(m.value(id), qPrintable(m.absentBecause(id)));
        QCOMPARE(*m.value(id), value);
    }

    // Every value is present or says why not; level gating follows the digest's table.
    void levelGating_data()
    {
        QTest::addColumn<int>("level");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("reason");
        QTest::newRow("L1 head") << 1 << "M10"
                                 << "needs level ≥ 2";
        QTest::newRow("L1 overhead") << 1 << "M12"
                                     << "needs level ≥ 2";
        QTest::newRow("L2 scheduler") << 2 << "M19.busy_us"
                                      << "needs level ≥ 3";
        QTest::newRow("L3 submits") << 3 << "M20"
                                    << "needs level 4";
        QTest::newRow("bench") << 4 << "M21"
                               << "needs the benchmark rounds of a host log";
        QTest::newRow("scope stats") << 4 << "M18"
                                     << "needs scope_stats.jsonl";
    }
    void levelGating()
    {
        QFETCH(int, level);
        QFETCH(QString, id);
        QFETCH(QString, reason);
        Capture c = handBuilt(level);
        if (level == 1)
            for (TaskRow &r : c.rows)
                r.flags = 0;
        const MetricSet m = computeMetrics(c);
        QCOMPARE(m.values.size(), metricDefinitions().size());
        QVERIFY(!m.value(id));
        QVERIFY2(m.absentBecause(id).startsWith(reason), qPrintable(m.absentBecause(id)));
        QVERIFY(m.value(QStringLiteral("M5"))); // level 1 values stay
    }

    void noDependencyGraph()
    {
        Capture c = handBuilt(2);
        c.deps = DepGraph();
        const MetricSet m = computeMetrics(c);
        QCOMPARE(*m.value(QStringLiteral("M1")), 5.0); // distinct task ids among the bars
        for (const char *id : {"M3", "M4", "M12", "M13", "M14", "M22"})
            QVERIFY2(m.absentBecause(QString::fromLatin1(id)).startsWith(QStringLiteral("needs deps.json")),
                     id);
    }

    // R5b: two SPMD grids of one width joined by an edge, with nothing running between them.
    void spmdGridsMeetingThroughTheScheduler_data()
    {
        QTest::addColumn<QList<double>>("otherBar"); // start, end of a bar on another core; none when empty
        QTest::addColumn<bool>("fires");
        QTest::newRow("the gap is idle chip-wide") << QList<double>{} << true;
        QTest::newRow("a bar elsewhere fills the gap") << QList<double>{11, 12} << false;
        QTest::newRow("a bar elsewhere overlaps the gap's start") << QList<double>{5, 10.5} << false;
        QTest::newRow("a bar elsewhere ends as the gap begins") << QList<double>{5, 10} << true;
        QTest::newRow("a bar elsewhere starts as the gap ends") << QList<double>{20, 25} << true;
    }
    void spmdGridsMeetingThroughTheScheduler()
    {
        QFETCH(QList<double>, otherBar);
        QFETCH(bool, fires);
        // Grid 1 (blocks on cores 0 and 1) ends at 10; grid 2 starts at 20.
        std::vector<TaskRow> rows = {row(1, 0, AIV, 0, 1, 10, 10), row(1, 1, AIV, 0, 1, 9, 10),
                                     row(2, 0, AIV, 15, 20, 30, 30), row(2, 1, AIV, 15, 20, 29, 30)};
        if (!otherBar.isEmpty())
            rows.push_back(row(3, 2, AIV, otherBar[0], otherBar[0], otherBar[1], otherBar[1]));
        Capture c = captureOf(rows, {{1, 2}});
        c.info.numCores = 3;
        c.info.coreTypes = {AIV, AIV, AIV};
        std::vector<DepNode> nodes(c.deps.nodes().begin(), c.deps.nodes().end());
        for (DepNode &n : nodes)
            n.blockNum = n.taskId == 3 ? 1 : 2;
        c.deps.build(nodes, {{1, 2}});
        const std::vector<Suggestion> found = detectSymptoms(c, computeMetrics(c));
        const auto hit =
            std::find_if(found.begin(), found.end(), [](const Suggestion &s) { return s.rule == "R5b"; });
        QCOMPARE(hit != found.end(), fires);
        if (fires) {
            QVERIFY(hit->evidence.range);
            QCOMPARE(hit->evidence.range->startUs, 10.0);
            QCOMPARE(hit->evidence.range->endUs, 20.0);
            // Both grids are named, so that showing the gap shows them too.
            QCOMPARE(hit->evidence.fromTaskId, std::optional<std::uint64_t>(1));
            QCOMPARE(hit->evidence.taskId, std::optional<std::uint64_t>(2));
        }
    }

    // Decision rules on captures whose problem is known.
    void symptoms_data()
    {
        QTest::addColumn<int>("workload");
        QTest::addColumn<int>("window");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("technique");
        QTest::newRow("narrow tiles") << int(WorkloadKind::TilingBefore) << 16384 << "R1"
                                      << "01";
        QTest::newRow("too fine") << int(WorkloadKind::TilingBefore) << 16384 << "R3b"
                                  << "01a-larger-tiling";
        QTest::newRow("write chain") << int(WorkloadKind::WriteChain) << 16384 << "R6"
                                     << "03a-assert-disjoint";
        QTest::newRow("ring pinned") << int(WorkloadKind::RingAtCapacity) << 16 << "R8"
                                     << "05b-size-rings";
    }
    void symptoms()
    {
        QFETCH(int, workload);
        QFETCH(int, window);
        QFETCH(QString, rule);
        QFETCH(QString, technique);
        QTemporaryDir dir;
        GeneratorOptions o;
        o.workload = WorkloadKind(workload);
        o.taskWindowMax = window;
        o.hostLog = false;
        QVERIFY(generateCapture(o, dir.path()).ok());
        const LoadResult r = loadCapture(dir.path());
        QVERIFY(r.ok());
        const MetricSet m = computeMetrics(*r.capture);
        const std::vector<Suggestion> found = detectSymptoms(*r.capture, m);
        QStringList fired;
        const Suggestion *hit = nullptr;
        for (const Suggestion &s : found) {
            fired << s.rule;
            if (s.rule == rule)
                hit = &s;
        }
        QVERIFY2(hit, qPrintable(fired.join(u',')));
        QVERIFY2(hit->techniques.contains(technique), qPrintable(hit->techniques.join(u',')));
        QVERIFY(!hit->numbers.empty());
        for (const SuggestionNumber &n : hit->numbers)
            if (m.find(n.metric))
                QCOMPARE(n.value, *m.value(n.metric)); // the numbers shown are the measured ones
    }

    // The write chain's staircase points at the chained group on the timeline.
    void staircaseEvidence()
    {
        QTemporaryDir dir;
        GeneratorOptions o;
        o.workload = WorkloadKind::WriteChain;
        o.hostLog = false;
        QVERIFY(generateCapture(o, dir.path()).ok());
        const LoadResult r = loadCapture(dir.path());
        const MetricSet m = computeMetrics(*r.capture);
        const MetricValue *stairs = m.find(QStringLiteral("M14"));
        QVERIFY(stairs && stairs->value);
        QCOMPARE(*stairs->value, 1.0);
        QVERIFY(stairs->evidence.range && stairs->evidence.taskId);
        QCOMPARE(stairs->evidence.range->endUs - stairs->evidence.range->startUs,
                 *m.value(QStringLiteral("M14.span_us")));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestConfirmationMetrics)
#include "tst_confirmationmetrics.moc"
