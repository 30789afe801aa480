#pragma once

#include "model/techniques/capturecomparison.h"

#include <QAbstractTableModel>

namespace lanescope {

// The rows of a before/after comparison: one confirmation metric each, with both values, the
// change, the direction the technique expects, the verdict and why. A side of several runs reads
// as its median with the runs' range ("12.3 µs (11.9 µs – 12.7 µs, 3 runs)"), each run in the tooltip.
// Qt::UserRole holds the plain number (before, after, delta) or the verdict name, for sorting and tests;
// VerdictRole the Verdict itself; MetricIdRole the value id.
class ComparisonTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Metric, Before, After, Delta, Expected, VerdictColumn, Reason, ColumnCount };
    static constexpr int VerdictRole = Qt::UserRole + 1;
    static constexpr int MetricIdRole = Qt::UserRole + 2;

    explicit ComparisonTableModel(QObject *parent = nullptr);

    void setComparison(CaptureComparison comparison);
    const CaptureComparison &comparison() const { return m_comparison; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Words for the table: "falls", "rises", "unchanged", "context only".
    static QString expectedText(ExpectedDirection direction);

private:
    CaptureComparison m_comparison;
};

} // namespace lanescope
