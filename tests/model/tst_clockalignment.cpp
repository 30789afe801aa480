#include "model/io/placement/clockalignment.h"
#include "testmain.h"

using namespace lanescope;

namespace {

ClockAnchorSample sample(const char *position, std::int64_t idx, std::int64_t before, std::int64_t cycles,
                         std::int64_t after, bool error = false)
{
    ClockAnchorSample s;
    s.position = position;
    s.sampleIdx = idx;
    s.hostBeforeNs = before;
    s.deviceCycles = cycles;
    s.hostAfterNs = after;
    s.hasError = error;
    return s;
}

ClockAnchors anchors(std::vector<ClockAnchorSample> samples, const char *rawUnit = "syscnt_cycles")
{
    ClockAnchors a;
    a.present = true;
    a.hasSamples = true;
    a.deviceTimestampUnit = "syscnt_cycles";
    a.rawDeviceTimestampUnit = rawUnit;
    a.samples = std::move(samples);
    return a;
}

// pre: idx 1 wins (rtt 20 < 200): mid 1000, uncertainty 10; post: idx 1 wins (rtt 40 < 400): mid 5100,
// uncertainty 20.
ClockAnchors twoByTwo()
{
    return anchors({sample("pre_host_orchestration", 0, 900, 100, 1100),
                    sample("pre_host_orchestration", 1, 990, 100, 1010),
                    sample("post_device_execution", 0, 4900, 4100, 5300),
                    sample("post_device_execution", 1, 5080, 4100, 5120)});
}

} // namespace

class TestClockAlignment : public QObject
{
    Q_OBJECT

private slots:
    void selectsSmallestRttAndInterpolates_data()
    {
        QTest::addColumn<quint64>("cycles");
        QTest::addColumn<qint64>("hostNs");
        // host_ns = 1000 + (c - 100) * 1e9/1e9 + trunc(end_err * (c - 100) / 4000), end_err = 5100 - (1000 +
        // 4000) = 100.
        QTest::newRow("first anchor") << quint64(100) << qint64(1000);
        QTest::newRow("middle") << quint64(2100) << qint64(3050);
        QTest::newRow("truncated correction 52.5") << quint64(2200) << qint64(3152);
        QTest::newRow("truncated correction 0.975") << quint64(139) << qint64(1039);
        QTest::newRow("last anchor") << quint64(4100) << qint64(5100);
    }
    void selectsSmallestRttAndInterpolates()
    {
        QFETCH(quint64, cycles);
        QFETCH(qint64, hostNs);
        const auto a = buildClockAlignment(twoByTwo(), 1'000'000'000, 100, 4100);
        QVERIFY(a.calibrated);
        QCOMPARE(a.start->sampleIdx, 1);
        QCOMPARE(a.end->sampleIdx, 1);
        QCOMPARE(a.anchorUncertaintyNs().value(), 20);
        QCOMPARE(a.maxUncertaintyNs().value(), 20);
        QCOMPARE(a.mapCyclesToHostNs(cycles), hostNs);
    }

    void negativeCorrectionTruncatesTowardZero()
    {
        // post mid 4900 < nominal 5000: end_err = -100; c = 2199 -> -100 * 2099 / 4000 = -52.475 -> -52.
        auto a = buildClockAlignment(anchors({sample("pre_host_orchestration", 0, 990, 100, 1010),
                                              sample("post_device_execution", 0, 4880, 4100, 4920)}),
                                     1'000'000'000, 0, 0);
        QVERIFY(a.calibrated);
        QCOMPARE(a.mapCyclesToHostNs(2199), 1000 + 2099 - 52);
    }

    void keepsLowBitsOfLargeValues()
    {
        const std::int64_t ref =
            1'000'000'000'000'000'000; // cycles near 2^60: doubles would lose the last digits
        const auto a = buildClockAlignment(
            anchors({sample("pre_host_orchestration", 0, 9'999'999'990, ref, 10'000'000'010),
                     sample("post_device_execution", 0, 10'000'003'990, ref + 4000, 10'000'004'010)}),
            1'000'000'000, std::uint64_t(ref) + 1, std::uint64_t(ref) + 1);
        QVERIFY(a.calibrated);
        QCOMPARE(a.mapCyclesToHostNs(std::uint64_t(ref) + 1), std::int64_t(10'000'000'001));
    }

    void fiftyMegahertzNominalDelta()
    {
        // f = 50 MHz: one cycle = 20 ns. Anchors 100 -> mid 1000 and 4100 -> mid 81000 (exactly nominal).
        const auto a = buildClockAlignment(anchors({sample("pre_host_orchestration", 0, 990, 100, 1010),
                                                    sample("post_device_execution", 0, 80990, 4100, 81010)}),
                                           50'000'000, 100, 4100, 20);
        QVERIFY(a.calibrated);
        QCOMPARE(a.mapCyclesToHostNs(2100), std::int64_t(41000));
        QCOMPARE(a.anchorUncertaintyNs().value(), 10);
        QCOMPARE(a.maxUncertaintyNs().value(), 30); // + host quantization
    }

    void microsecondRawUnitAddsQuantization()
    {
        const auto a = buildClockAlignment(anchors({sample("pre_host_orchestration", 0, 990, 100, 1010),
                                                    sample("post_device_execution", 0, 4990, 4100, 5010)},
                                                   "device_uptime_us"),
                                           1'000'000'000, 100, 4100);
        QVERIFY(a.calibrated);
        QCOMPARE(a.maxUncertaintyNs().value(), 1010);
    }

    void oddRttRoundsUncertaintyUp()
    {
        // rtt 21: host_mid = 990 + 10, uncertainty = ceil(21 / 2) = 11.
        const auto a = buildClockAlignment(anchors({sample("pre_host_orchestration", 0, 990, 100, 1011),
                                                    sample("post_device_execution", 0, 4990, 4100, 5010)}),
                                           1'000'000'000, 0, 0);
        QVERIFY(a.calibrated);
        QCOMPARE(a.start->hostMidNs, 1000);
        QCOMPARE(a.start->uncertaintyNs, 11);
    }

    void rejections_data()
    {
        QTest::addColumn<int>("variant");
        QTest::addColumn<QString>("reason");
        QTest::newRow("no anchors object") << 0 << "missing_clock_anchors";
        QTest::newRow("no samples") << 1 << "missing_clock_anchor_samples";
        QTest::newRow("device unit") << 2 << "unsupported_device_timestamp_unit";
        QTest::newRow("raw unit") << 3 << "unsupported_raw_device_timestamp_unit";
        QTest::newRow("errored pre anchor") << 4 << "no_valid_pre_host_orchestration_anchor";
        QTest::newRow("no post anchor") << 5 << "no_valid_post_device_execution_anchor";
        QTest::newRow("host order") << 6 << "host_anchor_order_invalid";
        QTest::newRow("device order") << 7 << "device_anchor_order_invalid";
        QTest::newRow("outside coverage below") << 8 << "device_timestamps_outside_anchor_coverage";
        QTest::newRow("outside coverage above") << 9 << "device_timestamps_outside_anchor_coverage";
        QTest::newRow("zero frequency") << 10 << "invalid_device_frequency";
        QTest::newRow("negative quantization") << 11 << "invalid_host_timestamp_quantization";
        QTest::newRow("host after before") << 12 << "no_valid_post_device_execution_anchor";
        QTest::newRow("negative sample idx") << 13 << "no_valid_pre_host_orchestration_anchor";
        QTest::newRow("zero device cycles") << 14 << "no_valid_pre_host_orchestration_anchor";
        QTest::newRow("missing field") << 15 << "no_valid_post_device_execution_anchor";
        QTest::newRow("unknown position only") << 16 << "no_valid_pre_host_orchestration_anchor";
    }
    void rejections()
    {
        QFETCH(int, variant);
        QFETCH(QString, reason);
        const auto pre = sample("pre_host_orchestration", 0, 990, 100, 1010);
        const auto post = sample("post_device_execution", 0, 4990, 4100, 5010);
        ClockAnchors a = anchors({pre, post});
        std::int64_t freq = 1'000'000'000, quant = 0;
        std::uint64_t lo = 100, hi = 4100;
        switch (variant) {
        case 0:
            a = ClockAnchors{};
            break;
        case 1:
            a.hasSamples = false;
            a.samples.clear();
            break;
        case 2:
            a.deviceTimestampUnit = "device_uptime_us";
            break;
        case 3:
            a.rawDeviceTimestampUnit = "ticks";
            break;
        case 4:
            a.samples[0].hasError = true;
            break;
        case 5:
            a.samples.pop_back();
            break;
        case 6:
            a.samples[1] = sample("post_device_execution", 0, 900, 4100, 1000);
            break;
        case 7:
            a.samples[1] = sample("post_device_execution", 0, 4990, 100, 5010);
            break;
        case 8:
            lo = 99;
            break;
        case 9:
            hi = 4101;
            break;
        case 10:
            freq = 0;
            break;
        case 11:
            quant = -1;
            break;
        case 12:
            a.samples[1] = sample("post_device_execution", 0, 5010, 4100, 4990);
            break;
        case 13:
            a.samples[0].sampleIdx = -1;
            break;
        case 14:
            a.samples[0].deviceCycles = 0;
            break;
        case 15:
            a.samples[1].deviceCycles.reset();
            break;
        case 16:
            a.samples[0].position = "pre_launch";
            break;
        }
        const auto result = buildClockAlignment(a, freq, lo, hi, quant);
        QVERIFY(!result.calibrated);
        QCOMPARE(QString::fromStdString(result.reason), reason);
        QVERIFY(!result.maxUncertaintyNs());
        QVERIFY(!result.contains(100));
    }

    void tiesKeepTheSmallerSampleIndex()
    {
        // Same rtt: (rtt, sample_idx) picks idx 1 over idx 4 regardless of file order.
        const auto a = buildClockAlignment(anchors({sample("pre_host_orchestration", 4, 1990, 100, 2010),
                                                    sample("pre_host_orchestration", 1, 990, 100, 1010),
                                                    sample("post_device_execution", 0, 4990, 4100, 5010)}),
                                           1'000'000'000, 0, 0);
        QVERIFY(a.calibrated);
        QCOMPARE(a.start->sampleIdx, 1);
        QCOMPARE(a.start->hostMidNs, 1000);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestClockAlignment)
#include "tst_clockalignment.moc"
