#include "beforeafterpair.h"
#include "model/io/loader.h"
#include "widgets/comparison/comparisontablemodel.h"
#include "widgets/comparison/comparisonview.h"
#include "widgets/comparison/twintimeline.h"
#include "widgets/timeline/timelineview.h"

#include <QAbstractItemModelTester>
#include <QChartView>
#include <QComboBox>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

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
        view->setPair(
            {m_before, QStringLiteral("before"), QStringLiteral("/x/before"), analysisOf(m_before), nullptr},
            {m_after, QStringLiteral("after"), QStringLiteral("/x/after"), analysisOf(m_after), nullptr});
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
            QVERIFY2(m.verdict != Verdict::Regressed, qPrintable(m.id));
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
        QCOMPARE(view->twin()->beforeLabel()->text(), QStringLiteral("Before — before"));
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

QTEST_MAIN(TstComparisonView)
#include "tst_comparisonview.moc"
