// The clock tag of host lanes and the placement band the painter draws for them: the text says how
// far a host-clock lane on the device axis may be off, and the band shows it along the host lanes
// and at the seam to the device lanes, on screen and in exports alike (one painter).
#include "model/capture/lanebuilder.h"
#include "testmain.h"
#include "widgets/overlays/hostplacementband.h"
#include "widgets/render/hostclockbadge.h"
#include "widgets/render/timelinepainter.h"
#include "widgets/timeline/lanearrangement.h"

#include <QImage>
#include <QPainter>

using namespace lanescope;

namespace {

using Method = HostPlacement::Method;

HostPlacement placement(Method method, double lowUs, double highUs, bool inferred)
{
    HostPlacement p;
    p.method = method;
    p.lowUs = lowUs;
    p.highUs = highUs;
    p.inferred = inferred;
    return p;
}

Lane hostLane(bool aligned)
{
    Lane l;
    l.group = groups::host;
    l.name = QStringLiteral("pid 7 tid 8");
    l.kind = LaneKind::Host;
    l.clockAligned = aligned;
    l.hostClock = aligned;
    return l;
}

// Geometry as in tst_timelinepainter: a plot of 1000 px for [0, 1000] µs, so t sits at x = header + t.
constexpr int kHeader = 300;
constexpr int kRuler = 28;

TimelineViewport viewport()
{
    TimelineViewport vp;
    vp.t0Us = 0;
    vp.t1Us = 1000;
    vp.widthPx = kHeader + 1000;
    vp.heightPx = 200;
    vp.headerWidthPx = kHeader;
    vp.rulerHeightPx = kRuler;
    return vp;
}

// Host heading [28, 52), host lane [52, 74), AICore heading [74, 98), AICore lane [98, 120).
Capture hostAndDevice(const HostPlacement &p)
{
    Capture c;
    c.info.hostPlacement = p;
    Lane host = hostLane(p.aligned());
    host.slices = {Slice{300, 400, 0, 0, 0, 0}};
    Lane device;
    device.group = groups::aicore;
    device.name = QStringLiteral("AIV_0");
    device.kind = LaneKind::Trace;
    device.slices = {Slice{700, 800, c.strings.intern(QStringLiteral("k")), 0, 0, 0}};
    c.lanes = {host, device};
    return c;
}

QImage render(const Capture &c)
{
    const TimelineViewport vp = viewport();
    QImage image(vp.widthPx, vp.heightPx, QImage::Format_ARGB32);
    image.fill(Qt::magenta);
    QPainter p(&image);
    TimelinePainter painter;
    painter.paint(p, c, vp, {});
    return image;
}

int x(double us)
{
    return kHeader + int(us);
}

} // namespace

class TestHostClockBadge : public QObject
{
    Q_OBJECT

private slots:
    void text_data()
    {
        QTest::addColumn<bool>("hostClock");
        QTest::addColumn<bool>("aligned");
        QTest::addColumn<int>("method");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<bool>("inferred");
        QTest::addColumn<QString>("badge");

        QTest::newRow("unaligned host lane")
            << true << false << int(Method::None) << 0.0 << 0.0 << false << QStringLiteral("own clock");
        // The largest deviation, not the half-width: drawn at the anchor, true up to 1 µs earlier.
        QTest::newRow("bounded record") << true << true << int(Method::Bounded) << -1.0 << 0.5 << true
                                        << QStringLiteral("aligned ±1.00 µs (inferred)");
        QTest::newRow("bounded, wide") << true << true << int(Method::Bounded) << -20.0 << 150.4 << true
                                       << QStringLiteral("aligned ±150 µs (inferred)");
        QTest::newRow("clock anchors") << true << true << int(Method::Anchors) << -0.25 << 0.25 << false
                                       << QStringLiteral("aligned ±0.25 µs");
        QTest::newRow("containment") << true << true << int(Method::Containment) << 0.0 << 12.5 << true
                                     << QStringLiteral("placed +0…12.5 µs (inferred)");
        QTest::newRow("device lane") << false << true << int(Method::Bounded) << -1.0 << 0.5 << true
                                     << QString();
    }

    void text()
    {
        QFETCH(bool, hostClock);
        QFETCH(bool, aligned);
        QFETCH(int, method);
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(bool, inferred);
        QFETCH(QString, badge);
        Lane lane = hostLane(aligned);
        lane.hostClock = hostClock;
        const HostPlacement p = placement(Method(method), low, high, inferred);
        QCOMPARE(clockBadgeText(lane, p), badge);
        QCOMPARE(hasOwnClock(lane), !aligned);
        if (aligned && hostClock)
            QCOMPARE(hostPlacementDescription(lane, p).contains(QStringLiteral("(inferred)")), inferred);
    }

    void unalignedSaysWhy()
    {
        HostPlacement p;
        p.reason = QStringLiteral("no containment placement: 2 host invocations could hold this capture");
        QVERIFY(hostPlacementDescription(hostLane(false), p).contains(p.reason));
    }

    void bandSpans()
    {
        HostPlacement p = placement(Method::Bounded, -20, 30, true);
        p.deviceStartUs = 100;
        p.deviceEndUs = 600;
        QCOMPARE(hostPlacementBandSpans(p), (std::vector<TimeRange>{{80, 130}, {580, 630}}));
        p.deviceEndUs = 140; // the two instants' bands overlap: one band
        QCOMPARE(hostPlacementBandSpans(p), (std::vector<TimeRange>{{80, 170}}));
        QVERIFY(hostPlacementBandSpans(HostPlacement()).empty());
    }

    // The band tints the host lane and the seam below it inside [start + low, start + high], and
    // nothing else; the device lane stays clear.
    void paintsTheBand()
    {
        HostPlacement p = placement(Method::Bounded, -20, 30, true);
        p.deviceStartUs = 100;
        p.deviceEndUs = 600;
        const QImage image = render(hostAndDevice(p));
        const int hostY = 60, seamY = 77, deviceY = 110;
        QVERIFY(image.pixel(x(105), hostY) != image.pixel(x(222), hostY));
        QVERIFY(image.pixel(x(605), hostY) != image.pixel(x(222), hostY));
        QCOMPARE(image.pixel(x(75), hostY), image.pixel(x(222), hostY));
        QCOMPARE(image.pixel(x(135), hostY), image.pixel(x(222), hostY));
        QVERIFY(image.pixel(x(105), seamY) != image.pixel(x(222), seamY));
        QCOMPARE(image.pixel(x(105), deviceY), image.pixel(x(222), deviceY));

        const QImage unaligned = render(hostAndDevice(HostPlacement()));
        QCOMPARE(unaligned.pixel(x(105), hostY), unaligned.pixel(x(222), hostY));
    }

    // The tag is painted in the lane header, and the preferred header makes room for it.
    void paintsTheBadge()
    {
        const HostPlacement p = placement(Method::Bounded, -1, 0.5, true);
        const QImage image = render(hostAndDevice(p));
        const QRgb fill = TimelineColours::light().ownClockBadgeFill.rgb();
        int badgePixels = 0;
        for (int px = 0; px < kHeader; ++px)
            badgePixels += image.pixel(px, 63) == fill ? 1 : 0;
        QVERIFY2(badgePixels > 40, qPrintable(QString::number(badgePixels)));

        Capture device = hostAndDevice(HostPlacement());
        device.lanes.erase(device.lanes.begin());
        QVERIFY(TimelinePainter::preferredHeaderWidth(hostAndDevice(p)) >
                TimelinePainter::preferredHeaderWidth(device));
    }
};

LANESCOPE_TEST_MAIN(TestHostClockBadge)
#include "tst_hostclockbadge.moc"
