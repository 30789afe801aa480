#include "widgets/panels/ringspanel.h"

#include "model/capture/captureruns.h"

#include "model/index/tasklocator.h"
#include "widgets/overlays/ringpressureband.h"
#include "widgets/text/timeformat.h"
#include "widgets/timeline/activecapture.h"
#include "widgets/timeline/timelineannotations.h"

#include <QAction>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace lanescope {

namespace {

// Heap amounts in MiB, as the scope-stats plot shows them; slots and entries as counts. The unit is
// the resource's group heading's: the cells hold the number alone.
QString amount(double v, RingResource r)
{
    if (r == RingResource::Heap)
        return QString::number(v / (1024.0 * 1024.0), 'f', 1);
    return QString::number(v, 'f', 0);
}

// "Heap (MiB)": a resource's group heading, naming the unit of its Peak and Capacity cells.
QString resourceHeading(RingResource r)
{
    switch (r) {
    case RingResource::TaskWindow:
        return RingsPanel::tr("Task window (slots)");
    case RingResource::Heap:
        return RingsPanel::tr("Heap (MiB)");
    case RingResource::DepPool:
        return RingsPanel::tr("Dep pool (entries)");
    }
    return ringResourceName(r);
}

// A row of the tree that sorts by the number each cell keeps in Qt::UserRole, not by its text:
// "9.4" before "100.0", and "—" (kept as -1) before every value.
class NumberSortTreeItem : public QTreeWidgetItem
{
public:
    using QTreeWidgetItem::QTreeWidgetItem;
    bool operator<(const QTreeWidgetItem &other) const override
    {
        const int column = treeWidget() ? treeWidget()->sortColumn() : 0;
        return data(column, Qt::UserRole).toDouble() < other.data(column, Qt::UserRole).toDouble();
    }
};

void setNumber(QTreeWidgetItem *item, int column, const QString &text, double value)
{
    item->setText(column, text);
    item->setData(column, Qt::UserRole, value);
    item->setTextAlignment(column, Qt::AlignRight | Qt::AlignVCenter);
}

} // namespace

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

    // One group per resource, so that each column holds one unit: the group's heading names it.
    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels({tr("Ring"), tr("Peak"), tr("Capacity"), tr("% of capacity"),
                             tr("Scope site of peak"), atHeader(TimeUnit::Us), tr("Tasks on ring")});
    for (const int column : {PeakColumn, CapacityColumn, PercentColumn, AtColumn, TasksColumn})
        m_tree->headerItem()->setTextAlignment(column, Qt::AlignRight | Qt::AlignVCenter);
    m_tree->setRootIsDecorated(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Numbers keep columns of their width; the scope site, free text, takes what is left.
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(SiteColumn, QHeaderView::Stretch);
    m_tree->header()->setSortIndicator(RingColumn, Qt::AscendingOrder); // ring order first
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
    const auto follow = [this, &active] { setTimeline(active.tabNavigator(), active.tabAnalysis()); };
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

QString RingsPanel::atHeader(TimeUnit unit)
{
    return timeColumnHeader(tr("At, inferred"), unit);
}

void RingsPanel::rebuild()
{
    // Rows are filled unsorted, then sorted by the column the user chose (ring order by default).
    m_tree->setSortingEnabled(false);
    m_tree->clear();
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

    // The peak moments in one unit, named in the column's header.
    std::vector<double> peakTimes;
    for (int r = 0; r < kRingCount; ++r)
        for (int k = 0; k < kRingResourceCount; ++k)
            if (const auto &s = rings.at(r, RingResource(k)); s && s->peak > 0)
                peakTimes.push_back(s->peakUs);
    const TimeUnit atUnit = columnUnit(peakTimes);
    m_tree->headerItem()->setText(AtColumn, atHeader(atUnit));

    for (int k = 0; k < kRingResourceCount; ++k) {
        const auto res = RingResource(k);
        QTreeWidgetItem *group = nullptr;
        for (int r = 0; r < kRingCount; ++r) {
            const auto &s = rings.at(r, res);
            if (!s)
                continue;
            if (!group) {
                group = new NumberSortTreeItem(m_tree, {resourceHeading(res)});
                group->setFirstColumnSpanned(true);
                for (int column = 0; column < ColumnCount; ++column)
                    group->setData(column, Qt::UserRole, k); // groups keep resource order
                QFont bold = group->font(0);
                bold.setBold(true);
                group->setFont(0, bold);
            }
            auto *item = new NumberSortTreeItem(group);
            setNumber(item, RingColumn, QString::number(r), r);
            item->setTextAlignment(RingColumn, Qt::AlignLeft | Qt::AlignVCenter);
            setNumber(item, PeakColumn, amount(s->peak, res), s->peak);
            setNumber(item, CapacityColumn, s->capacity ? amount(*s->capacity, res) : tr("unknown"),
                      s->capacity.value_or(-1));
            const auto fraction = s->peakFraction();
            setNumber(item, PercentColumn,
                      fraction ? QString::number(*fraction * 100, 'f', 1) : QStringLiteral("—"),
                      fraction ? *fraction * 100 : -1);
            if (fraction && *fraction >= RingDiagnosis::kDangerFraction)
                item->setForeground(PercentColumn, QColor(200, 40, 40));
            // A curve that never rises has no peak moment to name.
            const bool flat = s->peak <= 0;
            const QString site = rings.siteName(s->peakSite);
            item->setText(SiteColumn, flat ? QStringLiteral("—") : site.isEmpty() ? tr("unknown") : site);
            setNumber(item, AtColumn, flat ? QStringLiteral("—") : formatTimeCell(s->peakUs, atUnit),
                      flat ? -1 : s->peakUs);
            const bool window = res == RingResource::TaskWindow;
            setNumber(item, TasksColumn,
                      window ? QString::number(rings.tasksPerRing[std::size_t(r)]) : QString(),
                      window ? double(rings.tasksPerRing[std::size_t(r)]) : -1);
        }
    }
    m_tree->expandAll();
    m_tree->setSortingEnabled(true);
}

} // namespace lanescope
