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

    m_lanes = new QTableWidget(0, 3, this);
    m_lanes->setObjectName(QStringLiteral("regionLanes"));
    m_lanes->setHorizontalHeaderLabels(
        {tr("Lane"), timeColumnHeader(tr("Busy"), TimeUnit::Us), tr("Busy %")});
    for (int column : {1, 2})
        m_lanes->horizontalHeaderItem(column)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_lanes->verticalHeader()->hide();
    m_lanes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_lanes->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_lanes->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);

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
    split->setSizes({380, 400, 620}); // the summary's lines stay whole at common widths
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
    lines << tr("Duration: %1").arg(formatDuration(s.durationUs))
          << tr("From %1 to %2").arg(formatDuration(s.startUs), formatDuration(s.endUs));
    lines << tr("%1: %2 started · %3 ended · %4 running")
                 .arg(s.countsTasks ? tr("Tasks") : tr("AICore bars"))
                 .arg(s.started)
                 .arg(s.ended)
                 .arg(s.running);
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
    m_lanes->horizontalHeaderItem(1)->setText(timeColumnHeader(tr("Busy"), unit));
    int row = 0;
    for (const LaneBusy &b : m_stats->lanes) {
        const Lane &lane = m_capture->lanes[std::size_t(b.lane)];
        // Sorting the name column keeps the timeline's lane order.
        m_lanes->setItem(row, 0,
                         new NumberSortItem(tr("%1 / %2").arg(lane.group, lane.name), double(b.lane)));
        auto *busy = numberItem(formatTimeCell(b.busyUs, unit), b.busyUs);
        if (b.busyRangeUs) {
            // Host time on the device axis is a placement with a band: say what the band allows.
            const HostPlacement &placement = m_capture->info.hostPlacement;
            const QString range = tr("%1–%2").arg(formatTimeCell(b.busyRangeUs->first, unit),
                                                  formatTimeCell(b.busyRangeUs->second, unit));
            busy->setText(
                placement.inferred
                    ? tr("%1 (%2 by placement, inferred)").arg(formatTimeCell(b.busyUs, unit), range)
                    : tr("%1 (%2 by placement)").arg(formatTimeCell(b.busyUs, unit), range));
            busy->setToolTip(
                tr("%1 Wherever in that band the lane truly sits, this region holds %2 of its bars.")
                    .arg(hostPlacementDescription(lane, placement),
                         tr("%1–%2").arg(formatDuration(b.busyRangeUs->first),
                                         formatDuration(b.busyRangeUs->second))));
        }
        m_lanes->setItem(row, 1, busy);
        m_lanes->setItem(row, 2, numberItem(percent(b.busyPct), b.busyPct));
        ++row;
    }
    m_lanes->setSortingEnabled(true);
}

} // namespace lanescope
