// The Rings panel: peaks per ring under a heading per resource that names its unit, and the two
// chapter-05 diagnoses stated plainly, on a generated imbalanced capture and a generated
// at-capacity capture.

#include "generatedcapture.h"

#include "model/analysis/ringtracks.h"
#include "model/format/countertext.h"
#include "model/format/durationtext.h"
#include "model/io/loader.h"
#include "testmain.h"
#include "widgets/panels/ringsmodel.h"
#include "widgets/panels/ringspanel.h"
#include "widgets/text/countertooltip.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QLabel>
#include <QTemporaryDir>
#include <QTreeView>
#include <algorithm>
#include <cmath>

using namespace lanescope;

namespace {

const QString kRebalance =
    QStringLiteral("One ring carries the load while others idle → rebalance scopes (05a)");
const QString kConstraint = QStringLiteral("A peak sits at capacity → that ring is the constraint (05b)");

CapturePtr generated(WorkloadKind workload, int window, const QTemporaryDir &dir)
{
    GeneratorOptions o;
    o.workload = workload;
    o.taskWindowMax = window;
    o.blockDim = 4;
    o.hostLog = false;
    return generateAndLoad(o, dir.path());
}

const QString kWindow = QStringLiteral("Task window (slots)");
const QString kHeap = QStringLiteral("Heap (MiB)");
const QString kDepPool = QStringLiteral("Dep pool (entries)");

// The row of a ring under the heading of its resource (its Ring cell), or an invalid index.
QModelIndex rowOf(const QAbstractItemModel *model, int ring, const QString &heading)
{
    for (int g = 0; g < model->rowCount(); ++g) {
        const QModelIndex group = model->index(g, 0);
        if (group.data().toString() != heading)
            continue;
        for (int r = 0; r < model->rowCount(group); ++r)
            if (model->index(r, RingsModel::RingColumn, group).data().toString() == QString::number(ring))
                return model->index(r, RingsModel::RingColumn, group);
    }
    return {};
}

// The text of a column in a ring's row.
QString cell(const QModelIndex &row, int column)
{
    return row.siblingAtColumn(column).data().toString();
}

QStringList headings(const QAbstractItemModel *model)
{
    QStringList titles;
    for (int g = 0; g < model->rowCount(); ++g)
        titles << model->index(g, 0).data().toString();
    return titles;
}

// Every ring's row, heading after heading.
QModelIndexList ringRows(const QAbstractItemModel *model)
{
    QModelIndexList rows;
    for (int g = 0; g < model->rowCount(); ++g)
        for (int r = 0; r < model->rowCount(model->index(g, 0)); ++r)
            rows << model->index(r, 0, model->index(g, 0));
    return rows;
}

// The sort values of a column under each heading, in row order.
std::vector<std::vector<double>> columnByGroup(const QAbstractItemModel *model, int column)
{
    std::vector<std::vector<double>> groups;
    for (int g = 0; g < model->rowCount(); ++g) {
        std::vector<double> values;
        const QModelIndex group = model->index(g, 0);
        for (int r = 0; r < model->rowCount(group); ++r)
            values.push_back(model->index(r, column, group).data(RingsModel::ValueRole).toDouble());
        groups.push_back(values);
    }
    return groups;
}

CaptureAnalysisPtr analysisOf(const CapturePtr &capture)
{
    return std::make_shared<const CaptureAnalysis>(analyzeCapture(*capture));
}

} // namespace

class TestRingsPanel : public QObject
{
    Q_OBJECT

private slots:
    void imbalancedCaptureSaysRebalance()
    {
        QTemporaryDir dir;
        const CapturePtr capture = generated(WorkloadKind::RingImbalance, 16384, dir);
        QVERIFY(capture);
        RingsPanel panel;
        panel.setCapture(capture, analysisOf(capture));
        const QString text = panel.diagnosisText();
        QVERIFY2(text.startsWith(kRebalance + QStringLiteral(": ring 3 holds 100.0% of the tasks.")),
                 qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("(05b)")), qPrintable(text));
        const QModelIndex row = rowOf(panel.model(), 3, kWindow);
        QVERIFY(row.isValid());
        QCOMPARE(cell(row, RingsModel::CapacityColumn), QStringLiteral("16384"));
        QVERIFY(cell(row, RingsModel::TasksColumn).toInt() > 0);
        // Rings 0-2 only carry the enclosing scopes: known to stay empty, so no peak moment or site.
        const QModelIndex idle = rowOf(panel.model(), 0, kWindow);
        QVERIFY(idle.isValid());
        QCOMPARE(cell(idle, RingsModel::PeakColumn), QStringLiteral("0"));
        QCOMPARE(cell(idle, RingsModel::AtColumn), QStringLiteral("—"));
        QCOMPARE(cell(idle, RingsModel::TasksColumn), QStringLiteral("0"));
    }

    void atCapacityCaptureNamesTheConstraint()
    {
        QTemporaryDir dir;
        const CapturePtr capture = generated(WorkloadKind::RingAtCapacity, 16, dir);
        QVERIFY(capture);
        RingsPanel panel;
        panel.setCapture(capture, analysisOf(capture));
        const QString text = panel.diagnosisText();
        QVERIFY2(text.startsWith(
                     kConstraint +
                     QStringLiteral(": ring 2 task window peaks at 16 of 16 (100.0%) in pressure.py:31.")),
                 qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("(05a)")), qPrintable(text));
        const QModelIndex row = rowOf(panel.model(), 2, kWindow);
        QVERIFY(row.isValid());
        QCOMPARE(cell(row, RingsModel::PeakColumn), QStringLiteral("16"));
        QCOMPARE(cell(row, RingsModel::CapacityColumn), QStringLiteral("16"));
        QCOMPARE(cell(row, RingsModel::PercentColumn), QStringLiteral("100.0"));
        QCOMPARE(row.siblingAtColumn(RingsModel::PercentColumn).data(Qt::ForegroundRole).value<QColor>(),
                 QColor(200, 40, 40));
        QCOMPARE(cell(row, RingsModel::SiteColumn), QStringLiteral("pressure.py:31"));
        const QModelIndex heap = rowOf(panel.model(), 2, kHeap);
        QVERIFY(heap.isValid());
        QCOMPARE(cell(heap, RingsModel::CapacityColumn), QStringLiteral("256.0"));
    }

    // Every column holds one unit: each resource's heading names the unit of its Peak and Capacity
    // cells, which are plain right-aligned numbers (the heap in MiB with one decimal); the headings
    // span their row and are open.
    void eachResourceNamesItsUnit()
    {
        QTemporaryDir dir;
        const CapturePtr capture = generated(WorkloadKind::RingAtCapacity, 16, dir);
        QVERIFY(capture);
        RingsPanel panel;
        QAbstractItemModelTester tester(panel.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        panel.setCapture(capture, analysisOf(capture));
        const QAbstractItemModel *model = panel.model();
        QCOMPARE(headings(model), (QStringList{kWindow, kHeap, kDepPool}));
        QCOMPARE(model->headerData(RingsModel::PeakColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Peak"));
        QCOMPARE(model->headerData(RingsModel::CapacityColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Capacity"));
        for (int g = 0; g < model->rowCount(); ++g) {
            const QModelIndex group = model->index(g, 0);
            QVERIFY(panel.tree()->isExpanded(group));
            QVERIFY(panel.tree()->isFirstColumnSpanned(g, {}));
            QVERIFY(model->rowCount(group) > 0);
            const bool heap = group.data().toString() == kHeap;
            for (int r = 0; r < model->rowCount(group); ++r)
                for (const int column : {RingsModel::PeakColumn, RingsModel::CapacityColumn}) {
                    const QModelIndex at = model->index(r, column, group);
                    QCOMPARE(at.data(Qt::TextAlignmentRole).toInt(), int(Qt::AlignRight | Qt::AlignVCenter));
                    const double value = at.data(RingsModel::ValueRole).toDouble();
                    QCOMPARE(at.data().toString(), heap ? QString::number(value / (1024.0 * 1024.0), 'f', 1)
                                                        : QString::number(value, 'f', 0));
                }
        }
    }

    // The panel shows the figures of the analysis it is handed (here another capture's, so a
    // recomputation would show), and says it is waiting while there is none.
    void showsTheAnalysisItIsGiven()
    {
        QTemporaryDir dir;
        const CapturePtr capacity = generated(WorkloadKind::RingAtCapacity, 16, dir);
        QVERIFY(capacity);
        RingsPanel panel;
        const auto empty = std::make_shared<Capture>();
        panel.setCapture(empty, analysisOf(capacity));
        QVERIFY2(panel.diagnosisText().startsWith(kConstraint), qPrintable(panel.diagnosisText()));
        QVERIFY(rowOf(panel.model(), 2, kWindow).isValid());
        panel.setCapture(empty, nullptr);
        QCOMPARE(panel.diagnosisText(), QStringLiteral("Analysing the capture…"));
        QCOMPARE(panel.model()->rowCount(), 0);
    }

    // Rows open in ring order; a real click on a column's header sorts the rings under each heading
    // by the number, not its text ("100.0" after "9.4"), with the unknown ones ("—") first, and a
    // second click the other way; the headings keep their order, and a new capture keeps the order.
    void sortsByValueWithinEachResource_data()
    {
        QTest::addColumn<int>("column");
        QTest::newRow("% of capacity") << int(RingsModel::PercentColumn);
        QTest::newRow("peak") << int(RingsModel::PeakColumn);
        QTest::newRow("at") << int(RingsModel::AtColumn);
    }
    void sortsByValueWithinEachResource()
    {
        QFETCH(int, column);
        QTemporaryDir dir;
        const CapturePtr capture = generated(WorkloadKind::RingAtCapacity, 16, dir);
        QVERIFY(capture);
        RingsPanel panel;
        panel.resize(1200, 400);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QAbstractItemModelTester tester(panel.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        panel.setCapture(capture, analysisOf(capture));
        const QAbstractItemModel *model = panel.model();
        const QStringList titles = headings(model);
        QVERIFY(titles.size() > 1);
        for (const auto &rings : columnByGroup(model, RingsModel::RingColumn)) {
            QVERIFY(rings.size() > 1);
            QVERIFY(std::is_sorted(rings.begin(), rings.end()));
        }
        QHeaderView *header = panel.tree()->header();
        const int x = header->sectionViewportPosition(column) + header->sectionSize(column) / 2;
        const auto sortedWithinEachHeading = [&](Qt::SortOrder order) {
            bool varied = false;
            for (auto values : columnByGroup(model, column)) {
                if (order == Qt::DescendingOrder)
                    std::reverse(values.begin(), values.end());
                if (!std::is_sorted(values.begin(), values.end()))
                    return false;
                varied = varied || values.front() != values.back();
            }
            return varied && headings(model) == titles;
        };
        for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
            QCOMPARE(header->sortIndicatorSection(), column);
            QCOMPARE(header->sortIndicatorOrder(), order);
            QVERIFY(sortedWithinEachHeading(order));
        }
        panel.setCapture(nullptr, nullptr);
        panel.setCapture(capture, analysisOf(capture));
        QVERIFY(sortedWithinEachHeading(Qt::DescendingOrder));
    }

    // The peak moments are written in one unit, named in the header, so they compare at a glance;
    // numbers and their headers are right-aligned, in columns as wide as they need.
    void peakMomentsReadInOneUnit()
    {
        QTemporaryDir dir;
        const CapturePtr capture = generated(WorkloadKind::RingAtCapacity, 16, dir);
        QVERIFY(capture);
        RingsPanel panel;
        panel.setCapture(capture, analysisOf(capture));
        const QAbstractItemModel *model = panel.model();
        const QModelIndexList rows = ringRows(model);
        std::vector<double> moments;
        for (const QModelIndex &row : rows)
            if (cell(row, RingsModel::AtColumn) != QStringLiteral("—"))
                moments.push_back(
                    row.siblingAtColumn(RingsModel::AtColumn).data(RingsModel::ValueRole).toDouble());
        QVERIFY(!moments.empty());
        const TimeUnit unit = columnUnit(moments);
        QCOMPARE(model->headerData(RingsModel::AtColumn, Qt::Horizontal).toString(),
                 QStringLiteral("At, inferred (%1)").arg(unitSuffix(unit)));
        for (const QModelIndex &row : rows) {
            const QModelIndex at = row.siblingAtColumn(RingsModel::AtColumn);
            QCOMPARE(at.data(Qt::TextAlignmentRole).toInt(), int(Qt::AlignRight | Qt::AlignVCenter));
            if (at.data().toString() == QStringLiteral("—"))
                continue;
            bool number = false;
            const double shown = at.data().toString().toDouble(&number);
            QVERIFY2(number, qPrintable(at.data().toString())); // no unit in the cell
            QVERIFY(std::abs(shown * unitScaleUs(unit) - at.data(RingsModel::ValueRole).toDouble()) <=
                    unitScaleUs(unit) * 0.05); // within rounding
        }
        for (const int column : {RingsModel::RingColumn, RingsModel::PeakColumn, RingsModel::CapacityColumn,
                                 RingsModel::PercentColumn, RingsModel::AtColumn, RingsModel::TasksColumn})
            QCOMPARE(model->headerData(column, Qt::Horizontal, Qt::TextAlignmentRole).toInt(),
                     int(Qt::AlignRight | Qt::AlignVCenter));
        QVERIFY(!panel.tree()->header()->stretchLastSection());
    }

    void thresholdsAreInTheTooltip()
    {
        RingsPanel panel;
        const auto *label = panel.findChild<QLabel *>(QStringLiteral("ringDiagnosis"));
        QVERIFY(label);
        QVERIFY(label->toolTip().contains(QStringLiteral("at least 90% of them")));
        QVERIFY(label->toolTip().contains(QStringLiteral("reaches 95% of its capacity")));
        QCOMPARE(panel.diagnosisText(), QStringLiteral("No capture."));
    }

    void withoutScopeStatsCapacitiesAreUnknown()
    {
        QTemporaryDir dir;
        GeneratorOptions o;
        o.scopeStats = false;
        o.tasks = 60;
        o.blockDim = 2;
        o.hostLog = false;
        const CapturePtr capture = generateAndLoad(o, dir.path());
        QVERIFY(capture);
        RingsPanel panel;
        panel.setCapture(capture, analysisOf(capture));
        QVERIFY(panel.diagnosisText().contains(QStringLiteral("No scope_stats.jsonl")));
        const QModelIndex row = rowOf(panel.model(), 0, kWindow);
        QVERIFY(row.isValid());
        QCOMPARE(cell(row, RingsModel::CapacityColumn), QStringLiteral("unknown"));
        QCOMPARE(cell(row, RingsModel::PercentColumn), QStringLiteral("—"));
        QCOMPARE(headings(panel.model()), QStringList{kWindow});
    }

    // The heap reads in MiB in the panel and on its lane, through one formatter: the panel's Peak and
    // Capacity cells are the numbers the lane's header and tooltip write before "MiB".
    void heapReadsInMiBOnTheLaneAndInThePanel_data()
    {
        QTest::addColumn<double>("peakBytes");
        QTest::addColumn<QString>("peak");
        QTest::addColumn<QString>("lane");
        QTest::newRow("a fifth of 256 MiB")
            << 60.7e6 << QStringLiteral("57.9") << QStringLiteral("peak 57.9 MiB · 22.6% of 256.0 MiB");
        QTest::newRow("nearly full") << 260.0e6 << QStringLiteral("248.0")
                                     << QStringLiteral("peak 248.0 MiB · 96.9% of 256.0 MiB");
    }
    void heapReadsInMiBOnTheLaneAndInThePanel()
    {
        QFETCH(double, peakBytes);
        QFETCH(QString, peak);
        QFETCH(QString, lane);
        auto rings = std::make_shared<RingOccupancy>();
        RingSeries heap;
        heap.timesUs = {0, 10, 20};
        heap.values = {0, peakBytes, 0};
        heap.siteOfStep = {-1, -1, -1};
        heap.capacity = 256.0 * 1024 * 1024;
        heap.peak = peakBytes;
        heap.peakUs = 10;
        rings->series[0][std::size_t(RingResource::Heap)] = heap;
        rings->tasksPerRing = {1, 0, 0, 0};

        RingsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRings(rings.get());
        const QModelIndex row = rowOf(&model, 0, kHeap);
        QVERIFY(row.isValid());
        QCOMPARE(cell(row, RingsModel::PeakColumn), peak);
        QCOMPARE(cell(row, RingsModel::CapacityColumn), QStringLiteral("256.0"));

        const std::vector<CounterTrack> tracks = ringCounterTracks(rings);
        const auto track = std::find_if(tracks.begin(), tracks.end(), [](const CounterTrack &t) {
            return t.name == QStringLiteral("ring 0 heap");
        });
        QVERIFY(track != tracks.end());
        QCOMPARE(track->unit, CounterUnit::Bytes);
        QCOMPARE(counterScaleText(*track, 0, peakBytes), lane);
        QVERIFY(lane.contains(peak + QStringLiteral(" MiB")));
        QVERIFY(lane.contains(cell(row, RingsModel::PercentColumn) + u'%'));
        QVERIFY(describeCounterAt(*track, 15).contains(peak + QStringLiteral(" MiB of 256.0 MiB")));
    }
};

LANESCOPE_TEST_MAIN(TestRingsPanel)
#include "tst_ringspanel.moc"
