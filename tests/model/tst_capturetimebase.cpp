// The device times of a capture, found in one pass: the time base (§3.2) takes AICore receive and
// end but not start, the range takes every converted timestamp, and unset values (0 or negative as
// int64) count for neither.
#include "model/io/placement/capturetimebase.h"
#include "testmain.h"

#include <cstdint>

using namespace lanescope;

namespace {

constexpr std::uint64_t kNegative = ~std::uint64_t(0) - 5; // -6 as int64: "not set"

RawAicoreRow aicore(std::uint64_t start, std::uint64_t end, std::uint64_t receiveToStart = 0)
{
    RawAicoreRow r;
    r.startCycles = start;
    r.endCycles = end;
    r.receiveToStart = receiveToStart;
    r.columns = receiveToStart ? 6 : 5;
    return r;
}

RawAicpuRow aicpu(std::uint64_t dispatch, std::uint64_t finish)
{
    RawAicpuRow r;
    r.dispatchCycles = dispatch;
    r.finishCycles = finish;
    return r;
}

RawPhaseLane phases(std::uint64_t start, std::uint64_t end)
{
    RawPhaseLane lane;
    lane.push_back({PhaseRecord{}, RawTimes{start, end}});
    return lane;
}

} // namespace

class TestCaptureTimeBase : public QObject
{
    Q_OBJECT

private slots:
    void deviceTimesComeFromOnePass_data()
    {
        QTest::addColumn<QString>("capture");
        QTest::addColumn<quint64>("base");
        QTest::addColumn<quint64>("lo");
        QTest::addColumn<quint64>("hi");
        QTest::newRow("nothing") << "empty" << quint64(0) << quint64(0) << quint64(0);
        QTest::newRow("start is in the range, not the base")
            << "receive unknown" << quint64(200) << quint64(100) << quint64(200);
        QTest::newRow("receive is the base") << "receive" << quint64(70) << quint64(70) << quint64(130);
        QTest::newRow("unset values count for nothing")
            << "unset" << quint64(300) << quint64(300) << quint64(900);
        QTest::newRow("every stream counts") << "streams" << quint64(40) << quint64(40) << quint64(5000);
    }
    void deviceTimesComeFromOnePass()
    {
        QFETCH(QString, capture);
        QFETCH(quint64, base);
        QFETCH(quint64, lo);
        QFETCH(quint64, hi);
        RawRecords raw;
        if (capture == QLatin1String("receive unknown")) {
            raw.aicore.push_back(aicore(100, 200, 150)); // receive_to_start >= start: no receive time
        } else if (capture == QLatin1String("receive")) {
            raw.aicore.push_back(aicore(100, 130, 30));
        } else if (capture == QLatin1String("unset")) {
            raw.aicore.push_back(aicore(kNegative, 900));
            raw.aicpu.push_back(aicpu(0, 300));
            raw.schedulerThreads.push_back(phases(kNegative, 0));
        } else if (capture == QLatin1String("streams")) {
            raw.aicore.push_back(aicore(1000, 1100));
            raw.aicpu.push_back(aicpu(900, 5000));
            raw.schedulerThreads.push_back(phases(800, 850));
            raw.orchestratorLanes.push_back(phases(60, 70));
            RawLifecycle life;
            life.stages[0] = RawTimes{40, 50};
            raw.lifecycle.push_back(life);
        }
        const CaptureTimeBase::DeviceTimes times = CaptureTimeBase::deviceTimes(raw);
        QCOMPARE(quint64(times.baseCycles), base);
        QCOMPARE(quint64(times.all.range().first), lo);
        QCOMPARE(quint64(times.all.range().second), hi);
        // The scheduler and orchestrator lanes' own spans, which containment placement reads.
        using Range = std::pair<std::uint64_t, std::uint64_t>;
        const bool streams = capture == QLatin1String("streams");
        const Range scheduler = streams ? Range(800, 850) : Range(0, 0);
        const Range orchestrator = streams ? Range(60, 70) : Range(0, 0);
        QCOMPARE(times.scheduler.range(), scheduler);
        QCOMPARE(times.orchestrator.range(), orchestrator);
    }
};

LANESCOPE_TEST_APPLESS_MAIN(TestCaptureTimeBase)
#include "tst_capturetimebase.moc"
