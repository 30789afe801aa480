#include "model/io/records/taskjoin.h"
#include "testmain.h"

using namespace lanescope;

namespace {

RawAicoreRow core(std::int32_t coreId, std::uint32_t reg, std::uint32_t epoch = 0)
{
    RawAicoreRow r;
    r.coreId = coreId;
    r.regTaskId = reg;
    r.runEpoch = epoch;
    r.columns = epoch ? 7 : 6;
    return r;
}

RawAicpuRow cpu(std::int32_t coreId, std::uint32_t reg, std::uint32_t epoch = 0)
{
    RawAicpuRow r;
    r.coreId = coreId;
    r.regTaskId = reg;
    r.runEpoch = epoch;
    r.columns = epoch ? 5 : 4;
    return r;
}

constexpr auto kNone = TaskJoin::kNoPartner;

} // namespace

class TestTaskJoin : public QObject
{
    Q_OBJECT

private slots:
    void pairsRegardlessOfFileOrder()
    {
        // AICore rows grouped by core (producer order), AICPU rows interleaved: same pairing either way.
        const ChunkedArray<RawAicoreRow> aicore = {core(0, 1), core(0, 2), core(1, 1), core(1, 2)};
        const ChunkedArray<RawAicpuRow> aicpu = {cpu(1, 2), cpu(0, 1), cpu(1, 1), cpu(0, 2)};
        const auto j = TaskJoin::build(aicore, aicpu, false);
        QCOMPARE(j.partner, (std::vector<std::uint32_t>{1, 3, 2, 0}));
        QCOMPARE(j.aicoreWithoutPartner, quint64(0));
        QCOMPARE(j.droppedAicpu, quint64(0));
        QCOMPARE(j.counterGapRecords, quint64(0));
    }

    void countsGapsPerCoreAndEpoch()
    {
        // Core 0: 1, 2, 5 (gap 2) and core 3: 10, 14 (gap 3) in epoch 1; core 0 restarts at 1 in epoch 2 (no
        // gap).
        const ChunkedArray<RawAicoreRow> aicore = {core(0, 1, 1), core(0, 2, 1), core(0, 5, 1),
                                                   core(3, 10, 1), core(0, 1, 2)};
        const ChunkedArray<RawAicpuRow> aicpu = {cpu(3, 14, 1), cpu(0, 1, 2)};
        const auto j = TaskJoin::build(aicore, aicpu, true);
        QCOMPARE(j.counterGapRecords, quint64(5));
        QCOMPARE(j.coresWithGaps, 2u);
        QCOMPARE(j.largestGapCore, 3);
        QCOMPARE(j.largestGapRecords, quint64(3));
        QCOMPARE(j.partner[4], 1u); // epoch 2 row joins the epoch 2 AICPU row only
        QCOMPARE(j.partner[0], kNone);
        QCOMPARE(j.droppedAicpu, quint64(1)); // (epoch 1, core 3, reg 14)
        QCOMPARE(j.droppedAicpuByCore, (std::vector<std::pair<std::int32_t, std::uint64_t>>{{3, 1}}));
        QCOMPARE(j.aicoreWithoutPartner, quint64(4));
    }

    void withoutEpochTheSameRowsAreDuplicates()
    {
        const ChunkedArray<RawAicoreRow> aicore = {core(0, 1, 1), core(0, 1, 2)};
        const ChunkedArray<RawAicpuRow> aicpu = {cpu(0, 1, 1), cpu(0, 1, 2)};
        const auto j = TaskJoin::build(aicore, aicpu, false);
        QCOMPARE(j.duplicateAicoreRows, quint64(1));
        QCOMPARE(j.duplicateAicpuRows, quint64(1));
        QCOMPARE(j.duplicateKey, (std::vector<std::uint8_t>{1, 1}));
        QCOMPARE(j.partner, (std::vector<std::uint32_t>{0, 1})); // k-th with k-th, in file order
    }

    void droppedRowsAreListedByCore()
    {
        const ChunkedArray<RawAicoreRow> aicore = {core(2, 1)};
        const ChunkedArray<RawAicpuRow> aicpu = {cpu(7, 1, 0), cpu(2, 1), cpu(5, 3),
                                                 cpu(7, 2),    cpu(5, 4), cpu(5, 5)};
        const auto j = TaskJoin::build(aicore, aicpu, false);
        QCOMPARE(j.droppedAicpu, quint64(5));
        QCOMPARE(j.droppedAicpuByCore, (std::vector<std::pair<std::int32_t, std::uint64_t>>{{5, 3}, {7, 2}}));
        QCOMPARE(j.partner[0], 1u);
    }

    void emptyStreams()
    {
        const auto j = TaskJoin::build({}, {}, false);
        QVERIFY(j.partner.empty());
        QCOMPARE(j.counterGapRecords, quint64(0));
        const auto onlyCore = TaskJoin::build({core(0, 0), core(0, 1)}, {}, false);
        QCOMPARE(onlyCore.aicoreWithoutPartner, quint64(2));
        QCOMPARE(onlyCore.partner, (std::vector<std::uint32_t>{kNone, kNone}));
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestTaskJoin)
#include "tst_taskjoin.moc"
