#include "widgets/panels/reportpanel.h"

#include "model/capture/captureruns.h"

#include "model/index/tasklocator.h"
#include "widgets/panels/reportmodel.h"
#include "widgets/timeline/activecapture.h"
#include "widgets/timeline/timelineannotations.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>

namespace lanescope {

namespace {

// Shows at least this much around a point-like target, so a zero-length gap is not a zoom into nothing.
constexpr double kMinShownUs = 1.0;

TimeRange atLeast(TimeRange r)
{
    if (r.span() >= kMinShownUs)
        return r;
    const double centre = (r.startUs + r.endUs) / 2;
    return {centre - kMinShownUs / 2, centre + kMinShownUs / 2};
}

} // namespace

ReportPanel::ReportPanel(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_placeholder = new QLabel(tr("Open a capture to see its analysis."), this);
    m_placeholder->setObjectName(QStringLiteral("analysisPlaceholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    layout->addWidget(m_placeholder);

    m_model = new ReportModel(this);
    m_tree = new QTreeView(this);
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(ReportModel::Figure, QHeaderView::Interactive);
    m_tree->header()->setSectionResizeMode(ReportModel::Value, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(ReportModel::Needs, QHeaderView::ResizeToContents);
    m_tree->setColumnWidth(ReportModel::Figure, 300);
    layout->addWidget(m_tree);
    m_tree->hide();
    // A single click navigates (the entries read like links); Enter does the same from the keyboard.
    connect(m_tree, &QTreeView::clicked, this, &ReportPanel::activate);
    connect(m_tree, &QTreeView::activated, this, &ReportPanel::activate);
}

ReportPanel::ReportPanel(ActiveCapture &active, QWidget *parent) : ReportPanel(parent)
{
    const auto follow = [this, &active] { setSource(active.navigator(), active.analysis()); };
    connect(&active, &ActiveCapture::changed, this, follow);
    follow();
}

void ReportPanel::setSource(TimelineNavigator *view, CaptureAnalysisPtr analysis)
{
    if (view == m_view && analysis == m_model->analysis())
        return;
    m_view = view;
    const bool has = view && analysis && view->capture();
    m_model->setAnalysis(has ? view->capture() : CapturePtr(),
                         has ? std::move(analysis) : CaptureAnalysisPtr());
    m_placeholder->setText(view && view->capture() ? analysisPendingText(*view->capture())
                                                   : tr("Open a capture to see its analysis."));
    m_placeholder->setVisible(!has);
    m_tree->setVisible(has);
    // Parts open, their long lists (path hops, gaps) closed.
    for (int row = 0; row < m_model->rowCount(); ++row)
        m_tree->expand(m_model->index(row, 0));
}

void ReportPanel::activate(const QModelIndex &index)
{
    if (const ReportEntry *e = m_model->entry(index.siblingAtColumn(0)))
        navigate(e->target);
}

bool ReportPanel::navigate(const ReportTarget &target)
{
    if (!m_view || !m_view->capture() || !target.isValid())
        return false;
    switch (target.kind) {
    case ReportTarget::Kind::None:
        return false;
    case ReportTarget::Kind::Task:
        if (!m_view->selectTask(target.taskId) && !target.range.isValid())
            return false;
        break;
    case ReportTarget::Kind::Row: {
        const SliceRef bar = m_view->taskLocator().barOfRow(*m_view->capture(), target.row);
        if (bar.isValid())
            m_view->select(bar, !target.range.isValid());
        else if (!target.range.isValid())
            return false;
        break;
    }
    case ReportTarget::Kind::Range:
        break;
    }
    if (target.range.isValid() ||
        (target.kind == ReportTarget::Kind::Range && std::isfinite(target.range.startUs)))
        m_view->showRange(atLeast(target.range));
    emit navigated();
    return true;
}

} // namespace lanescope
