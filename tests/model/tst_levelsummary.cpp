// LevelSummary: the time buckets a zoomed-out frame reads instead of a level's slices.

#include "model/index/barindex.h"
#include "model/index/levelsummary.h"
#include "testmain.h"

#include <cmath>
#include <limits>

using namespace lanescope;

namespace {

Slice slice(double start, double end, std::uint8_t flags = 0)
{
    Slice s;
    s.startUs = start;
    s.endUs = end;
    s.flags = flags;
    return s;
}

// `count` slices, one per µs from 0, lasting 0.5 µs, except every 100th which lasts 3 µs.
Slices evenSlices(std::size_t count)
{
    Slices slices;
    slices.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
        slices.push_back(slice(double(i), double(i) + (i % 100 == 42 ? 3.0 : 0.5)));
    return slices;
}

} // namespace

class TestLevelSummary : public QObject
{
    Q_OBJECT

private slots:
    void whichLevelsHaveBuckets_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("instantAt"); // -1: none
        QTest::addColumn<int>("buckets");
        QTest::newRow("too few slices") << int(LevelSummary::kMinSlices) - 1 << -1 << 0;
        QTest::newRow("just enough") << int(LevelSummary::kMinSlices) << -1
                                     << int(LevelSummary::kMinSlices / LevelSummary::kSlicesPerBucket);
        QTest::newRow("many: at most the cap") << 1000000 << -1 << int(LevelSummary::kMaxBuckets);
        QTest::newRow("an instant: drawn from the slices") << 100000 << 5000 << 0;
        QTest::newRow("an instant last") << 100000 << 99999 << 0;
    }
    void whichLevelsHaveBuckets()
    {
        QFETCH(int, count);
        QFETCH(int, instantAt);
        QFETCH(int, buckets);
        Slices slices = evenSlices(std::size_t(count));
        if (instantAt >= 0)
            slices[std::size_t(instantAt)] = slice(instantAt, instantAt, Slice::Instant);
        const LaneLevelIndex level(slices, {});
        QCOMPARE(int(level.summary().buckets().size()), buckets);
        QCOMPARE(level.summary().isEmpty(), buckets == 0);
        QVERIFY(level.memoryBytes() >= level.summary().memoryBytes());
    }

    // Every bucket holds exactly the slices starting in it: the earliest start, the latest end,
    // the longest slice and the count, as a walk over the slices finds them.
    void bucketsHoldTheirSlices()
    {
        const Slices slices = evenSlices(100000);
        const LaneLevelIndex level(slices, {});
        const LevelSummary &summary = level.summary();
        QCOMPARE(summary.buckets().size(), LevelSummary::kMaxBuckets);
        QCOMPARE(summary.bucketWidthUs(), 99999.0 / double(LevelSummary::kMaxBuckets));
        std::vector<LevelSummary::Bucket> expected(summary.buckets().size());
        for (std::size_t k = 0; k < slices.size(); ++k) {
            const Slice &s = slices[k];
            LevelSummary::Bucket &b = expected[summary.bucketOf(s.startUs)];
            if (b.count == 0)
                b.firstStartUs = s.startUs;
            b.lastStartUs = s.startUs;
            b.lastEndUs = std::max(b.lastEndUs, s.endUs);
            if (s.endUs - s.startUs > b.longestUs) {
                b.longestUs = s.endUs - s.startUs;
                b.longest = s;
            }
            ++b.count;
        }
        std::size_t total = 0;
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const LevelSummary::Bucket &got = summary.buckets()[i];
            QCOMPARE(got.count, expected[i].count);
            QCOMPARE(got.firstStartUs, expected[i].firstStartUs);
            QCOMPARE(got.lastStartUs, expected[i].lastStartUs);
            QCOMPARE(got.lastEndUs, expected[i].lastEndUs);
            QCOMPARE(got.longestUs, expected[i].longestUs);
            QCOMPARE(got.longest.startUs, expected[i].longest.startUs);
            QCOMPARE(got.longest.endUs, expected[i].longest.endUs);
            total += got.count;
        }
        QCOMPARE(total, slices.size());
        // The last slice starts on the span's end: it is in the last bucket, not past it.
        QCOMPARE(summary.bucketOf(99999), summary.buckets().size() - 1);
    }

    void bucketOfClamps_data()
    {
        QTest::addColumn<double>("us");
        QTest::addColumn<int>("bucket");
        QTest::newRow("before the first start") << -1e9 << 0;
        QTest::newRow("the first start") << 0.0 << 0;
        QTest::newRow("inside") << 50000.0 << int(50000.0 / (99999.0 / 4096.0));
        QTest::newRow("after the last start") << 1e12 << 4095;
        QTest::newRow("not a number") << std::nan("") << 0;
        QTest::newRow("infinity") << std::numeric_limits<double>::infinity() << 4095;
        QTest::newRow("beyond any count") << 1e300 << 4095;
    }
    void bucketOfClamps()
    {
        QFETCH(double, us);
        QFETCH(int, bucket);
        const Slices slices = evenSlices(100000);
        const LaneLevelIndex level(slices, {});
        QCOMPARE(int(level.summary().bucketOf(us)), bucket);
    }

    // A level of chosen members (a nested level of a lane) summarises those members only.
    void membersOnly()
    {
        const Slices slices = evenSlices(20000);
        std::vector<std::uint32_t> odd;
        for (std::uint32_t i = 1; i < slices.size(); i += 2)
            odd.push_back(i);
        const LaneLevelIndex level(slices, odd);
        const LevelSummary &summary = level.summary();
        QVERIFY(!summary.isEmpty());
        std::size_t total = 0;
        for (const LevelSummary::Bucket &b : summary.buckets()) {
            total += b.count;
            if (b.count > 0)
                QCOMPARE(int(b.longest.startUs) % 2, 1);
        }
        QCOMPARE(total, odd.size());
    }
};

LANESCOPE_TEST_MAIN(TestLevelSummary)
#include "tst_levelsummary.moc"
