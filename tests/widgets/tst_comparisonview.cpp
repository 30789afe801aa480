#include "beforeafterpair.h"
#include "capturegenerator.h"
#include "diffpairs.h"
#include "generatedcapture.h"
#include "model/io/loader.h"
#include "model/techniques/sideruns.h"
#include "testmain.h"
#include "widgets/comparison/comparisontablemodel.h"
#include "widgets/comparison/comparisonview.h"
#include "widgets/comparison/twintimeline.h"
#include "widgets/timeline/timelineview.h"

#include <QAbstractItemModelTester>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>
#include <thread>

using namespace lanescope;

class TstComparisonView : public QObject
{
    Q_OBJECT

    std::shared_ptr<const TechniqueCatalogue> m_catalogue;
    CapturePtr m_before;
    CapturePtr m_after;

    // As the window hands them over: each side with the analysis its loading thread computed (the
    // table below is checked against metrics computed afresh).
    std::unique_ptr<ComparisonView> makeView()
    {
        auto view = std::make_unique<ComparisonView>(m_catalogue);
        view->resize(1400, 900);
        auto analysisOf = [](const CapturePtr &c) {
            return std::make_shared<const CaptureAnalysis>(analyzeCapture(*c));
        };
        // No bar indexes: each timeline builds its own, as for captures that come without one.
        view->setPair({m_before,
                       QStringLiteral("before"),
                       QStringLiteral("/x/before"),
                       analysisOf(m_before),
                       nullptr,
                       {m_before}},
                      {m_after,
                       QStringLiteral("after"),
                       QStringLiteral("/x/after"),
                       analysisOf(m_after),
                       nullptr,
                       {m_after}});
        return view;
    }

    // The verdict column says exactly what the model decides for the pair.
    void verifyTableMatchesModel(const ComparisonView &view, const QString &technique,
                                 CompareOptions options = {})
    {
        const CaptureComparison expected =
            compareCaptures(*m_before, computeMetrics(*m_before), *m_after, computeMetrics(*m_after),
                            *m_catalogue, technique, options);
        const ComparisonTableModel *model = view.tableModel();
        QCOMPARE(model->rowCount(), int(expected.metrics.size()));
        QVERIFY(model->rowCount() > 0);
        for (int row = 0; row < model->rowCount(); ++row) {
            const MetricComparison &m = expected.metrics[std::size_t(row)];
            const auto cell = [&](int column, int role = Qt::DisplayRole) {
                return model->index(row, column).data(role);
            };
            QCOMPARE(cell(ComparisonTableModel::Metric, ComparisonTableModel::MetricIdRole).toString(), m.id);
            QCOMPARE(cell(ComparisonTableModel::VerdictColumn).toString(), verdictName(m.verdict));
            QCOMPARE(cell(ComparisonTableModel::VerdictColumn, ComparisonTableModel::VerdictRole).toInt(),
                     int(m.verdict));
            QCOMPARE(cell(ComparisonTableModel::Reason).toString(), m.reason);
            QCOMPARE(cell(ComparisonTableModel::Expected).toString(),
                     ComparisonTableModel::expectedText(m.expected));
            if (m.before)
                QCOMPARE(cell(ComparisonTableModel::Before, Qt::UserRole).toDouble(), *m.before);
            if (m.after)
                QCOMPARE(cell(ComparisonTableModel::After, Qt::UserRole).toDouble(), *m.after);
            if (m.delta)
                QCOMPARE(cell(ComparisonTableModel::Delta, Qt::UserRole).toDouble(), *m.delta);
        }
        QCOMPARE(view.comparison().comparable, expected.comparable);
        QCOMPARE(view.comparison().reasons, expected.reasons);
    }

    // As the window hands a capture over: with its analysis, or (`analysed` false) without, as a
    // file added from the Runs tab comes.
    static ComparedCapture compared(const CapturePtr &c, const QString &name, bool analysed = true)
    {
        return {c,
                name,
                QStringLiteral("/x/") + name,
                analysed ? std::make_shared<const CaptureAnalysis>(analyzeCapture(*c)) : nullptr,
                nullptr,
                {c}};
    }

    static int rowOf(const ComparisonView &view, const QString &id)
    {
        for (int row = 0; row < view.tableModel()->rowCount(); ++row)
            if (view.tableModel()->index(row, 0).data(ComparisonTableModel::MetricIdRole).toString() == id)
                return row;
        return -1;
    }

    static int dotsOf(const ComparisonView &view, const QString &id)
    {
        int points = 0;
        if (auto *chart = view.chartArea()->findChild<QChartView *>(QStringLiteral("chart_%1").arg(id)))
            for (QAbstractSeries *series : chart->chart()->series())
                if (auto *dots = qobject_cast<QScatterSeries *>(series))
                    points += int(dots->count());
        return points;
    }

    // Holds every metrics request of the view until `release` (or its cancellation).
    static void holdMetrics(ComparisonView &view, std::atomic<bool> &release, std::atomic<int> &held)
    {
        view.metricsJob()->setCheckpoint([&release, &held](const std::atomic<bool> &cancelled) {
            ++held;
            while (!release && !cancelled)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
        });
    }

private slots:
    void initTestCase()
    {
        QString error;
        auto catalogue = TechniqueCatalogue::fromFile(beforeAfterCatalogue(), &error);
        QVERIFY2(catalogue, qPrintable(error));
        m_catalogue = std::make_shared<const TechniqueCatalogue>(std::move(*catalogue));
        m_before = loadPair("before");
        m_after = loadPair("after");
        QVERIFY(m_before && m_after);
    }

    // A click on a heading sorts the table by that column's plain value, a second reverses it and a
    // third gives back the catalogue's order, the one it opens in.
    void headingsSortTheTable_data()
    {
        QTest::addColumn<int>("column");
        QTest::newRow("delta") << int(ComparisonTableModel::Delta);
        QTest::newRow("after") << int(ComparisonTableModel::After);
        QTest::newRow("metric") << int(ComparisonTableModel::Metric);
    }

    void headingsSortTheTable()
    {
        QFETCH(int, column);
        auto view = makeView();
        view->show();
        QTableView *table = view->table();
        const QAbstractItemModel *shown = table->model();
        const auto ids = [&] {
            QStringList out;
            for (int row = 0; row < shown->rowCount(); ++row)
                out << shown->index(row, 0).data(ComparisonTableModel::MetricIdRole).toString();
            return out;
        };
        // Whether the known values of the column run in `order` down the table.
        const auto inOrder = [&](Qt::SortOrder order) {
            QVariant previous;
            for (int row = 0; row < shown->rowCount(); ++row) {
                const QVariant value = shown->index(row, column).data(Qt::UserRole);
                if (!value.isValid())
                    continue;
                if (previous.isValid()) {
                    const auto c = QVariant::compare(previous, value);
                    if (order == Qt::AscendingOrder ? c == QPartialOrdering::Greater
                                                    : c == QPartialOrdering::Less)
                        return false;
                }
                previous = value;
            }
            return true;
        };
        QStringList catalogue;
        for (int row = 0; row < view->tableModel()->rowCount(); ++row)
            catalogue
                << view->tableModel()->index(row, 0).data(ComparisonTableModel::MetricIdRole).toString();
        QVERIFY(catalogue.size() > 2);
        QCOMPARE(ids(), catalogue);

        QHeaderView *header = table->horizontalHeader();
        const QPoint heading(header->sectionViewportPosition(column) + header->sectionSize(column) / 2,
                             header->height() / 2);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, heading);
        QVERIFY(inOrder(Qt::AscendingOrder));
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, heading);
        QVERIFY(inOrder(Qt::DescendingOrder));
        QVERIFY(ids() != catalogue);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, heading);
        QCOMPARE(ids(), catalogue);
    }

    void verdictsMatchTheModel_data()
    {
        QTest::addColumn<QString>("technique");
        QTest::newRow("general") << QStringLiteral("general");
        for (const Technique &t : m_catalogue->techniques())
            QTest::newRow(qPrintable(t.shortId)) << t.id;
    }

    void verdictsMatchTheModel()
    {
        QFETCH(QString, technique);
        auto view = makeView();
        QAbstractItemModelTester tester(view->tableModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        view->setTechnique(technique);
        QCOMPARE(view->technique(), technique);
        verifyTableMatchesModel(*view, technique);
    }

    // The pair is the chapter's 01a case: it confirms.
    void largerTilingConfirmsOnTheBundledPair()
    {
        auto view = makeView();
        view->setTechnique(QStringLiteral("01a"));
        QCOMPARE(view->technique(), QStringLiteral("01a-larger-tiling"));
        QVERIFY(view->comparison().comparable);
        int improved = 0;
        for (const MetricComparison &m : view->comparison().metrics) {
            QVERIFY2(m.verdict != Verdict::Regressed && m.verdict != Verdict::Broken, qPrintable(m.id));
            improved += m.verdict == Verdict::Improved;
        }
        QVERIFY(improved >= 4);
        QVERIFY(view->guardLabel()->text().contains(QStringLiteral("Comparable")));
        // A chart per metric pair both captures give.
        int pairs = 0;
        for (const MetricComparison &m : view->comparison().metrics)
            pairs += m.before && m.after;
        QCOMPARE(view->chartCount(), pairs);
    }

    // A file with several run epochs on each side: the check box (clicked) compares every run.
    // The table shows the median with the runs' range, each chart a dot per run; unchecking
    // goes back to the one run on screen.
    void everyRunCheckBox()
    {
        QTemporaryDir dir;
        GeneratorOptions o;
        o.workload = WorkloadKind::SpmdBefore;
        o.level = 4;
        o.hostLog = false;
        o.runs = 3;
        o.shape = RecordShape::Upstream; // several runs in one file need the upstream shape
        QVERIFY(generateAndLoad(o, dir.filePath(QStringLiteral("b"))));
        o.workload = WorkloadKind::SpmdAfter;
        o.runs = 2;
        QVERIFY(generateAndLoad(o, dir.filePath(QStringLiteral("a"))));
        LoadResult b = loadCapture(dir.filePath(QStringLiteral("b")));
        LoadResult a = loadCapture(dir.filePath(QStringLiteral("a")));
        QVERIFY(b.ok() && a.ok());
        QCOMPARE(b.runs.runs.size(), std::size_t(3));
        auto analysisOf = [](const CapturePtr &c) {
            return std::make_shared<const CaptureAnalysis>(analyzeCapture(*c));
        };
        ComparisonView view(m_catalogue);
        view.resize(1400, 900);
        QAbstractItemModelTester tester(view.tableModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.setPair({b.capture, QStringLiteral("b"), QString(), analysisOf(b.capture), nullptr,
                      std::vector<CapturePtr>(b.runs.runs.begin(), b.runs.runs.end())},
                     {a.capture, QStringLiteral("a"), QString(), analysisOf(a.capture), nullptr,
                      std::vector<CapturePtr>(a.runs.runs.begin(), a.runs.runs.end())});
        view.setTechnique(QStringLiteral("02b"));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCheckBox *box = view.everyRunBox();
        QVERIFY(box->isEnabled());
        QVERIFY(!view.usesEveryRun());
        QCOMPARE(view.comparison().beforeRuns, 1);

        const auto rowOf = [&](const QString &id) {
            for (int row = 0; row < view.tableModel()->rowCount(); ++row)
                if (view.tableModel()->index(row, 0).data(ComparisonTableModel::MetricIdRole).toString() ==
                    id)
                    return row;
            return -1;
        };
        const auto dotsOf = [&](const QString &id) {
            int points = 0;
            if (auto *chart = view.chartArea()->findChild<QChartView *>(QStringLiteral("chart_%1").arg(id)))
                for (QAbstractSeries *series : chart->chart()->series())
                    if (auto *dots = qobject_cast<QScatterSeries *>(series))
                        points += int(dots->count());
            return points;
        };
        QCOMPARE(dotsOf(QStringLiteral("M5")), 0);

        QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
        QVERIFY(view.usesEveryRun());
        // The runs without an analysis are measured off the GUI thread.
        QTRY_VERIFY_WITH_TIMEOUT(!view.metricsPending(), 30000);
        const CaptureComparison &c = view.comparison();
        QCOMPARE(c.beforeRuns, 3);
        QCOMPARE(c.afterRuns, 2);
        const int row = rowOf(QStringLiteral("M5"));
        QVERIFY(row >= 0);
        const QString before = view.tableModel()->index(row, ComparisonTableModel::Before).data().toString();
        QVERIFY2(before.endsWith(QStringLiteral(", 3 runs)")), qPrintable(before));
        QVERIFY(view.tableModel()
                    ->index(row, ComparisonTableModel::After)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(QStringLiteral("Median of 2 runs")));
        QCOMPARE(dotsOf(QStringLiteral("M5")), 5); // three Before runs, two After runs
        // The table still says exactly what the model decides for these runs.
        const MetricComparison &m5 = c.metrics[std::size_t(row)];
        QCOMPARE(m5.beforeRuns.size(), std::size_t(3));
        QCOMPARE(view.tableModel()->index(row, ComparisonTableModel::VerdictColumn).data().toString(),
                 verdictName(m5.verdict));

        QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
        QVERIFY(!view.usesEveryRun());
        QCOMPARE(view.comparison().beforeRuns, 1);
        QCOMPARE(dotsOf(QStringLiteral("M5")), 0);
    }

    // A second Before capture, added with the Runs tab's button and its file dialog: the table
    // greys under "Computing the metrics of 3 runs…" until they arrive, then shows Before's two
    // runs with their spread, exactly as compareCaptures() on measureRuns() (the CLI's path) says;
    // each chart has a dot per Before run. Remove takes it out again.
    void secondBeforeCaptureShowsTwoRunsAndTheSpread()
    {
        GeneratorOptions base = diffBaseOptions();
        const DiffPair probe = makeDiffPair(base, base);
        QVERIFY(probe.ok());
        std::int32_t slow = -1;
        std::size_t slowBars = 0;
        for (const TaskRow &r : probe.beforeRun().rows) {
            if (slow < 0 && r.funcId >= 0)
                slow = r.funcId;
            slowBars += r.funcId >= 0 && r.funcId == slow;
        }
        GeneratorOptions slowed = base;
        slowed.slowFunction = slow;
        slowed.slowByNs = 20000;
        const DiffPair pair = makeDiffPair(base, slowed);
        QVERIFY(pair.ok());
        // Before's second run: the function 4 µs slower, in a folder of its own.
        QTemporaryDir dir;
        GeneratorOptions second = base;
        second.slowFunction = slow;
        second.slowByNs = 4000;
        const QString secondPath = dir.filePath(QStringLiteral("before2"));
        QVERIFY(generateCapture(second, secondPath).ok());

        ComparisonView view(m_catalogue);
        view.resize(1400, 900);
        QAbstractItemModelTester tester(view.tableModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.setPair(compared(pair.before.runs.front(), QStringLiteral("b1")),
                     compared(pair.after.runs.front(), QStringLiteral("a1")));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(!view.metricsPending()); // both analysed: compared at once
        QCOMPARE(view.comparison().beforeRuns, 1);
        std::atomic<bool> release{false};
        std::atomic<int> held{0};
        holdMetrics(view, release, held);

        // The Runs tab, by a click on its tab; then "Add to Before…" and the file it asks for.
        QTabBar *tabs = view.sideTabs()->tabBar();
        int runsTab = -1;
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->tabText(i) == QStringLiteral("Runs"))
                runsTab = i;
        QVERIFY(runsTab >= 0);
        QTest::mouseClick(tabs, Qt::LeftButton, {}, tabs->tabRect(runsTab).center());
        QVERIFY(view.runsList()->isVisible());
        QCOMPARE(view.runsList()->topLevelItem(0)->childCount(), 1);
        bool dialogSeen = false;
        QString unexpected; // any other modal window: closed, and the test fails with what it said
        QTimer answer;
        connect(&answer, &QTimer::timeout, this, [&] {
            QWidget *modal = QApplication::activeModalWidget();
            if (auto *dialog = qobject_cast<QFileDialog *>(modal)) {
                dialogSeen = true;
                // Typed into its file name box, as a user would: selectFile() leaves the box as it
                // is while it has the focus, and names what the dialog's model has read so far.
                auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
                QVERIFY(name);
                name->setText(secondPath + QStringLiteral("/chip_swimlane_records.json"));
                // As the Open button does, once this slot has returned: a window that accept()
                // opens in turn is then answered by the next tick, as a timer never fires inside
                // its own slot.
                QMetaObject::invokeMethod(
                    dialog, [dialog] { static_cast<QDialog *>(dialog)->accept(); }, Qt::QueuedConnection);
            } else if (auto *other = qobject_cast<QDialog *>(modal)) {
                const auto *box = qobject_cast<QMessageBox *>(other);
                unexpected = box ? box->text() : other->windowTitle();
                other->reject();
            }
        });
        answer.start(20);
        QTest::mouseClick(view.addBeforeButton(), Qt::LeftButton);
        answer.stop();
        QVERIFY(dialogSeen);
        QVERIFY2(unexpected.isEmpty(), qPrintable(unexpected));

        // Opened off the GUI thread, then its metrics held: the table greys.
        QTRY_VERIFY_WITH_TIMEOUT(view.metricsPending(), 30000);
        QTRY_VERIFY(held > 0);
        QVERIFY(view.computingLabel()->isVisible());
        QCOMPARE(view.computingLabel()->text(), QStringLiteral("Computing the metrics of 3 runs…"));
        QVERIFY(!view.table()->isEnabled());
        QCOMPARE(view.captures(ComparisonView::Side::Before).size(), std::size_t(2));
        QCOMPARE(view.runsList()->topLevelItem(0)->childCount(), 2);
        QCOMPARE(view.runsList()->topLevelItem(0)->text(1), QStringLiteral("2 runs"));
        QCOMPARE(view.runsList()->topLevelItem(0)->child(1)->text(0),
                 QStringLiteral("before2/chip_swimlane_records.json"));
        release = true;
        QTRY_VERIFY_WITH_TIMEOUT(!view.metricsPending(), 30000);
        QVERIFY(!view.computingLabel()->isVisible());
        QVERIFY(view.table()->isEnabled());

        const CaptureComparison &c = view.comparison();
        QCOMPARE(c.beforeRuns, 2);
        QCOMPARE(c.afterRuns, 1);
        const std::vector<CapturePtr> beforeRuns = view.comparedRuns(ComparisonView::Side::Before);
        QCOMPARE(beforeRuns.size(), std::size_t(2));
        const std::optional<SideRuns> cliBefore = measureRuns(beforeRuns);
        const std::optional<SideRuns> cliAfter = measureRuns({pair.after.runs.front()});
        const CaptureComparison expected = compareCaptures(cliBefore->compared(), cliAfter->compared(),
                                                           *m_catalogue, QStringLiteral("general"));
        QCOMPARE(c.metrics.size(), expected.metrics.size());
        for (std::size_t k = 0; k < c.metrics.size(); ++k) {
            QCOMPARE(c.metrics[k].id, expected.metrics[k].id);
            QCOMPARE(c.metrics[k].beforeRuns, expected.metrics[k].beforeRuns);
            QCOMPARE(c.metrics[k].verdict, expected.metrics[k].verdict);
            QCOMPARE(c.metrics[k].reason, expected.metrics[k].reason);
        }
        // M6, the mean bar duration: the two runs differ by the 4 µs of the slowed function's bars.
        const int row = rowOf(view, QStringLiteral("M6"));
        QVERIFY(row >= 0);
        const MetricComparison &m6 = c.metrics[std::size_t(row)];
        QVERIFY(m6.beforeSpread);
        const double spread = 4.0 * double(slowBars) / double(probe.beforeRun().rows.size());
        QVERIFY(std::abs((m6.beforeSpread->max - m6.beforeSpread->min) - spread) < 1e-9);
        const QString cell = view.tableModel()->index(row, ComparisonTableModel::Before).data().toString();
        QVERIFY2(cell.endsWith(QStringLiteral(", 2 runs)")), qPrintable(cell));
        QVERIFY(view.tableModel()
                    ->index(row, ComparisonTableModel::Before)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(QStringLiteral("Median of 2 runs")));
        QCOMPARE(dotsOf(view, QStringLiteral("M6")), 2); // Before's two runs; After has one

        // Remove: select the added capture in the list with the mouse, then the button.
        QTreeWidget *list = view.runsList();
        QVERIFY(!view.removeRunButton()->isEnabled());
        QTreeWidgetItem *added = list->topLevelItem(0)->child(1);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(added).center());
        QVERIFY(view.removeRunButton()->isEnabled());
        QTest::mouseClick(view.removeRunButton(), Qt::LeftButton);
        QVERIFY(!view.metricsPending()); // every run's metrics known: compared at once
        QCOMPARE(view.comparison().beforeRuns, 1);
        QCOMPARE(list->topLevelItem(0)->childCount(), 1);
        QCOMPARE(dotsOf(view, QStringLiteral("M6")), 0);
        // The pair's own capture stays.
        QVERIFY(!view.removeCapture(ComparisonView::Side::Before, 0));
        // Added once per side.
        QVERIFY(!view.addCapture(ComparisonView::Side::After,
                                 compared(pair.after.runs.front(), QStringLiteral("a1"))));
    }

    // A new pair while a side's metrics are computing cancels them: the worker sees its flag, the
    // new pair is compared at once and nothing of the old request arrives later.
    void newPairCancelsPendingMetrics()
    {
        auto view = makeView();
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        QAbstractItemModelTester tester(view->tableModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        std::atomic<bool> release{false};
        std::atomic<int> held{0};
        holdMetrics(*view, release, held);
        const CapturePtr again = loadPair("before");
        QVERIFY(again);
        QVERIFY(
            view->addCapture(ComparisonView::Side::Before, compared(again, QStringLiteral("again"), false)));
        QVERIFY(view->metricsPending());
        QTRY_VERIFY(held > 0);
        QVERIFY(!view->table()->isEnabled());

        view->setPair(compared(m_after, QStringLiteral("after")),
                      compared(m_before, QStringLiteral("before")));
        QVERIFY(!view->metricsPending());
        QVERIFY(view->table()->isEnabled());
        QVERIFY(!view->computingLabel()->isVisible());
        QTRY_VERIFY(!view->metricsJob()->busy()); // the held worker woke on its cancel flag
        QTest::qWait(50);
        QCOMPARE(view->comparison().beforeRuns, 1);
        QCOMPARE(view->captures(ComparisonView::Side::Before).size(), std::size_t(1));
        QCOMPARE(view->before().capture, m_after);
        QCOMPARE(held.load(), 1);
    }

    // One run per side: nothing to repeat, so the box is off.
    void everyRunNeedsSeveralRuns()
    {
        auto view = makeView();
        QVERIFY(!view->everyRunBox()->isEnabled());
        view->setUsesEveryRun(true);
        QVERIFY(!view->usesEveryRun());
    }

    // Choosing the technique in the view's own box (keyboard) recomputes the table.
    void techniqueBoxRecomputes()
    {
        auto view = makeView();
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        QAbstractItemModelTester tester(view->tableModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(view->technique(), QStringLiteral("general"));
        QSignalSpy changed(view.get(), &ComparisonView::techniqueChanged);
        view->techniqueBox()->setFocus();
        QTest::keyClick(view->techniqueBox(), Qt::Key_Down);
        QCOMPARE(changed.count(), 1);
        const QString first = m_catalogue->techniques().front().id;
        QCOMPARE(view->technique(), first);
        verifyTableMatchesModel(*view, first);
    }

    // Tagging one side as a simulator run makes its timings not comparable, with the reason.
    void simulatorTagFeedsTheGuard()
    {
        auto view = makeView();
        view->setTechnique(QStringLiteral("01a"));
        view->setSimulated(false, true);
        CompareOptions options;
        options.beforeSimulated = false;
        options.afterSimulated = true;
        verifyTableMatchesModel(*view, QStringLiteral("01a-larger-tiling"), options);
        QVERIFY(!view->comparison().comparable);
        QVERIFY(!view->guardLabel()->text().contains(QStringLiteral("&#10004;")));
        for (const QString &reason : view->comparison().reasons)
            QVERIFY(view->guardLabel()->text().contains(reason.toHtmlEscaped()));
    }

    // Every text the view draws for one metric, as a person reads it: its table row, and the
    // chart's title, axes, legend and bar labels.
    static QStringList drawnTexts(const ComparisonView &view, const QString &id)
    {
        QStringList texts;
        const ComparisonTableModel *model = view.tableModel();
        for (int row = 0; row < model->rowCount(); ++row)
            if (model->index(row, 0).data(ComparisonTableModel::MetricIdRole).toString() == id)
                for (int column = 0; column < model->columnCount(); ++column)
                    texts << model->index(row, column).data().toString();
        auto *chart = view.chartArea()->findChild<QChartView *>(QStringLiteral("chart_") + id);
        if (!chart)
            return texts;
        for (QGraphicsItem *item : chart->scene()->items()) {
            if (auto *text = dynamic_cast<QGraphicsTextItem *>(item))
                texts << text->toPlainText();
            else if (auto *simple = dynamic_cast<QGraphicsSimpleTextItem *>(item))
                texts << simple->text();
        }
        for (QLegendMarker *marker : chart->chart()->legend()->markers())
            texts << marker->label();
        return texts;
    }

    // On the bundled pair the gaps total 22 941 µs After: every place the view draws it says so
    // in one unit, and no label puts the millisecond figure beside "µs".
    void timesReadInOneUnitEverywhere()
    {
        auto view = makeView();
        view->setTechnique(QStringLiteral("01a"));
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        QCoreApplication::processEvents();
        const QStringList texts = drawnTexts(*view, QStringLiteral("M7.gap_total_us"));
        QVERIFY(texts.contains(QStringLiteral("22.941 ms")));                             // the table's After
        QVERIFY(texts.contains(QStringLiteral("120.66 ms")));                             // its Before
        QVERIFY2(texts.contains(QStringLiteral("22.941")), qPrintable(texts.join(u'|'))); // the bar, in ms
        QVERIFY(texts.contains(QStringLiteral("ms"))); // the chart's axis names its unit
        for (const QString &text : texts) {
            QVERIFY2(!text.contains(QStringLiteral("µs")), qPrintable(text));
            QVERIFY2(!text.contains(QStringLiteral("22941")), qPrintable(text)); // raw µs beside ms
        }
    }

    void twinTimelinesShowThePair()
    {
        auto view = makeView();
        QCOMPARE(view->twin()->beforeView()->capture(), m_before);
        QCOMPARE(view->twin()->afterView()->capture(), m_after);
        QCOMPARE(view->twin()->beforeView()->caption(), QStringLiteral("Before: before"));
        QCOMPARE(view->twin()->afterView()->caption(), QStringLiteral("After: after"));
    }

    void markersAndNotesByHand()
    {
        auto view = makeView();
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        QSignalSpy edited(view.get(), &ComparisonView::reviewEdited);
        QTest::keyClicks(view->notesEdit(), QStringLiteral("gaps halved"));
        QCOMPARE(view->notes(), QStringLiteral("gaps halved"));

        // Zoom the shared axis to a window and drop a named marker at its centre.
        TimelineView *before = view->twin()->beforeView();
        const double start = before->captureExtent().startUs;
        before->setVisibleRange({start + 100, start + 300});
        QTest::keyClicks(view->markerNameEdit(), QStringLiteral("phase 2"));
        QTest::mouseClick(view->findChild<QPushButton *>(QStringLiteral("addMarker")), Qt::LeftButton);
        QCOMPARE(view->markers().size(), std::size_t(1));
        QCOMPARE(view->markers()[0].name, QStringLiteral("phase 2"));
        QVERIFY(std::abs(view->markers()[0].timeUs - 200) < 1e-6);
        QCOMPARE(view->markerList()->count(), 1);
        QVERIFY(view->markerNameEdit()->text().isEmpty());
        QVERIFY(edited.count() > 1);

        // Double-click shows it again after moving away.
        before->setVisibleRange({start + 1000, start + 1200});
        QListWidget *list = view->markerList();
        const QRect rect = list->visualItemRect(list->item(0));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
        QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, rect.center());
        QVERIFY(before->visibleRange().contains(start + 200));
        // The After view follows the same axis.
        QVERIFY(view->twin()->afterView()->visibleRange().contains(
            view->twin()->afterView()->captureExtent().startUs + 200));

        list->setCurrentRow(0);
        QTest::mouseClick(view->findChild<QPushButton *>(QStringLiteral("removeMarker")), Qt::LeftButton);
        QVERIFY(view->markers().empty());
    }
};

LANESCOPE_TEST_MAIN(TstComparisonView)
#include "tst_comparisonview.moc"
