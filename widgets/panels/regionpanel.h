#pragma once

#include "model/analysis/analysisreport.h"
#include "model/analysis/regionstatistics.h"
#include "model/capture/capture.h"
#include "widgets/timeline/timeviewport.h"

#include <QWidget>
#include <optional>

class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QTableWidget;

namespace lanescope {

class FunctionTableModel;

// Statistics of the measured region: its duration, the tasks that started and ended in it, how
// busy each lane and each AICore engine was (bars clipped to the region), idle-with-ready-work
// over the tasks starting in it (spec §12.2 Part 1, when the capture has dependencies), and the
// per-function table of those tasks (§12.1).
class RegionPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RegionPanel(QWidget *parent = nullptr);

    void setCapture(CapturePtr capture);
    void setRegion(std::optional<TimeRange> region);

    std::optional<TimeRange> region() const { return m_region; }
    const std::optional<RegionStatistics> &statistics() const { return m_stats; }
    const std::optional<AnalysisReport> &report() const { return m_report; }
    // The summary lines as shown ("Duration", "Tasks", "Busy", "Idle with ready work").
    QString summaryText() const;
    QTableWidget *laneTable() const { return m_lanes; }
    // The lane table's columns; the placement band's only shows when a lane has one.
    enum LaneTableColumn { LaneColumn, BusyColumn, BusyPercentColumn, PlacementColumn, LaneColumnCount };

private:
    void recompute();
    void fillSummary();
    void fillLanes();

    CapturePtr m_capture;
    std::optional<TimeRange> m_region;
    std::optional<RegionStatistics> m_stats;
    std::optional<AnalysisReport> m_report;
    QLabel *m_summary = nullptr;
    QTableWidget *m_lanes = nullptr;
    FunctionTableModel *m_functions = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QTableView *m_functionView = nullptr;
};

} // namespace lanescope
