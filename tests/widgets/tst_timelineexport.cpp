#include "testmain.h"
#include "widgets/export/timelineexport.h"
#include "widgets/overlays/annotationoverlays.h"

using namespace lanescope;

namespace {

TaskRow taskRow(std::uint64_t task, int core, CoreType type, int funcId, double start, double end)
{
    TaskRow r;
    r.taskId = task;
    r.coreId = core;
    r.coreType = type;
    r.funcId = funcId;
    r.receiveUs = start;
    r.startUs = start;
    r.endUs = end;
    return r;
}

Slice bar(double start, double end, std::uint32_t ref, std::uint32_t label)
{
    Slice s;
    s.startUs = start;
    s.endUs = end;
    s.ref = ref;
    s.label = label;
    return s;
}

// Two AICore lanes running two functions.
Capture twoCores()
{
    Capture c;
    c.info.level = 1;
    c.info.coreTypes = {CoreType::Aic, CoreType::Aiv};
    c.rows = {taskRow(1, 0, CoreType::Aic, 0, 100, 300), taskRow(2, 0, CoreType::Aic, 1, 500, 600),
              taskRow(3, 1, CoreType::Aiv, 1, 0, 1000)};
    Lane aic;
    aic.group = QStringLiteral("AICore");
    aic.name = QStringLiteral("AIC_0");
    aic.kind = LaneKind::Worker;
    aic.laneSource = 0;
    aic.slices = {bar(100, 300, 0, 1), bar(500, 600, 1, 2)};
    Lane aiv = aic;
    aiv.name = QStringLiteral("AIV_1");
    aiv.laneSource = 1;
    aiv.slices = {bar(0, 1000, 2, 2)};
    c.lanes = {aic, aiv};
    return c;
}

int countColour(const QImage &image, QColor colour)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            n += image.pixelColor(x, y) == colour;
    return n;
}

} // namespace

class TestTimelineExport : public QObject
{
    Q_OBJECT

private slots:
    void captionNamesCaptureLevelAndRange()
    {
        Capture c = twoCores();
        QCOMPARE(pictureCaption(c, QStringLiteral("run-7"), {100, 2500}),
                 QStringLiteral("run-7 · level 1 · 0.1 ms – 2.5 ms (2.4 ms)"));
        c.info.level.reset();
        QVERIFY(pictureCaption(c, QStringLiteral("t"), {0, 1}).contains(QStringLiteral("(inferred)")));
    }

    void framedImageHasTheAskedSizeAtEveryPixelRatio_data()
    {
        QTest::addColumn<qreal>("dpr");
        QTest::newRow("1x") << qreal(1);
        QTest::newRow("1.5x") << qreal(1.5);
        QTest::newRow("2x") << qreal(2);
    }
    void framedImageHasTheAskedSizeAtEveryPixelRatio()
    {
        QFETCH(qreal, dpr);
        const Capture c = twoCores();
        const QSize size(900, 300);
        const PictureFrame frame = pictureFrame(c, QStringLiteral("two"), size, {});
        const QImage image = renderFramedImage(c, size, {}, frame, dpr);
        QCOMPARE(image.size(), size * dpr);
        QCOMPARE(image.devicePixelRatio(), dpr);
        // Not blank: background, chrome, text, bars and swatches.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 3)
            for (int x = 0; x < image.width(); x += 3)
                colours.insert(image.pixel(x, y));
        QCOMPARE_GE(colours.size(), 6);
    }

    void frameTakesRoomForCaptionAndLegend()
    {
        const Capture c = twoCores();
        const QSize size(900, 300);
        const PictureFrame frame = pictureFrame(c, QStringLiteral("two"), size, {});
        QCOMPARE(frame.legend.size(), std::size_t(2)); // two functions
        QCOMPARE_GT(captionHeight(frame), 0);
        QCOMPARE_GT(legendHeight(frame, size.width()), 0);
        const TimelineViewport vp = framedViewport(c, size, {}, frame);
        QCOMPARE(vp.heightPx, size.height() - captionHeight(frame) - legendHeight(frame, size.width()));
        QCOMPARE(framedViewport(c, size, {}, PictureFrame{}).heightPx, size.height());
        // A narrow picture wraps the legend onto more rows.
        PictureFrame many = frame;
        for (int i = 0; i < 20; ++i)
            many.legend.push_back({QStringLiteral("function_%1").arg(i), 0xff336699});
        QCOMPARE_GT(legendHeight(many, 300), legendHeight(many, 1600));
    }

    void svgCarriesCaptionRulerLanesAndLegend()
    {
        const Capture c = twoCores();
        const QSize size(1000, 300);
        const PictureFrame frame = pictureFrame(c, QStringLiteral("two-cores"), size, {0, 1000});
        const QString svg = QString::fromUtf8(renderFramedSvg(c, size, {0, 1000}, frame));
        QVERIFY(svg.contains(QStringLiteral("two-cores · level 1 · 0 ms – 1 ms (1 ms)")));
        QVERIFY(svg.contains(QStringLiteral("0.5 ms"))); // a ruler tick
        QVERIFY(svg.contains(QStringLiteral("AIC_0")));
        QVERIFY(svg.contains(QStringLiteral("AIV_1")));
        for (const LegendEntry &e : frame.legend)
            QVERIFY2(svg.contains(u'>' + e.text + u'<'), qPrintable(e.text));
    }

    void overlaysAreExportedToo()
    {
        const Capture c = twoCores();
        const QSize size(1000, 300);
        const PictureFrame frame = pictureFrame(c, QStringLiteral("two"), size, {0, 1000});
        TimelinePaintOptions options;
        const QImage plain = renderFramedImage(c, size, {0, 1000}, frame, 1.0, options);
        auto measurement = std::make_shared<MeasurementOverlay>();
        measurement->setRegion(TimeRange{200, 400});
        auto markers = std::make_shared<MarkerOverlay>();
        markers->setMarkers({{1, 700, QStringLiteral("peak")}});
        options.overlays = {measurement, markers};
        const QImage marked = renderFramedImage(c, size, {0, 1000}, frame, 1.0, options);
        QCOMPARE(countColour(plain, MeasurementOverlay::colour()), 0);
        QCOMPARE_GT(countColour(marked, MeasurementOverlay::colour()), 50);
        QCOMPARE_GT(countColour(marked, MarkerOverlay::colour()), 50);
        const QString svg = QString::fromUtf8(renderFramedSvg(c, size, {0, 1000}, frame, options));
        QVERIFY(svg.contains(QStringLiteral(">peak<")));
        QVERIFY(svg.contains(QStringLiteral(">200 µs<"))); // the measured duration on the ruler
    }

    void rangeChangesThePicture()
    {
        const Capture c = twoCores();
        const QSize size(800, 240);
        const QImage whole = renderFramedImage(c, size, {}, pictureFrame(c, QStringLiteral("x"), size, {}));
        const QImage part =
            renderFramedImage(c, size, {450, 650}, pictureFrame(c, QStringLiteral("x"), size, {450, 650}));
        QCOMPARE(part.size(), whole.size());
        QVERIFY(part != whole);
    }
};

LANESCOPE_TEST_MAIN(TestTimelineExport)
#include "tst_timelineexport.moc"
