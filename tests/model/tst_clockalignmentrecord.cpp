// metadata.clock_alignment is read the way the converter's _read_clock_alignment reads it
// (upstream §3.2): every rule, one row, through the records reader, so the JSON types are the
// ones a file carries.
#include "model/io/records/recordsreader.h"
#include "testmain.h"

using namespace lanescope;

namespace {

using Method = HostPlacement::Method;

QByteArray document(const QByteArray &clockFreq, const QByteArray &alignment)
{
    QByteArray metadata = "\"clock_freq_hz\": " + clockFreq + ", \"num_cores\": 1, \"core_types\": [\"aiv\"]";
    if (!alignment.isEmpty())
        metadata += ", \"clock_alignment\": " + alignment;
    return "{\"chip_swimlane_level\": 1, \"metadata\": {" + metadata +
           "}, \"aicore_tasks\": [[0, 7, 1, 1000, 1500, 100]], \"aicpu_tasks\": []}";
}

QByteArray bounded(const QByteArray &anchorCycles, const QByteArray &anchor, const QByteArray &min,
                   const QByteArray &max)
{
    return "{\"status\": \"bounded\", \"device_anchor_cycles\": " + anchorCycles +
           ", \"host_anchor_ns\": " + anchor + ", \"host_anchor_min_ns\": " + min +
           ", \"host_anchor_max_ns\": " + max + "}";
}

} // namespace

class TestClockAlignmentRecord : public QObject
{
    Q_OBJECT

private slots:
    void rules_data()
    {
        QTest::addColumn<QByteArray>("clockFreq");
        QTest::addColumn<QByteArray>("alignment");
        QTest::addColumn<bool>("accepted");
        QTest::addColumn<QString>("reason"); // refusal (a warning) or the kept unavailable reason
        QTest::addColumn<bool>("warned");

        const QByteArray f = "1000000000";
        QTest::newRow("absent") << f << QByteArray() << false << QString() << false;
        QTest::newRow("bounded") << f << bounded("900", "5000", "4000", "6000") << true << QString() << false;
        QTest::newRow("bounded, min = anchor = max")
            << f << bounded("900", "5000", "5000", "5000") << true << QString() << false;
        QTest::newRow("unavailable keeps its reason")
            << f << QByteArray(R"({"status": "unavailable", "reason": "no host log for this capture"})")
            << false << QStringLiteral("no host log for this capture") << false;
        QTest::newRow("unavailable without reason")
            << f << QByteArray(R"({"status": "unavailable"})") << false
            << QStringLiteral("clock_alignment is unavailable") << false;
        QTest::newRow("not an object")
            << f << QByteArray("\"bounded\"") << false << QStringLiteral("is not an object") << true;
        QTest::newRow("no status") << f << QByteArray(R"({"host_anchor_ns": 5})") << false
                                   << QStringLiteral("has no status") << true;
        QTest::newRow("status not a string") << f << QByteArray(R"({"status": 1})") << false
                                             << QStringLiteral("status is not a string") << true;
        QTest::newRow("other status")
            << f << QByteArray(R"({"status": "calibrated"})") << false
            << QStringLiteral("status \"calibrated\" is neither bounded nor unavailable") << true;
        QTest::newRow("float anchor") << f << bounded("900", "5000.0", "4000", "6000") << false
                                      << QStringLiteral("host_anchor_ns is a float, not an integer") << true;
        QTest::newRow("exponent cycles")
            << f << bounded("9e2", "5000", "4000", "6000") << false
            << QStringLiteral("device_anchor_cycles is a float, not an integer") << true;
        QTest::newRow("bool min") << f << bounded("900", "5000", "true", "6000") << false
                                  << QStringLiteral("host_anchor_min_ns is a bool, not an integer") << true;
        QTest::newRow("string max") << f << bounded("900", "5000", "4000", "\"6000\"") << false
                                    << QStringLiteral("host_anchor_max_ns is not a number") << true;
        QTest::newRow("missing max") << f << QByteArray(R"({"status": "bounded", "device_anchor_cycles": 900,
            "host_anchor_ns": 5000, "host_anchor_min_ns": 4000})")
                                     << false << QStringLiteral("host_anchor_max_ns is missing") << true;
        QTest::newRow("float clock") << QByteArray("1e9") << bounded("900", "5000", "4000", "6000") << false
                                     << QStringLiteral("needs an integer clock_freq_hz > 0") << true;
        QTest::newRow("cycles zero") << f << bounded("0", "5000", "4000", "6000") << false
                                     << QStringLiteral("device_anchor_cycles is 0, not > 0") << true;
        QTest::newRow("cycles negative") << f << bounded("-5", "5000", "4000", "6000") << false
                                         << QStringLiteral("device_anchor_cycles is -5, not > 0") << true;
        QTest::newRow("min zero") << f << bounded("900", "5000", "0", "6000") << false
                                  << QStringLiteral("host_anchor_min_ns is 0, not > 0") << true;
        QTest::newRow("min above anchor")
            << f << bounded("900", "5000", "5001", "6000") << false
            << QStringLiteral("needs host_anchor_min_ns <= host_anchor_ns") << true;
        QTest::newRow("anchor above max")
            << f << bounded("900", "6001", "4000", "6000") << false
            << QStringLiteral("needs host_anchor_min_ns <= host_anchor_ns") << true;
        QTest::newRow("min above max") << f << bounded("900", "5000", "7000", "6000") << false
                                       << QStringLiteral("which are 7000, 5000, 6000") << true;
    }

    void rules()
    {
        QFETCH(QByteArray, clockFreq);
        QFETCH(QByteArray, alignment);
        QFETCH(bool, accepted);
        QFETCH(QString, reason);
        QFETCH(bool, warned);

        auto source = ByteSource::fromMemory(document(clockFreq, alignment), QStringLiteral("capture.json"));
        Capture c;
        ReadError error;
        QVERIFY2(readRecords(*source, c, &error), qPrintable(error.toString()));
        const HostPlacement &p = c.info.hostPlacement;
        QCOMPARE(p.method, accepted ? Method::Bounded : Method::None);
        QVERIFY2(p.reason.contains(reason), qPrintable(p.reason));
        if (reason.isEmpty())
            QVERIFY(p.reason.isEmpty());
        const QString warnings = c.info.warnings.join(QStringLiteral(" | "));
        QCOMPARE(warnings.contains(QStringLiteral("capture.json: metadata.clock_alignment at byte")), warned);
        if (warned)
            QVERIFY2(warnings.contains(reason) && warnings.contains(QStringLiteral("treated as unavailable")),
                     qPrintable(warnings));
    }

    // The record is bounded: the device keeps its own time base (§3.2) and the host clock is mapped
    // onto it through the anchor, with the anchor's interval as the band.
    void boundedMapping()
    {
        // base = 900 (receive of the only row); the anchor is cycle 900 = host 5000 ns.
        auto source = ByteSource::fromMemory(document("1000000000", bounded("1000", "5000", "4000", "6500")),
                                             QStringLiteral("capture.json"));
        Capture c;
        ReadError error;
        QVERIFY(readRecords(*source, c, &error));
        const HostPlacement &p = c.info.hostPlacement;
        QCOMPARE(p.method, Method::Bounded);
        QVERIFY(p.inferred);
        QCOMPARE(c.rows.at(0).startUs, 0.1); // (1000 - 900) cycles at 1 GHz
        QCOMPARE(p.toDeviceUs(5000), 0.1);   // the anchor lands on its cycle
        QCOMPARE(p.toDeviceUs(3000), -1.9);
        QCOMPARE(p.lowUs, -1.0);
        QCOMPARE(p.highUs, 1.5);
        QCOMPARE(p.maxDeviationUs(), 1.5);
        QCOMPARE(p.deviceStartUs, 0.0);
        QCOMPARE(p.deviceEndUs, 0.6);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestClockAlignmentRecord)
#include "tst_clockalignmentrecord.moc"
