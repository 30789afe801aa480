#include "model/capture/functionresolution.h"
#include "model/capture/labels.h"
#include "model/io/companions/depsreader.h"
#include "model/io/json/bytesource.h"
#include "testmain.h"

using namespace lanescope;

namespace {

TaskRow row(quint64 taskId, CoreType type, int funcId = -1, int coreId = 0)
{
    TaskRow r;
    r.taskId = taskId;
    r.coreType = type;
    r.funcId = funcId;
    r.coreId = coreId;
    return r;
}

DepNode taskNode(quint64 taskId, std::array<std::int32_t, 3> kernelIds, bool hasKernelIds = true)
{
    DepNode n;
    n.taskId = taskId;
    n.kernelIds = kernelIds;
    n.flags = DepNode::InTasks | (hasKernelIds ? DepNode::HasKernelIds : 0);
    return n;
}

using KernelIds = std::array<std::int32_t, 3>;

} // namespace

Q_DECLARE_METATYPE(KernelIds)

class TestFunctionResolution : public QObject
{
    Q_OBJECT

private slots:
    // Spec §4.4, one row against one deps entry.
    void resolve_data()
    {
        QTest::addColumn<bool>("aic");
        QTest::addColumn<KernelIds>("kernelIds");
        QTest::addColumn<bool>("hasKernelIds");
        QTest::addColumn<int>("initial");
        QTest::addColumn<int>("expected");

        QTest::newRow("aic slot") << true << KernelIds{0, -1, -1} << true << -1 << 0;
        QTest::newRow("aic inactive") << true << KernelIds{-1, 3, 4} << true << -1 << -1;
        QTest::newRow("aiv0") << false << KernelIds{-1, 3, 4} << true << -1 << 3;
        QTest::newRow("aiv falls back to aiv1") << false << KernelIds{7, -1, 4} << true << -1 << 4;
        QTest::newRow("aiv both inactive") << false << KernelIds{7, -1, -1} << true << -1 << -1;
        QTest::newRow("MIX aic row") << true << KernelIds{7, 8, 9} << true << -1 << 7;
        QTest::newRow("MIX aiv row named after aiv0") << false << KernelIds{7, 8, 9} << true << -1 << 8;
        QTest::newRow("already resolved") << false << KernelIds{7, 8, 9} << true << 2 << 2;
        QTest::newRow("no kernel_ids") << false << KernelIds{-1, -1, -1} << false << -1 << -1;
    }

    void resolve()
    {
        QFETCH(bool, aic);
        QFETCH(KernelIds, kernelIds);
        QFETCH(bool, hasKernelIds);
        QFETCH(int, initial);
        QFETCH(int, expected);
        Capture capture;
        capture.rows = {row(4, aic ? CoreType::Aic : CoreType::Aiv, initial)};
        capture.deps.build({taskNode(4, kernelIds, hasKernelIds)}, {});
        resolveFunctionIds(capture);
        QCOMPARE(capture.rows[0].funcId, expected);
    }

    void resolveManyTasks()
    {
        Capture capture;
        capture.info.sources.deps = QStringLiteral("/captures/run1/deps.json");
        // Rows sorted by task id; task 2 has no deps entry, task 3 no kernel ids, task 5 is SPMD on AIV.
        capture.rows = {row(1, CoreType::Aic), row(1, CoreType::Aiv, -1, 2), row(2, CoreType::Aic),
                        row(3, CoreType::Aiv), row(5, CoreType::Aiv, -1, 4), row(5, CoreType::Aiv, -1, 5),
                        row(6, CoreType::Aic)};
        capture.deps.build({taskNode(1, {10, 11, -1}), taskNode(3, {-1, -1, -1}, false),
                            taskNode(5, {-1, -1, 12}), taskNode(6, {-1, 13, -1})},
                           {});
        resolveFunctionIds(capture);
        QList<int> ids;
        for (const TaskRow &r : capture.rows)
            ids.append(r.funcId);
        QCOMPARE(ids, (QList<int>{10, 11, -1, -1, 12, 12, -1}));
        QCOMPARE(
            capture.info.warnings,
            (QStringList{"deps.json: 1 task rows have no kernel_ids in their deps entry (older dep_gen or "
                         "edge-only node); their kernel names cannot be recovered",
                         "deps.json: 1 task rows ran on a core type whose kernel_ids slot is -1; they stay "
                         "unresolved"}));
    }

    void noDepsLeavesRowsAlone()
    {
        Capture capture;
        capture.rows = {row(1, CoreType::Aic), row(2, CoreType::Aiv, 4)};
        resolveFunctionIds(capture);
        QCOMPARE(capture.rows[0].funcId, -1);
        QCOMPARE(capture.rows[1].funcId, 4);
        QVERIFY(capture.info.warnings.isEmpty());
    }

    void fanoutGraphIsNotNamedDepsJson()
    {
        // A graph rebuilt from runtime fanout lists has tasks[]-like nodes without kernel ids.
        Capture capture;
        capture.rows = {row(1, CoreType::Aic), row(2, CoreType::Aiv)};
        capture.deps.build({taskNode(1, {-1, -1, -1}, false), taskNode(2, {-1, -1, -1}, false)}, {{1, 2}});
        resolveFunctionIds(capture);
        QCOMPARE(capture.rows[0].funcId, -1);
        QVERIFY(capture.info.warnings.isEmpty());
        capture.info.sources.deps = QStringLiteral("/elsewhere/deps_graph_pass.json");
        resolveFunctionIds(capture);
        QCOMPARE(capture.info.warnings.size(), 1);
        QVERIFY(capture.info.warnings.first().startsWith(
            QLatin1String("deps_graph_pass.json: 2 task rows have no")));
    }

    void skipMarkerFuncId_data()
    {
        QTest::addColumn<KernelIds>("kernelIds");
        QTest::addColumn<int>("expected");
        QTest::newRow("aic first") << KernelIds{2, 3, 4} << 2;
        QTest::newRow("aiv0") << KernelIds{-1, 0, 1} << 0;
        QTest::newRow("aiv1 only") << KernelIds{-1, -1, 5} << 5;
        QTest::newRow("none") << KernelIds{-1, -1, -1} << -1;
    }

    void skipMarkerFuncId()
    {
        QFETCH(KernelIds, kernelIds);
        QFETCH(int, expected);
        QCOMPARE(lanescope::skipMarkerFuncId(taskNode(1, kernelIds)), expected);
    }

    void depsOverlap_data()
    {
        QTest::addColumn<int>("tasksWithRows");
        QTest::addColumn<int>("knownTasks"); // the first n task ids are in deps.json
        QTest::addColumn<bool>("viaEdge");   // known as edge endpoints instead of tasks[] entries
        QTest::addColumn<double>("share");
        QTest::addColumn<QString>("warning");

        QTest::newRow("all known") << 4 << 4 << false << 1.0 << QString();
        QTest::newRow("half is enough") << 4 << 2 << false << 0.5 << QString();
        QTest::newRow("edge endpoints count") << 4 << 2 << true << 0.5 << QString();
        QTest::newRow("a quarter") << 4 << 1 << false << 0.25 << "(overlap 25 %): 1 of 4 tasks";
        QTest::newRow("one in eight") << 8 << 1 << false << 0.125 << "(overlap 12 %): 1 of 8 tasks";
        QTest::newRow("none") << 3 << 0 << false << 0.0 << "(overlap 0 %): 0 of 3 tasks";
    }

    void depsOverlap()
    {
        QFETCH(int, tasksWithRows);
        QFETCH(int, knownTasks);
        QFETCH(bool, viaEdge);
        QFETCH(double, share);
        QFETCH(QString, warning);

        Capture capture;
        for (int t = 0; t < tasksWithRows; ++t) {
            capture.rows.push_back(row(quint64(t), CoreType::Aiv));
            capture.rows.push_back(row(quint64(t), CoreType::Aiv, -1, 1)); // duplicates must not count twice
        }
        std::vector<DepNode> nodes;
        std::vector<std::pair<std::uint64_t, std::uint64_t>> edges;
        nodes.push_back(taskNode(1000, {0, -1, -1})); // a task without rows
        for (int t = 0; t < knownTasks; ++t) {
            if (viaEdge)
                edges.emplace_back(1000, quint64(t));
            else
                nodes.push_back(taskNode(quint64(t), {0, -1, -1}));
        }
        capture.deps.build(nodes, edges);

        QCOMPARE(checkDepsOverlap(capture), share);
        if (warning.isEmpty()) {
            QVERIFY(capture.info.warnings.isEmpty());
        } else {
            QCOMPARE(capture.info.warnings.size(), 1);
            QVERIFY2(capture.info.warnings.first().startsWith(
                         QLatin1String("deps.json may come from a different run or topology")),
                     qPrintable(capture.info.warnings.first()));
            QVERIFY2(capture.info.warnings.first().contains(warning),
                     qPrintable(capture.info.warnings.first()));
        }
    }

    void depsOverlapWithoutData()
    {
        Capture capture;
        QCOMPARE(checkDepsOverlap(capture), 0.0);
        capture.rows = {row(1, CoreType::Aic)};
        QCOMPARE(checkDepsOverlap(capture), 0.0); // no deps.json: nothing to compare
        QVERIFY(capture.info.warnings.isEmpty());
    }

    // deps.json fixture -> resolution -> labels, end to end.
    void fixtureEndToEnd()
    {
        ReadError error;
        auto source = ByteSource::open(QStringLiteral(LANESCOPE_FIXTURES "/deps/current.json"), &error);
        QVERIFY(source);
        Capture capture;
        QStringList warnings;
        QVERIFY(readDeps(*source, capture.deps, warnings, &error));
        capture.names.names = {{3, "v_proj"}, {5, "QK"}};

        const quint64 r1t1 = (quint64(1) << 32) | 1;
        capture.rows = {row(0, CoreType::Aic, -1, 0), row(r1t1, CoreType::Aiv, -1, 1),
                        row(r1t1, CoreType::Aiv, -1, 2), row(~quint64(0), CoreType::Aic, -1, 0),
                        row(~quint64(0), CoreType::Aiv, -1, 1)};
        resolveFunctionIds(capture);
        QVERIFY(capture.info.warnings.isEmpty());
        QStringList labels;
        for (const TaskRow &r : capture.rows)
            labels.append(taskLabel(capture, r));
        QCOMPARE(labels, (QStringList{"func_0_a(r0t0)", "v_proj_spmd(r1t1)", "v_proj_spmd(r1t1)",
                                      "QK(r255t4294967295)", "func_6_g(r255t4294967295)"}));
        QCOMPARE(checkDepsOverlap(capture), 1.0);
        QVERIFY(capture.info.warnings.isEmpty());

        // The dummy r2t2 has no rows; a predicated skip of r1t1 would be named after its first active slot.
        QCOMPARE(lanescope::skipMarkerFuncId(*capture.deps.find(r1t1)), 3);
        QCOMPARE(lanescope::skipMarkerFuncId(*capture.deps.find((quint64(2) << 32) | 2)), -1);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestFunctionResolution)
#include "tst_functionresolution.moc"
