#include "model/io/loader.h"
#include "model/session/capturedocument.h"
#include "model/session/capturefacts.h"
#include "testmain.h"
#include "widgets/panels/functiontable.h"
#include "widgets/panels/functiontablemodel.h"
#include "widgets/timeline/timelineview.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTableView>

using namespace lanescope;

namespace {

FunctionStats stats(int funcId, const QString &name, std::size_t count, double avgExec)
{
    FunctionStats f;
    f.funcId = funcId;
    f.name = name;
    f.count = count;
    f.avgExecUs = avgExec;
    f.totalExecUs = avgExec * double(count);
    return f;
}

// Level 1: no AICPU data, so latency, exec %, head and tail are unknown.
FunctionSummary levelOneSummary()
{
    FunctionSummary s;
    s.hasAicpu = false;
    s.functions = {stats(0, QStringLiteral("qk"), 4, 2.5), stats(1, QStringLiteral("sv"), 10, 1.0),
                   stats(2, QStringLiteral("mm"), 1, 7.0)};
    s.total = stats(-1, QStringLiteral("TOTAL"), 15, 27.0 / 15);
    return s;
}

} // namespace

class TestFunctionTable : public QObject
{
    Q_OBJECT

private slots:
    void modelPassesTheTester()
    {
        FunctionTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSummary(levelOneSummary());
        const CapturePtr sample = loadCapture(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4")).capture;
        QVERIFY(sample);
        model.setSummary(functionSummary(*sample));
        QVERIFY(model.rowCount() > 0);
        QSortFilterProxyModel proxy;
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        proxy.setSortRole(Qt::UserRole);
        proxy.sort(FunctionTableModel::AvgLatency, Qt::DescendingOrder);
        model.setSummary(levelOneSummary());
    }

    void cells_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("text");
        QTest::newRow("name") << 0 << int(FunctionTableModel::Name) << "qk";
        QTest::newRow("count") << 1 << int(FunctionTableModel::Count) << "10";
        QTest::newRow("avg exec") << 0 << int(FunctionTableModel::AvgExec) << "2.500";
        QTest::newRow("avg exec, whole") << 1 << int(FunctionTableModel::AvgExec) << "1.000";
        QTest::newRow("latency unknown at level 1") << 0 << int(FunctionTableModel::AvgLatency) << "–";
        QTest::newRow("exec % unknown") << 1 << int(FunctionTableModel::ExecPct) << "–";
        QTest::newRow("head unknown") << 2 << int(FunctionTableModel::AvgHead) << "–";
        QTest::newRow("tail unknown") << 2 << int(FunctionTableModel::AvgTail) << "–";
        QTest::newRow("total exec") << 0 << int(FunctionTableModel::TotalExec) << "10.000";
        QTest::newRow("share of busy time") << 2 << int(FunctionTableModel::BusyShare) << "25.9 %";
        QTest::newRow("propagation unknown at level 1") << 1 << int(FunctionTableModel::AvgProp) << "–";
        QTest::newRow("local setup without receive times")
            << 1 << int(FunctionTableModel::AvgLocal) << "0.000";
    }
    void cells()
    {
        QFETCH(int, row);
        QFETCH(int, column);
        QFETCH(QString, text);
        FunctionTableModel model;
        model.setSummary(levelOneSummary());
        QCOMPARE(model.index(row, column).data().toString(), text);
    }

    void levelFourColumnsAreFilled()
    {
        FunctionSummary s;
        FunctionStats f = stats(3, QStringLiteral("x"), 2, 3.0);
        f.avgLatencyUs = 4.0;
        f.execPct = 75.0;
        f.avgHeadOhUs = 0.5;
        f.avgTailOhUs = 0.5;
        s.functions = {f};
        FunctionTableModel model;
        model.setSummary(s);
        QCOMPARE(model.index(0, FunctionTableModel::ExecPct).data().toString(), QStringLiteral("75.0 %"));
        QCOMPARE(model.index(0, FunctionTableModel::AvgLatency).data(Qt::UserRole).toDouble(), 4.0);
        QCOMPARE(model.index(0, FunctionTableModel::AvgHead).data().toString(), QStringLiteral("500.0"));
        QCOMPARE(model.headerData(FunctionTableModel::AvgHead, Qt::Horizontal).toString(),
                 QStringLiteral("Avg head (ns)"));
        // Exec ÷ latency is named for what it is, and its tooltip says it is no share of the run.
        QCOMPARE(model.headerData(FunctionTableModel::ExecPct, Qt::Horizontal).toString(),
                 QStringLiteral("Exec ÷ latency"));
        QVERIFY(model.headerData(FunctionTableModel::ExecPct, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("not a share of the run")));
    }

    // The converter's v3 head split (supplement §6.1): Avg Prop and Avg Local beside the head.
    void headSplitColumns()
    {
        FunctionSummary s;
        FunctionStats f = stats(3, QStringLiteral("x"), 2, 3.0);
        f.avgHeadOhUs = 1.25;
        f.avgPropagationUs = 0.75;
        f.avgLocalSetupUs = 0.5;
        s.functions = {f};
        s.total = f;
        FunctionTableModel model;
        model.setSummary(s);
        QCOMPARE(model.index(0, FunctionTableModel::AvgProp).data().toString(), QStringLiteral("750.0"));
        QCOMPARE(model.index(0, FunctionTableModel::AvgLocal).data().toString(), QStringLiteral("500.0"));
        QCOMPARE(model.headerData(FunctionTableModel::AvgProp, Qt::Horizontal).toString(),
                 QStringLiteral("Avg prop (ns)"));
        QCOMPARE(model.headerData(FunctionTableModel::AvgLocal, Qt::Horizontal).toString(),
                 QStringLiteral("Avg local (ns)"));
        QCOMPARE(model.index(0, FunctionTableModel::BusyShare).data().toString(), QStringLiteral("100.0 %"));
    }

    // One unit per column, chosen by its median: a tail of 0.5 µs beside tails of 1.6 and 2 µs
    // reads "0.503" under "Avg tail (µs)", not "502.917 ns", and every number of the column keeps
    // three decimals.
    void oneUnitPerColumn()
    {
        FunctionSummary s;
        for (const double tail : {0.502917, 1.663, 2.0}) {
            FunctionStats f = stats(int(s.functions.size()), QStringLiteral("f"), 1, 1500.0 * tail);
            f.avgTailOhUs = tail;
            s.functions.push_back(f);
        }
        FunctionTableModel model;
        model.setSummary(s);
        QCOMPARE(model.index(0, FunctionTableModel::AvgTail).data().toString(), QStringLiteral("0.503"));
        QCOMPARE(model.index(1, FunctionTableModel::AvgTail).data().toString(), QStringLiteral("1.663"));
        QCOMPARE(model.index(2, FunctionTableModel::AvgTail).data().toString(), QStringLiteral("2.000"));
        // Exec times of 754 µs to 3 ms: the median (2.494 ms) puts the column in ms.
        QCOMPARE(model.index(0, FunctionTableModel::AvgExec).data().toString(), QStringLiteral("0.754"));
        QCOMPARE(model.index(2, FunctionTableModel::AvgExec).data().toString(), QStringLiteral("3.000"));
        // The unit is named once, in the header.
        QCOMPARE(model.headerData(FunctionTableModel::AvgTail, Qt::Horizontal).toString(),
                 QStringLiteral("Avg tail (µs)"));
        QCOMPARE(model.headerData(FunctionTableModel::AvgExec, Qt::Horizontal).toString(),
                 QStringLiteral("Avg exec (ms)"));
        QCOMPARE(model.headerData(FunctionTableModel::AvgTail, Qt::Horizontal, Qt::TextAlignmentRole).toInt(),
                 int(Qt::AlignRight | Qt::AlignVCenter));
    }

    // Numbers keep columns of their width: the last column does not stretch across the dock.
    void numberColumnsFitTheirContents()
    {
        FunctionTable table;
        table.resize(1600, 300);
        table.show();
        QVERIFY(QTest::qWaitForWindowExposed(&table));
        table.model()->setSummary(levelOneSummary());
        table.view()->resizeColumnsToContents();
        QHeaderView *header = table.view()->horizontalHeader();
        QVERIFY(!header->stretchLastSection());
        QVERIFY2(header->sectionSize(FunctionTableModel::AvgTail) < 200,
                 qPrintable(QString::number(header->sectionSize(FunctionTableModel::AvgTail))));
        QVERIFY(header->sectionSize(FunctionTableModel::Name) >
                header->sectionSize(FunctionTableModel::AvgTail));
    }

    void sortsByNumberNotText()
    {
        FunctionTable table;
        FunctionTableModel *model = table.model();
        model->setSummary(levelOneSummary());
        table.view()->sortByColumn(FunctionTableModel::Count, Qt::DescendingOrder);
        QSortFilterProxyModel *proxy = table.proxy();
        // 10 > 4 > 1, although "4" > "10" > "1" as text.
        QCOMPARE(proxy->index(0, FunctionTableModel::Name).data().toString(), QStringLiteral("sv"));
        QCOMPARE(proxy->index(1, FunctionTableModel::Name).data().toString(), QStringLiteral("qk"));
        QCOMPARE(proxy->index(2, FunctionTableModel::Name).data().toString(), QStringLiteral("mm"));
    }

    // The table shows the summary its document computed on opening: a tab switch (setCapture)
    // does not summarise the rows again.
    void showsTheDocumentsSummary()
    {
        const OpenedDocument opened = openDocument(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4"));
        QVERIFY(opened.ok());
        auto run = std::make_shared<Capture>(*opened.document->runs.defaultRun());
        QVERIFY(run->facts && run->facts->functions);
        QCOMPARE(run->facts->functions->functions.size(), functionSummary(*run).functions.size());
        auto facts = std::make_shared<CaptureFacts>(*run->facts);
        facts->functions = levelOneSummary(); // what no pass over the rows would give
        run->facts = facts;
        FunctionTable table;
        table.setCapture(run);
        QCOMPARE(table.model()->rowCount(), 3);
        QCOMPARE(table.model()->index(0, FunctionTableModel::Name).data().toString(), QStringLiteral("qk"));
        // The "All runs" view has no per-function figures.
        facts->functions.reset();
        table.setCapture(run);
        QCOMPARE(table.model()->rowCount(), 0);
    }

    void clickingARowLocatesTheLongestInstance()
    {
        const CapturePtr sample = loadCapture(QStringLiteral(LANESCOPE_SAMPLES "/sample-l4")).capture;
        QVERIFY(sample);
        QWidget window;
        auto *view = new TimelineView(&window);
        auto *table = new FunctionTable(&window);
        view->setGeometry(0, 0, 1200, 500);
        table->setGeometry(0, 500, 1200, 300);
        window.resize(1200, 800);
        view->setCapture(sample);
        table->setCapture(sample);
        connect(table, &FunctionTable::functionActivated, view, &TimelineView::locateFunction);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        const QModelIndex first = table->proxy()->index(0, FunctionTableModel::Name);
        const int funcId = first.data(FunctionTableModel::FuncIdRole).toInt();
        const QRect cell = table->view()->visualRect(first);
        QTest::mouseClick(table->view()->viewport(), Qt::LeftButton, {}, cell.center());

        // The longest row of that function, found by hand.
        double longest = -1;
        std::size_t longestRow = 0;
        for (std::size_t r = 0; r < sample->rows.size(); ++r) {
            if (sample->rows[r].funcId == funcId && sample->rows[r].durationUs() > longest) {
                longest = sample->rows[r].durationUs();
                longestRow = r;
            }
        }
        QVERIFY(view->selection());
        const Lane &lane = sample->lanes[std::size_t(view->selection()->lane)];
        QCOMPARE(lane.kind, LaneKind::Worker);
        const Slice &s = lane.slices[view->selection()->slice];
        QCOMPARE(std::size_t(s.ref), longestRow);
        QVERIFY(view->visibleRange().contains((s.startUs + s.endUs) / 2));
    }
};

LANESCOPE_TEST_MAIN(TestFunctionTable)
#include "tst_functiontable.moc"
