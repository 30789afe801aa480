#include "widgets/panels/regionpanel.h"

#include "widgets/panels/functiontablemodel.h"
#include "widgets/panels/numbersortitem.h"
#include "widgets/render/hostclockbadge.h"
#include "widgets/text/timeformat.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace lanescope {

namespace {

QString percent(double pct)
{
    return QStringLiteral("%1 %").arg(pct, 0, 'f', 1);
}

} // namespace

RegionPanel::RegionPanel(QWidget *parent) : QWidget(parent)
{
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("regionSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    m_lanes = new QTableWidget(0, LaneColumnCount, this);
    m_lanes->setObjectName(QStringLiteral("regionLanes"));
    m_lanes->setHorizontalHeaderLabels({tr("Lane"), timeColumnHeader(tr("Busy"), TimeUnit::Us), tr("Busy %"),
                                        timeColumnHeader(tr("Band"), TimeUnit::Us)});
    for (int column : {BusyColumn, BusyPercentColumn, PlacementColumn})
        m_lanes->horizontalHeaderItem(column)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_lanes->verticalHeader()->hide();
    m_lanes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_lanes->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Every cell is read whole: the columns are as wide as their contents, the last one takes what
    // is left, and a table wider than its pane scrolls rather than cutting a number.
    m_lanes->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_lanes->horizontalHeader()->setStretchLastSection(true);
    m_lanes->setColumnHidden(PlacementColumn, true);

    m_functions = new FunctionTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_functions);
    m_proxy->setSortRole(Qt::UserRole);
    m_functionView = new QTableView(this);
    m_functionView->setObjectName(QStringLiteral("regionFunctions"));
    m_functionView->setModel(m_proxy);
    m_functionView->setSortingEnabled(true);
    m_functionView->verticalHeader()->hide();
    m_functionView->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);

    m_lanes->horizontalHeader()->setSortIndicator(0, Qt::AscendingOrder); // timeline order
    m_functionView->sortByColumn(FunctionTableModel::Count, Qt::DescendingOrder);

    // Side by side: the panel lives in a wide, low dock.
    auto *split = new QSplitter(Qt::Horizontal, this);
    auto *summaryScroll = new QScrollArea(this);
    summaryScroll->setWidget(m_summary);
    summaryScroll->setWidgetResizable(true);
    summaryScroll->setFrameShape(QFrame::NoFrame);
    summaryScroll->setMinimumWidth(300);
    split->addWidget(summaryScroll);
    split->addWidget(m_lanes);
    split->addWidget(m_functionView);
    // The summary's lines and the lane table's cells stay whole at common widths.
    split->setSizes({340, 480, 580});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split, 1);
    recompute();
}

void RegionPanel::setCapture(CapturePtr capture)
{
    m_capture = std::move(capture);
    m_region.reset();
    recompute();
}

void RegionPanel::setRegion(std::optional<TimeRange> region)
{
    if (region && !region->isValid())
        region.reset();
    if (region == m_region)
        return;
    m_region = region;
    recompute();
}

void RegionPanel::recompute()
{
    m_stats.reset();
    m_report.reset();
    if (m_capture && m_region) {
        const AnalysisRange range{m_region->startUs, m_region->endUs};
        m_stats = regionStatistics(*m_capture, range);
        m_report = analyze(*m_capture, range);
    }
    m_functions->setSummary(m_report ? m_report->functions : FunctionSummary{});
    fillSummary();
    fillLanes();
}

QString RegionPanel::summaryText() const
{
    return m_summary->text();
}

void RegionPanel::fillSummary()
{
    if (!m_stats) {
        m_summary->setText(
            m_capture ? tr("No region. Drag on the time ruler, or Shift+drag on the lanes, to measure.")
                      : tr("No capture."));
        return;
    }
    const RegionStatistics &s = *m_stats;
    const QString dot = QStringLiteral(" · ");
    QStringList lines;
    const QStringList ends = formatTimes({s.startUs, s.endUs});
    lines << tr("Duration: %1").arg(formatDuration(s.durationUs))
          << tr("From %1 to %2").arg(ends[0], ends[1]);
    // Each count says what it counts: a task crossing an edge overlaps the region without starting
    // or ending in it.
    lines << (s.countsTasks
                  ? tr("Tasks overlapping the region: %1 · starting in it: %2 · ending in it: %3")
                  : tr("AICore bars overlapping the region: %1 · starting in it: %2 · ending in it: %3"))
                 .arg(s.running)
                 .arg(s.started)
                 .arg(s.ended);
    QStringList busy;
    for (int e = 0; e < kEngineCount; ++e) {
        const EngineBusy &engine = s.engines[std::size_t(e)];
        if (engine.lanes > 0)
            busy << tr("%1 %2 (%3)")
                        .arg(QString::fromLatin1(engineName(e)).toUpper(), percent(engine.busyPct),
                             engine.lanes == 1 ? tr("1 core") : tr("%1 cores").arg(engine.lanes));
    }
    lines << tr("Busy: %1").arg(busy.isEmpty() ? tr("no AICore lanes") : busy.join(dot));
    if (m_report && m_report->overhead) {
        // Spec §12.2 Part 1 over the tasks that start in the region, as `analyze --range` reports it.
        const OverheadFigures &o = *m_report->overhead;
        QStringList parts{tr("all engines %1").arg(percent(o.allPct))};
        for (int e = 0; e < kEngineCount; ++e) {
            if (o.engines[std::size_t(e)].present)
                parts << tr("%1 %2").arg(QString::fromLatin1(engineName(e)).toUpper(),
                                         percent(o.engines[std::size_t(e)].pct));
        }
        lines << tr("Idle with ready work: %1 — %2").arg(percent(o.hasPct), o.verdict)
              << tr("  %1").arg(parts.join(dot))
              << tr("  of the %1 the region's tasks span").arg(formatDuration(o.makespanUs));
    } else if (m_report) {
        const QString reason = m_report->absenceOf(figures::overhead);
        lines << tr("Idle with ready work: – (%1)").arg(reason.isEmpty() ? tr("not available") : reason);
    }
    m_summary->setText(lines.join(u'\n'));
}

void RegionPanel::fillLanes()
{
    m_lanes->setSortingEnabled(false);
    m_lanes->setRowCount(0);
    if (!m_stats || !m_capture) {
        return;
    }
    m_lanes->setRowCount(int(m_stats->lanes.size()));
    // One unit for the busy column, named in its header; the placement bands are written in it too.
    std::vector<double> busyTimes;
    for (const LaneBusy &b : m_stats->lanes)
        busyTimes.push_back(b.busyUs);
    const TimeUnit unit = columnUnit(busyTimes);
    m_lanes->horizontalHeaderItem(BusyColumn)->setText(timeColumnHeader(tr("Busy"), unit));
    const HostPlacement &placement = m_capture->info.hostPlacement;
    m_lanes->horizontalHeaderItem(PlacementColumn)
        ->setText(timeColumnHeader(placement.inferred ? tr("Band, inferred") : tr("Band"), unit));
    m_lanes->horizontalHeaderItem(PlacementColumn)
        ->setToolTip(tr("Host lanes placed on the device clock: the least and most busy time wherever in "
                        "its placement band the lane truly sits."));
    bool anyBand = false;
    int row = 0;
    for (const LaneBusy &b : m_stats->lanes) {
        const Lane &lane = m_capture->lanes[std::size_t(b.lane)];
        // Sorting the name column keeps the timeline's lane order.
        m_lanes->setItem(row, LaneColumn,
                         new NumberSortItem(tr("%1 / %2").arg(lane.group, lane.name), double(b.lane)));
        m_lanes->setItem(row, BusyColumn, numberItem(formatTimeCell(b.busyUs, unit), b.busyUs));
        m_lanes->setItem(row, BusyPercentColumn, numberItem(percent(b.busyPct), b.busyPct));
        if (b.busyRangeUs) {
            // Host time on the device axis is a placement with a band: its own column says what the
            // band allows, so the busy time beside it stays short enough to read whole.
            anyBand = true;
            auto *band = numberItem(tr("%1–%2").arg(formatTimeCell(b.busyRangeUs->first, unit),
                                                    formatTimeCell(b.busyRangeUs->second, unit)),
                                    b.busyRangeUs->first);
            const QStringList ends = formatTimes({b.busyRangeUs->first, b.busyRangeUs->second});
            band->setToolTip(
                tr("%1 Wherever in that band the lane truly sits, this region holds %2 of its bars.")
                    .arg(hostPlacementDescription(lane, placement), tr("%1–%2").arg(ends[0], ends[1])));
            m_lanes->setItem(row, PlacementColumn, band);
        }
        ++row;
    }
    m_lanes->setColumnHidden(PlacementColumn, !anyBand);
    m_lanes->setSortingEnabled(true);
}

} // namespace lanescope
