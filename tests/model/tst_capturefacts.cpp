#include "model/capture/labels.h"
#include "model/session/capturedocument.h"
#include "model/session/capturefacts.h"
#include "testmain.h"

#include <map>

using namespace lanescope;

// What openDocument computes once per run for the panels (Capture::facts) is what computing it
// from the run gives: the panels may show it instead of computing it again.
class TestCaptureFacts : public QObject
{
    Q_OBJECT

private slots:
    void documentHoldsTheFactsOfEveryRun_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("sample") << QStringLiteral(LANESCOPE_SAMPLES "/sample-l4");
        QTest::newRow("two runs") << QStringLiteral(LANESCOPE_FIXTURES "/runs/two-runs");
    }
    void documentHoldsTheFactsOfEveryRun()
    {
        QFETCH(QString, path);
        const OpenedDocument opened = openDocument(path);
        QVERIFY(opened.ok());
        for (const auto &run : opened.document->runs.runs) {
            QVERIFY(run->facts);
            const CaptureFacts &facts = *run->facts;
            QVERIFY(facts.functions);
            const FunctionSummary fresh = functionSummary(*run);
            QCOMPARE(facts.functions->functions.size(), fresh.functions.size());
            for (std::size_t i = 0; i < fresh.functions.size(); ++i) {
                QCOMPARE(facts.functions->functions[i].name, fresh.functions[i].name);
                QCOMPARE(facts.functions->functions[i].count, fresh.functions[i].count);
                QCOMPARE(facts.functions->functions[i].avgExecUs, fresh.functions[i].avgExecUs);
            }
            QCOMPARE(facts.functionsByCount, functionsByCount(*run));
            QCOMPARE(facts.anchors != nullptr, !run->deps.empty());
        }
    }

    // The most frequent function first, ties by func id.
    void functionsByCountOrdersByRows()
    {
        Capture c;
        for (const int f : {3, 1, 3, 2, 1, 3, -1}) {
            TaskRow row;
            row.funcId = f;
            c.rows.push_back(row);
        }
        QCOMPARE(functionsByCount(c), (std::vector<FunctionCount>{{3, 3}, {1, 2}, {-1, 1}, {2, 1}}));
    }

    // The search index holds every searchable bar once, in (start, lane, slice) order, each with
    // its function or string.
    void searchIndexIsInTimeOrder()
    {
        const OpenedDocument opened = openDocument(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"));
        QVERIFY(opened.ok());
        const Capture &run = *opened.document->runs.defaultRun();
        const SliceSearchIndex &index = run.facts->search;
        std::size_t workerBars = 0;
        for (const Lane &lane : run.lanes)
            if (lane.kind == LaneKind::Worker)
                workerBars += lane.slices.size();
        std::size_t keyed = 0;
        for (std::size_t i = 0; i < index.bars().size(); ++i) {
            const SliceSearchIndex::Bar &bar = index.bars()[i];
            const Lane &lane = run.lanes[std::size_t(bar.lane)];
            if (bar.key >= 0 && lane.kind == LaneKind::Worker) {
                ++keyed;
                const int funcId = run.rows[lane.slices[bar.slice].ref].funcId;
                QCOMPARE(index.functions()[std::size_t(bar.key)], funcId);
                QCOMPARE(index.functionNames()[std::size_t(bar.key)], functionName(funcId, run.names));
            }
            if (i == 0)
                continue;
            const SliceSearchIndex::Bar &before = index.bars()[i - 1];
            const double a = run.lanes[std::size_t(before.lane)].slices[before.slice].startUs;
            const double b = lane.slices[bar.slice].startUs;
            QVERIFY(a < b ||
                    (a == b && std::pair(before.lane, before.slice) < std::pair(bar.lane, bar.slice)));
        }
        QCOMPARE(keyed, workerBars);
    }
};

LANESCOPE_TEST_MAIN(TestCaptureFacts)
#include "tst_capturefacts.moc"
