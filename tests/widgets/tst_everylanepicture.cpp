#include "widgets/export/timelinepicture.h"

#include "model/capture/lanebuilder.h"
#include "testmain.h"
#include "widgets/timeline/timelinelayout.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>

using namespace lanescope;

namespace {

constexpr int kSchedulerViewLanes = 12;
constexpr double kCaptureEndUs = 1000;

// A Scheduler View of kSchedulerViewLanes lanes above `cores` AICore lanes ("AIC_0" …): far more
// lanes than a picture a few hundred pixels tall holds. Every AICore bar spans most of the capture,
// so the middle of the plot is a bar on every core.
Capture manyLanes(int cores)
{
    Capture c;
    c.info.level = 1;
    c.info.coreTypes = {CoreType::Aic};
    for (int i = 0; i < cores; ++i) {
        TaskRow row;
        row.taskId = std::uint64_t(i) + 1;
        row.coreId = i;
        row.coreType = CoreType::Aic;
        row.funcId = i % 3;
        row.receiveUs = row.startUs = 50;
        row.endUs = 950;
        c.rows.push_back(row);
    }
    auto lane = [](const QString &group, const QString &name, LaneKind kind, int source) {
        Lane l;
        l.group = group;
        l.name = name;
        l.kind = kind;
        l.laneSource = source;
        l.sortKey = source;
        Slice s;
        s.startUs = 50;
        s.endUs = 950;
        s.ref = std::uint32_t(source);
        s.label = std::uint32_t(source % 3) + 1;
        l.slices = {s};
        return l;
    };
    for (int i = 0; i < kSchedulerViewLanes; ++i)
        c.lanes.push_back(
            lane(groups::schedulerView, QStringLiteral("SV_%1").arg(i), LaneKind::SchedulerView, i));
    for (int i = 0; i < cores; ++i)
        c.lanes.push_back(lane(groups::aicore, QStringLiteral("AIC_%1").arg(i), LaneKind::Worker, i));
    return c;
}

QSet<QString> folded(bool schedulerViewFolded)
{
    return schedulerViewFolded ? QSet<QString>{groups::schedulerView} : QSet<QString>{};
}

// The picture a 400 px tall export draws, with the Scheduler View folded or open.
TimelinePicture fittingPicture(const Capture &c, bool schedulerViewFolded, QSize size = {900, 400})
{
    TimelinePicture picture = capturePicture(c, QStringLiteral("many"), {}, size);
    picture.options.collapsedGroups = folded(schedulerViewFolded);
    return picture;
}

// How often `name` is drawn as a text of its own in an SVG.
int textCount(const QString &svg, const QString &name)
{
    return int(svg.count(u'>' + name + u'<'));
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

// Export > Every lane: the picture grows to hold the whole layout, folded groups staying folded.
class TestEveryLanePicture : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void growsToTheLayoutsHeight_data()
    {
        QTest::addColumn<int>("cores");
        QTest::addColumn<bool>("schedulerViewFolded");
        QTest::addColumn<QSize>("size");
        QTest::newRow("80 cores") << 80 << false << QSize(900, 400);
        QTest::newRow("80 cores, Scheduler View folded") << 80 << true << QSize(900, 400);
        QTest::newRow("240 cores, narrow") << 240 << false << QSize(500, 300);
        QTest::newRow("240 cores folded, wide") << 240 << true << QSize(2400, 300);
    }
    void growsToTheLayoutsHeight()
    {
        QFETCH(int, cores);
        QFETCH(bool, schedulerViewFolded);
        QFETCH(QSize, size);
        const Capture c = manyLanes(cores);
        const TimelinePicture fitting = fittingPicture(c, schedulerViewFolded, size);
        TimelinePicture every = fitting;
        showEveryLane(c, every);

        const TimelineLayout layout(c, TimelineMetrics{}, folded(schedulerViewFolded));
        const int chrome = captionHeight(every.frame) + legendHeight(every.frame, size.width());
        QCOMPARE(every.size.width(), size.width());
        QCOMPARE(every.size.height(), kTimelineRulerHeightPx + layout.contentHeight() + 1 + chrome);
        QCOMPARE(everyLaneHeight(c, fitting), every.size.height());
        QCOMPARE_GT(every.size.height(), fitting.size.height());
        // Width, range and frame are the asked ones; only the height follows the lanes.
        QCOMPARE(every.range, fitting.range);
        QCOMPARE(every.frame.caption, fitting.frame.caption);

        // A folded group is its heading alone: the picture is shorter by exactly its lanes.
        const TimelineLayout open(c, TimelineMetrics{});
        const TimelineMetrics m;
        const int laneHeight = m.sliceRowHeightPx + 2 * m.lanePaddingPx;
        QCOMPARE(open.contentHeight() - layout.contentHeight(),
                 schedulerViewFolded ? kSchedulerViewLanes * laneHeight : 0);
        QCOMPARE(renderPicture(c, every).size(), every.size);
    }

    // The last lane is drawn: its bar's pixels in the PNG, its name in the SVG. The fitting
    // picture of the same size has neither; a folded group shows its heading and none of its lanes.
    void theLastLaneIsDrawn_data()
    {
        QTest::addColumn<bool>("schedulerViewFolded");
        QTest::newRow("open") << false;
        QTest::newRow("Scheduler View folded") << true;
    }
    void theLastLaneIsDrawn()
    {
        QFETCH(bool, schedulerViewFolded);
        const int cores = 80;
        const Capture c = manyLanes(cores);
        const QString last = QStringLiteral("AIC_%1").arg(cores - 1);
        const TimelinePicture fitting = fittingPicture(c, schedulerViewFolded);
        TimelinePicture every = fitting;
        showEveryLane(c, every);

        const QString fittingSvg = QString::fromUtf8(renderPictureSvg(c, fitting));
        const QString everySvg = QString::fromUtf8(renderPictureSvg(c, every));
        QCOMPARE(textCount(fittingSvg, last), 0);
        QCOMPARE(textCount(everySvg, last), 1);
        for (int i = 0; i < cores; ++i)
            QVERIFY2(textCount(everySvg, QStringLiteral("AIC_%1").arg(i)) == 1,
                     qPrintable(QString::number(i)));
        for (int i = 0; i < kSchedulerViewLanes; ++i)
            QCOMPARE(textCount(everySvg, QStringLiteral("SV_%1").arg(i)), schedulerViewFolded ? 0 : 1);
        QVERIFY2(everySvg.contains(groups::schedulerView), "the folded group lost its heading");

        // The middle of the last lane's bar, in picture pixels.
        const TimelineLayout layout(c, every.options.metrics, every.options.collapsedGroups);
        const TimelineRow &row = layout.rows()[std::size_t(layout.rowOfLane(int(c.lanes.size()) - 1))];
        QCOMPARE(row.index, int(c.lanes.size()) - 1);
        const TimelineViewport vp = framedViewport(c, every.size, every.range, every.frame);
        const int x = int(vp.xOf(kCaptureEndUs / 2));
        const int y = captionHeight(every.frame) + vp.lanesTop() + layout.sliceTop(row, 0) +
                      every.options.metrics.sliceRowHeightPx / 2;
        const QImage image = renderPicture(c, every);
        QCOMPARE_LT(y, image.height() - legendHeight(every.frame, every.size.width()));
        const TimelineColours &colours = every.options.colours;
        const QColor pixel = image.pixelColor(x, y);
        QVERIFY2(pixel != colours.background && pixel != colours.alternateRow && pixel != colours.chrome,
                 qPrintable(pixel.name()));
        QCOMPARE_LT(renderPicture(c, fitting).height(), y);
    }

    // A picture drawn from the first row whatever the screen was scrolled to.
    void startsAtTheFirstRow()
    {
        const Capture c = manyLanes(80);
        TimelinePicture scrolled = fittingPicture(c, false);
        scrolled.frame.scrollYPx = 500;
        scrolled.pixelRatio = 2;
        TimelinePicture every = scrolled;
        showEveryLane(c, every);
        QCOMPARE(every.frame.scrollYPx, 0.0);
        QCOMPARE(every.pixelRatio, 2.0);
        TimelinePicture fromTop = fittingPicture(c, false);
        fromTop.pixelRatio = 2;
        showEveryLane(c, fromTop);
        QCOMPARE(renderPicture(c, every), renderPicture(c, fromTop));
        QVERIFY(QString::fromUtf8(renderPictureSvg(c, every)).contains(QStringLiteral(">SV_0<")));
    }

    // A PNG stops at kMaxPngSidePx device pixels: a taller picture is refused, with its size, before
    // anything is drawn, and the file that was there stays. An SVG of it is written.
    void aTooTallPngIsRefused_data()
    {
        QTest::addColumn<int>("height");
        QTest::addColumn<double>("pixelRatio");
        QTest::addColumn<bool>("pngRefused");
        QTest::addColumn<bool>("svgRefused");
        QTest::newRow("as tall as a PNG can be") << kMaxPngSidePx << 1.0 << false << false;
        QTest::newRow("one pixel taller") << kMaxPngSidePx + 1 << 1.0 << true << false;
        QTest::newRow("too tall at pixel ratio 2") << kMaxPngSidePx / 2 + 1 << 2.0 << true << false;
        QTest::newRow("beyond what an SVG is written with") << kMaxSvgSidePx + 1 << 1.0 << true << true;
    }
    void aTooTallPngIsRefused()
    {
        QFETCH(int, height);
        QFETCH(double, pixelRatio);
        QFETCH(bool, pngRefused);
        QFETCH(bool, svgRefused);
        TimelinePicture picture;
        picture.size = QSize(40, height);
        picture.pixelRatio = pixelRatio;
        QCOMPARE(!pictureSizeProblem(picture, PictureFormat::Png).isEmpty(), pngRefused);
        QCOMPARE(!pictureSizeProblem(picture, PictureFormat::Svg).isEmpty(), svgRefused);
        if (pngRefused) {
            const QString why = pictureSizeProblem(picture, PictureFormat::Png);
            QVERIFY2(why.contains(QString::number(qRound(height * pixelRatio))), qPrintable(why));
            QVERIFY2(why.contains(QString::number(kMaxPngSidePx)), qPrintable(why));
        }
    }

    // Every lane of a capture taller than a PNG can be: writePicture says so and writes nothing;
    // the SVG holds every lane.
    void everyLaneOfAHugeCaptureGoesToAnSvg()
    {
        const int cores = 1600; // 1600 lanes of 22 px: more than 32767 px
        const Capture c = manyLanes(cores);
        TimelinePicture every = fittingPicture(c, true, QSize(300, 200));
        showEveryLane(c, every);
        QCOMPARE_GT(every.size.height(), kMaxPngSidePx);

        const QString png = m_dir.filePath(QStringLiteral("huge.png"));
        {
            QFile old(png);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("old bytes");
        }
        const QString error = writePicture(c, every, png);
        QVERIFY2(error.startsWith(
                     png + QStringLiteral(": the picture would be 300 × %1 px").arg(every.size.height())),
                 qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("SVG")), qPrintable(error));
        QCOMPARE(readAll(png), QByteArray("old bytes"));

        const QString svg = m_dir.filePath(QStringLiteral("huge.svg"));
        QCOMPARE(writePicture(c, every, svg), QString());
        const QString text = QString::fromUtf8(readAll(svg));
        QVERIFY(text.contains(QStringLiteral("height=\"%1\"").arg(every.size.height())));
        QCOMPARE(textCount(text, QStringLiteral("AIC_%1").arg(cores - 1)), 1);
    }
};

LANESCOPE_TEST_MAIN(TestEveryLanePicture)
#include "tst_everylanepicture.moc"
