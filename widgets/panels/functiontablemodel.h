#pragma once

#include "model/analysis/functionsummary.h"
#include "model/format/durationtext.h"

#include <QAbstractTableModel>

namespace lanescope {

// The per-function table (spec §12.1, with the converter's v3 head split of supplement §6.1): name,
// count, total exec and its share of the busy time (Σ exec over every function), avg exec, avg
// latency, exec ÷ latency, avg head, avg tail, avg propagation and avg local setup. Level-gated
// columns show "–" when the capture lacks them. Each time column is written
// in one unit (columnUnit) with fixed decimals, named in its header ("Avg tail (µs)"), so its numbers
// line up and compare at a glance; numbers and their headers are right-aligned. Qt::UserRole
// holds the plain number for sorting (-1 for "–"), FuncIdRole the row's function id.
class FunctionTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Name,
        Count,
        TotalExec,
        BusyShare,
        AvgExec,
        AvgLatency,
        ExecPct,
        AvgHead,
        AvgTail,
        AvgProp,
        AvgLocal,
        ColumnCount
    };
    static constexpr int FuncIdRole = Qt::UserRole + 1;

    explicit FunctionTableModel(QObject *parent = nullptr);

    void setSummary(FunctionSummary summary);
    const FunctionSummary &summary() const { return m_summary; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // What column `section` holds, for its header's tooltip.
    static QString columnDescription(int section);

private:
    FunctionSummary m_summary;
    TimeUnit m_units[ColumnCount] = {}; // per time column, chosen in setSummary
};

} // namespace lanescope
