// The generator's diff options do what generatoroptions.h says, on the loaded rows of the pairs
// that tests/support/diffpairs.h builds.

#include "diffpairs.h"
#include "testmain.h"

#include <cmath>
#include <map>
#include <set>

using namespace lanescope;

namespace {

using BarKey = std::pair<std::uint64_t, CoreType>; // task id, core type

// Per (task, core type): the durations of its bars, sorted, and its function.
struct Bars
{
    std::vector<double> durationsUs;
    std::int32_t funcId = -1;
};

std::map<BarKey, Bars> barsOf(const Capture &c)
{
    std::map<BarKey, Bars> out;
    for (const TaskRow &r : c.rows) {
        Bars &b = out[{r.taskId, r.coreType}];
        b.durationsUs.push_back(r.durationUs());
        b.funcId = r.funcId;
    }
    for (auto &[key, b] : out)
        std::sort(b.durationsUs.begin(), b.durationsUs.end());
    return out;
}

// Equal within the rounding of µs read from cycles far from zero.
bool sameDurations(const std::vector<double> &a, const std::vector<double> &b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::abs(a[i] - b[i]) > 1e-6)
            return false;
    return true;
}

// The function of the first row that has one: a function every pair built from the base has.
std::int32_t someFunction(const Capture &c)
{
    for (const TaskRow &r : c.rows)
        if (r.funcId >= 0)
            return r.funcId;
    return -1;
}

// What ran where: ring, function, core type and duration (in ps: exact keys) of every bar.
std::multiset<std::tuple<std::uint32_t, std::int32_t, CoreType, double>> workOf(const Capture &c)
{
    std::multiset<std::tuple<std::uint32_t, std::int32_t, CoreType, double>> out;
    for (const TaskRow &r : c.rows)
        out.insert({r.ringId(), r.funcId, r.coreType, std::round(r.durationUs() * 1e6)});
    return out;
}

} // namespace

class TestDiffPairs : public QObject
{
    Q_OBJECT

private slots:
    void slowedFunctionChangesOnlyItsBars_data();
    void slowedFunctionChangesOnlyItsBars();
    void sharedDrawsChangeOtherBars();
    void blocksOfATaskRunEquallyLong();
    void droppedTasksAreAbsent_data();
    void droppedTasksAreAbsent();
    void renumberedTasksRunTheSameWork();
    void tilingPairChangesTheTaskSet();
};

void TestDiffPairs::slowedFunctionChangesOnlyItsBars_data()
{
    QTest::addColumn<int>("runs");
    QTest::addColumn<qint64>("byNs");
    QTest::newRow("one run, 2 µs") << 1 << qint64(2000);
    QTest::newRow("two runs, 0.5 µs") << 2 << qint64(500);
    QTest::newRow("one run, 1 ns") << 1 << qint64(1);
}

void TestDiffPairs::slowedFunctionChangesOnlyItsBars()
{
    QFETCH(int, runs);
    QFETCH(qint64, byNs);
    const GeneratorOptions base = diffBaseOptions(11, 300, runs);
    const DiffPair probe = makeDiffPair(base, base);
    QVERIFY(probe.ok());
    const std::int32_t slow = someFunction(probe.beforeRun());
    QVERIFY(slow >= 0);

    const DiffPair pair = slowedFunctionPair(slow, byNs, base);
    QVERIFY(pair.ok());
    QCOMPARE(int(pair.before.size()), runs);
    for (std::size_t k = 0; k < pair.before.size(); ++k) {
        const auto before = barsOf(pair.beforeRun(k));
        const auto after = barsOf(pair.afterRun(k));
        QCOMPARE(pair.afterRun(k).rows.size(), pair.beforeRun(k).rows.size());
        QCOMPARE(after.size(), before.size());
        std::size_t slowed = 0;
        for (const auto &[key, b] : before) {
            const auto it = after.find(key);
            QVERIFY(it != after.end());
            QCOMPARE(it->second.funcId, b.funcId);
            QCOMPARE(it->second.durationsUs.size(), b.durationsUs.size());
            const double expected = b.funcId == slow ? double(byNs) / 1000.0 : 0.0;
            for (std::size_t i = 0; i < b.durationsUs.size(); ++i) {
                const double delta = it->second.durationsUs[i] - b.durationsUs[i];
                if (std::abs(delta - expected) > 1e-6)
                    QFAIL(qPrintable(QStringLiteral("run %1 task %2: Δ %3 µs, expected %4")
                                         .arg(k)
                                         .arg(key.first)
                                         .arg(delta)
                                         .arg(expected)));
            }
            slowed += b.funcId == slow ? b.durationsUs.size() : 0;
        }
        QVERIFY(slowed > 0);
        QVERIFY(slowed < pair.beforeRun(k).rows.size());
    }
}

// Why kernelTimesByTask exists: with the shared draws, slowing one function moves the other bars.
void TestDiffPairs::sharedDrawsChangeOtherBars()
{
    GeneratorOptions base = diffBaseOptions();
    base.kernelTimesByTask = false;
    const DiffPair probe = makeDiffPair(base, base);
    QVERIFY(probe.ok());
    const std::int32_t slow = someFunction(probe.beforeRun());
    const DiffPair pair = slowedFunctionPair(slow, 2000, base);
    QVERIFY(pair.ok());
    const auto before = barsOf(pair.beforeRun());
    const auto after = barsOf(pair.afterRun());
    std::size_t moved = 0;
    for (const auto &[key, b] : before) {
        const auto it = after.find(key);
        if (b.funcId != slow && it != after.end() && !sameDurations(it->second.durationsUs, b.durationsUs))
            ++moved;
    }
    QVERIFY(moved > 0);
}

void TestDiffPairs::blocksOfATaskRunEquallyLong()
{
    const DiffPair pair = makeDiffPair(diffBaseOptions(), diffBaseOptions());
    QVERIFY(pair.ok());
    std::size_t multi = 0;
    for (const auto &[key, b] : barsOf(pair.beforeRun())) {
        QVERIFY(std::abs(b.durationsUs.front() - b.durationsUs.back()) < 1e-6);
        multi += b.durationsUs.size() > 1 ? 1 : 0;
    }
    QVERIFY(multi > 0); // the workload has SPMD tasks
}

void TestDiffPairs::droppedTasksAreAbsent_data()
{
    QTest::addColumn<int>("runs");
    QTest::addColumn<int>("count");
    QTest::newRow("one run, 1") << 1 << 1;
    QTest::newRow("one run, 25") << 1 << 25;
    QTest::newRow("two runs, 7") << 2 << 7;
}

void TestDiffPairs::droppedTasksAreAbsent()
{
    QFETCH(int, runs);
    QFETCH(int, count);
    const DiffPair pair = droppedTasksPair(count, diffBaseOptions(11, 300, runs));
    QVERIFY(pair.ok());
    for (std::size_t k = 0; k < pair.before.size(); ++k) {
        const auto before = barsOf(pair.beforeRun(k));
        const auto after = barsOf(pair.afterRun(k));
        std::set<std::uint64_t> beforeTasks, afterTasks;
        for (const auto &[key, b] : before)
            beforeTasks.insert(key.first);
        for (const auto &[key, b] : after)
            afterTasks.insert(key.first);
        std::size_t goneRows = 0;
        for (const auto &[key, b] : before) {
            const auto it = after.find(key);
            if (it == after.end()) {
                goneRows += b.durationsUs.size();
                continue;
            }
            QVERIFY(sameDurations(it->second.durationsUs, b.durationsUs)); // the rest runs as it did
        }
        QCOMPARE(beforeTasks.size() - afterTasks.size(), std::size_t(count));
        QVERIFY(std::includes(beforeTasks.begin(), beforeTasks.end(), afterTasks.begin(), afterTasks.end()));
        QCOMPARE(pair.beforeRun(k).rows.size() - pair.afterRun(k).rows.size(), goneRows);
        QVERIFY(goneRows >= std::size_t(count));
    }
}

void TestDiffPairs::renumberedTasksRunTheSameWork()
{
    const DiffPair pair = renumberedPair(5);
    QVERIFY(pair.ok());
    const Capture &before = pair.beforeRun();
    const Capture &after = pair.afterRun();
    QCOMPARE(after.rows.size(), before.rows.size());
    QVERIFY(workOf(after) == workOf(before)); // the same work in each ring
    const auto b = barsOf(before);
    const auto a = barsOf(after);
    std::size_t otherFunction = 0;
    for (const auto &[key, bars] : b) {
        const auto it = a.find(key);
        otherFunction += it == a.end() || it->second.funcId != bars.funcId ? 1 : 0;
    }
    QVERIFY(otherFunction > b.size() / 4); // the ids name other tasks
}

void TestDiffPairs::tilingPairChangesTheTaskSet()
{
    const DiffPair pair = tilingPair();
    QVERIFY(pair.ok());
    QVERIFY(pair.afterRun().rows.size() < pair.beforeRun().rows.size());
}

LANESCOPE_TEST_GUILESS_MAIN(TestDiffPairs)
#include "tst_diffpairs.moc"
