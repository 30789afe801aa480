// The task-level before/after diff (model/diff/taskdiff.h) on generated pairs whose differences
// are known exactly (tests/support/diffpairs.h) and on small hand-built captures.

#include "analysiscapture.h"
#include "diffpairs.h"

#include "model/diff/taskdiff.h"
#include "testmain.h"

#include <cmath>
#include <set>

using namespace lanescope;

namespace {

constexpr double kExact = 1e-6; // µs: the rounding of times read from cycles far from zero

std::int32_t someFunction(const Capture &c)
{
    for (const TaskRow &r : c.rows)
        if (r.funcId >= 0)
            return r.funcId;
    return -1;
}

std::set<std::uint64_t> tasksOf(const Capture &c)
{
    std::set<std::uint64_t> out;
    for (const TaskRow &r : c.rows)
        out.insert(r.taskId);
    return out;
}

std::size_t rowsOf(const Capture &c, std::int32_t funcId)
{
    return std::size_t(std::count_if(c.rows.begin(), c.rows.end(),
                                     [funcId](const TaskRow &r) { return r.funcId == funcId; }));
}

double totalOf(const Capture &c, std::int32_t funcId)
{
    double sum = 0;
    for (const TaskRow &r : c.rows)
        sum += r.funcId == funcId ? r.durationUs() : 0;
    return sum;
}

const FunctionDelta *functionIn(const TaskDiff &d, std::int32_t funcId)
{
    for (const FunctionDelta &f : d.byFunction)
        if (f.funcId == funcId)
            return &f;
    return nullptr;
}

// Every After row's partner runs the same function on the same core type, and its Δ is the
// expected one: `slowUs` for `slow`, zero for everything else.
bool deltasAre(const Capture &before, const Capture &after, const TaskDiff &d, std::int32_t slow,
               double slowUs, QString *why)
{
    for (std::size_t a = 0; a < after.rows.size(); ++a) {
        const std::uint32_t b = d.afterToBefore[a];
        if (b == kNoRow)
            continue;
        const TaskRow &ra = after.rows[a];
        const TaskRow &rb = before.rows[b];
        const double expected = ra.funcId == slow ? slowUs : 0.0;
        const double delta = ra.durationUs() - rb.durationUs();
        if (ra.funcId != rb.funcId || ra.coreType != rb.coreType || std::abs(delta - expected) > kExact) {
            *why = QStringLiteral("after row %1 (func %2) ↔ before row %3 (func %4): Δ %5 µs, expected %6")
                       .arg(a)
                       .arg(ra.funcId)
                       .arg(b)
                       .arg(rb.funcId)
                       .arg(delta)
                       .arg(expected);
            return false;
        }
    }
    return true;
}

// The structural promises of a diff that matches bars: partners are unique, `removed` lists the
// Before rows nobody took, ascending, and the counts agree with both.
void checkBookkeeping(const Capture &before, const Capture &after, const TaskDiff &d)
{
    QCOMPARE(d.afterToBefore.size(), after.rows.size());
    std::vector<bool> taken(before.rows.size(), false);
    std::size_t matched = 0;
    for (const std::uint32_t b : d.afterToBefore) {
        if (b == kNoRow)
            continue;
        QVERIFY(b < before.rows.size());
        QVERIFY(!taken[b]);
        taken[b] = true;
        ++matched;
    }
    QCOMPARE(d.matchedRows, matched);
    QCOMPARE(d.addedRows, after.rows.size() - matched);
    QCOMPARE(d.removedRows, before.rows.size() - matched);
    QCOMPARE(d.removed.size(), d.removedRows);
    QVERIFY(std::is_sorted(d.removed.begin(), d.removed.end()));
    for (const std::uint32_t b : d.removed)
        QVERIFY(!taken[b]);
    std::size_t rowsInFunctions = 0, matchedInFunctions = 0;
    for (const FunctionDelta &f : d.byFunction) {
        rowsInFunctions += f.afterRows;
        matchedInFunctions += f.matchedRows;
    }
    QCOMPARE(rowsInFunctions, after.rows.size());
    QCOMPARE(matchedInFunctions, matched);
    QCOMPARE(d.beforeMakespanUs >= 0, true);
}

Capture handBuilt(std::vector<TaskRow> rows)
{
    return captureOf(std::move(rows), {});
}

TaskRow bar(std::uint64_t task, int core, CoreType type, std::int32_t funcId, double start, double end)
{
    TaskRow r = row(task, core, type, start - 1, start, end, end + 1);
    r.funcId = funcId;
    return r;
}

} // namespace

class TestTaskDiff : public QObject
{
    Q_OBJECT

private slots:
    void slowedFunction_data();
    void slowedFunction();
    void lastTasksRemoved_data();
    void lastTasksRemoved();
    void changedGraphMatchesByOrder_data();
    void changedGraphMatchesByOrder();
    void changedTaskSetComparesFunctions();
    void perFunctionReasonForcesFunctions_data();
    void perFunctionReasonForcesFunctions();
    void diffWithItself_data();
    void diffWithItself();
    void spmdBlocksPairInStartOrder();
    void functionOnBothCoreTypes();
    void unresolvedFunctions();
    void emptySides_data();
    void emptySides();
    void largestKeepsTheLargest();
    void cancelledBeforeItStarts();
};

void TestTaskDiff::slowedFunction_data()
{
    QTest::addColumn<int>("runs");
    QTest::addColumn<qint64>("byNs");
    QTest::addColumn<bool>("hbg");
    QTest::newRow("one run, 2 µs") << 1 << qint64(2000) << false;
    QTest::newRow("one run, 20 µs") << 1 << qint64(20000) << false;
    QTest::newRow("two runs, 0.5 µs") << 2 << qint64(500) << false;
    QTest::newRow("host-built graph ids above 2^53, 1 µs") << 1 << qint64(1000) << true;
}

void TestTaskDiff::slowedFunction()
{
    QFETCH(int, runs);
    QFETCH(qint64, byNs);
    QFETCH(bool, hbg);
    GeneratorOptions base = diffBaseOptions(11, 300, runs);
    if (hbg) {
        base.idLayout = TaskIdLayout::HostBuildGraph;
        base.scopeStats = false; // ring-local ids only
    }
    const DiffPair probe = makeDiffPair(base, base);
    QVERIFY(probe.ok());
    const std::int32_t slow = someFunction(probe.beforeRun());
    const DiffPair pair = slowedFunctionPair(slow, byNs, base);
    QVERIFY(pair.ok());
    QCOMPARE(int(pair.before.size()), runs);
    if (hbg)
        QVERIFY(pair.beforeRun().rows.back().taskId > (std::uint64_t(1) << 53));
    const double slowUs = double(byNs) / 1000.0;
    for (std::size_t k = 0; k < pair.before.size(); ++k) {
        const Capture &before = pair.beforeRun(k);
        const Capture &after = pair.afterRun(k);
        const TaskDiff d = diffTasks(before, after);
        QCOMPARE(d.matchBy, DiffMatch::Identity);
        QVERIFY(d.matchReason.isEmpty());
        QVERIFY(!d.cancelled);
        checkBookkeeping(before, after, d);
        QCOMPARE(d.matchedRows, after.rows.size());
        QCOMPARE(d.addedRows, std::size_t(0));
        QCOMPARE(d.removedRows, std::size_t(0));
        QCOMPARE(d.matchedTasks, tasksOf(after).size());
        QCOMPARE(d.addedTasks, std::size_t(0));
        QCOMPARE(d.removedTasks, std::size_t(0));
        QString why;
        QVERIFY2(deltasAre(before, after, d, slow, slowUs, &why), qPrintable(why));

        const FunctionDelta *f = functionIn(d, slow);
        QVERIFY(f);
        QCOMPARE(d.byFunction.front().funcId, slow); // the only function that changed
        QVERIFY(std::abs(f->meanDeltaUs - slowUs) < kExact);
        QCOMPARE(f->matchedRows, rowsOf(after, slow));
        QVERIFY(std::abs(f->totalDeltaUs - slowUs * double(f->matchedRows)) <
                kExact * double(f->matchedRows));
        QVERIFY(std::abs(f->beforeTotalUs - totalOf(before, slow)) < kExact);
        for (const FunctionDelta &other : d.byFunction) {
            if (other.funcId == slow)
                continue;
            // Exactly zero, not a sum of rounding: what reads "+0 ns" is a bug.
            QVERIFY2(other.meanDeltaUs == 0 && other.totalDeltaUs == 0, qPrintable(other.name));
            QCOMPARE(other.beforeRows, other.afterRows);
        }
        if (std::abs(d.makespanChangeUs()) > 1e-3) {
            QVERIFY(f->shareOfMakespanChange.has_value());
            QVERIFY(std::abs(*f->shareOfMakespanChange - f->totalDeltaUs / d.makespanChangeUs()) < 1e-9);
        }
        QCOMPARE(d.largest.size(), std::min<std::size_t>(50, f->matchedRows));
        for (const BarChange &c : d.largest) {
            QCOMPARE(after.rows[c.afterRow].funcId, slow);
            QVERIFY(std::abs(c.deltaUs() - slowUs) < kExact);
        }
    }
}

void TestTaskDiff::lastTasksRemoved_data()
{
    QTest::addColumn<int>("runs");
    QTest::addColumn<int>("count");
    QTest::newRow("one run, 1") << 1 << 1;
    QTest::newRow("one run, 25") << 1 << 25;
    QTest::newRow("two runs, 7") << 2 << 7;
}

void TestTaskDiff::lastTasksRemoved()
{
    QFETCH(int, runs);
    QFETCH(int, count);
    const DiffPair pair = droppedTasksPair(count, diffBaseOptions(11, 300, runs));
    QVERIFY(pair.ok());
    for (std::size_t k = 0; k < pair.before.size(); ++k) {
        const Capture &before = pair.beforeRun(k);
        const Capture &after = pair.afterRun(k);
        const TaskDiff d = diffTasks(before, after);
        QCOMPARE(d.matchBy, DiffMatch::Identity);
        checkBookkeeping(before, after, d);
        QCOMPARE(d.removedTasks, std::size_t(count));
        QCOMPARE(d.removedRows, before.rows.size() - after.rows.size());
        QCOMPARE(d.addedRows, std::size_t(0));
        QCOMPARE(d.addedTasks, std::size_t(0));
        QCOMPARE(d.matchedRows, after.rows.size());
        QCOMPARE(d.matchedTasks, tasksOf(after).size());
        const std::set<std::uint64_t> kept = tasksOf(after);
        std::set<std::uint64_t> gone;
        for (const std::uint32_t b : d.removed) {
            QVERIFY(!kept.count(before.rows[b].taskId));
            gone.insert(before.rows[b].taskId);
        }
        QCOMPARE(gone.size(), std::size_t(count));
        QString why;
        QVERIFY2(deltasAre(before, after, d, -2, 0, &why), qPrintable(why));
    }
}

void TestTaskDiff::changedGraphMatchesByOrder_data()
{
    QTest::addColumn<int>("places");
    QTest::addColumn<qint64>("slowByNs");
    QTest::addColumn<bool>("hbg");
    QTest::newRow("rotated by 5") << 5 << qint64(0) << false;
    QTest::newRow("rotated by 1") << 1 << qint64(0) << false;
    QTest::newRow("rotated by 37, one function 3 µs slower") << 37 << qint64(3000) << false;
    QTest::newRow("host-built graph ids rotated by 3") << 3 << qint64(0) << true;
}

void TestTaskDiff::changedGraphMatchesByOrder()
{
    QFETCH(int, places);
    QFETCH(qint64, slowByNs);
    QFETCH(bool, hbg);
    GeneratorOptions base = diffBaseOptions();
    if (hbg) {
        base.idLayout = TaskIdLayout::HostBuildGraph;
        base.scopeStats = false;
    }
    const DiffPair probe = makeDiffPair(base, base);
    QVERIFY(probe.ok());
    const std::int32_t slow = someFunction(probe.beforeRun());
    GeneratorOptions after = base;
    after.renumberTasks = places;
    after.slowFunction = slowByNs ? slow : -1;
    after.slowByNs = slowByNs;
    const DiffPair pair = makeDiffPair(base, after);
    QVERIFY(pair.ok());
    const Capture &b = pair.beforeRun();
    const Capture &a = pair.afterRun();
    const TaskDiff d = diffTasks(b, a);
    QCOMPARE(d.matchBy, DiffMatch::Order);
    QVERIFY(!d.matchReason.isEmpty());
    checkBookkeeping(b, a, d);
    QCOMPARE(d.matchedRows, a.rows.size());
    QCOMPARE(d.addedRows, std::size_t(0));
    QCOMPARE(d.removedRows, std::size_t(0));
    const double slowUs = double(slowByNs) / 1000.0;
    if (slowByNs == 0) {
        // Only the ids changed: the same run, so every bar meets its own twin.
        QString why;
        QVERIFY2(deltasAre(b, a, d, -2, 0, &why), qPrintable(why));
        QVERIFY(d.largest.empty());
    }
    // Pairs within a function may cross when timing moves, but the function's sums are exact.
    for (const FunctionDelta &f : d.byFunction) {
        QCOMPARE(f.matchedRows, f.afterRows);
        const double expected = f.funcId == slow ? slowUs : 0.0;
        QVERIFY2(std::abs(f.meanDeltaUs - expected) < kExact, qPrintable(f.name));
    }
}

void TestTaskDiff::changedTaskSetComparesFunctions()
{
    const DiffPair pair = tilingPair();
    QVERIFY(pair.ok());
    const Capture &b = pair.beforeRun();
    const Capture &a = pair.afterRun();
    const TaskDiff d = diffTasks(b, a);
    QCOMPARE(d.matchBy, DiffMatch::Function);
    QVERIFY(!d.matchesBars());
    QVERIFY(!d.matchReason.isEmpty());
    QCOMPARE(d.afterToBefore.size(), a.rows.size());
    QVERIFY(std::all_of(d.afterToBefore.begin(), d.afterToBefore.end(),
                        [](std::uint32_t r) { return r == kNoRow; }));
    QVERIFY(d.largest.empty());
    std::size_t beforeRows = 0, afterRows = 0;
    for (const FunctionDelta &f : d.byFunction) {
        QCOMPARE(f.beforeRows, rowsOf(b, f.funcId));
        QCOMPARE(f.afterRows, rowsOf(a, f.funcId));
        QVERIFY(std::abs(f.beforeTotalUs - totalOf(b, f.funcId)) < kExact);
        QVERIFY(std::abs(f.afterTotalUs - totalOf(a, f.funcId)) < kExact);
        QVERIFY(std::abs(f.totalDeltaUs - (f.afterTotalUs - f.beforeTotalUs)) < kExact);
        const double beforeMean = f.beforeRows ? f.beforeTotalUs / double(f.beforeRows) : 0;
        const double afterMean = f.afterRows ? f.afterTotalUs / double(f.afterRows) : 0;
        QVERIFY(std::abs(f.meanDeltaUs - (afterMean - beforeMean)) < kExact);
        beforeRows += f.beforeRows;
        afterRows += f.afterRows;
    }
    QCOMPARE(beforeRows, b.rows.size());
    QCOMPARE(afterRows, a.rows.size());
    QCOMPARE(d.matchedRows + d.removedRows, b.rows.size());
    QCOMPARE(d.matchedRows + d.addedRows, a.rows.size());
}

void TestTaskDiff::perFunctionReasonForcesFunctions_data()
{
    QTest::addColumn<qint64>("byNs");
    QTest::newRow("unchanged") << qint64(0);
    QTest::newRow("one function 4 µs slower") << qint64(4000);
}

void TestTaskDiff::perFunctionReasonForcesFunctions()
{
    QFETCH(qint64, byNs);
    const GeneratorOptions base = diffBaseOptions();
    const DiffPair probe = makeDiffPair(base, base);
    QVERIFY(probe.ok());
    const std::int32_t slow = someFunction(probe.beforeRun());
    const DiffPair pair = slowedFunctionPair(slow, byNs, base);
    QVERIFY(pair.ok());
    TaskDiffOptions options;
    options.perFunctionReason = QStringLiteral("tiling changes the task set (01a)");
    const TaskDiff d = diffTasks(pair.beforeRun(), pair.afterRun(), options);
    QCOMPARE(d.matchBy, DiffMatch::Function);
    QCOMPARE(d.matchReason, options.perFunctionReason);
    QCOMPARE(d.matchedRows, pair.afterRun().rows.size());
    QCOMPARE(d.addedRows, std::size_t(0));
    QCOMPARE(d.removedRows, std::size_t(0));
    QCOMPARE(d.addedTasks, std::size_t(0));
    QCOMPARE(d.removedTasks, std::size_t(0));
    QVERIFY(d.removed.empty());
    const double slowUs = double(byNs) / 1000.0;
    for (const FunctionDelta &f : d.byFunction) {
        const double expected = f.funcId == slow ? slowUs : 0.0;
        QVERIFY2(std::abs(f.meanDeltaUs - expected) < kExact, qPrintable(f.name));
    }
}

void TestTaskDiff::diffWithItself_data()
{
    QTest::addColumn<int>("workload");
    QTest::addColumn<int>("level");
    QTest::newRow("random, level 4") << int(WorkloadKind::Random) << 4;
    QTest::newRow("random, level 1") << int(WorkloadKind::Random) << 1;
    QTest::newRow("SPMD after") << int(WorkloadKind::SpmdAfter) << 4;
    QTest::newRow("decode layers") << int(WorkloadKind::DecodeLayer) << 4;
}

void TestTaskDiff::diffWithItself()
{
    QFETCH(int, workload);
    QFETCH(int, level);
    GeneratorOptions o = diffBaseOptions();
    o.workload = WorkloadKind(workload);
    o.level = level;
    o.layers = 2;
    o.kernelTimesByTask = false; // a capture against itself needs no help
    o.clockFreqHz = 50'000'000;
    const DiffPair pair = makeDiffPair(o, o);
    QVERIFY(pair.ok());
    const Capture &c = pair.beforeRun();
    const TaskDiff d = diffTasks(c, c);
    QCOMPARE(d.matchBy, DiffMatch::Identity);
    checkBookkeeping(c, c, d);
    QCOMPARE(d.matchedRows, c.rows.size());
    QCOMPARE(d.addedRows + d.removedRows + d.addedTasks + d.removedTasks, std::size_t(0));
    for (std::size_t a = 0; a < c.rows.size(); ++a)
        QCOMPARE(d.afterToBefore[a], std::uint32_t(a));
    QVERIFY(d.largest.empty());
    QCOMPARE(d.makespanChangeUs(), 0.0);
    for (const FunctionDelta &f : d.byFunction) {
        QCOMPARE(f.totalDeltaUs, 0.0);
        QCOMPARE(f.meanDeltaUs, 0.0);
        QVERIFY(!f.shareOfMakespanChange.has_value());
    }
}

// The blocks of one SPMD task pair up in start order, whatever their file order or cores.
void TestTaskDiff::spmdBlocksPairInStartOrder()
{
    const Capture before = handBuilt({bar(1, 0, AIV, 3, 0, 5), bar(1, 1, AIV, 3, 10, 16),
                                      bar(1, 2, AIV, 3, 20, 27), bar(2, 0, AIV, 4, 30, 31)});
    // After: the same task, its blocks in another file order and on other cores; the middle one
    // (by start) ran 2 µs longer.
    const Capture after = handBuilt({bar(1, 5, AIV, 3, 22, 29), bar(1, 3, AIV, 3, 2, 7),
                                     bar(1, 4, AIV, 3, 12, 20), bar(2, 0, AIV, 4, 33, 34)});
    const TaskDiff d = diffTasks(before, after);
    QCOMPARE(d.matchBy, DiffMatch::Identity);
    checkBookkeeping(before, after, d);
    // captureOf keeps the file order within a task.
    const std::vector<std::uint32_t> expected = {2, 0, 1, 3};
    QCOMPARE(d.afterToBefore, expected);
    QCOMPARE(d.largest.size(), std::size_t(1));
    QCOMPARE(d.largest.front().afterRow, std::uint32_t(2));
    QCOMPARE(d.largest.front().beforeRow, std::uint32_t(1));
    QCOMPARE(d.largest.front().deltaUs(), 2.0);
    const FunctionDelta *f = functionIn(d, 3);
    QVERIFY(f);
    QCOMPARE(f->totalDeltaUs, 2.0);
    QVERIFY(std::abs(f->meanDeltaUs - 2.0 / 3.0) < 1e-12);
    QCOMPARE(d.byFunction.front().funcId, 3);
    QCOMPARE(d.beforeMakespanUs, 31.0);
    QCOMPARE(d.afterMakespanUs, 32.0);
    QVERIFY(f->shareOfMakespanChange.has_value());
    QCOMPARE(*f->shareOfMakespanChange, 2.0);
}

// One function on an AIC and an AIV core of one task: each bar pairs on its own core type, even
// where start order alone would cross them.
void TestTaskDiff::functionOnBothCoreTypes()
{
    const Capture before = handBuilt({bar(1, 0, AIC, 7, 0, 10), bar(1, 4, AIV, 7, 1, 5)});
    const Capture after = handBuilt({bar(1, 0, AIC, 7, 2, 14), bar(1, 4, AIV, 7, 0, 4)});
    const TaskDiff d = diffTasks(before, after);
    QCOMPARE(d.matchBy, DiffMatch::Identity);
    checkBookkeeping(before, after, d);
    const std::vector<std::uint32_t> expected = {0, 1};
    QCOMPARE(d.afterToBefore, expected);
    QCOMPARE(d.byFunction.size(), std::size_t(1));
    const FunctionDelta &f = d.byFunction.front();
    QCOMPARE(f.beforeRows, std::size_t(2));
    QCOMPARE(f.matchedRows, std::size_t(2));
    QCOMPARE(f.totalDeltaUs, 2.0);
    QCOMPARE(f.meanDeltaUs, 1.0);
    QCOMPARE(f.beforeTotalUs, 14.0);
    QCOMPARE(f.afterTotalUs, 16.0);
}

// Rows whose function is unresolved (-1) still pair by task and core type, and are summed as a
// function of their own.
void TestTaskDiff::unresolvedFunctions()
{
    const Capture before =
        handBuilt({bar(1, 0, AIV, -1, 0, 3), bar(2, 1, AIV, -1, 1, 2), bar(3, 2, AIC, 5, 0, 4)});
    const Capture after =
        handBuilt({bar(1, 0, AIV, -1, 0, 4), bar(2, 1, AIV, -1, 1, 2), bar(3, 2, AIC, 5, 0, 4)});
    const TaskDiff d = diffTasks(before, after);
    QCOMPARE(d.matchBy, DiffMatch::Identity);
    checkBookkeeping(before, after, d);
    const std::vector<std::uint32_t> expected = {0, 1, 2};
    QCOMPARE(d.afterToBefore, expected);
    const FunctionDelta *unresolved = functionIn(d, -1);
    QVERIFY(unresolved);
    QCOMPARE(unresolved->matchedRows, std::size_t(2));
    QCOMPARE(unresolved->totalDeltaUs, 1.0);
    QCOMPARE(unresolved->meanDeltaUs, 0.5);
    QCOMPARE(d.byFunction.front().funcId, -1);
    QCOMPARE(functionIn(d, 5)->totalDeltaUs, 0.0);
}

void TestTaskDiff::emptySides_data()
{
    QTest::addColumn<bool>("beforeEmpty");
    QTest::addColumn<bool>("afterEmpty");
    QTest::newRow("before empty") << true << false;
    QTest::newRow("after empty") << false << true;
    QTest::newRow("both empty") << true << true;
}

void TestTaskDiff::emptySides()
{
    QFETCH(bool, beforeEmpty);
    QFETCH(bool, afterEmpty);
    const std::vector<TaskRow> rows = {bar(1, 0, AIV, 3, 0, 5), bar(2, 1, AIC, 4, 1, 3)};
    const Capture before = handBuilt(beforeEmpty ? std::vector<TaskRow>{} : rows);
    const Capture after = handBuilt(afterEmpty ? std::vector<TaskRow>{} : rows);
    const TaskDiff d = diffTasks(before, after);
    QVERIFY(d.matchesBars());
    checkBookkeeping(before, after, d);
    QCOMPARE(d.matchedRows, std::size_t(0));
    QCOMPARE(d.addedRows, after.rows.size());
    QCOMPARE(d.removedRows, before.rows.size());
    QCOMPARE(d.addedTasks, afterEmpty ? std::size_t(0) : std::size_t(2));
    QCOMPARE(d.removedTasks, beforeEmpty ? std::size_t(0) : std::size_t(2));
}

void TestTaskDiff::largestKeepsTheLargest()
{
    std::vector<TaskRow> beforeRows, afterRows;
    for (int t = 0; t < 80; ++t) {
        beforeRows.push_back(bar(std::uint64_t(t), t % 8, AIV, 1, t * 10.0, t * 10.0 + 5));
        // Task t grows by t/10 µs: the largest changes are the last tasks'.
        afterRows.push_back(bar(std::uint64_t(t), t % 8, AIV, 1, t * 10.0, t * 10.0 + 5 + t / 10.0));
    }
    const Capture before = handBuilt(beforeRows);
    const Capture after = handBuilt(afterRows);
    TaskDiffOptions options;
    options.largestCount = 5;
    const TaskDiff d = diffTasks(before, after, options);
    QCOMPARE(d.largest.size(), std::size_t(5));
    for (std::size_t i = 0; i < d.largest.size(); ++i) {
        QCOMPARE(d.largest[i].afterRow, std::uint32_t(79 - i));
        QVERIFY(std::abs(d.largest[i].deltaUs() - (79 - double(i)) / 10.0) < 1e-9);
    }
    // Below equalWithinUs a change is no change: task 0 does not change, and 1e-3 keeps it out.
    options.largestCount = 1000;
    QCOMPARE(diffTasks(before, after, options).largest.size(), std::size_t(79));
}

void TestTaskDiff::cancelledBeforeItStarts()
{
    const Capture c = handBuilt({bar(1, 0, AIV, 3, 0, 5)});
    const std::atomic<bool> flag{true};
    const TaskDiff d = diffTasks(c, c, {}, CancelCheck(&flag));
    QVERIFY(d.cancelled);
}

LANESCOPE_TEST_GUILESS_MAIN(TestTaskDiff)
#include "tst_taskdiff.moc"
