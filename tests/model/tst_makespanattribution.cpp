// Where the makespan change came from (model/diff/makespanattribution.h): the parts of each side
// tile its makespan, so their changes add up to the makespan change exactly.

#include "analysiscapture.h"
#include "cutshort.h"
#include "diffpairs.h"

#include "model/diff/makespanattribution.h"
#include "model/diff/taskdiff.h"
#include "testmain.h"

#include <cmath>
#include <map>

using namespace lanescope;

namespace {

constexpr double kExact = 1e-6;

enum class Pair { Self, Slowed, Dropped, Renumbered, Tiling };

std::int32_t someFunction(const Capture &c)
{
    for (const TaskRow &r : c.rows)
        if (r.funcId >= 0)
            return r.funcId;
    return -1;
}

DiffPair pairOf(Pair kind, const GeneratorOptions &base)
{
    switch (kind) {
    case Pair::Self:
        return makeDiffPair(base, base);
    case Pair::Slowed: {
        const DiffPair probe = makeDiffPair(base, base);
        return probe.ok() ? slowedFunctionPair(someFunction(probe.beforeRun()), 20'000, base) : DiffPair{};
    }
    case Pair::Dropped:
        return droppedTasksPair(25, base);
    case Pair::Renumbered:
        return renumberedPair(5, base);
    case Pair::Tiling:
        return tilingPair(base);
    }
    return {};
}

const AttributionPart *partIn(const MakespanAttribution &a, const char *id)
{
    for (const AttributionPart &p : a.parts)
        if (p.id == QLatin1String(id))
            return &p;
    return nullptr;
}

QStringList partIds(const MakespanAttribution &a)
{
    QStringList ids;
    for (const AttributionPart &p : a.parts)
        ids << p.id;
    return ids;
}

// Each side's parts tile its makespan; so the changes sum to the makespan change.
void checkSums(const MakespanAttribution &a)
{
    double before = 0, after = 0, delta = 0;
    for (const AttributionPart &p : a.parts) {
        QVERIFY2(p.beforeUs >= -kExact && p.afterUs >= -kExact, qPrintable(p.id));
        QVERIFY(!p.name.isEmpty());
        before += p.beforeUs;
        after += p.afterUs;
        delta += p.deltaUs();
    }
    QVERIFY2(std::abs(before - a.beforeMakespanUs) < kExact,
             qPrintable(QStringLiteral("before: parts %1, makespan %2").arg(before).arg(a.beforeMakespanUs)));
    QVERIFY2(std::abs(after - a.afterMakespanUs) < kExact,
             qPrintable(QStringLiteral("after: parts %1, makespan %2").arg(after).arg(a.afterMakespanUs)));
    QVERIFY(std::abs(delta - a.totalDeltaUs()) < kExact);
}

const QStringList kAllParts = {QStringLiteral("compute"),   QStringLiteral("data-wait"),
                               QStringLiteral("scheduler"), QStringLiteral("dispatch"),
                               QStringLiteral("core-wait"), QStringLiteral("front-gap")};
const QStringList kPlainParts = {QStringLiteral("compute"), QStringLiteral("data-wait"),
                                 QStringLiteral("core-wait"), QStringLiteral("front-gap")};

} // namespace

class TestMakespanAttribution : public QObject
{
    Q_OBJECT

private slots:
    void partsSumToTheChange_data();
    void partsSumToTheChange();
    void selfIsAllZero_data();
    void selfIsAllZero();
    void slowedFunctionShowsInTheParts();
    void cutShortSideIsExplained_data();
    void cutShortSideIsExplained();
    void mixedLevelsDoNotSplit();
    void handBuiltChain();
    void emptySideIsUnavailable_data();
    void emptySideIsUnavailable();
};

void TestMakespanAttribution::partsSumToTheChange_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("runs");
    QTest::addColumn<int>("level");
    QTest::newRow("self") << int(Pair::Self) << 1 << 4;
    QTest::newRow("slowed") << int(Pair::Slowed) << 1 << 4;
    QTest::newRow("slowed, two runs") << int(Pair::Slowed) << 2 << 4;
    QTest::newRow("slowed, level 1") << int(Pair::Slowed) << 1 << 1;
    QTest::newRow("slowed, level 2") << int(Pair::Slowed) << 1 << 2;
    QTest::newRow("last tasks removed") << int(Pair::Dropped) << 1 << 4;
    QTest::newRow("last tasks removed, two runs") << int(Pair::Dropped) << 2 << 3;
    QTest::newRow("changed graph") << int(Pair::Renumbered) << 1 << 4;
    QTest::newRow("changed task set") << int(Pair::Tiling) << 1 << 4;
}

void TestMakespanAttribution::partsSumToTheChange()
{
    QFETCH(int, kind);
    QFETCH(int, runs);
    QFETCH(int, level);
    GeneratorOptions base = diffBaseOptions(11, 300, runs);
    base.level = level;
    const DiffPair pair = pairOf(Pair(kind), base);
    QVERIFY(pair.ok());
    for (std::size_t k = 0; k < pair.before.size(); ++k) {
        const MakespanAttribution a = attributeMakespanChange(pair.beforeRun(k), pair.afterRun(k));
        QVERIFY(a.available);
        QVERIFY(a.reason.isEmpty());
        QCOMPARE(a.splitsOverhead, level >= 2);
        QCOMPARE(partIds(a), level >= 2 ? kAllParts : kPlainParts);
        checkSums(a);
        // The critical path spans the rows: the same makespan the task diff reports.
        const TaskDiff d = diffTasks(pair.beforeRun(k), pair.afterRun(k));
        QVERIFY(std::abs(a.beforeMakespanUs - d.beforeMakespanUs) < kExact);
        QVERIFY(std::abs(a.afterMakespanUs - d.afterMakespanUs) < kExact);
    }
}

void TestMakespanAttribution::selfIsAllZero_data()
{
    QTest::addColumn<int>("level");
    QTest::newRow("level 4") << 4;
    QTest::newRow("level 1") << 1;
}

void TestMakespanAttribution::selfIsAllZero()
{
    QFETCH(int, level);
    GeneratorOptions o = diffBaseOptions();
    o.level = level;
    const DiffPair pair = makeDiffPair(o, o);
    QVERIFY(pair.ok());
    const Capture &c = pair.beforeRun();
    const MakespanAttribution a = attributeMakespanChange(c, c);
    QVERIFY(a.available);
    QCOMPARE(a.totalDeltaUs(), 0.0);
    QVERIFY(a.beforeMakespanUs > 0);
    for (const AttributionPart &p : a.parts)
        QCOMPARE(p.deltaUs(), 0.0);
    checkSums(a);
}

// The write chain of technique 03a (init, then 16 writers each after the previous one) with the
// writers' function 5 µs slower: the chain is the critical path, so compute grows by 16 × 5 µs and
// the waits between the links stay as they were.
void TestMakespanAttribution::slowedFunctionShowsInTheParts()
{
    GeneratorOptions base = diffBaseOptions();
    base.workload = WorkloadKind::WriteChain;
    const DiffPair probe = makeDiffPair(base, base);
    QVERIFY(probe.ok());
    std::map<std::int32_t, int> rowsByFunction;
    for (const TaskRow &r : probe.beforeRun().rows)
        ++rowsByFunction[r.funcId];
    const auto writers = std::max_element(rowsByFunction.begin(), rowsByFunction.end(),
                                          [](const auto &x, const auto &y) { return x.second < y.second; });
    const DiffPair pair = slowedFunctionPair(writers->first, 5000, base);
    QVERIFY(pair.ok());
    const MakespanAttribution a = attributeMakespanChange(pair.beforeRun(), pair.afterRun());
    QVERIFY(a.available);
    checkSums(a);
    QCOMPARE(writers->second, 16);
    QVERIFY(std::abs(partIn(a, "compute")->deltaUs() - 16 * 5.0) < kExact);
    QVERIFY(a.totalDeltaUs() > 16 * 5.0 - 2.0); // the scheduler's jitter moves the rest a little
    QCOMPARE(partIn(a, "front-gap")->afterUs, 0.0);
}

// A side cut short ends early because work is missing, not because it ran faster: the missing work
// explains the whole change when the rest ran exactly as on the other side.
void TestMakespanAttribution::cutShortSideIsExplained_data()
{
    QTest::addColumn<bool>("beforeCut");
    QTest::addColumn<int>("tasks");
    QTest::newRow("After cut") << false << 3;
    QTest::newRow("Before cut") << true << 2;
    QTest::newRow("neither") << false << 0;
}

void TestMakespanAttribution::cutShortSideIsExplained()
{
    QFETCH(bool, beforeCut);
    QFETCH(int, tasks);
    const DiffPair pair = makeDiffPair(diffBaseOptions(), diffBaseOptions());
    QVERIFY(pair.ok());
    const Capture &whole = pair.beforeRun();
    const CapturePtr cut = withoutLastTasks(whole, tasks);
    const MakespanAttribution a =
        beforeCut ? attributeMakespanChange(*cut, whole) : attributeMakespanChange(whole, *cut);
    QVERIFY(a.available);
    checkSums(a);
    QCOMPARE(a.beforeTasksWithoutRows, std::size_t(beforeCut ? tasks : 0));
    QCOMPARE(a.afterTasksWithoutRows, std::size_t(beforeCut ? 0 : tasks));
    QVERIFY2(std::abs(a.missingWorkUs - a.totalDeltaUs()) < kExact,
             qPrintable(QStringLiteral("missing %1, change %2").arg(a.missingWorkUs).arg(a.totalDeltaUs())));
    if (tasks == 0) {
        QVERIFY(a.missingWorkNote().isEmpty());
        return;
    }
    QVERIFY(beforeCut ? a.missingWorkUs > 0 : a.missingWorkUs < 0);
    const QString side = beforeCut ? QStringLiteral("Before") : QStringLiteral("After");
    QVERIFY2(a.missingWorkNote().startsWith(
                 QStringLiteral("%1 lacks the rows of %2 tasks its graph lists: missing work explains ")
                     .arg(side)
                     .arg(tasks)),
             qPrintable(a.missingWorkNote()));
}

void TestMakespanAttribution::mixedLevelsDoNotSplit()
{
    GeneratorOptions before = diffBaseOptions();
    GeneratorOptions after = before;
    after.level = 1;
    const DiffPair pair = makeDiffPair(before, after);
    QVERIFY(pair.ok());
    const MakespanAttribution a = attributeMakespanChange(pair.beforeRun(), pair.afterRun());
    QVERIFY(a.available);
    QVERIFY(!a.splitsOverhead);
    QCOMPARE(partIds(a), kPlainParts);
    checkSums(a);
}

// A → B, B dispatched 2 µs after A ends and started 1 µs after that; After's A runs 2 µs longer.
void TestMakespanAttribution::handBuiltChain()
{
    const Capture before =
        captureOf({row(1, 0, AIV, 0, 0, 10, 11), row(2, 1, AIV, 12, 13, 20, 21)}, {{1, 2}});
    const Capture after = captureOf({row(1, 0, AIV, 0, 0, 12, 13), row(2, 1, AIV, 14, 15, 22, 23)}, {{1, 2}});
    const MakespanAttribution a = attributeMakespanChange(before, after);
    QVERIFY(a.available);
    QVERIFY(a.splitsOverhead);
    checkSums(a);
    QCOMPARE(a.beforeMakespanUs, 20.0);
    QCOMPARE(a.afterMakespanUs, 22.0);
    QCOMPARE(partIn(a, "compute")->beforeUs, 17.0);
    QCOMPARE(partIn(a, "compute")->afterUs, 19.0);
    QCOMPARE(partIn(a, "scheduler")->beforeUs, 2.0);
    QCOMPARE(partIn(a, "scheduler")->deltaUs(), 0.0);
    QCOMPARE(partIn(a, "dispatch")->beforeUs, 1.0);
    QCOMPARE(partIn(a, "dispatch")->deltaUs(), 0.0);
    QCOMPARE(partIn(a, "data-wait")->beforeUs, 0.0);
    QCOMPARE(partIn(a, "core-wait")->beforeUs, 0.0);
    QCOMPARE(partIn(a, "front-gap")->beforeUs, 0.0);

    // At level 1 the same wait is one data wait.
    Capture plainBefore = before, plainAfter = after;
    plainBefore.info.level = 1;
    plainAfter.info.level = 1;
    const MakespanAttribution plain = attributeMakespanChange(plainBefore, plainAfter);
    QVERIFY(!plain.splitsOverhead);
    QCOMPARE(partIn(plain, "data-wait")->beforeUs, 3.0);
    QVERIFY(!partIn(plain, "scheduler"));
    checkSums(plain);
}

void TestMakespanAttribution::emptySideIsUnavailable_data()
{
    QTest::addColumn<bool>("beforeEmpty");
    QTest::addColumn<QString>("side");
    QTest::newRow("before empty") << true << QStringLiteral("Before");
    QTest::newRow("after empty") << false << QStringLiteral("After");
}

void TestMakespanAttribution::emptySideIsUnavailable()
{
    QFETCH(bool, beforeEmpty);
    QFETCH(QString, side);
    const Capture full = captureOf({row(1, 0, AIV, 0, 0, 10, 11)}, {});
    const Capture empty = captureOf({}, {});
    const MakespanAttribution a =
        beforeEmpty ? attributeMakespanChange(empty, full) : attributeMakespanChange(full, empty);
    QVERIFY(!a.available);
    QVERIFY(a.parts.empty());
    QVERIFY2(a.reason.contains(side), qPrintable(a.reason));
}

LANESCOPE_TEST_GUILESS_MAIN(TestMakespanAttribution)
#include "tst_makespanattribution.moc"
