#include "model/io/loader.h"
#include "model/session/capturefacts.h"
#include "testmain.h"
#include "widgets/export/timelineexport.h"
#include "widgets/panels/barlegend.h"
#include "widgets/render/timelineindex.h"
#include "widgets/style/slicepalette.h"
#include "widgets/text/barstyle.h"
#include "widgets/timeline/timelineview.h"

#include <QImage>

using namespace lanescope;

namespace {

// One AIC and one AIV bar on their own lanes; functions 0 and 1.
CapturePtr twoCores()
{
    auto c = std::make_shared<Capture>();
    TaskRow aic;
    aic.taskId = 1;
    aic.startUs = 0;
    aic.endUs = 100;
    aic.coreId = 0;
    aic.coreType = CoreType::Aic;
    aic.funcId = 0;
    TaskRow aiv = aic;
    aiv.taskId = 2;
    aiv.coreId = 1;
    aiv.coreType = CoreType::Aiv;
    aiv.funcId = 1;
    c->rows = {aic, aiv};
    c->phaseKinds.intern(QStringLiteral("complete"));
    c->phaseKinds.intern(QStringLiteral("dispatch"));
    for (std::uint32_t i = 0; i < 2; ++i) {
        Lane lane;
        lane.group = QStringLiteral("AICore");
        lane.name = i == 0 ? QStringLiteral("AIC_0") : QStringLiteral("AIV_1");
        lane.kind = LaneKind::Worker;
        lane.slices = {Slice{0, 100, i, i + 1, 0, 0}};
        c->lanes.push_back(lane);
    }
    return c;
}

// `functions` functions on one lane, function i with i + 1 bars, so that the legend's order (most
// bars first) is known; -1 for none: two tasks of two blocks whose functions are unknown.
CapturePtr functionsOnOneLane(int functions)
{
    auto c = std::make_shared<Capture>();
    std::vector<TaskRow> rows;
    const bool named = functions >= 0;
    for (int f = 0; f < (named ? functions : 2); ++f) {
        for (int bar = 0; bar < (named ? f + 1 : 2); ++bar) {
            TaskRow r;
            r.taskId = std::uint64_t(100 + f);
            r.startUs = double(rows.size()) * 10;
            r.endUs = r.startUs + 5;
            r.funcId = named ? f : -1;
            rows.push_back(r);
        }
    }
    c->rows = TaskRows(std::move(rows));
    return c;
}

// twoCores with one compiler hint, joined to function 0 or to no kernel.
CapturePtr withHint(bool joined)
{
    auto c = std::make_shared<Capture>(*twoCores());
    PerfHint h;
    h.code = QStringLiteral("PH001");
    h.rule = QStringLiteral("TileInnermostDimGranularity");
    if (joined)
        h.funcIds = {0};
    c->perfHints.path = QStringLiteral("report/perf_hints.log");
    c->perfHints.hints.push_back(h);
    return c;
}

const LegendEntry kHintEntry{QStringLiteral("kernel with compiler hints"), neutralBarColour(),
                             LegendMark::HintBadge};

} // namespace

class TestBarLegend : public QObject
{
    Q_OBJECT

private slots:
    void entriesFollowTheMode()
    {
        const CapturePtr c = twoCores();
        const auto byFunction = legendEntries(*c, BarColourMode::Function);
        QCOMPARE(byFunction.size(), std::size_t(2));
        QCOMPARE(byFunction[0], (LegendEntry{QStringLiteral("func_0_a"), keyColour(1)}));
        QCOMPARE(byFunction[1], (LegendEntry{QStringLiteral("func_1_b"), keyColour(2)}));
        const auto byCore = legendEntries(*c, BarColourMode::CoreType);
        QCOMPARE(byCore.size(), std::size_t(2));
        QCOMPARE(byCore[0], (LegendEntry{QStringLiteral("AIC"), coreTypeColour(CoreType::Aic)}));
        QCOMPARE(byCore[1], (LegendEntry{QStringLiteral("AIV"), coreTypeColour(CoreType::Aiv)}));
        const auto byPhase = legendEntries(*c, BarColourMode::Phase);
        QCOMPARE(byPhase.size(), std::size_t(3));
        QCOMPARE(byPhase[0].text, QStringLiteral("complete"));
        QCOMPARE(byPhase[0].colour, nameColour(QStringLiteral("complete")));
        QCOMPARE(byPhase[2].colour, neutralBarColour());
    }

    // Every function with bars is in the legend, or the legend says how many it leaves out.
    void everyFunctionOrHowManyMore_data()
    {
        QTest::addColumn<int>("functions");
        QTest::newRow("18, as the sample") << 18;
        QTest::newRow("exactly the most") << int(kLegendMaxEntries);
        QTest::newRow("30") << 30;
    }
    void everyFunctionOrHowManyMore()
    {
        QFETCH(int, functions);
        const auto entries = legendEntries(*functionsOnOneLane(functions), BarColourMode::Function);
        const int listed = std::min(functions, int(kLegendMaxEntries));
        QCOMPARE(int(entries.size()), functions > listed ? listed + 1 : listed);
        for (int i = 0; i < listed; ++i) {
            // Most bars first: function functions − 1 - i.
            const int funcId = functions - 1 - i;
            QCOMPARE(entries[std::size_t(i)].colour, keyColour(std::uint32_t(funcId + 1)));
            QCOMPARE(entries[std::size_t(i)].mark, LegendMark::Colour);
        }
        if (functions > listed) {
            QCOMPARE(entries.back().mark, LegendMark::Note);
            QCOMPARE(entries.back().text, QStringLiteral("+%1 more functions").arg(functions - listed));
        }
    }

    // Without function names (no deps.json) the bars are coloured per task, and the legend says so
    // instead of listing one grey "func_-1".
    void withoutNamesBarsTakeTheirTasksColour()
    {
        const CapturePtr c = functionsOnOneLane(-1);
        const auto entries = legendEntries(*c, BarColourMode::Function);
        QCOMPARE(entries.size(), std::size_t(1));
        QCOMPARE(entries[0].mark, LegendMark::Note);
        QVERIFY2(entries[0].text.contains(QStringLiteral("deps.json")), qPrintable(entries[0].text));
        const TimelineIndex index(*c);
        Lane lane;
        lane.kind = LaneKind::Worker;
        auto colourOfRow = [&](std::uint32_t row) {
            return index.colourOf(*c, lane, Slice{0, 1, row, 0, 0, 0});
        };
        QCOMPARE(colourOfRow(0), taskColour(100));
        QCOMPARE(colourOfRow(1), colourOfRow(0)); // blocks of one task alike
        QVERIFY(colourOfRow(2) != colourOfRow(0));
        // With names, an unresolved bar keeps the grey of "no function".
        const CapturePtr named = twoCores();
        auto withUnresolved = std::make_shared<Capture>(*named);
        QCOMPARE(TimelineIndex(*withUnresolved).colourOf(*withUnresolved, lane, Slice{0, 1, 0, 0, 0, 0}),
                 unresolvedColour());
    }

    // A trace's bars are coloured by their names, and the legend lists them: the first twenty names
    // have twenty colours.
    void traceNamesHaveALegend()
    {
        auto c = std::make_shared<Capture>();
        for (const char *name : {"QK(r1t3)", "QK(t7)", "softmax", "PV", "complete"})
            c->strings.intern(QString::fromLatin1(name));
        const auto entries = legendEntries(*c, BarColourMode::Function);
        QCOMPARE(entries.size(), std::size_t(4));
        QCOMPARE(entries[0].text, QStringLiteral("QK"));
        QCOMPARE(entries[1].text, QStringLiteral("softmax"));
        QCOMPARE(entries[3].colour, nameColour(QStringLiteral("complete")));
        QVERIFY(entries[0].colour != entries[1].colour && entries[1].colour != entries[2].colour &&
                entries[0].colour != entries[2].colour);
        const TimelineIndex index(*c);
        Lane lane;
        lane.kind = LaneKind::Trace;
        QCOMPARE(index.colourOf(*c, lane, Slice{0, 1, 0, 1, 0, 0}), entries[0].colour); // "QK(t7)"
    }

    // The counts come with the capture (computed once by its document): a mode switch or a tab
    // switch does not count the rows again.
    void countsComeWithTheCapture()
    {
        auto c = std::make_shared<Capture>(*twoCores());
        auto facts = std::make_shared<CaptureFacts>(*computeCaptureFacts(*c));
        QCOMPARE(facts->functionsByCount, (std::vector<FunctionCount>{{0, 1}, {1, 1}}));
        facts->functionsByCount = {{1, 5}, {0, 2}}; // not what the rows say
        c->facts = facts;
        BarLegend legend;
        legend.setCapture(c);
        legend.setColourMode(BarColourMode::Function);
        QCOMPARE(legend.entries().size(), std::size_t(2));
        QCOMPARE(legend.entries()[0], (LegendEntry{QStringLiteral("func_1_b"), keyColour(2)}));
        QCOMPARE(legend.entries()[1], (LegendEntry{QStringLiteral("func_0_a"), keyColour(1)}));
    }

    void legendWidgetFollowsTheView()
    {
        const CapturePtr c = twoCores();
        TimelineView view;
        BarLegend legend;
        view.setCapture(c);
        legend.setCapture(c);
        connect(&view, &TimelineView::colourModeChanged, &legend, &BarLegend::setColourMode);
        QCOMPARE(legend.entries(), legendEntries(*c, BarColourMode::Function));
        view.setColourMode(BarColourMode::CoreType);
        QCOMPARE(legend.colourMode(), BarColourMode::CoreType);
        QCOMPARE(legend.entries(), legendEntries(*c, BarColourMode::CoreType));
    }

    // The hint badge is drawn in every colour mode, so its entry is listed in every one, last; only
    // when some hint was joined to a kernel, as no bar carries the badge otherwise.
    void hintEntryOnlyWithJoinedHints_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("hints"); // 0: none, 1: one joined to no kernel, 2: one joined
        QTest::addColumn<bool>("listed");
        const std::pair<const char *, BarColourMode> modes[] = {{"function", BarColourMode::Function},
                                                                {"core type", BarColourMode::CoreType},
                                                                {"phase", BarColourMode::Phase}};
        for (const auto &[name, mode] : modes) {
            QTest::addRow("%s, no hints", name) << int(mode) << 0 << false;
            QTest::addRow("%s, unjoined hint", name) << int(mode) << 1 << false;
            QTest::addRow("%s, joined hint", name) << int(mode) << 2 << true;
        }
    }
    void hintEntryOnlyWithJoinedHints()
    {
        QFETCH(int, mode);
        QFETCH(int, hints);
        QFETCH(bool, listed);
        const CapturePtr c = hints == 0 ? twoCores() : withHint(hints == 2);
        const auto plain = legendEntries(*twoCores(), BarColourMode(mode));
        const auto entries = legendEntries(*c, BarColourMode(mode));
        QCOMPARE(entries.size(), plain.size() + (listed ? 1 : 0));
        QVERIFY(std::equal(plain.begin(), plain.end(), entries.begin())); // the colours come first
        QCOMPARE(entries.back() == kHintEntry, listed);
        // A tight limit on colours leaves the badge's entry in, after the note on those left out.
        const auto limited = legendEntries(*c, BarColourMode::Function, 1);
        QCOMPARE(limited.size(), std::size_t(listed ? 3 : 2));
        QCOMPARE(limited[1].text, QStringLiteral("+1 more function"));
    }

    // The widget draws the entry's swatch as a bar with the badge in its top-right corner.
    void legendWidgetDrawsTheBadge()
    {
        BarLegend legend;
        legend.resize(220, 120);
        legend.setCapture(withHint(true));
        QCOMPARE(legend.entries().back(), kHintEntry);
        const QImage image = legend.grab().toImage().convertToFormat(QImage::Format_RGB32);
        // Rows of 18 px from y 4; the 12 px swatch 3 px into its row at x 8, outlined.
        const int top = 4 + 18 * int(legend.entries().size() - 1) + 3;
        const QRgb mark = textColourOn(neutralBarColour()).rgb() & 0xffffff;
        QCOMPARE(image.pixel(18, top + 1) & 0xffffff, mark);
        QCOMPARE(image.pixel(16, top + 1) & 0xffffff, mark);
        QCOMPARE(image.pixel(14, top + 1) & 0xffffff, neutralBarColour() & 0xffffff);
        QCOMPARE(image.pixel(9, top + 10) & 0xffffff, neutralBarColour() & 0xffffff);
        // The other swatches are plain colours.
        QCOMPARE(image.pixel(18, 4 + 3 + 1) & 0xffffff, keyColour(1) & 0xffffff);
    }

    // The legend's colours are the colours the bars are drawn in.
    void barsUseTheLegendColours_data()
    {
        QTest::addColumn<int>("mode");
        QTest::newRow("function") << int(BarColourMode::Function);
        QTest::newRow("core type") << int(BarColourMode::CoreType);
    }
    void barsUseTheLegendColours()
    {
        QFETCH(int, mode);
        const CapturePtr c = twoCores();
        TimelinePaintOptions options;
        options.drawLabels = false;
        options.colourMode = BarColourMode(mode);
        const QSize size(800, 140);
        const QImage image = renderImage(*c, size, {-10, 110}, 1.0, options);
        const TimelineViewport vp = exportViewport(*c, size, {-10, 110});
        const auto entries = legendEntries(*c, BarColourMode(mode));
        const int x = int(vp.xOf(50));
        // Rows: ruler, heading, AIC_0 lane, AIV_1 lane; bar centre 2 + 8 px into a lane.
        const int aicY = vp.lanesTop() + 24 + 2 + 8;
        const int aivY = aicY + 22;
        QCOMPARE(image.pixel(x, aicY) & 0xffffff, entries[0].colour & 0xffffff);
        QCOMPARE(image.pixel(x, aivY) & 0xffffff, entries[1].colour & 0xffffff);
    }
};

LANESCOPE_TEST_MAIN(TestBarLegend)
#include "tst_barlegend.moc"
