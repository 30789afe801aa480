#include "widgets/panels/ringspanel.h"

#include "model/capture/captureruns.h"

#include "model/index/tasklocator.h"
#include "widgets/overlays/ringpressureband.h"
#include "widgets/panels/ringsmodel.h"
#include "widgets/timeline/activecapture.h"
#include "widgets/timeline/timelineannotations.h"

#include <QAction>
#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

namespace lanescope {

RingsPanel::RingsPanel(QWidget *parent) : QWidget(parent), m_band(std::make_shared<RingPressureBand>())
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_diagnosisLabel = new QLabel(this);
    m_diagnosisLabel->setObjectName(QStringLiteral("ringDiagnosis"));
    m_diagnosisLabel->setWordWrap(true);
    m_diagnosisLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_diagnosisLabel->setToolTip(
        tr("Rebalance (05a): the ring holding the most tasks (from task ids) holds at least %1% of them, out "
           "of "
           "at least %2 tasks.\nAt capacity (05b): a ring's peak reaches %3% of its capacity (from the scope "
           "stats metadata), or the scope stats say fatal.\nPeaks at %4% or more are marked red on the "
           "tracks.")
            .arg(RingDiagnosis::kImbalanceShare * 100, 0, 'f', 0)
            .arg(RingDiagnosis::kMinTasksForBalance)
            .arg(RingDiagnosis::kPinnedFraction * 100, 0, 'f', 0)
            .arg(RingDiagnosis::kDangerFraction * 100, 0, 'f', 0));
    layout->addWidget(m_diagnosisLabel);

    m_model = new RingsModel(this);
    m_tree = new QTreeView(this);
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true);
    m_tree->setAllColumnsShowFocus(true);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Numbers keep columns of their width; the scope site, free text, takes what is left.
    QHeaderView *header = m_tree->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(RingsModel::SiteColumn, QHeaderView::Stretch);
    header->setSortIndicator(RingsModel::RingColumn, Qt::AscendingOrder); // ring order first
    m_tree->setSortingEnabled(true);
    layout->addWidget(m_tree, 1);

    m_noteLabel = new QLabel(this);
    m_noteLabel->setWordWrap(true);
    m_noteLabel->setText(
        tr("(inferred) Occupancy over time is inferred: retirements are taken from FIN times "
           "(a lower bound) and scope-stats samples, which carry no timestamps, are placed at "
           "the submit of their ring's last task."));
    layout->addWidget(m_noteLabel);

    m_bandAction = new QAction(tr("Ring pressure band"), this);
    m_bandAction->setCheckable(true);
    m_bandAction->setToolTip(
        tr("A translucent band over the AICore lanes: the fullest ring's occupancy / capacity "
           "over time (inferred)"));
    connect(m_bandAction, &QAction::toggled, this, &RingsPanel::updateBand);
    rebuild();
}

RingsPanel::RingsPanel(ActiveCapture &active, QWidget *parent) : RingsPanel(parent)
{
    const auto follow = [this, &active] { setTimeline(active.navigator(), active.analysis()); };
    connect(&active, &ActiveCapture::changed, this, follow);
    follow();
}

RingsPanel::~RingsPanel()
{
    if (m_bandView)
        m_bandView->removeOverlay(m_band);
}

void RingsPanel::setTimeline(TimelineNavigator *view, CaptureAnalysisPtr analysis)
{
    m_view = view;
    CapturePtr capture = view ? view->capture() : CapturePtr();
    if (capture != m_capture || analysis != m_analysis) { // only when the figures change
        m_capture = std::move(capture);
        m_analysis = std::move(analysis);
        rebuild();
    }
    updateBand();
}

void RingsPanel::setCapture(CapturePtr capture, CaptureAnalysisPtr analysis)
{
    m_view = nullptr;
    updateBand();
    if (capture != m_capture || analysis != m_analysis) {
        m_capture = std::move(capture);
        m_analysis = std::move(analysis);
        rebuild();
    }
}

bool RingsPanel::bandShown() const
{
    return m_bandView != nullptr;
}

void RingsPanel::updateBand()
{
    TimelineNavigator *want = m_bandAction->isChecked() ? m_view.get() : nullptr;
    if (want == m_bandView)
        return;
    if (m_bandView)
        m_bandView->removeOverlay(m_band);
    m_bandView = want;
    if (want)
        want->addOverlay(m_band);
}

QString RingsPanel::diagnosisText() const
{
    return m_diagnosisLabel->text();
}

void RingsPanel::rebuild()
{
    const RingOccupancy *shown = m_capture && m_analysis ? &m_analysis->rings : nullptr;
    m_model->setRings(shown);
    // The rings in the order the user chose (ring order at first), every resource open under its
    // heading, which spans the row.
    m_tree->sortByColumn(m_tree->header()->sortIndicatorSection(), m_tree->header()->sortIndicatorOrder());
    for (int g = 0; g < m_model->rowCount(); ++g)
        m_tree->setFirstColumnSpanned(g, {}, true);
    m_tree->expandAll();
    if (!m_capture) {
        m_diagnosis = {};
        m_diagnosisLabel->setText(tr("No capture."));
        return;
    }
    if (!m_analysis) {
        m_diagnosis = {};
        m_diagnosisLabel->setText(analysisPendingText(*m_capture));
        return;
    }
    const RingOccupancy &rings = m_analysis->rings;
    m_diagnosis = diagnoseRings(rings);
    QStringList lines;
    if (const QString s = rebalanceStatement(m_diagnosis); !s.isEmpty())
        lines << s;
    if (const QString s = capacityStatement(m_diagnosis, rings); !s.isEmpty())
        lines << s;
    if (lines.isEmpty())
        lines << (rings.isEmpty()
                      ? tr("No ring data: the capture has no task-id rings with known times.")
                      : tr("Neither ring diagnosis holds: the load is spread over the rings and no peak "
                           "sits at its capacity."));
    if (!rings.hasScopeStats)
        lines << tr("No scope_stats.jsonl: capacities, heap and dep pool are unknown (enable scope stats to "
                    "measure before resizing).");
    m_diagnosisLabel->setText(lines.join(u'\n'));
}

} // namespace lanescope
