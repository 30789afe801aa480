#pragma once

#include "model/analysis/functionsummary.h"
#include "model/format/durationtext.h"

#include <QAbstractTableModel>

namespace lanescope {

// The per-function table (spec §12.1): name, count, avg exec, avg latency, exec %, avg head and
// avg tail. Level-gated columns show "–" when the capture lacks them. Each time column is written
// in one unit (columnUnit) with fixed decimals, named in its header ("Avg tail (µs)"), so its numbers
// line up and compare at a glance; numbers and their headers are right-aligned. Qt::UserRole
// holds the plain number for sorting (-1 for "–"), FuncIdRole the row's function id.
class FunctionTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Name, Count, AvgExec, AvgLatency, ExecPct, AvgHead, AvgTail, ColumnCount };
    static constexpr int FuncIdRole = Qt::UserRole + 1;

    explicit FunctionTableModel(QObject *parent = nullptr);

    void setSummary(FunctionSummary summary);
    const FunctionSummary &summary() const { return m_summary; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    FunctionSummary m_summary;
    TimeUnit m_units[ColumnCount] = {}; // per time column, chosen in setSummary
};

} // namespace lanescope
