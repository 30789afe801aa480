#include "widgets/panels/techniquespanel.h"

#include "model/capture/captureruns.h"
#include "model/format/counttext.h"

#include "model/format/metrictext.h"
#include "model/index/tasklocator.h"
#include "widgets/timeline/activecapture.h"
#include "widgets/timeline/timelineannotations.h"

#include <QCoreApplication>
#include <QFrame>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace lanescope {

namespace {

constexpr int kIdRole = Qt::UserRole;
constexpr int kIsPageRole = Qt::UserRole + 1;

QString paragraph(const QString &heading, const QString &text)
{
    return QStringLiteral("<h4 style='margin-bottom:2px'>%1</h4><p style='margin-top:0'>%2</p>")
        .arg(heading.toHtmlEscaped(), text.isEmpty() ? QStringLiteral("–") : text.toHtmlEscaped());
}

} // namespace

TechniquesPanel::TechniquesPanel(std::shared_ptr<const TechniqueCatalogue> catalogue, QWidget *parent)
    : QWidget(parent), m_catalogue(std::move(catalogue))
{
    m_suggestionTitle = new QLabel(this);
    m_suggestionTitle->setObjectName(QStringLiteral("suggestionTitle"));
    m_suggestionTitle->setWordWrap(true);
    m_suggestionTitle->setTextFormat(Qt::RichText);
    m_suggestionArea = new QWidget(this);
    m_suggestionLayout = new QVBoxLayout(m_suggestionArea);
    m_suggestionLayout->setContentsMargins(2, 2, 2, 2);
    // The title scrolls with the cards: on a laptop every pixel of the tab goes to them.
    auto *scrolled = new QWidget(this);
    auto *scrolledLayout = new QVBoxLayout(scrolled);
    scrolledLayout->setContentsMargins(0, 0, 0, 0);
    scrolledLayout->addWidget(m_suggestionTitle);
    scrolledLayout->addWidget(m_suggestionArea, 1);
    m_suggestionScroll = new QScrollArea(this);
    m_suggestionScroll->setObjectName(QStringLiteral("suggestionCards"));
    m_suggestionScroll->setWidgetResizable(true);
    m_suggestionScroll->setWidget(scrolled);
    m_suggestionScroll->setFrameShape(QFrame::NoFrame);
    QWidget *upper = m_suggestionScroll;

    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("techniqueTree"));
    m_tree->setHeaderHidden(true);
    m_tree->setRootIsDecorated(true);
    m_details = new QTextBrowser(this);
    m_details->setObjectName(QStringLiteral("techniqueDetails"));
    m_details->setOpenLinks(false);
    m_compare = new QPushButton(tr("Compare Before/After with this technique"), this);
    m_compare->setObjectName(QStringLiteral("compareWithTechnique"));
    m_compare->setEnabled(false);
    auto *lower = new QSplitter(Qt::Vertical, this);
    lower->addWidget(m_tree);
    auto *detailsPane = new QWidget(this);
    auto *detailsLayout = new QVBoxLayout(detailsPane);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    detailsLayout->addWidget(m_details, 1);
    detailsLayout->addWidget(m_compare);
    lower->addWidget(detailsPane);

    // Two tabs rather than three panes stacked: on a laptop the dock is about 350 px tall, and each
    // suggestion card and technique text gets the whole of it instead of a third.
    m_pages = new QTabWidget(this);
    m_pages->setObjectName(QStringLiteral("techniquePages"));
    m_pages->addTab(upper, tr("Suggestions"));
    m_pages->addTab(lower, tr("Chapter"));
    // The technique's text gets the larger part and all growth: the list (five rows) scrolls.
    lower->setStretchFactor(0, 0);
    lower->setStretchFactor(1, 1);
    lower->setSizes({5 * m_tree->fontMetrics().height() + 8, 400});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_pages);

    connect(m_tree, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem *item) { showItem(item); });
    connect(m_details, &QTextBrowser::anchorClicked, this,
            [this](const QUrl &url) { showTechnique(url.path()); });
    connect(m_compare, &QPushButton::clicked, this, [this] {
        if (!currentTechnique().isEmpty())
            emit compareRequested(currentTechnique());
    });
    fillTree();
    rebuildSuggestions();
}

void TechniquesPanel::fillTree()
{
    m_tree->clear();
    if (!m_catalogue)
        return;
    for (const TechniquePage &page : m_catalogue->pages()) {
        auto *pageItem = new QTreeWidgetItem(m_tree, {QStringLiteral("%1  %2").arg(page.id, page.title)});
        pageItem->setData(0, kIdRole, page.id);
        pageItem->setData(0, kIsPageRole, true);
        QFont bold = pageItem->font(0);
        bold.setBold(true);
        pageItem->setFont(0, bold);
        for (const QString &id : page.techniqueIds) {
            const Technique *t = m_catalogue->find(id);
            if (!t)
                continue;
            QString text = QStringLiteral("%1  %2").arg(t->shortId, t->title);
            if (t->diagnostic && !t->title.contains(tr("diagnostic"), Qt::CaseInsensitive))
                text += tr(" (diagnostic)");
            auto *item = new QTreeWidgetItem(pageItem, {text});
            item->setData(0, kIdRole, t->id);
            item->setData(0, kIsPageRole, false);
            item->setToolTip(0, t->whenItApplies);
        }
    }
    m_tree->expandAll();
}

bool TechniquesPanel::showTechnique(const QString &id)
{
    if (!m_catalogue)
        return false;
    const Technique *t = m_catalogue->find(id);
    const QString wanted = t ? t->id : id;
    const bool isPage = !t;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *page = m_tree->topLevelItem(i);
        if (isPage && page->data(0, kIdRole).toString() == wanted) {
            m_tree->setCurrentItem(page);
            m_pages->setCurrentIndex(1);
            return true;
        }
        for (int j = 0; j < page->childCount(); ++j) {
            if (!isPage && page->child(j)->data(0, kIdRole).toString() == wanted) {
                m_tree->setCurrentItem(page->child(j));
                m_tree->scrollToItem(page->child(j));
                m_pages->setCurrentIndex(1);
                return true;
            }
        }
    }
    return false;
}

QString TechniquesPanel::currentTechnique() const
{
    const QTreeWidgetItem *item = m_tree->currentItem();
    if (!item || item->data(0, kIsPageRole).toBool())
        return {};
    return item->data(0, kIdRole).toString();
}

void TechniquesPanel::showItem(QTreeWidgetItem *item)
{
    m_compare->setEnabled(false);
    if (!item || !m_catalogue) {
        m_details->clear();
        return;
    }
    const QString id = item->data(0, kIdRole).toString();
    if (item->data(0, kIsPageRole).toBool()) {
        if (const TechniquePage *page = m_catalogue->page(id))
            m_details->setHtml(pageHtml(*page));
        return;
    }
    if (const Technique *t = m_catalogue->find(id)) {
        m_details->setHtml(techniqueHtml(*t));
        m_compare->setEnabled(!t->diagnostic);
    }
}

QString TechniquesPanel::pageHtml(const TechniquePage &page) const
{
    QString html = QStringLiteral("<h3>%1 %2</h3><p>%3</p>")
                       .arg(page.id, page.title.toHtmlEscaped(), page.summary.toHtmlEscaped());
    if (!page.techniqueIds.isEmpty()) {
        html += QStringLiteral("<ul>");
        for (const QString &id : page.techniqueIds) {
            if (const Technique *t = m_catalogue->find(id))
                html += QStringLiteral("<li><a href='technique:%1'>%2 %3</a></li>")
                            .arg(t->id, t->shortId, t->title.toHtmlEscaped());
        }
        html += QStringLiteral("</ul>");
    }
    return html;
}

QString TechniquesPanel::techniqueHtml(const Technique &t) const
{
    QString html = QStringLiteral("<h3>%1 %2</h3>").arg(t.shortId, t.title.toHtmlEscaped());
    QStringList badges;
    if (t.diagnostic)
        badges << tr("a diagnostic, not a code change");
    if (t.partlyDerived)
        badges << tr("the chapter leaves some fields open; those here are derived");
    if (!badges.isEmpty())
        html += QStringLiteral("<p><i>%1</i></p>").arg(badges.join(QStringLiteral("; ")).toHtmlEscaped());
    html += paragraph(tr("When it applies"), t.whenItApplies);
    html += paragraph(tr("How"), t.how);
    html += paragraph(tr("Cost"), t.cost);
    html += paragraph(tr("How to confirm"), t.howToConfirm);
    if (!t.confirmation.empty()) {
        html += QStringLiteral(
                    "<table cellspacing='0' cellpadding='3' border='1' style='border-collapse:collapse'>"
                    "<tr><th align='left'>%1</th><th align='left'>%2</th><th align='left'>%3</th></tr>")
                    .arg(tr("Metric"), tr("Expected"), tr("Note"));
        for (const ConfirmationMetric &m : t.confirmation) {
            const QString direction = m.expected == ExpectedDirection::Decrease    ? tr("falls")
                                      : m.expected == ExpectedDirection::Increase  ? tr("rises")
                                      : m.expected == ExpectedDirection::Unchanged ? tr("unchanged")
                                                                                   : tr("context only");
            html += QStringLiteral("<tr><td>%1 %2</td><td>%3</td><td>%4</td></tr>")
                        .arg(metricTag(m.metric), metricName(m.metric).toHtmlEscaped(), direction,
                             m.note.toHtmlEscaped());
        }
        html += QStringLiteral("</table>");
    }
    if (!t.manualChecks.isEmpty()) {
        html += QStringLiteral("<h4 style='margin-bottom:2px'>%1</h4><ul style='margin-top:0'>")
                    .arg(tr("Check by hand"));
        for (const QString &check : t.manualChecks)
            html += QStringLiteral("<li>%1</li>").arg(check.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    return html;
}

TechniquesPanel::TechniquesPanel(std::shared_ptr<const TechniqueCatalogue> catalogue, ActiveCapture &active,
                                 QWidget *parent)
    : TechniquesPanel(std::move(catalogue), parent)
{
    const auto follow = [this, &active] {
        setCapture(active.capture(), active.navigator(), active.name(), active.analysis());
    };
    connect(&active, &ActiveCapture::changed, this, follow);
    follow();
}

void TechniquesPanel::setCapture(CapturePtr capture, TimelineNavigator *timeline, const QString &name,
                                 CaptureAnalysisPtr analysis)
{
    if (capture == m_capture && timeline == m_timeline && name == m_captureName && analysis == m_analysis)
        return;
    m_capture = std::move(capture);
    m_analysis = m_capture ? std::move(analysis) : nullptr;
    m_timeline = timeline;
    m_captureName = name;
    m_metrics = m_analysis ? m_analysis->metrics : MetricSet{};
    m_suggestions = m_analysis ? m_analysis->suggestions : std::vector<Suggestion>{};
    rebuildSuggestions();
}

void TechniquesPanel::rebuildSuggestions()
{
    while (QLayoutItem *item = m_suggestionLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_evidenceButtons.clear();
    if (!m_capture) {
        m_suggestionTitle->setText(tr("<b>Suggestions</b><br>Open a capture to see what it suggests."));
        m_suggestionLayout->addStretch(1);
        return;
    }
    const QString subject = m_captureName.isEmpty() ? tr("this capture") : m_captureName.toHtmlEscaped();
    if (!m_analysis) {
        m_suggestionTitle->setText(tr("<b>Suggestions for %1</b><br>%2")
                                       .arg(subject, analysisPendingText(*m_capture).toHtmlEscaped()));
        m_suggestionLayout->addStretch(1);
        return;
    }
    m_suggestionTitle->setText(
        m_suggestions.empty()
            ? tr("<b>Suggestions for %1</b><br>No decision rule fires on its metrics.").arg(subject)
            : tr("<b>Suggestions for %1</b> (%2)")
                  .arg(subject, countText(qint64(m_suggestions.size()), tr("rule fires"), tr("rules fire"))));
    for (std::size_t i = 0; i < m_suggestions.size(); ++i) {
        const Suggestion &s = m_suggestions[i];
        auto *card = new QFrame(m_suggestionArea);
        card->setObjectName(QStringLiteral("suggestion_%1").arg(i));
        card->setFrameShape(QFrame::StyledPanel);
        auto *cardLayout = new QVBoxLayout(card);
        cardLayout->setContentsMargins(6, 4, 6, 4);
        cardLayout->setSpacing(2);

        QStringList numbers;
        for (const SuggestionNumber &n : s.numbers)
            numbers << n.text().toHtmlEscaped();
        QStringList links;
        for (const QString &id : s.techniques) {
            const Technique *t = m_catalogue ? m_catalogue->find(id) : nullptr;
            const TechniquePage *page = !t && m_catalogue ? m_catalogue->page(id) : nullptr;
            const QString text = t      ? QStringLiteral("%1 %2").arg(t->shortId, t->title)
                                 : page ? tr("page %1 %2").arg(page->id, page->title)
                                        : id;
            links << QStringLiteral("<a href='%1'>%2</a>").arg(t ? t->id : id, text.toHtmlEscaped());
        }
        QString html = QStringLiteral("<b>%1</b> <span style='color:gray'>%2</span><br>%3")
                           .arg(s.title.toHtmlEscaped(), s.rule.toHtmlEscaped(), s.text.toHtmlEscaped());
        if (!numbers.isEmpty())
            html += QStringLiteral("<br>") + numbers.join(QStringLiteral("<br>"));
        if (!links.isEmpty())
            html += tr("<br>Try: %1").arg(links.join(QStringLiteral(", ")));
        if (s.confirmOnboard)
            html += tr("<br><i>Timing-based on a simulated run: confirm onboard.</i>");
        auto *text = new QLabel(html, card);
        text->setWordWrap(true);
        text->setTextFormat(Qt::RichText);
        text->setTextInteractionFlags(Qt::TextBrowserInteraction);
        connect(text, &QLabel::linkActivated, this, [this](const QString &id) { showTechnique(id); });
        cardLayout->addWidget(text);

        auto *button =
            new QPushButton(s.evidence.label.isEmpty() ? tr("Show on timeline")
                                                       : tr("Show on timeline: %1").arg(s.evidence.label),
                            card);
        button->setObjectName(QStringLiteral("evidence_%1").arg(i));
        button->setEnabled(!s.evidence.isEmpty() && m_timeline);
        connect(button, &QPushButton::clicked, this, [this, i] { showEvidence(int(i)); });
        cardLayout->addWidget(button, 0, Qt::AlignLeft);
        m_evidenceButtons.push_back(button);
        m_suggestionLayout->addWidget(card);
    }
    m_suggestionLayout->addStretch(1);
    // The scroll area sizes its content by the cards' height for its width only when asked: cards
    // added while it is shown would otherwise keep the squeezed height of the previous content.
    QCoreApplication::postEvent(m_suggestionScroll, new QEvent(QEvent::LayoutRequest));
}

QPushButton *TechniquesPanel::evidenceButton(int index) const
{
    return index >= 0 && index < int(m_evidenceButtons.size()) ? m_evidenceButtons[std::size_t(index)]
                                                               : nullptr;
}

bool TechniquesPanel::showEvidence(int index)
{
    if (!m_timeline || index < 0 || index >= int(m_suggestions.size()))
        return false;
    const EvidenceRef &e = m_suggestions[std::size_t(index)].evidence;
    const CapturePtr &capture = m_timeline->capture();
    // Everything the evidence names is framed: its range, and every bar of its tasks (all blocks
    // of a grid, so a gap between two grids shows both).
    std::optional<TimeRange> frame;
    const auto include = [&frame](double startUs, double endUs) {
        frame = frame ? TimeRange{std::min(frame->startUs, startUs), std::max(frame->endUs, endUs)}
                      : TimeRange{startUs, endUs};
    };
    if (e.range && e.range->endUs >= e.range->startUs)
        include(e.range->startUs, e.range->endUs);
    std::vector<SliceRef> taskBars; // e.taskId's, the one selected
    for (const std::optional<std::uint64_t> &task : {e.fromTaskId, e.taskId}) {
        if (!task || !capture)
            continue;
        const std::vector<SliceRef> bars = m_timeline->taskLocator().barsOfTask(*capture, *task);
        if (task == e.taskId)
            taskBars = bars;
        for (const SliceRef &ref : bars) {
            const Slice &bar = capture->lanes[std::size_t(ref.lane)].slices[ref.slice];
            include(bar.startUs, bar.endUs);
        }
    }
    if (!frame)
        return false;
    // A margin either side, so the evidence is seen in its surroundings and no edge touches the
    // plot's border.
    const double margin = std::max((frame->endUs - frame->startUs) * 0.1, 1e-3);
    m_timeline->setVisibleRange({frame->startUs - margin, frame->endUs + margin});
    // The evidence's own range becomes the measured region: highlighted, measured in the Region
    // dock, and undone with Ctrl+Z like any region.
    if (e.range && e.range->endUs > e.range->startUs)
        m_timeline->annotations()->setRegion(TimeRange{e.range->startUs, e.range->endUs});
    // And its task is selected (outlined with its other blocks), without moving the frame.
    if (!taskBars.empty())
        m_timeline->select(taskBars.front(), false);
    return true;
}

} // namespace lanescope
