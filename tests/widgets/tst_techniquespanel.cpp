#include "beforeafterpair.h"
#include "model/io/loader.h"
#include "model/techniques/symptomdetection.h"
#include "testmain.h"
#include "widgets/panels/techniquespanel.h"
#include "widgets/timeline/timelineview.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QTabBar>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTreeWidget>

using namespace lanescope;

class TstTechniquesPanel : public QObject
{
    Q_OBJECT

    std::shared_ptr<const TechniqueCatalogue> m_catalogue;
    CapturePtr m_before;
    CaptureAnalysisPtr m_beforeAnalysis; // as the window's loading computes it

    // A bundled sample, loaded once.
    CapturePtr sampleCapture(const QString &name)
    {
        CapturePtr &c = m_samples[name];
        if (!c)
            c = name == QStringLiteral("before")
                    ? m_before
                    : loadCapture(QStringLiteral(LANESCOPE_SAMPLES "/") + name).capture;
        return c;
    }
    std::map<QString, CapturePtr> m_samples;

private slots:
    void initTestCase()
    {
        QString error;
        auto catalogue = TechniqueCatalogue::fromFile(beforeAfterCatalogue(), &error);
        QVERIFY2(catalogue, qPrintable(error));
        m_catalogue = std::make_shared<const TechniqueCatalogue>(std::move(*catalogue));
        m_before = loadPair("before");
        QVERIFY(m_before);
        m_beforeAnalysis = std::make_shared<const CaptureAnalysis>(analyzeCapture(*m_before));
    }

    // Every technique of the chapter, under its page, pages in reading order.
    void listsAllTechniquesInPageOrder()
    {
        TechniquesPanel panel(m_catalogue);
        QAbstractItemModelTester tester(panel.techniqueTree()->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QStringList pages;
        QStringList techniques;
        QTreeWidget *tree = panel.techniqueTree();
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            QTreeWidgetItem *page = tree->topLevelItem(i);
            pages << page->text(0).section(u' ', 0, 0);
            for (int j = 0; j < page->childCount(); ++j) {
                const QString shortId = page->child(j)->text(0).section(u' ', 0, 0);
                QVERIFY2(shortId.startsWith(pages.last()),
                         qPrintable(shortId + " is not on page " + pages.last()));
                techniques << shortId;
            }
        }
        QCOMPARE(pages, (QStringList{"00", "01", "02", "03", "04", "05", "06"}));
        QCOMPARE(techniques.size(), 22);
        QStringList sorted = techniques;
        sorted.sort();
        QCOMPARE(techniques, sorted); // 01a, 01b, … 06b: the chapter's order
        QStringList fromCatalogue;
        for (const Technique &t : m_catalogue->techniques())
            fromCatalogue << t.shortId;
        QCOMPARE(techniques, fromCatalogue);
    }

    void techniqueShowsItsFourFields_data()
    {
        QTest::addColumn<QString>("id");
        for (const Technique &t : m_catalogue->techniques())
            QTest::newRow(qPrintable(t.shortId)) << t.id;
    }

    void techniqueShowsItsFourFields()
    {
        QFETCH(QString, id);
        TechniquesPanel panel(m_catalogue);
        panel.resize(500, 800);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        // Reach it the way a reader does: the Chapter tab, then its row in the list.
        QTabBar *tabs = panel.pages()->tabBar();
        QTest::mouseClick(tabs, Qt::LeftButton, {}, tabs->tabRect(1).center());
        QTreeWidget *tree = panel.techniqueTree();
        QVERIFY(tree->isVisible());
        QTreeWidgetItem *item = nullptr;
        for (QTreeWidgetItemIterator it(tree); *it; ++it) {
            if ((*it)->text(0).startsWith(m_catalogue->find(id)->shortId + u' '))
                item = *it;
        }
        QVERIFY(item);
        tree->scrollToItem(item);
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualItemRect(item).center());
        QCOMPARE(panel.currentTechnique(), id);
        const Technique *t = m_catalogue->find(id);
        const QString text = panel.detailsBrowser()->toPlainText();
        for (const char *heading : {"When it applies", "How", "Cost", "How to confirm"})
            QVERIFY2(text.contains(QLatin1String(heading)), heading);
        for (const QString &field : {t->whenItApplies, t->how, t->cost, t->howToConfirm}) {
            QVERIFY(!field.isEmpty());
            QVERIFY2(text.contains(field), qPrintable(field));
        }
        // Each confirmation metric by its tag and name ("M7 Total gap time"), never its value id.
        for (const ConfirmationMetric &m : t->confirmation) {
            QVERIFY2(text.contains(metricTag(m.metric) + u' ' + metricName(m.metric)), qPrintable(m.metric));
            if (m.metric.contains(u'.'))
                QVERIFY2(!text.contains(m.metric), qPrintable(m.metric));
        }
    }

    // The panel lists the suggestions of the analysis it is handed (computed off the GUI thread)
    // as they are, and says it is waiting while there is none.
    void takesSuggestionsFromTheAnalysis()
    {
        TimelineView view;
        TechniquesPanel panel(m_catalogue);
        auto analysis = std::make_shared<CaptureAnalysis>();
        Suggestion only;
        only.rule = QStringLiteral("R1");
        only.title = QStringLiteral("From the loading thread");
        only.techniques = {QStringLiteral("01a-larger-tiling")};
        analysis->suggestions = {only};
        analysis->metrics.values[QStringLiteral("M7")].value = 42.0;
        panel.setCapture(m_before, &view, QStringLiteral("before"), analysis);
        QCOMPARE(panel.suggestions().size(), std::size_t(1));
        QCOMPARE(panel.suggestions()[0].title, only.title);
        QCOMPARE(panel.metrics().values.size(), std::size_t(1));
        QCOMPARE(panel.metrics().values.at(QStringLiteral("M7")).value, std::optional<double>(42.0));
        auto *card = panel.suggestionArea()->findChild<QWidget *>(QStringLiteral("suggestion_0"));
        QVERIFY(card);
        QVERIFY(card->findChild<QLabel *>()->text().contains(only.title));
        // One rule: the count agrees with it (no translation-less "rule(s)").
        const auto *heading = panel.findChild<QLabel *>(QStringLiteral("suggestionTitle"));
        QVERIFY2(heading && heading->text().contains(QStringLiteral("(1 rule fires)")),
                 qPrintable(heading->text()));
        panel.setCapture(m_before, &view, QStringLiteral("before"), nullptr);
        QVERIFY(panel.suggestions().empty());
        QVERIFY(!panel.suggestionArea()->findChild<QWidget *>(QStringLiteral("suggestion_0")));
        const auto *title = panel.findChild<QLabel *>(QStringLiteral("suggestionTitle"));
        QVERIFY(title);
        QVERIFY2(title->text().contains(QStringLiteral("Analysing the capture")), qPrintable(title->text()));
    }

    // The bundled Before capture is the chapter's 01a case: a rule fires that points to 01a, with
    // the numbers it rests on.
    void beforeSuggestsLargerTiling()
    {
        TimelineView view;
        view.resize(900, 500);
        TechniquesPanel panel(m_catalogue);
        panel.setCapture(m_before, &view, QStringLiteral("before"), m_beforeAnalysis);
        const std::vector<Suggestion> expected = detectSymptoms(*m_before, computeMetrics(*m_before));
        QCOMPARE(panel.suggestions().size(), expected.size());
        int pointing = -1;
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(panel.suggestions()[i].rule, expected[i].rule);
            if (pointing < 0 && expected[i].techniques.contains(QStringLiteral("01a-larger-tiling")))
                pointing = int(i);
        }
        QVERIFY2(pointing >= 0, "no rule points to 01a on the Before sample");
        // The card shows its numbers.
        auto *card =
            panel.suggestionArea()->findChild<QWidget *>(QStringLiteral("suggestion_%1").arg(pointing));
        QVERIFY(card);
        const QString cardText = card->findChild<QLabel *>()->text();
        QVERIFY(cardText.contains(expected[std::size_t(pointing)].title.toHtmlEscaped()));
        for (const SuggestionNumber &n : expected[std::size_t(pointing)].numbers) {
            QVERIFY2(cardText.contains(n.text().toHtmlEscaped()), qPrintable(n.text()));
            // Named for people, a threshold in the value's own unit: a share beside a share.
            QVERIFY(!n.name.isEmpty() && !n.name.contains(u'_'));
            if (n.unit == QLatin1String("share") && !n.comparison.at(0).isLetter())
                QVERIFY2(n.comparison.contains(u'%'), qPrintable(n.text()));
        }
        // No value id of the code (M12.aic, gap_pair_share) reaches the reader.
        static const QRegularExpression internalId(QStringLiteral("\\bM\\d+\\.[a-z]|[a-z]_[a-z]+_"));
        QVERIFY2(!internalId.match(cardText).hasMatch(), qPrintable(cardText));
        // Its technique link opens the technique in the Chapter tab.
        emit card->findChild<QLabel *>()->linkActivated(QStringLiteral("01a-larger-tiling"));
        QCOMPARE(panel.currentTechnique(), QStringLiteral("01a-larger-tiling"));
        QCOMPARE(panel.pages()->currentIndex(), 1);
        if (qEnvironmentVariableIsSet("LANESCOPE_GRAB_DIR")) {
            panel.resize(480, 1100);
            panel.show();
            QVERIFY(QTest::qWaitForWindowExposed(&panel));
            QTest::qWait(100);
            panel.grab().save(qEnvironmentVariable("LANESCOPE_GRAB_DIR") +
                              QStringLiteral("/techniques-panel.png"));
        }
    }

    // A short dock scrolls its suggestions; it never squeezes a card below the height its text
    // needs (the cards were drawn as a few pixels of clipped text).
    void shortPanelScrollsInsteadOfSqueezing_data()
    {
        QTest::addColumn<int>("height");
        QTest::newRow("short") << 260;
        QTest::newRow("tall") << 1100;
    }
    void shortPanelScrollsInsteadOfSqueezing()
    {
        QFETCH(int, height);
        TimelineView view;
        TechniquesPanel panel(m_catalogue);
        panel.resize(420, height);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        // Filled while shown, as the window fills it when an analysis arrives.
        panel.setCapture(m_before, &view, QStringLiteral("before"), m_beforeAnalysis);
        QVERIFY(panel.suggestions().size() >= 2);
        QApplication::processEvents();
        for (std::size_t i = 0; i < panel.suggestions().size(); ++i) {
            auto *card = panel.suggestionArea()->findChild<QWidget *>(QStringLiteral("suggestion_%1").arg(i));
            QVERIFY(card);
            const auto *text = card->findChild<QLabel *>();
            QVERIFY2(text->height() >= text->heightForWidth(text->width()),
                     qPrintable(QStringLiteral("card %1: %2 px for text needing %3 px")
                                    .arg(i)
                                    .arg(text->height())
                                    .arg(text->heightForWidth(text->width()))));
        }
    }

    void evidenceButtonShowsItOnTheTimeline_data()
    {
        QTest::addColumn<QString>("sample");
        QTest::addColumn<int>("index");
        int rows = 0;
        bool fromTask = false;
        for (const QString &sample : {QStringLiteral("before"), QStringLiteral("sample-l4")}) {
            const CapturePtr c = sampleCapture(sample);
            QVERIFY(c);
            const std::vector<Suggestion> s = detectSymptoms(*c, computeMetrics(*c));
            for (std::size_t i = 0; i < s.size(); ++i) {
                if (s[i].evidence.isEmpty())
                    continue;
                QTest::addRow("%s %s", qPrintable(sample), qPrintable(s[i].rule)) << sample << int(i);
                fromTask = fromTask || s[i].evidence.fromTaskId;
                ++rows;
            }
        }
        QVERIFY2(rows > 0, "no suggestion on the samples has evidence");
        QVERIFY2(fromTask, "no evidence on the samples spans two tasks (a gap between grids)");
    }

    void evidenceButtonShowsItOnTheTimeline()
    {
        QFETCH(QString, sample);
        QFETCH(int, index);
        const CapturePtr capture = sampleCapture(sample);
        TimelineView view;
        view.resize(1000, 500);
        TechniquesPanel panel(m_catalogue);
        panel.resize(450, 900);
        view.show();
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        view.setCapture(capture);
        panel.setCapture(capture, &view, sample,
                         std::make_shared<const CaptureAnalysis>(analyzeCapture(*capture)));
        // Start far from the evidence: zoomed into the first 1 % of the capture.
        const TimeRange whole = view.captureExtent();
        view.setVisibleRange({whole.startUs, whole.startUs + whole.span() * 0.01});
        view.clearSelection();

        QPushButton *button = panel.evidenceButton(index);
        QVERIFY(button);
        QVERIFY(button->isEnabled());
        QTest::mouseClick(button, Qt::LeftButton);

        // Everything the evidence names: its range and every bar of its tasks.
        const EvidenceRef &e = panel.suggestions()[std::size_t(index)].evidence;
        std::optional<TimeRange> named;
        const auto include = [&named](double a, double b) {
            named =
                named ? TimeRange{std::min(named->startUs, a), std::max(named->endUs, b)} : TimeRange{a, b};
        };
        if (e.range)
            include(e.range->startUs, e.range->endUs);
        for (const std::optional<std::uint64_t> &task : {e.fromTaskId, e.taskId}) {
            if (!task)
                continue;
            const std::vector<SliceRef> bars = view.taskLocator().barsOfTask(*capture, *task);
            QVERIFY(!bars.empty());
            for (const SliceRef &ref : bars) {
                const Slice &bar = capture->lanes[std::size_t(ref.lane)].slices[ref.slice];
                include(bar.startUs, bar.endUs);
            }
        }
        QVERIFY(named);
        // All of it on screen with a margin either side, and little else around it.
        const TimeRange shown = view.visibleRange();
        const double margin = std::max(named->span() * 0.05, 1e-4);
        QVERIFY2(shown.startUs <= named->startUs - margin && shown.endUs >= named->endUs + margin,
                 qPrintable(QStringLiteral("shown %1–%2, evidence %3–%4")
                                .arg(shown.startUs)
                                .arg(shown.endUs)
                                .arg(named->startUs)
                                .arg(named->endUs)));
        QVERIFY(shown.span() <= std::min(named->span() * 1.5 + 1e-2, view.fullRange().span()));
        if (e.taskId) {
            // The task is selected.
            QVERIFY(view.selection());
            const Slice &bar =
                capture->lanes[std::size_t(view.selection()->lane)].slices[view.selection()->slice];
            QCOMPARE(capture->rows[bar.ref].taskId, *e.taskId);
        }
        if (e.range && e.range->endUs > e.range->startUs) {
            // The range is highlighted as the measured region.
            QVERIFY(view.measuredRegion());
            QCOMPARE(view.measuredRegion()->startUs, e.range->startUs);
            QCOMPARE(view.measuredRegion()->endUs, e.range->endUs);
        }
    }

    void noCaptureNoSuggestions()
    {
        TechniquesPanel panel(m_catalogue);
        panel.setCapture(nullptr, nullptr, {}, nullptr);
        QVERIFY(panel.suggestions().empty());
        QVERIFY(!panel.evidenceButton(0));
        QVERIFY(!panel.showEvidence(0));
    }
};

LANESCOPE_TEST_MAIN(TstTechniquesPanel)
#include "tst_techniquespanel.moc"
