// The Rings panel: peaks per ring and resource, and the two chapter-05 diagnoses stated plainly,
// on a generated imbalanced capture and a generated at-capacity capture.

#include "generatedcapture.h"

#include "model/format/durationtext.h"
#include "model/io/loader.h"
#include "widgets/panels/ringspanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
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

// The group of a resource: its heading names the unit of its Peak and Capacity cells.
QTreeWidgetItem *groupOf(const QTreeWidget *tree, const QString &heading)
{
    for (int g = 0; g < tree->topLevelItemCount(); ++g)
        if (tree->topLevelItem(g)->text(0) == heading)
            return tree->topLevelItem(g);
    return nullptr;
}

// The row of (ring, resource heading), or null.
QTreeWidgetItem *itemOf(const QTreeWidget *tree, int ring, const QString &heading)
{
    QTreeWidgetItem *group = groupOf(tree, heading);
    for (int r = 0; group && r < group->childCount(); ++r)
        if (group->child(r)->text(RingsPanel::RingColumn) == QString::number(ring))
            return group->child(r);
    return nullptr;
}

// Every ring row, group by group.
std::vector<QTreeWidgetItem *> ringRows(const QTreeWidget *tree)
{
    std::vector<QTreeWidgetItem *> rows;
    for (int g = 0; g < tree->topLevelItemCount(); ++g)
        for (int r = 0; r < tree->topLevelItem(g)->childCount(); ++r)
            rows.push_back(tree->topLevelItem(g)->child(r));
    return rows;
}

const QString kWindow = QStringLiteral("Task window (slots)");
const QString kHeap = QStringLiteral("Heap (MiB)");

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
        const QTreeWidgetItem *row = itemOf(panel.tree(), 3, kWindow);
        QVERIFY(row);
        QCOMPARE(row->text(RingsPanel::CapacityColumn), QStringLiteral("16384"));
        QVERIFY(row->text(RingsPanel::TasksColumn).toInt() > 0);
        // Rings 0-2 only carry the enclosing scopes: known to stay empty, so no peak moment or site.
        const QTreeWidgetItem *idle = itemOf(panel.tree(), 0, kWindow);
        QVERIFY(idle);
        QCOMPARE(idle->text(RingsPanel::PeakColumn), QStringLiteral("0"));
        QCOMPARE(idle->text(RingsPanel::AtColumn), QStringLiteral("—"));
        QCOMPARE(idle->text(RingsPanel::TasksColumn), QStringLiteral("0"));
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
        const QTreeWidgetItem *row = itemOf(panel.tree(), 2, kWindow);
        QVERIFY(row);
        QCOMPARE(row->text(RingsPanel::PeakColumn), QStringLiteral("16"));
        QCOMPARE(row->text(RingsPanel::CapacityColumn), QStringLiteral("16"));
        QCOMPARE(row->text(RingsPanel::PercentColumn), QStringLiteral("100.0"));
        QCOMPARE(row->text(RingsPanel::SiteColumn), QStringLiteral("pressure.py:31"));
        // The heap in MiB, named once by its group's heading: the cells hold numbers alone.
        const QTreeWidgetItem *heap = itemOf(panel.tree(), 2, kHeap);
        QVERIFY(heap);
        QCOMPARE(heap->text(RingsPanel::CapacityColumn), QStringLiteral("256.0"));
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
        QVERIFY(itemOf(panel.tree(), 2, kWindow));
        panel.setCapture(empty, nullptr);
        QCOMPARE(panel.diagnosisText(), QStringLiteral("Analysing the capture…"));
        QCOMPARE(panel.tree()->topLevelItemCount(), 0);
    }

    // Rows open in ring order within each resource; a click on "% of capacity" sorts each
    // resource's rings by the number, not its text ("100.0" after "9.4"), the unknown ones ("—")
    // first; the resources stay in groups, so a column never mixes their units.
    void sortsByValueWithinEachResource()
    {
        QTemporaryDir dir;
        const CapturePtr capture = generated(WorkloadKind::RingAtCapacity, 16, dir);
        QVERIFY(capture);
        RingsPanel panel;
        panel.resize(1200, 400);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setCapture(capture, analysisOf(capture));
        QTreeWidget *tree = panel.tree();
        QCOMPARE(tree->topLevelItemCount(), 3);
        auto column = [&](QTreeWidgetItem *group, int c) {
            std::vector<double> values;
            for (int r = 0; r < group->childCount(); ++r)
                values.push_back(group->child(r)->data(c, Qt::UserRole).toDouble());
            return values;
        };
        for (int g = 0; g < tree->topLevelItemCount(); ++g) {
            const auto rings = column(tree->topLevelItem(g), RingsPanel::RingColumn);
            QVERIFY(std::is_sorted(rings.begin(), rings.end()));
        }
        QHeaderView *header = tree->header();
        const int x = header->sectionViewportPosition(RingsPanel::PercentColumn) +
                      header->sectionSize(RingsPanel::PercentColumn) / 2;
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
        QCOMPARE(tree->sortColumn(), int(RingsPanel::PercentColumn));
        bool someDiffer = false;
        for (int g = 0; g < tree->topLevelItemCount(); ++g) {
            QTreeWidgetItem *group = tree->topLevelItem(g);
            QCOMPARE(group->text(0).endsWith(u')'), true); // every group still names its unit
            const auto percent = column(group, RingsPanel::PercentColumn);
            QVERIFY(std::is_sorted(percent.begin(), percent.end()) ||
                    std::is_sorted(percent.rbegin(), percent.rend()));
            someDiffer |= percent.front() != percent.back();
        }
        QVERIFY(someDiffer);
    }

    // Every column holds one unit: the peak moments in one time unit named in the header, the
    // peaks and capacities in their resource's unit named by its group; numbers right-aligned.
    void everyColumnReadsInOneUnit()
    {
        QTemporaryDir dir;
        const CapturePtr capture = generated(WorkloadKind::RingAtCapacity, 16, dir);
        QVERIFY(capture);
        RingsPanel panel;
        panel.setCapture(capture, analysisOf(capture));
        QTreeWidget *tree = panel.tree();
        QCOMPARE(tree->topLevelItem(0)->text(0), kWindow);
        QCOMPARE(tree->topLevelItem(1)->text(0), kHeap);
        QCOMPARE(tree->topLevelItem(2)->text(0), QStringLiteral("Dep pool (entries)"));
        std::vector<double> moments;
        for (const QTreeWidgetItem *row : ringRows(tree))
            if (row->text(RingsPanel::AtColumn) != QStringLiteral("—"))
                moments.push_back(row->data(RingsPanel::AtColumn, Qt::UserRole).toDouble());
        QVERIFY(!moments.empty());
        const TimeUnit unit = columnUnit(moments);
        QCOMPARE(tree->headerItem()->text(RingsPanel::AtColumn),
                 QStringLiteral("At, inferred (%1)").arg(unitSuffix(unit)));
        for (const QTreeWidgetItem *row : ringRows(tree)) {
            for (const int c : {RingsPanel::PeakColumn, RingsPanel::CapacityColumn, RingsPanel::AtColumn}) {
                QCOMPARE(row->textAlignment(c), int(Qt::AlignRight | Qt::AlignVCenter));
                if (row->text(c) == QStringLiteral("—") || row->text(c) == QStringLiteral("unknown"))
                    continue;
                bool number = false;
                row->text(c).toDouble(&number);
                QVERIFY2(number, qPrintable(row->text(c))); // no unit in the cell
            }
            const QTreeWidgetItem *at = row;
            if (at->text(RingsPanel::AtColumn) == QStringLiteral("—"))
                continue;
            const double shown = at->text(RingsPanel::AtColumn).toDouble();
            QVERIFY(std::abs(shown * unitScaleUs(unit) -
                             at->data(RingsPanel::AtColumn, Qt::UserRole).toDouble()) <=
                    unitScaleUs(unit) * 0.05); // within rounding
        }
        QCOMPARE(tree->headerItem()->textAlignment(RingsPanel::PercentColumn),
                 int(Qt::AlignRight | Qt::AlignVCenter));
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
        const QTreeWidgetItem *row = itemOf(panel.tree(), 0, kWindow);
        QVERIFY(row);
        QCOMPARE(row->text(RingsPanel::CapacityColumn), QStringLiteral("unknown"));
        QCOMPARE(row->text(RingsPanel::PercentColumn), QStringLiteral("—"));
        QVERIFY(!groupOf(panel.tree(), kHeap));
    }
};

QTEST_MAIN(TestRingsPanel)
#include "tst_ringspanel.moc"
