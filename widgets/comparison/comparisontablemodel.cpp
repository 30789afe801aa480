#include "widgets/comparison/comparisontablemodel.h"

#include "model/format/metrictext.h"
#include "model/format/runspreadtext.h"
#include "widgets/style/verdictcolours.h"

#include <QBrush>
#include <QColor>

namespace lanescope {

ComparisonTableModel::ComparisonTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void ComparisonTableModel::setComparison(CaptureComparison comparison)
{
    beginResetModel();
    m_comparison = std::move(comparison);
    endResetModel();
}

int ComparisonTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_comparison.metrics.size());
}

int ComparisonTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ComparisonTableModel::expectedText(ExpectedDirection direction)
{
    switch (direction) {
    case ExpectedDirection::Decrease:
        return tr("falls");
    case ExpectedDirection::Increase:
        return tr("rises");
    case ExpectedDirection::Unchanged:
        return tr("unchanged");
    case ExpectedDirection::Report:
        return tr("context only");
    }
    return {};
}

QVariant ComparisonTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const MetricComparison &m = m_comparison.metrics[std::size_t(index.row())];
    const auto number = [](std::optional<double> v) { return v ? QVariant(*v) : QVariant(); };
    switch (role) {
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case Metric:
            return QStringLiteral("%1  %2").arg(metricTag(m.id), m.name);
        case Before:
            return formatComparedSide(m, true);
        case After:
            return formatComparedSide(m, false);
        case Delta:
            return formatMetricChange(m.delta, m.deltaRelative, m.unit);
        case Expected:
            return expectedText(m.expected);
        case VerdictColumn:
            return verdictName(m.verdict);
        case Reason:
            return m.reason;
        case ColumnCount:
            break;
        }
        break;
    case Qt::UserRole:
        switch (Column(index.column())) {
        case Metric:
            return m.id;
        case Before:
            return number(m.before);
        case After:
            return number(m.after);
        case Delta:
            return number(m.delta);
        case Expected:
            return expectedDirectionName(m.expected);
        case VerdictColumn:
            return verdictName(m.verdict);
        case Reason:
            return m.reason;
        case ColumnCount:
            break;
        }
        break;
    case VerdictRole:
        return int(m.verdict);
    case MetricIdRole:
        return m.id;
    case Qt::ForegroundRole:
        if (index.column() == VerdictColumn)
            return QBrush(verdictColour(m.verdict));
        break;
    case Qt::ToolTipRole:
        if (index.column() == Reason || index.column() == VerdictColumn)
            return m.reason;
        if (index.column() == Before || index.column() == After) {
            const std::vector<double> &runs = index.column() == Before ? m.beforeRuns : m.afterRuns;
            if (runs.size() < 2)
                break;
            QStringList each;
            for (double v : runs)
                each << formatMetricValue(v, m.unit);
            return tr("Median of %1 runs: %2").arg(runs.size()).arg(each.join(QStringLiteral(", ")));
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == Before || index.column() == After || index.column() == Delta)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        break;
    default:
        break;
    }
    return {};
}

QVariant ComparisonTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Metric:
        return tr("Metric");
    case Before:
        return tr("Before");
    case After:
        return tr("After");
    case Delta:
        return tr("Δ (after − before)");
    case Expected:
        return tr("Expected");
    case VerdictColumn:
        return tr("Verdict");
    case Reason:
        return tr("Why");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace lanescope
