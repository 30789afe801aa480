#include "widgets/comparison/diffview.h"

#include "model/capture/labels.h"
#include "model/format/durationtext.h"
#include "model/format/metrictext.h"
#include "model/format/taskdifftext.h"
#include "widgets/comparison/diffcolouring.h"
#include "widgets/comparison/difflegend.h"
#include "widgets/comparison/functiondeltamodel.h"
#include "widgets/comparison/twintimeline.h"
#include "widgets/comparison/waterfallchart.h"
#include "widgets/overlays/diffoverlay.h"
#include "widgets/panels/numbersortitem.h"
#include "widgets/text/barstyle.h"
#include "widgets/text/timeformat.h"
#include "widgets/timeline/timelineview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

namespace {

constexpr int kAnchorRole = Qt::UserRole;
constexpr int kMarkerRole = Qt::UserRole + 1;

// The first start of a task's rows, or of the first row starting at or after `fromUs`.
std::optional<double> firstStartOfTask(const Capture &c, std::uint64_t taskId)
{
    std::optional<double> first;
    for (const TaskRow &r : c.rows) {
        if (r.taskId == taskId && (!first || r.startUs < *first))
            first = r.startUs;
    }
    return first;
}

std::optional<double> firstStartFrom(const Capture &c, double fromUs)
{
    std::optional<double> first;
    for (const TaskRow &r : c.rows) {
        if (r.startUs >= fromUs && (!first || r.startUs < *first))
            first = r.startUs;
    }
    return first;
}

QString functionNameOf(const DiffResult &result, std::int32_t funcId)
{
    for (const FunctionDelta &f : result.diff.byFunction) {
        if (f.funcId == funcId)
            return f.name.isEmpty() ? DiffView::tr("(function %1)").arg(funcId) : f.name;
    }
    return DiffView::tr("(function %1)").arg(funcId);
}

const Slice *sliceOf(const Capture &c, SliceRef bar)
{
    if (!bar.isValid() || std::size_t(bar.lane) >= c.lanes.size() ||
        bar.slice >= c.lanes[std::size_t(bar.lane)].slices.size())
        return nullptr;
    return &c.lanes[std::size_t(bar.lane)].slices[bar.slice];
}

} // namespace

DiffView::DiffView(TwinTimeline *twin, QWidget *parent) : QWidget(parent), m_twin(twin)
{
    setObjectName(QStringLiteral("diffView"));
    m_job = new DiffJob(this);
    connect(m_job, &DiffJob::finished, this, &DiffView::showResult);

    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("diffHeader"));
    m_header->setWordWrap(true);
    m_header->setTextFormat(Qt::PlainText);
    m_legend = new DiffLegend(this);
    m_legend->hide(); // until there is a diff to tell the scale of

    m_align = new QComboBox(this);
    m_align->setObjectName(QStringLiteral("diffAlignment"));
    m_align->setToolTip(tr("The moment both timelines are lined up on; the ghosts follow it."));
    m_ghost = new QCheckBox(tr("Ghost Before over After"), this);
    m_ghost->setObjectName(QStringLiteral("diffGhost"));
    m_ghost->setToolTip(tr("Every Before bar drawn faintly over the After timeline, on one axis."));
    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Align on"), this));
    controls->addWidget(m_align, 1);
    controls->addWidget(m_ghost);

    m_functions = new FunctionDeltaModel(this);
    m_functionTable = new QTableView(this);
    m_functionTable->setObjectName(QStringLiteral("diffFunctions"));
    m_functionTable->setModel(m_functions);
    m_functionTable->setSortingEnabled(true);
    m_functionTable->sortByColumn(-1, Qt::AscendingOrder); // the diff's order: largest |total Δ| first
    m_functionTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_functionTable->verticalHeader()->hide();
    m_functionTable->setWordWrap(false);
    // The name takes the room, so that each number stays under its header.
    m_functionTable->horizontalHeader()->setSectionResizeMode(FunctionDeltaModel::Function,
                                                              QHeaderView::Stretch);

    m_largest = new QTableWidget(0, LargestColumnCount, this);
    m_largest->setObjectName(QStringLiteral("diffLargest"));
    m_largest->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_largest->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_largest->setSelectionMode(QAbstractItemView::SingleSelection);
    m_largest->verticalHeader()->hide();
    m_largest->setWordWrap(false);
    m_largest->horizontalHeader()->setSectionResizeMode(LargestFunction, QHeaderView::Stretch);
    // Sortable by any column; until a header is clicked, the diff's order (largest |Δ| first).
    m_largest->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_largest->setToolTip(tr("Click a change to show it on both timelines."));

    m_waterfall = new WaterfallChart(this);

    m_sections = new QTabWidget(this);
    m_sections->setObjectName(QStringLiteral("diffSections"));
    m_sections->addTab(m_largest, tr("Largest changes"));
    m_sections->addTab(m_functionTable, tr("Per function"));
    m_sections->addTab(m_waterfall, tr("Makespan"));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addLayout(controls);
    layout->addWidget(m_legend);
    layout->addWidget(m_sections, 1);

    connect(m_largest, &QTableWidget::cellClicked, this, [this](int row, int) {
        if (const QTableWidgetItem *task = m_largest->item(row, LargestTask))
            locateChange(task->data(kChangeIndexRole).toInt());
    });
    connect(m_functionTable, &QTableView::clicked, this, [this](const QModelIndex &index) {
        if (!index.isValid() || !m_twin)
            return;
        const int funcId = m_functions->function(index.row()).funcId;
        m_twin->afterView()->locateFunction(funcId);
        m_twin->beforeView()->locateFunction(funcId);
    });
    connect(m_align, &QComboBox::currentIndexChanged, this, [this] {
        if (DiffAnchor(m_align->currentData(kAnchorRole).toInt()) == DiffAnchor::Task)
            rememberSelectedTask();
        realign();
        emit settingsChanged();
    });
    connect(m_ghost, &QCheckBox::toggled, this, [this](bool on) {
        if (m_overlay) {
            m_overlay->setGhostBefore(on);
            m_twin->afterView()->refreshOverlays();
        }
        emit settingsChanged();
    });
    if (m_twin) {
        m_twin->afterView()->viewport()->installEventFilter(this);
        m_twin->beforeView()->viewport()->installEventFilter(this);
    }
    rebuildAnchors();
    updateHeader();
}

DiffView::~DiffView()
{
    setActive(false);
}

bool DiffView::computing() const
{
    return m_job->pending();
}

void DiffView::setPair(CapturePtr before, CapturePtr after)
{
    const bool wasActive = m_active;
    setActive(false); // the old pair's colours and marks go
    m_active = wasActive;
    m_before = std::move(before);
    m_after = std::move(after);
    m_result.reset();
    m_colouring.reset();
    m_overlay.reset();
    m_beforeToAfter.clear();
    m_functions->setFunctions({});
    m_largest->setRowCount(0);
    m_waterfall->setAttribution({});
    m_legend->hide();
    m_job->start(m_before, m_after);
    updateHeader();
}

void DiffView::showResult(const DiffResultPtr &result)
{
    if (!result || result->before != m_before || result->after != m_after)
        return; // another pair was set meanwhile
    m_result = result;
    const TaskDiff &diff = result->diff;
    m_beforeToAfter.assign(m_before->rows.size(), kNoRow);
    for (std::size_t r = 0; r < diff.afterToBefore.size(); ++r) {
        const std::uint32_t b = diff.afterToBefore[r];
        if (b != kNoRow && b < m_beforeToAfter.size())
            m_beforeToAfter[b] = std::uint32_t(r);
    }
    m_colouring = std::make_shared<DiffColouring>(*m_before, *m_after, diff);
    m_overlay = std::make_shared<DiffOverlay>(*m_before, *m_after, diff);
    m_overlay->setGhostBefore(m_ghost->isChecked());
    DiffLegendInfo legend;
    legend.scale = m_colouring->scale();
    legend.perFunction = m_colouring->perFunction();
    legend.reason = diff.matchReason;
    legend.marksBars = diff.matchesBars();
    m_legend->setInfo(legend);
    m_legend->show();
    m_functions->setFunctions(diff.byFunction);
    m_functionTable->resizeColumnsToContents();
    fillLargest();
    // Bars that cannot be paired have no largest changes: the functions tell the diff instead.
    if (!diff.matchesBars() && m_sections->currentWidget() == m_largest)
        m_sections->setCurrentWidget(m_functionTable);
    m_waterfall->setAttribution(result->attribution);
    updateHeader();
    realign();
    applyToTimelines();
    emit diffReady();
}

void DiffView::setActive(bool active)
{
    m_active = active;
    applyToTimelines();
}

void DiffView::applyToTimelines()
{
    if (!m_twin)
        return;
    TimelineView *after = m_twin->afterView();
    const bool show = m_active && m_colouring && after->capture() == m_after;
    after->setColourHook(show ? m_colouring : nullptr);
    // Added once: remove first, whichever overlay was there.
    if (m_overlay)
        after->removeOverlay(m_overlay);
    if (show)
        after->addOverlay(m_overlay);
}

void DiffView::updateHeader()
{
    if (!m_before || !m_after) {
        m_header->setText(tr("Mark two open captures as Before and After to see their diff."));
        return;
    }
    if (!m_result) {
        m_header->setText(tr("Computing the task diff…"));
        return;
    }
    const TaskDiff &d = m_result->diff;
    QString text = formatDiffMatch(d);
    text[0] = text[0].toUpper();
    text += QLatin1Char('\n');
    if (d.matchesBars()) {
        QString counts = formatDiffCounts(d);
        counts[0] = counts[0].toUpper();
        text += counts;
    } else
        text += tr("Bars: %1 before, %2 after (compared per function)")
                    .arg(m_before->rows.size())
                    .arg(m_after->rows.size());
    text += QLatin1Char('\n');
    text += tr("Makespan %1 → %2, Δ %3")
                .arg(formatDuration(d.beforeMakespanUs), formatDuration(d.afterMakespanUs),
                     formatDurationChange(d.beforeMakespanUs, d.afterMakespanUs));
    m_header->setText(text);
}

void DiffView::fillLargest()
{
    m_largest->setSortingEnabled(false);
    m_largest->setRowCount(0);
    std::vector<const BarChange *> shown;
    if (m_result)
        for (const BarChange &c : m_result->diff.largest)
            if (c.afterRow < m_after->rows.size())
                shown.push_back(&c);
    // One unit per time column, from its values.
    std::vector<double> befores, afters, deltas;
    for (const BarChange *c : shown) {
        befores.push_back(c->beforeUs);
        afters.push_back(c->afterUs);
        deltas.push_back(c->afterUs - c->beforeUs);
    }
    const TimeUnit beforeUnit = columnUnit(befores), afterUnit = columnUnit(afters),
                   deltaUnit = columnUnit(deltas);
    m_largest->setHorizontalHeaderLabels(
        {tr("Task"), tr("Function"), timeColumnHeader(tr("Before"), beforeUnit),
         timeColumnHeader(tr("After"), afterUnit), timeColumnHeader(tr("Δ"), deltaUnit), tr("Δ %")});
    for (int col = LargestBefore; col < LargestColumnCount; ++col)
        m_largest->horizontalHeaderItem(col)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);

    m_largest->setRowCount(int(shown.size()));
    for (int i = 0; i < int(shown.size()); ++i) {
        const BarChange &c = *shown[std::size_t(i)];
        const TaskRow &row = m_after->rows[c.afterRow];
        auto *task = new QTableWidgetItem(taskDisplayId(row.taskId, m_after->info.taskIdFormat));
        task->setData(kChangeIndexRole, int(&c - m_result->diff.largest.data()));
        m_largest->setItem(i, LargestTask, task);
        m_largest->setItem(i, LargestFunction, new QTableWidgetItem(functionNameOf(*m_result, row.funcId)));
        m_largest->setItem(i, LargestBefore, numberItem(formatTimeCell(c.beforeUs, beforeUnit), c.beforeUs));
        m_largest->setItem(i, LargestAfter, numberItem(formatTimeCell(c.afterUs, afterUnit), c.afterUs));
        const double delta = c.afterUs - c.beforeUs;
        m_largest->setItem(i, LargestDelta,
                           numberItem(formatTimeCell(delta, deltaUnit, TimeSign::Always), delta));
        // Relative to Before; a bar that took no time before has no relative change (sorts first).
        const std::optional<double> relative =
            c.beforeUs != 0 ? std::optional<double>(delta / std::abs(c.beforeUs)) : std::nullopt;
        m_largest->setItem(i, LargestRelative,
                           numberItem(formatMetricValue(relative, QStringLiteral("share")),
                                      relative.value_or(-std::numeric_limits<double>::infinity())));
    }
    m_largest->resizeColumnsToContents();
    m_largest->setSortingEnabled(true);
}

void DiffView::locateChange(int i)
{
    if (!m_result || !m_twin || i < 0 || i >= int(m_result->diff.largest.size()))
        return;
    const BarChange &c = m_result->diff.largest[std::size_t(i)];
    TimelineView *beforeView = m_twin->beforeView();
    TimelineView *afterView = m_twin->afterView();
    const SliceRef beforeBar = beforeView->taskLocator().barOfRow(*m_before, c.beforeRow);
    const SliceRef afterBar = afterView->taskLocator().barOfRow(*m_after, c.afterRow);
    const Slice *b = sliceOf(*m_before, beforeBar);
    const Slice *a = sliceOf(*m_after, afterBar);
    if (!b && !a)
        return;
    // Both bars in Before's time (the shared range's), then shown with a margin.
    const double offset = m_twin->afterOffsetUs();
    TimeRange range{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
    auto include = [&range](double from, double to) {
        range = {std::min(range.startUs, from), std::max(range.endUs, to)};
    };
    if (b)
        include(b->startUs, std::max(b->startUs, b->endUs));
    if (a)
        include(a->startUs - offset, std::max(a->startUs, a->endUs) - offset);
    beforeView->showRange(range);
    if (b)
        beforeView->select(beforeBar);
    if (a)
        afterView->select(afterBar);
}

QString DiffView::describeAfterBar(SliceRef bar) const
{
    const Slice *s = m_after ? sliceOf(*m_after, bar) : nullptr;
    if (!s || !m_result)
        return {};
    const Lane &lane = m_after->lanes[std::size_t(bar.lane)];
    const TaskRow *row = taskRowOf(*m_after, lane, *s);
    if (!row)
        return {};
    const QString label = barLabel(*m_after, lane, *s, BarLabelMode::Both);
    const TaskDiff &d = m_result->diff;
    if (!d.matchesBars()) {
        for (const FunctionDelta &f : d.byFunction) {
            if (f.funcId == row->funcId)
                return tr("%1\nafter %2\nper function (the task set changed): mean Δ of %3 %4")
                    .arg(label, formatDuration(diffDurationUs(*row)), functionNameOf(*m_result, f.funcId),
                         formatDurationDelta(f.meanDeltaUs));
        }
        return tr("%1\nafter %2").arg(label, formatDuration(diffDurationUs(*row)));
    }
    const std::uint32_t b = s->ref < d.afterToBefore.size() ? d.afterToBefore[s->ref] : kNoRow;
    if (b == kNoRow || b >= m_before->rows.size())
        return tr("%1\nadded: only in After (%2)").arg(label, formatDuration(diffDurationUs(*row)));
    const double beforeUs = diffDurationUs(m_before->rows[b]);
    const double afterUs = diffDurationUs(*row);
    return tr("%1\nbefore %2\nafter %3\nΔ %4")
        .arg(label, formatDuration(beforeUs), formatDuration(afterUs),
             formatDurationChange(beforeUs, afterUs));
}

QString DiffView::describeBeforeBar(SliceRef bar) const
{
    const Slice *s = m_before ? sliceOf(*m_before, bar) : nullptr;
    if (!s || !m_result)
        return {};
    const Lane &lane = m_before->lanes[std::size_t(bar.lane)];
    const TaskRow *row = taskRowOf(*m_before, lane, *s);
    if (!row)
        return {};
    const QString label = barLabel(*m_before, lane, *s, BarLabelMode::Both);
    if (!m_result->diff.matchesBars())
        return tr("%1\nbefore %2").arg(label, formatDuration(diffDurationUs(*row)));
    const std::uint32_t a = s->ref < m_beforeToAfter.size() ? m_beforeToAfter[s->ref] : kNoRow;
    if (a == kNoRow || a >= m_after->rows.size())
        return tr("%1\nremoved: only in Before (%2)").arg(label, formatDuration(diffDurationUs(*row)));
    const double beforeUs = diffDurationUs(*row);
    const double afterUs = diffDurationUs(m_after->rows[a]);
    return tr("%1\nbefore %2\nafter %3\nΔ %4")
        .arg(label, formatDuration(beforeUs), formatDuration(afterUs),
             formatDurationChange(beforeUs, afterUs));
}

bool DiffView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::ToolTip && m_active && m_result && m_twin) {
        if (watched == m_twin->afterView()->viewport())
            return showToolTip(m_twin->afterView(), event, true);
        if (watched == m_twin->beforeView()->viewport())
            return showToolTip(m_twin->beforeView(), event, false);
    }
    return QWidget::eventFilter(watched, event);
}

bool DiffView::showToolTip(TimelineView *view, QEvent *event, bool afterSide)
{
    const auto *help = static_cast<QHelpEvent *>(event);
    QString text;
    if (const std::optional<SliceRef> hit = view->sliceAt(help->pos()))
        text = afterSide ? describeAfterBar(*hit) : describeBeforeBar(*hit);
    if (text.isEmpty() && afterSide && m_overlay) {
        // A removed bar's ghost: the Before bar it stands for.
        const int lane = view->laneAt(help->pos());
        const double toleranceUs = 2 * view->timelineViewport().usPerPx();
        if (const auto row = m_overlay->removedAt(lane, view->timeAtX(help->pos().x()), toleranceUs)) {
            const SliceRef bar = m_twin->beforeView()->taskLocator().barOfRow(*m_before, *row);
            text = describeBeforeBar(bar);
        }
    }
    if (text.isEmpty())
        return false; // the timeline's own tooltip
    m_lastToolTip = text;
    QToolTip::showText(help->globalPos(), text, view->viewport());
    return true;
}

void DiffView::setMarkers(std::vector<ReviewMarker> markers)
{
    m_markers = std::move(markers);
    rebuildAnchors();
}

void DiffView::rebuildAnchors()
{
    const QVariant kind = m_align->currentData(kAnchorRole);
    const QVariant marker = m_align->currentData(kMarkerRole);
    const QSignalBlocker blocker(m_align);
    m_align->clear();
    m_align->addItem(tr("the starts (first bars)"), int(DiffAnchor::Starts));
    m_align->addItem(tr("the selected bar's task"), int(DiffAnchor::Task));
    for (int i = 0; i < int(m_markers.size()); ++i) {
        m_align->addItem(tr("marker %1 (first bars from it)").arg(m_markers[std::size_t(i)].name),
                         int(DiffAnchor::Marker));
        m_align->setItemData(m_align->count() - 1, i, kMarkerRole);
    }
    int keep = 0;
    for (int i = 0; i < m_align->count(); ++i) {
        if (m_align->itemData(i, kAnchorRole) == kind && m_align->itemData(i, kMarkerRole) == marker)
            keep = i;
    }
    m_align->setCurrentIndex(keep);
}

void DiffView::rememberSelectedTask()
{
    if (!m_twin || !m_after)
        return;
    // The selected bar's task, on After or else on Before (then its partner's task on After).
    auto rowOf = [](TimelineView *view) -> std::optional<std::uint32_t> {
        const std::optional<SliceRef> bar = view->selection();
        const Slice *s = bar && view->capture() ? sliceOf(*view->capture(), *bar) : nullptr;
        if (!s || !taskRowOf(*view->capture(), view->capture()->lanes[std::size_t(bar->lane)], *s))
            return std::nullopt;
        return s->ref;
    };
    std::optional<std::uint64_t> task;
    if (const auto a = rowOf(m_twin->afterView()))
        task = m_after->rows[*a].taskId;
    else if (const auto b = rowOf(m_twin->beforeView()))
        task = *b < m_beforeToAfter.size() && m_beforeToAfter[*b] != kNoRow
                   ? m_after->rows[m_beforeToAfter[*b]].taskId
                   : m_before->rows[*b].taskId;
    if (task)
        m_anchorTask = taskDisplayId(*task, m_after->info.taskIdFormat);
}

std::optional<double> DiffView::anchorOffsetUs(DiffAnchor anchor, int marker) const
{
    if (!m_before || !m_after || !m_twin)
        return std::nullopt;
    switch (anchor) {
    case DiffAnchor::Starts:
        return m_twin->startsOffsetUs();
    case DiffAnchor::Task: {
        // After's task and its partner on Before: the task of the partner of its first row, or the
        // same id where the task has no partner.
        const std::optional<std::uint64_t> afterTask =
            parseTaskDisplayId(m_anchorTask, m_after->info.taskIdFormat);
        if (!afterTask)
            return std::nullopt;
        std::optional<std::uint64_t> beforeTask;
        for (std::size_t r = 0; r < m_after->rows.size() && !beforeTask; ++r) {
            if (m_after->rows[r].taskId != *afterTask || !m_result ||
                r >= m_result->diff.afterToBefore.size())
                continue;
            const std::uint32_t b = m_result->diff.afterToBefore[r];
            if (b != kNoRow && b < m_before->rows.size())
                beforeTask = m_before->rows[b].taskId;
        }
        const std::optional<double> b = firstStartOfTask(*m_before, beforeTask.value_or(*afterTask));
        const std::optional<double> a = firstStartOfTask(*m_after, *afterTask);
        if (!a || !b)
            return std::nullopt;
        return *a - *b;
    }
    case DiffAnchor::Marker: {
        if (marker < 0 || marker >= int(m_markers.size()))
            return std::nullopt;
        // Marker times count from the aligned starts; each side is anchored on its first bar from there.
        const double at = m_markers[std::size_t(marker)].timeUs;
        const TimeRange bx = m_twin->beforeView()->captureExtent();
        const TimeRange ax = m_twin->afterView()->captureExtent();
        if (!bx.isValid() || !ax.isValid())
            return std::nullopt;
        const std::optional<double> b = firstStartFrom(*m_before, bx.startUs + at);
        const std::optional<double> a = firstStartFrom(*m_after, ax.startUs + at);
        if (!a || !b)
            return std::nullopt;
        return *a - *b;
    }
    }
    return std::nullopt;
}

void DiffView::realign()
{
    if (!m_twin || !m_before || !m_after)
        return;
    const auto anchor = DiffAnchor(m_align->currentData(kAnchorRole).toInt());
    const std::optional<double> offset = anchorOffsetUs(anchor, m_align->currentData(kMarkerRole).toInt());
    if (!offset) {
        // Nothing to anchor on (no bar selected): the starts, said so in the box's tooltip.
        m_align->setToolTip(tr("Nothing to line up on for this anchor; the starts are lined up."));
        m_twin->setAfterOffsetUs(m_twin->startsOffsetUs());
    } else {
        QString tip = tr("After is shifted by %1 against Before.").arg(formatDurationDelta(*offset));
        if (anchor == DiffAnchor::Task)
            tip += tr(" Lined up on task %1.").arg(m_anchorTask);
        m_align->setToolTip(tip);
        m_twin->setAfterOffsetUs(*offset);
    }
    if (m_overlay) {
        m_overlay->setOffsetUs(m_twin->afterOffsetUs());
        m_twin->afterView()->refreshOverlays();
    }
}

double DiffView::alignmentOffsetUs() const
{
    return m_twin ? m_twin->afterOffsetUs() : 0;
}

DiffSettings DiffView::settings() const
{
    DiffSettings s;
    s.anchor = DiffAnchor(m_align->currentData(kAnchorRole).toInt());
    if (s.anchor == DiffAnchor::Task)
        s.anchorTask = m_anchorTask;
    const int marker = m_align->currentData(kMarkerRole).toInt();
    if (s.anchor == DiffAnchor::Marker && marker >= 0 && marker < int(m_markers.size()))
        s.anchorMarker = m_markers[std::size_t(marker)].name;
    s.ghost = m_ghost->isChecked();
    return s;
}

void DiffView::setSettings(const DiffSettings &settings)
{
    {
        const QSignalBlocker blocker(m_ghost);
        m_ghost->setChecked(settings.ghost);
    }
    if (m_overlay) {
        m_overlay->setGhostBefore(settings.ghost);
        if (m_twin)
            m_twin->afterView()->refreshOverlays();
    }
    m_anchorTask = settings.anchorTask;
    int item = 0;
    for (int i = 0; i < m_align->count(); ++i) {
        const auto anchor = DiffAnchor(m_align->itemData(i, kAnchorRole).toInt());
        const int marker = m_align->itemData(i, kMarkerRole).toInt();
        if (anchor == settings.anchor &&
            (anchor != DiffAnchor::Marker || (marker >= 0 && marker < int(m_markers.size()) &&
                                              m_markers[std::size_t(marker)].name == settings.anchorMarker)))
            item = i;
    }
    {
        const QSignalBlocker blocker(m_align);
        m_align->setCurrentIndex(item);
    }
    realign();
}

} // namespace lanescope
