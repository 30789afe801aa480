#pragma once

#include "model/diff/taskdiff.h"
#include "model/format/durationtext.h"

#include <QAbstractTableModel>
#include <vector>

namespace lanescope {

// The diff per function: rows on each side, how many were paired, the mean and total Δ and the
// total Δ's share of the makespan change. Each Δ column is in one unit, chosen from its values
// (columnUnit) and named in its header ("Mean Δ (µs)"); Qt::DisplayRole is the text, numbers
// right-aligned, Qt::UserRole the plain number, which sort() orders by; the function column sorts
// by name.
class FunctionDeltaModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Function, BeforeRows, AfterRows, Matched, MeanDelta, TotalDelta, Share, ColumnCount };

    explicit FunctionDeltaModel(QObject *parent = nullptr);

    void setFunctions(std::vector<FunctionDelta> functions);
    const FunctionDelta &function(int row) const { return m_rows[std::size_t(row)]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    QVariant value(const FunctionDelta &f, int column) const;

    std::vector<FunctionDelta> m_rows;
    TimeUnit m_meanUnit = TimeUnit::Us;
    TimeUnit m_totalUnit = TimeUnit::Us;
};

} // namespace lanescope
