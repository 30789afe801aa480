#include "widgets/panels/compilerhintspanel.h"

#include "model/format/bytestext.h"
#include "widgets/panels/compilerhintsmodel.h"
#include "widgets/timeline/activecapture.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

namespace lanescope {

CompilerHintsPanel::CompilerHintsPanel(ActiveCapture &active, QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    m_model = new CompilerHintsModel(this);
    m_tree = new QTreeView(this);
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true);
    m_tree->setAllColumnsShowFocus(true);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(CompilerHintsModel::HintColumn, QHeaderView::Stretch);
    // In the report's order (PH001 by moved bytes, largest first) until a header is clicked.
    m_tree->header()->setSortIndicator(-1, Qt::AscendingOrder);
    m_tree->setSortingEnabled(true);
    m_tree->setToolTip(tr("The compiler's perf hints of this build. Click a hint joined to a kernel to "
                          "locate that kernel's bars."));
    layout->addWidget(m_tree, 1);
    m_details = new QLabel(this);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_details);
    connect(m_tree, &QTreeView::clicked, this, &CompilerHintsPanel::activate);
    const auto follow = [this, &active] { setTimeline(active.navigator()); };
    connect(&active, &ActiveCapture::changed, this, follow);
    showSummary();
    follow();
}

void CompilerHintsPanel::setTimeline(TimelineNavigator *view)
{
    m_view = view;
    CapturePtr capture = view ? view->capture() : CapturePtr();
    if (capture == m_model->capture())
        return;
    m_model->setCapture(std::move(capture));
    m_tree->expandAll();
    for (int c = CompilerHintsModel::MovesColumn; c < CompilerHintsModel::ColumnCount; ++c)
        m_tree->resizeColumnToContents(c);
    m_details->clear();
    showSummary();
}

QString CompilerHintsPanel::summary() const
{
    return m_summary->text();
}

QString CompilerHintsPanel::details() const
{
    return m_details->text();
}

void CompilerHintsPanel::showSummary()
{
    const CapturePtr &c = m_model->capture();
    if (!c) {
        m_summary->setText(tr("No capture."));
        return;
    }
    const PerfHints &hints = c->perfHints;
    if (!hints.known()) {
        m_summary->setText(tr("No build report folder beside the capture (../report): the compiler's hints "
                              "are unknown."));
        return;
    }
    if (hints.path.isEmpty()) {
        m_summary->setText(tr("No perf_hints.log in %1: the compiler emitted no hint.").arg(hints.reportDir));
        return;
    }
    int joined = 0;
    for (const PerfHint &h : hints.hints)
        joined += !h.funcIds.empty();
    QString text = tr("%1 hints in %2, %3 joined to a kernel")
                       .arg(hints.hints.size())
                       .arg(QFileInfo(hints.path).fileName())
                       .arg(joined);
    if (hints.records > int(hints.hints.size()))
        text += tr(" (%1 repeated records folded: the folder was compiled into more than once)")
                    .arg(hints.records - int(hints.hints.size()));
    m_summary->setText(text);
    m_summary->setToolTip(hints.path);
}

void CompilerHintsPanel::activate(const QModelIndex &index)
{
    const PerfHint *h = m_model->hintAt(index);
    if (!h) {
        m_details->clear();
        return;
    }
    QStringList lines;
    lines << (h->code.isEmpty() ? h->rule : h->code + u' ' + h->rule).toHtmlEscaped();
    lines << h->message.toHtmlEscaped().replace(u'\n', QStringLiteral("<br>"));
    if (h->transfer && h->transfer->movedBytes)
        lines << tr("Moves %1 per transfer as %2 rows of %3; recommended at least %4 (%5).")
                     .arg(formatBytes(*h->transfer->movedBytes))
                     .arg(h->transfer->rows)
                     .arg(formatBytes(h->transfer->rowBytes), formatBytes(h->transfer->recommendedBytes),
                          h->transfer->arch.toHtmlEscaped());
    lines << (h->location.isValid() ? tr("At %1").arg(h->location.toString().toHtmlEscaped())
                                    : tr("No source location"));
    const QString kernels = m_model->kernelsOf(*h);
    lines << (kernels.isEmpty() ? tr("Joined to no kernel of this capture.")
                                : tr("Kernel: %1 (%2)").arg(kernels.toHtmlEscaped(), h->joinedBy));
    lines << tr("Line %1 of perf_hints.log").arg(h->fileLine);
    m_details->setText(lines.join(QStringLiteral("<br>")));
    if (!h->funcIds.empty() && m_view)
        m_view->locateFunction(h->funcIds.front());
}

} // namespace lanescope
