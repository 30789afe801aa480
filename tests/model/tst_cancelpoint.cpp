// Cancel points inside long steps (model/capture/cancelpoint.h): the sorts and loops of opening and
// analysing a capture hear a cancel within a few thousand items and throw OperationCancelled; outside
// a CancelScope, or with the flag clear, they do exactly what they did before.

#include "capturegenerator.h"

#include "model/analysis/analysisinput.h"
#include "model/analysis/dependencyanchors.h"
#include "model/analysis/derivedtracks.h"
#include "model/analysis/ringoccupancy.h"
#include "model/capture/cancelpoint.h"
#include "model/capture/functionresolution.h"
#include "model/capture/lanebuilder.h"
#include "model/capture/slicesearchindex.h"
#include "model/index/captureindex.h"
#include "model/io/loader.h"
#include "model/session/capturefacts.h"
#include "testmain.h"

#include <QTemporaryDir>

#include <functional>
#include <random>

using namespace lanescope;

namespace {

using Step = std::function<void(const Capture &)>;

std::vector<int> shuffled(std::size_t n)
{
    std::vector<int> v(n);
    std::mt19937 random(7);
    for (int &x : v)
        x = int(random() % 1000); // many equal keys, so that stability shows
    return v;
}

} // namespace

class TestCancelPoint : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    CapturePtr m_capture;

private slots:
    void initTestCase()
    {
        // Enough rows that every loop passes several cancel points (one per 4096 items).
        GeneratorOptions o;
        o.seed = 3;
        o.level = 4;
        o.tasks = 6000;
        QVERIFY(generateCapture(o, m_dir.path()).ok());
        LoadResult loaded = loadCapture(m_dir.path());
        QVERIFY2(loaded.ok(), qPrintable(loaded.error.toString()));
        m_capture = loaded.capture;
        QVERIFY(m_capture->rows.size() > 3 * 4096);
    }

    void sortsAsTheStandardSorts_data()
    {
        QTest::addColumn<bool>("inScope");
        QTest::addColumn<int>("size");
        QTest::newRow("no scope, empty") << false << 0;
        QTest::newRow("no scope") << false << 200'000;
        QTest::newRow("scope, flag clear, one item") << true << 1;
        QTest::newRow("scope, flag clear") << true << 200'000;
    }
    void sortsAsTheStandardSorts()
    {
        QFETCH(bool, inScope);
        QFETCH(int, size);
        std::atomic<bool> cancel{false};
        const CancelScope scope(inScope ? &cancel : nullptr);
        std::vector<int> expected = shuffled(std::size_t(size));
        std::vector<int> sorted = expected;
        std::sort(expected.begin(), expected.end());
        cancellableSort(sorted.begin(), sorted.end());
        QCOMPARE(sorted, expected);

        // Stable: pairs of (key, position) keep their positions in order within a key.
        std::vector<std::pair<int, int>> pairs;
        for (const int x : shuffled(std::size_t(size)))
            pairs.emplace_back(x, int(pairs.size()));
        auto expectedPairs = pairs;
        std::stable_sort(expectedPairs.begin(), expectedPairs.end(),
                         [](const auto &a, const auto &b) { return a.first < b.first; });
        cancellableStableSort(pairs.begin(), pairs.end(),
                              [](const auto &a, const auto &b) { return a.first < b.first; });
        QCOMPARE(pairs, expectedPairs);
    }

    void cancelledSortsThrow_data()
    {
        QTest::addColumn<bool>("stable");
        QTest::newRow("sort") << false;
        QTest::newRow("stable sort") << true;
    }
    void cancelledSortsThrow()
    {
        QFETCH(bool, stable);
        std::atomic<bool> cancel{true};
        const CancelScope scope(&cancel);
        std::vector<int> v = shuffled(200'000);
        if (stable)
            QVERIFY_THROWS_EXCEPTION(OperationCancelled,
                                     cancellableStableSort(v.begin(), v.end(), std::less<>()));
        else
            QVERIFY_THROWS_EXCEPTION(OperationCancelled, cancellableSort(v.begin(), v.end(), std::less<>()));
        std::sort(v.begin(), v.end()); // the items are all still there, in some order
        QCOMPARE(v, [] {
            auto all = shuffled(200'000);
            std::sort(all.begin(), all.end());
            return all;
        }());
    }

    void loopsLookEveryFewThousandItems_data()
    {
        QTest::addColumn<bool>("inScope");
        QTest::addColumn<bool>("flag");
        QTest::addColumn<int>("expectedTicks"); // ticks taken before the throw; 0: never throws
        QTest::newRow("no scope") << false << true << 0;
        QTest::newRow("flag clear") << true << false << 0;
        QTest::newRow("cancelled") << true << true << 4096;
    }
    void loopsLookEveryFewThousandItems()
    {
        QFETCH(bool, inScope);
        QFETCH(bool, flag);
        QFETCH(int, expectedTicks);
        std::atomic<bool> cancel{flag};
        const CancelScope scope(inScope ? &cancel : nullptr);
        CancelPoints points;
        int ticks = 0;
        try {
            for (; ticks < 100'000; ++ticks)
                points.tick();
            ticks = 0;
        } catch (const OperationCancelled &) {
            ++ticks; // the tick that threw
        }
        QCOMPARE(ticks, expectedTicks);
    }

    void assignHearingCancelFillsAsAssign_data()
    {
        QTest::addColumn<bool>("cancelled");
        QTest::addColumn<int>("size");
        QTest::newRow("empty") << false << 0;
        QTest::newRow("within one step") << false << 1000;
        QTest::newRow("several steps") << false << 1'000'000;
        QTest::newRow("cancelled") << true << 1'000'000;
    }
    void assignHearingCancelFillsAsAssign()
    {
        QFETCH(bool, cancelled);
        QFETCH(int, size);
        std::atomic<bool> cancel{cancelled};
        const CancelScope scope(&cancel);
        std::vector<std::uint64_t> v{1, 2, 3}; // what was there goes
        if (cancelled) {
            QVERIFY_THROWS_EXCEPTION(OperationCancelled, assignHearingCancel(v, std::size_t(size), 7ull));
            return;
        }
        assignHearingCancel(v, std::size_t(size), 7ull);
        QCOMPARE(v, std::vector<std::uint64_t>(std::size_t(size), 7));
    }

    void scopesNestAndRestore()
    {
        std::atomic<bool> outer{false}, inner{true};
        QCOMPARE(currentCancelFlag(), nullptr);
        {
            const CancelScope a(&outer);
            {
                const CancelScope b(&inner);
                QCOMPARE(currentCancelFlag(), &inner);
                QVERIFY_THROWS_EXCEPTION(OperationCancelled, throwIfCancelled());
            }
            QCOMPARE(currentCancelFlag(), &outer);
            throwIfCancelled(); // the outer flag is clear
        }
        QCOMPARE(currentCancelFlag(), nullptr);
        throwIfCancelled();
    }

    void runCancellablyCatchesWhatItsStepsThrow_data()
    {
        QTest::addColumn<bool>("cancelled");
        QTest::addColumn<int>("expected");
        QTest::newRow("running") << false << 1;
        QTest::newRow("cancelled") << true << -1;
    }
    void runCancellablyCatchesWhatItsStepsThrow()
    {
        QFETCH(bool, cancelled);
        QFETCH(int, expected);
        std::atomic<bool> cancel{cancelled};
        const std::atomic<bool> *flagInside = nullptr;
        const int result = runCancellably(
            &cancel,
            [&] {
                flagInside = currentCancelFlag();
                std::vector<int> v = shuffled(200'000);
                cancellableSort(v.begin(), v.end());
                return 1;
            },
            [] { return -1; });
        QCOMPARE(result, expected);
        QCOMPARE(flagInside, &cancel);
        QCOMPARE(currentCancelFlag(), nullptr); // the scope ended with the work
    }

    void asyncWorkCarriesTheFlag_data()
    {
        QTest::addColumn<bool>("cancelled");
        QTest::newRow("running") << false;
        QTest::newRow("cancelled") << true;
    }
    void asyncWorkCarriesTheFlag()
    {
        QFETCH(bool, cancelled);
        std::atomic<bool> cancel{cancelled};
        const CancelScope scope(&cancel);
        auto work = asyncCancellable([] {
            throwIfCancelled();
            return currentCancelFlag();
        });
        if (cancelled)
            QVERIFY_THROWS_EXCEPTION(OperationCancelled, work.get());
        else
            QCOMPARE(work.get(), &cancel);
    }

    // Each long step of opening or analysing hears a cancel inside itself, not only after it.
    void everyLongStepHearsACancel_data()
    {
        QTest::addColumn<Step>("step");
        QTest::newRow("lanes") << Step([](const Capture &c) {
            Capture copy = c;
            copy.lanes.clear();
            buildLanes(copy);
        });
        QTest::newRow("search index") << Step([](const Capture &c) { SliceSearchIndex index(c); });
        QTest::newRow("bar index") << Step([](const Capture &c) { CaptureIndex index(c); });
        QTest::newRow("dependency anchors") << Step([](const Capture &c) { DependencyAnchors anchors(c); });
        QTest::newRow("ring occupancy") << Step([](const Capture &c) { computeRingOccupancy(c); });
        QTest::newRow("analysis input")
            << Step([](const Capture &c) { buildAnalysisInput(c, std::nullopt); });
        QTest::newRow("derived tracks") << Step([](const Capture &c) {
            Capture copy = c;
            appendDerivedTracks(copy);
        });
        QTest::newRow("facts") << Step([](const Capture &c) { computeCaptureFacts(c); });
        QTest::newRow("function ids") << Step([](const Capture &c) {
            Capture copy = c;
            for (TaskRow &row : copy.rows)
                row.funcId = -1;
            resolveFunctionIds(copy);
        });
        QTest::newRow("deps overlap") << Step([](const Capture &c) {
            Capture copy = c;
            checkDepsOverlap(copy);
        });
        QTest::newRow("deps graph") << Step([](const Capture &c) {
            std::vector<std::pair<std::uint64_t, std::uint64_t>> edges;
            for (const auto &[pred, succ] : c.deps.edges())
                edges.emplace_back(c.deps.nodes()[pred].taskId, c.deps.nodes()[succ].taskId);
            DepGraph graph;
            graph.build({c.deps.nodes().begin(), c.deps.nodes().end()}, std::move(edges));
        });
    }
    void everyLongStepHearsACancel()
    {
        QFETCH(Step, step);
        std::atomic<bool> cancel{false};
        const CancelScope scope(&cancel);
        step(*m_capture); // runs through with the flag clear
        cancel = true;
        QVERIFY_THROWS_EXCEPTION(OperationCancelled, step(*m_capture));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestCancelPoint)
#include "tst_cancelpoint.moc"
