#include "testmain.h"
#include "widgets/export/timelineexport.h"
#include "widgets/style/slicepalette.h"
#include "widgets/text/barstyle.h"

#include <QImage>

using namespace lanescope;

namespace {

// One AICore row of function 0 on ring 1, local 3: receive 100, start 200, end 600.
CapturePtr oneTask()
{
    auto c = std::make_shared<Capture>();
    TaskRow r;
    r.taskId = (1ull << 32) | 3;
    r.receiveUs = 100;
    r.startUs = 200;
    r.endUs = 600;
    r.funcId = 0;
    r.coreType = CoreType::Aic;
    r.flags = TaskRow::HasReceive;
    c->rows = {r};
    c->names.names.insert(0, QStringLiteral("qk_matmul"));
    Lane lane;
    lane.group = QStringLiteral("AICore");
    lane.name = QStringLiteral("AIC_0");
    lane.kind = LaneKind::Worker;
    lane.slices = {Slice{100, 600, 0, 1, 0, 0}};
    c->lanes = {lane};
    return c;
}

} // namespace

class TestBarStyle : public QObject
{
    Q_OBJECT

private slots:
    void labels_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("label");
        QTest::newRow("function") << int(BarLabelMode::Function) << "qk_matmul";
        QTest::newRow("task id") << int(BarLabelMode::TaskId) << "r1t3";
        QTest::newRow("both") << int(BarLabelMode::Both) << "qk_matmul(r1t3)";
    }
    void labels()
    {
        QFETCH(int, mode);
        QFETCH(QString, label);
        const CapturePtr c = oneTask();
        QCOMPARE(barLabel(*c, c->lanes[0], c->lanes[0].slices[0], BarLabelMode(mode)), label);
    }

    // The timeline writes bars straight into its image, which is only what filling them would do
    // for opaque colours: every colour a bar can get has no alpha.
    void barColoursAreOpaque()
    {
        std::vector<QRgb> colours = {dummyColour(),
                                     allocColour(),
                                     predicatedSkipColour(),
                                     neutralBarColour(),
                                     coreTypeColour(CoreType::Aic),
                                     coreTypeColour(CoreType::Aiv)};
        for (std::uint32_t key = 0; key < 200; ++key)
            colours.push_back(keyColour(key));
        for (const char *name : {"qk_matmul(r1t3)", "func_7_h", "alloc(t1)", "chip.run", "", "dispatch"})
            colours.push_back(nameColour(QString::fromLatin1(name)));
        const std::size_t bars = colours.size();
        for (std::size_t i = 0; i < bars; ++i)
            colours.push_back(setupHeadColour(colours[i]));
        for (QRgb c : colours)
            QVERIFY2(qAlpha(c) == 255, qPrintable(QString::number(c, 16)));
    }

    void setupHeadIsLighter()
    {
        const CapturePtr c = oneTask();
        TimelinePaintOptions options;
        options.drawLabels = false;
        const QSize size(1000, 100);
        const TimeRange range{0, 1000};
        const QImage image = renderImage(*c, size, range, 1.0, options);
        const TimelineViewport vp = exportViewport(*c, size, range);
        const int y = vp.lanesTop() + 24 + 2 + 8;
        const QRgb bar = keyColour(1);
        QCOMPARE(image.pixel(int(vp.xOf(150)), y) & 0xffffff, setupHeadColour(bar) & 0xffffff);
        QCOMPARE(image.pixel(int(vp.xOf(400)), y) & 0xffffff, bar & 0xffffff);
        QVERIFY(setupHeadColour(bar) != bar);

        options.drawSetupHeads = false;
        const QImage plain = renderImage(*c, size, range, 1.0, options);
        QCOMPARE(plain.pixel(int(vp.xOf(150)), y) & 0xffffff, bar & 0xffffff);
    }
};

LANESCOPE_TEST_MAIN(TestBarStyle)
#include "tst_barstyle.moc"
