#include "app/cli/capturename.h"
#include "app/cli/exportcommand.h"
#include "capturegenerator.h"
#include "model/analysis/derivedtracks.h"
#include "model/capture/lanebuilder.h"
#include "model/io/loader.h"
#include "model/session/capturedocument.h"
#include "testmain.h"
#include "widgets/export/timelineexport.h"
#include "widgets/export/timelinepicture.h"
#include "widgets/timeline/timelinelayout.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>

using namespace lanescope;

namespace {

// A merged-trace capture (spec §7): two AICore lanes of the Worker View.
// AIC_0: QK(t0) [100, 300] µs and SV(t1) [500, 600] µs; AIV_1: LONG(t2) [0, 1000] µs.
constexpr char kTrace[] = R"json({"traceEvents": [
  {"ph": "M", "name": "process_name", "pid": 4, "args": {"name": "Worker View"}},
  {"ph": "M", "name": "thread_name", "pid": 4, "tid": 10000, "args": {"name": "AIC_0"}},
  {"ph": "M", "name": "thread_name", "pid": 4, "tid": 10010, "args": {"name": "AIV_1"}},
  {"ph": "X", "name": "QK(t0)", "cat": "event", "pid": 4, "tid": 10000, "ts": 100, "dur": 200},
  {"ph": "X", "name": "SV(t1)", "cat": "event", "pid": 4, "tid": 10000, "ts": 500, "dur": 100},
  {"ph": "X", "name": "LONG(t2)", "cat": "event", "pid": 4, "tid": 10010, "ts": 0, "dur": 1000}
]}
)json";

struct Run
{
    int code = -1;
    QString out;
    QString err;
};

Run run(const QStringList &args)
{
    Run r;
    QTextStream out(&r.out);
    QTextStream err(&r.err);
    r.code = runExportCommand(args, out, err);
    out.flush();
    err.flush();
    return r;
}

// A merged trace of `threads` lanes "T_0" … in one process, one bar each.
QByteArray manyThreadTrace(int threads)
{
    QByteArray json =
        R"({"traceEvents": [{"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "P"}})";
    for (int t = 0; t < threads; ++t) {
        json += QStringLiteral(
                    R"(,{"ph": "M", "name": "thread_name", "pid": 1, "tid": %1, "args": {"name": "T_%1"}})"
                    R"(,{"ph": "X", "name": "k", "cat": "event", "pid": 1, "tid": %1, "ts": 0, "dur": 100})")
                    .arg(t)
                    .toUtf8();
    }
    return json + "]}\n";
}

// What `export --all-lanes` should draw of `c`: the picture at `size`, in the layout the window
// opens the capture with, grown to every lane by the function the window's export calls.
TimelinePicture everyLaneAsTheWindowOpens(const Capture &c, const QString &input, QSize size)
{
    TimelinePicture picture = capturePicture(c, captureName(input), {}, size);
    picture.options.collapsedGroups = initiallyCollapsedGroups(c);
    showEveryLane(c, picture);
    return picture;
}

// How often `name` is drawn as a text of its own in an SVG.
int textCount(const QString &svg, const QString &name)
{
    return int(svg.count(u'>' + name + u'<'));
}

QString readText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// Distinct colours in a picture, counted on a coarse grid.
int distinctColours(const QImage &image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2)
            colours.insert(image.pixel(x, y));
    }
    return int(colours.size());
}

} // namespace

class TestExportCommand : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_trace;
    QString m_generated; // 24 clusters: 72 AICore lanes, and a Scheduler View the window opens folded

    QString outPath(const QString &name) const { return m_dir.filePath(name); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_trace = m_dir.filePath(QStringLiteral("merged_swimlane.json"));
        QFile file(m_trace);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(kTrace);

        m_generated = m_dir.filePath(QStringLiteral("generated"));
        GeneratorOptions o;
        o.blockDim = 24;
        o.tasks = 120;
        QVERIFY(generateCapture(o, m_generated).ok());
    }

    void writesAPngOfTheRequestedSize_data()
    {
        QTest::addColumn<QString>("size");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::newRow("800x300") << "800x300" << 800 << 300;
        QTest::newRow("upper-case X") << "640X200" << 640 << 200;
        QTest::newRow("wide and flat") << "2000x120" << 2000 << 120;
    }
    void writesAPngOfTheRequestedSize()
    {
        QFETCH(QString, size);
        QFETCH(int, width);
        QFETCH(int, height);
        const QString png = outPath(QStringLiteral("timeline-%1.png").arg(width));
        const Run r = run({m_trace, QStringLiteral("-o"), png, QStringLiteral("--size"), size});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.trimmed(), png);
        const QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), QSize(width, height));
        // Background, chrome, text and at least three bar colours.
        QCOMPARE_GE(distinctColours(image), 6);
    }

    void defaultsToAFullWidthPictureOfAllLanes()
    {
        const QString png = outPath(QStringLiteral("default.png"));
        const Run r = run({m_trace, QStringLiteral("--output=") + png});
        QCOMPARE(r.code, 0);
        const QImage image(png);
        QCOMPARE(image.width(), 1600);
        // Ruler 28 + heading 24 + two lanes of 22 + 1 = 97, raised to the 120 px minimum, plus the
        // caption line and the legend of the trace's names, which colour its bars.
        const LoadResult loaded = loadCapture(m_trace);
        QVERIFY(loaded.ok());
        const PictureFrame frame = pictureFrame(*loaded.capture, QStringLiteral("x"), image.size(), {});
        QVERIFY(!frame.legend.empty());
        QCOMPARE(image.height(), 120 + captionHeight(frame) + legendHeight(frame, image.width()));
    }

    void picturesHaveACaptionAndALegend()
    {
        const QString sample = QStringLiteral(LANESCOPE_SAMPLES "/sample-l4");
        const QString svg = outPath(QStringLiteral("sample.svg"));
        const Run r =
            run({sample, QStringLiteral("-o"), svg, QStringLiteral("--size"), QStringLiteral("1400x500"),
                 QStringLiteral("--range"), QStringLiteral("500:1500")});
        QCOMPARE(r.code, 0);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        // Capture name, level and the range shown.
        QVERIFY2(text.contains(QStringLiteral("sample-l4 · level 4 · 0.5 ms – 1.5 ms (1 ms)")),
                 qPrintable(text.left(3000)));
        // Ruler text and lane names.
        QVERIFY(text.contains(QStringLiteral("1.0 ms")));
        QVERIFY(text.contains(QStringLiteral("Sched_0")));
        // The legend names the most frequent functions, each with its swatch colour.
        const LoadResult loaded = loadCapture(sample);
        QVERIFY(loaded.ok());
        appendDerivedTracks(*loaded.capture); // as the command does
        const std::vector<LegendEntry> legend = legendEntries(*loaded.capture, BarColourMode::Function);
        QVERIFY(!legend.empty());
        for (const LegendEntry &e : legend)
            QVERIFY2(text.contains(u'>' + e.text + u'<'), qPrintable(e.text));

        // Without --size the picture is as tall as the lanes plus the caption and the legend.
        const QString png = outPath(QStringLiteral("sample.png"));
        QCOMPARE(run({sample, QStringLiteral("-o"), png}).code, 0);
        const PictureFrame frame = pictureFrame(*loaded.capture, QStringLiteral("x"), QSize(1600, 1000), {});
        QCOMPARE(QImage(png).size(), defaultPictureSize(*loaded.capture, frame));
        QCOMPARE_GT(legendHeight(frame, 1600), 0);
    }

    // --all-lanes: every lane of the layout the window opens the capture with, at the asked width
    // (the asked height is not used), drawn as the window's Every lane export draws it.
    void allLanesDrawsEveryLaneOfTheOpeningLayout_data()
    {
        QTest::addColumn<QString>("size"); // empty: no --size
        QTest::addColumn<int>("width");
        QTest::newRow("1200x300") << "1200x300" << 1200;
        QTest::newRow("no --size") << "" << 1600;
        QTest::newRow("taller than the lanes") << "800x15000" << 800;
    }
    void allLanesDrawsEveryLaneOfTheOpeningLayout()
    {
        QFETCH(QString, size);
        QFETCH(int, width);
        QStringList sized;
        if (!size.isEmpty())
            sized = QStringList{QStringLiteral("--size"), size};
        const QString png = outPath(QStringLiteral("every-%1.png").arg(width));
        const Run r =
            run(QStringList{m_generated, QStringLiteral("-o"), png, QStringLiteral("--all-lanes")} + sized);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QImage image(png);
        QCOMPARE(image.width(), width);

        // The capture as the command reads it, in the layout a window opens it with.
        const OpenedDocument opened = openDocument(m_generated);
        QVERIFY(opened.ok());
        const Capture &c = *opened.document->runs.runs.back();
        const QSet<QString> folded = initiallyCollapsedGroups(c);
        QCOMPARE(folded, (QSet<QString>{groups::host, groups::scheduler, groups::aicoreScheduler,
                                        groups::schedulerView}));
        const TimelineLayout layout(c, TimelineMetrics{}, folded);
        const PictureFrame frame = pictureFrame(c, QStringLiteral("x"), image.size(), {});
        QCOMPARE(image.height(), kTimelineRulerHeightPx + layout.contentHeight() + 1 + captionHeight(frame) +
                                     legendHeight(frame, width));
        // The folded Scheduler View is one heading: fewer pixels than its lanes would take.
        QCOMPARE_LT(layout.contentHeight(), TimelineLayout(c, TimelineMetrics{}).contentHeight());

        // The same picture as the window's Every lane export of that layout.
        const TimelinePicture expected = everyLaneAsTheWindowOpens(c, m_generated, QSize(width, 300));
        QCOMPARE(image, renderPicture(c, expected).convertToFormat(image.format()));
    }

    void allLanesDrawsTheLastLaneWhereAFittingPictureDoesNot()
    {
        const QString every = outPath(QStringLiteral("every.svg"));
        const QString fitting = outPath(QStringLiteral("fitting.svg"));
        const QStringList size{QStringLiteral("--size"), QStringLiteral("1200x300")};
        QCOMPARE(
            run(QStringList{m_generated, QStringLiteral("-o"), every, QStringLiteral("--all-lanes")} + size)
                .code,
            0);
        QCOMPARE(run(QStringList{m_generated, QStringLiteral("-o"), fitting} + size).code, 0);

        const OpenedDocument opened = openDocument(m_generated);
        QVERIFY(opened.ok());
        const Capture &c = *opened.document->runs.runs.back();
        const TimelineLayout layout(c, TimelineMetrics{}, initiallyCollapsedGroups(c));
        int lastLane = -1;
        for (const TimelineRow &row : layout.rows())
            lastLane = row.kind == TimelineRow::Kind::Lane ? row.index : lastLane;
        QVERIFY(lastLane >= 0);
        const QString name = c.lanes[std::size_t(lastLane)].name;
        const QString everyText = readText(every);
        QVERIFY2(textCount(everyText, name) >= 1, qPrintable(name));
        QCOMPARE(textCount(readText(fitting), name), 0);
        const TimelinePicture expected = everyLaneAsTheWindowOpens(c, m_generated, QSize(1200, 300));
        QVERIFY(everyText.contains(QStringLiteral("height=\"%1\"").arg(expected.size.height())));
        QCOMPARE(everyText.toUtf8(), renderPictureSvg(c, expected));
    }

    // 1600 lanes are taller than a PNG can be: refused with the size, nothing written; the SVG is.
    void allLanesRefusesAPngTallerThanAPngCanBe()
    {
        const QString trace = outPath(QStringLiteral("threads_swimlane.json"));
        {
            QFile file(trace);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(manyThreadTrace(1600));
        }
        const QString png = outPath(QStringLiteral("tall.png"));
        const Run refused = run({trace, QStringLiteral("-o"), png, QStringLiteral("--all-lanes"),
                                 QStringLiteral("--size=400x300")});
        QCOMPARE(refused.code, 2);
        QVERIFY2(
            refused.err.contains(QStringLiteral("cannot write %1: the picture would be 400 × ").arg(png)),
            qPrintable(refused.err));
        QVERIFY2(refused.err.contains(QString::number(kMaxPngSidePx)), qPrintable(refused.err));
        QVERIFY(!QFile::exists(png));

        const QString svg = outPath(QStringLiteral("tall.svg"));
        const Run written = run({trace, QStringLiteral("-o"), svg, QStringLiteral("--all-lanes"),
                                 QStringLiteral("--size=400x300")});
        QVERIFY2(written.code == 0, qPrintable(written.err));
        QCOMPARE(textCount(readText(svg), QStringLiteral("T_1599")), 1);
    }

    void rangeOutsideTheCaptureIsBadInput()
    {
        const QString png = outPath(QStringLiteral("outside.png"));
        const Run r =
            run({m_trace, QStringLiteral("-o"), png, QStringLiteral("--range"), QStringLiteral("5000:")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--range is empty for this capture")), qPrintable(r.err));
        QCOMPARE(r.err.count(u'\n'), 1);
        QVERIFY(!QFile::exists(png));
    }

    void writesAnSvgWithLaneNamesAndRulerText()
    {
        const QString svg = outPath(QStringLiteral("timeline.svg"));
        const Run r = run({m_trace, QStringLiteral("-o"), svg, QStringLiteral("--size"),
                           QStringLiteral("1200x200"), QStringLiteral("--range"), QStringLiteral("0:1000")});
        QCOMPARE(r.code, 0);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(text.startsWith(QStringLiteral("<?xml")));
        QVERIFY(text.contains(QStringLiteral("AIC_0")));
        QVERIFY(text.contains(QStringLiteral("AIV_1")));
        QVERIFY(text.contains(QStringLiteral("Worker View")));
        // [0, 1000] µs is labelled in ms (the largest time is 1 ms): some tick must read "0.5 ms"
        // whatever step the font allows (100, 200 or 500 µs).
        QVERIFY2(text.contains(QStringLiteral("0.5 ms")), "no ruler label");
        QVERIFY(text.contains(QStringLiteral("QK(t0)")));
    }

    // A ready queue deeper than the 16 bits the device keeps is drawn as read: the counter's lane
    // header gives its exact range, never a wrapped "-32768 – 32767".
    void deepReadyQueueReadsExactly()
    {
        const QString svg = outPath(QStringLiteral("deep.svg"));
        const Run r = run(
            {QStringLiteral(LANESCOPE_FIXTURES "/records/deep_ready_queue.json"), QStringLiteral("-o"), svg});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY2(text.contains(QStringLiteral("Shared ready queue")), "no ready-queue counter drawn");
        QVERIFY2(text.contains(QStringLiteral("0 – 40000")), "the AIC queue's range is not exact");
        QVERIFY(!text.contains(QStringLiteral("-25536")));
        QVERIFY(!text.contains(QStringLiteral("-32768")));
        QVERIFY2(r.err.contains(QStringLiteral("ready-queue depth(s) outside 0–32767")), qPrintable(r.err));
    }

    void rangeChangesThePicture()
    {
        const QString whole = outPath(QStringLiteral("whole.png"));
        const QString part = outPath(QStringLiteral("part.png"));
        const QString same = outPath(QStringLiteral("same.png"));
        QCOMPARE(
            run({m_trace, QStringLiteral("-o"), whole, QStringLiteral("--size"), QStringLiteral("900x200")})
                .code,
            0);
        QCOMPARE(run({m_trace, QStringLiteral("-o"), part, QStringLiteral("--size"),
                      QStringLiteral("900x200"), QStringLiteral("--range"), QStringLiteral("450:650")})
                     .code,
                 0);
        QCOMPARE(
            run({m_trace, QStringLiteral("-o"), same, QStringLiteral("--size"), QStringLiteral("900x200")})
                .code,
            0);
        const QImage wholeImage(whole);
        const QImage partImage(part);
        QCOMPARE(partImage.size(), wholeImage.size());
        QVERIFY(partImage != wholeImage);
        QCOMPARE(QImage(same), wholeImage); // the same request draws the same picture
    }

    void openRangeSidesRunToTheCaptureEdges()
    {
        const QString open = outPath(QStringLiteral("open.png"));
        const QString closed = outPath(QStringLiteral("closed.png"));
        QCOMPARE(run({m_trace, QStringLiteral("-o"), open, QStringLiteral("--range"), QStringLiteral("500:")})
                     .code,
                 0);
        // Open end = capture end (1000 µs) + 2% margin = 1020 µs.
        QCOMPARE(run({m_trace, QStringLiteral("-o"), closed, QStringLiteral("--range"),
                      QStringLiteral("500:1020")})
                     .code,
                 0);
        QCOMPARE(QImage(open), QImage(closed));
    }

    void rejectsBadUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString png = QStringLiteral("x.png");
        QTest::newRow("nothing") << QStringList{} << "missing input PATH";
        QTest::newRow("no output") << QStringList{QStringLiteral("in.json")} << "missing -o";
        QTest::newRow("-o without value")
            << QStringList{QStringLiteral("in.json"), QStringLiteral("-o")} << "-o needs";
        QTest::newRow("wrong extension")
            << QStringList{QStringLiteral("in.json"), QStringLiteral("-o"), QStringLiteral("x.jpg")}
            << ".png or .svg";
        QTest::newRow("bad range") << QStringList{QStringLiteral("in.json"), QStringLiteral("-o"), png,
                                                  QStringLiteral("--range"), QStringLiteral("abc")}
                                   << "--range";
        QTest::newRow("reversed range") << QStringList{QStringLiteral("in.json"), QStringLiteral("-o"), png,
                                                       QStringLiteral("--range"), QStringLiteral("10:5")}
                                        << "after its start";
        QTest::newRow("bad size") << QStringList{QStringLiteral("in.json"), QStringLiteral("-o"), png,
                                                 QStringLiteral("--size"), QStringLiteral("800")}
                                  << "--size";
        QTest::newRow("huge size") << QStringList{QStringLiteral("in.json"), QStringLiteral("-o"), png,
                                                  QStringLiteral("--size"), QStringLiteral("100000x10")}
                                   << "at most";
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("in.json"), QStringLiteral("-o"), png, QStringLiteral("--colour")}
            << "unknown option --colour";
        QTest::newRow("two inputs") << QStringList{QStringLiteral("a.json"), QStringLiteral("b.json"),
                                                   QStringLiteral("-o"), png}
                                    << "one input";
    }
    void rejectsBadUsage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = run(args);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(r.err.contains(QStringLiteral("usage: lanescope export")));
        QVERIFY(r.out.isEmpty());
    }

    void printsHelp()
    {
        const Run r = run({QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith(QStringLiteral("usage: lanescope export")));
        // --all-lanes says which layout it draws, with no screen to follow, and where a PNG stops.
        QVERIFY(r.out.contains(QStringLiteral("--all-lanes")));
        QVERIFY(r.out.contains(QStringLiteral("the one the window opens")));
        QVERIFY(r.out.contains(QString::number(kMaxPngSidePx)));
    }

    void reportsUnreadableInput_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("fileName");
        QTest::newRow("missing file")
            << m_dir.filePath(QStringLiteral("does-not-exist.json")) << "does-not-exist.json";
        QTest::newRow("not JSON") << m_dir.filePath(QStringLiteral("garbage.json")) << "garbage.json";
    }
    void reportsUnreadableInput()
    {
        QFETCH(QString, input);
        QFETCH(QString, fileName);
        if (fileName == QLatin1String("garbage.json")) {
            QFile garbage(input);
            QVERIFY(garbage.open(QIODevice::WriteOnly));
            garbage.write("this is { not a capture");
        }
        const QString png = outPath(QStringLiteral("never.png"));
        const Run r = run({input, QStringLiteral("-o"), png});
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        // One line that names the input.
        QCOMPARE(r.err.count(u'\n'), 1);
        QVERIFY2(r.err.contains(fileName), qPrintable(r.err));
        QVERIFY(!QFile::exists(png));
    }

    void reportsAnUnwritableOutput()
    {
        const QString png = m_dir.filePath(QStringLiteral("no-such-dir/out.png"));
        const Run r = run({m_trace, QStringLiteral("-o"), png});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.startsWith(QStringLiteral("cannot write ")), qPrintable(r.err));
    }
};

LANESCOPE_TEST_MAIN(TestExportCommand)
#include "tst_exportcommand.moc"
