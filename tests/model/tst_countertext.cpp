// Counter amounts in one unit per quantity (countertext.h): a ring's heap in MiB wherever it is
// read, counts as plain numbers, never an exponent.

#include "model/analysis/ringtracks.h"
#include "model/format/countertext.h"
#include "testmain.h"

using namespace lanescope;

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

CounterTrack heapTrack()
{
    CounterTrack t;
    t.kind = CounterKind::RingOccupancy;
    t.unit = ringResourceUnit(RingResource::Heap);
    t.name = QStringLiteral("ring 0 heap");
    t.timesUs = {0, 10, 20};
    t.values = {0, 60.7e6, 0};
    t.capacity = 256 * kMiB; // 268.4 M bytes
    return t;
}

} // namespace

class TestCounterText : public QObject
{
    Q_OBJECT

private slots:
    void amounts_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("unit");
        QTest::addColumn<QString>("text");
        QTest::newRow("heap bytes in MiB") << 60.7e6 << int(CounterUnit::Bytes) << QStringLiteral("57.9 MiB");
        QTest::newRow("heap capacity")
            << 256 * kMiB << int(CounterUnit::Bytes) << QStringLiteral("256.0 MiB");
        QTest::newRow("a small heap still in MiB")
            << 4096.0 << int(CounterUnit::Bytes) << QStringLiteral("0.0 MiB");
        QTest::newRow("slots") << 12.0 << int(CounterUnit::Count) << QStringLiteral("12");
        QTest::newRow("a fractional count") << 2.5 << int(CounterUnit::Count) << QStringLiteral("2.5");
        QTest::newRow("a large count in full")
            << 1234567.0 << int(CounterUnit::Count) << QStringLiteral("1234567");
        QTest::newRow("huge, no exponent")
            << 1e16 << int(CounterUnit::Count) << QStringLiteral("10000000000000000");
        QTest::newRow("no negative zero") << -0.0001 << int(CounterUnit::Count) << QStringLiteral("0");
    }
    void amounts()
    {
        QFETCH(double, value);
        QFETCH(int, unit);
        QFETCH(QString, text);
        QCOMPARE(formatCounterValue(value, CounterUnit(unit)), text);
        QVERIFY(text.startsWith(formatCounterAmount(value, CounterUnit(unit))));
    }

    void onlyTheHeapHoldsBytes_data()
    {
        QTest::addColumn<int>("resource");
        QTest::addColumn<int>("unit");
        QTest::newRow("task window") << int(RingResource::TaskWindow) << int(CounterUnit::Count);
        QTest::newRow("heap") << int(RingResource::Heap) << int(CounterUnit::Bytes);
        QTest::newRow("dep pool") << int(RingResource::DepPool) << int(CounterUnit::Count);
    }
    void onlyTheHeapHoldsBytes()
    {
        QFETCH(int, resource);
        QFETCH(int, unit);
        QCOMPARE(int(ringResourceUnit(RingResource(resource))), unit);
    }

    // The line under a lane's name: the heap's peak and capacity in MiB, as the Rings panel shows them.
    void scaleLine_data()
    {
        QTest::addColumn<bool>("withCapacity");
        QTest::addColumn<QString>("text");
        QTest::newRow("heap") << true << QStringLiteral("peak 57.9 MiB · 22.6% of 256.0 MiB");
        QTest::newRow("no capacity") << false << QStringLiteral("0.0 MiB – 57.9 MiB");
    }
    void scaleLine()
    {
        QFETCH(bool, withCapacity);
        QFETCH(QString, text);
        CounterTrack t = heapTrack();
        if (!withCapacity)
            t.capacity.reset();
        QCOMPARE(counterScaleText(t, 0, 60.7e6), text);
    }
};

LANESCOPE_TEST_APPLESS_MAIN(TestCounterText)
#include "tst_countertext.moc"
