// Where the loader cuts a records file: so that its two parts and the companions read beside them
// on the same two cores all end together, and not at all where a second thread gains nothing.
#include "model/io/records/recordssplitplan.h"
#include "testmain.h"

using namespace lanescope;

namespace {

constexpr std::int64_t kMiB = std::int64_t(1) << 20;

} // namespace

class TestRecordsSplitPlan : public QObject
{
    Q_OBJECT

private slots:
    void cut_data()
    {
        QTest::addColumn<std::int64_t>("records");
        QTest::addColumn<std::int64_t>("deps");
        QTest::addColumn<std::int64_t>("scopeStats");
        QTest::addColumn<std::int64_t>("near");

        QTest::newRow("alone: the middle") << 1000 * kMiB << std::int64_t(0) << std::int64_t(0) << 500 * kMiB;
        QTest::newRow("small companions: still the middle")
            << 1000 * kMiB << 900 * kMiB << 10 * kMiB << 500 * kMiB;
        // 1200 MiB of deps.json cost as much as 400 MiB of records: the first part waits for them.
        QTest::newRow("large companions: as long as they are")
            << 1000 * kMiB << 1800 * kMiB << 100 * kMiB << 700 * kMiB;
        // The budgeted 10M-row capture: its deps.json is larger than its records but faster to read.
        QTest::newRow("deps.json larger in bytes, shorter in time")
            << std::int64_t(2'570'000'000) << std::int64_t(3'080'000'000) << 16 * kMiB
            << std::int64_t(2'570'000'000) / 2;
        QTest::newRow("companions as long as the records: one piece")
            << 1000 * kMiB << 3000 * kMiB << std::int64_t(0) << std::int64_t(-1);
        QTest::newRow("within 32 MiB of the companions: one piece")
            << 400 * kMiB << 1110 * kMiB << std::int64_t(0) << std::int64_t(-1);
        QTest::newRow("32 MiB past them: cut") << 400 * kMiB << 1104 * kMiB << std::int64_t(0) << 368 * kMiB;
        QTest::newRow("a small file: one piece")
            << 31 * kMiB << std::int64_t(0) << std::int64_t(0) << std::int64_t(-1);
    }

    void cut()
    {
        QFETCH(std::int64_t, records);
        QFETCH(std::int64_t, deps);
        QFETCH(std::int64_t, scopeStats);
        QFETCH(std::int64_t, near);
        QCOMPARE(recordsSplitNear(records, companionsAsRecordsBytes(deps, scopeStats)), near);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestRecordsSplitPlan)
#include "tst_recordssplitplan.moc"
