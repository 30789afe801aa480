#include "widgets/comparison/functiondeltamodel.h"

#include "model/format/metrictext.h"
#include "widgets/text/timeformat.h"

#include <algorithm>

namespace lanescope {

FunctionDeltaModel::FunctionDeltaModel(QObject *parent) : QAbstractTableModel(parent) {}

void FunctionDeltaModel::setFunctions(std::vector<FunctionDelta> functions)
{
    beginResetModel();
    m_rows = std::move(functions);
    std::vector<double> means, totals;
    for (const FunctionDelta &f : m_rows) {
        means.push_back(f.meanDeltaUs);
        totals.push_back(f.totalDeltaUs);
    }
    m_meanUnit = columnUnit(std::move(means));
    m_totalUnit = columnUnit(std::move(totals));
    endResetModel();
}

int FunctionDeltaModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int FunctionDeltaModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FunctionDeltaModel::value(const FunctionDelta &f, int column) const
{
    switch (column) {
    case Function:
        return f.name;
    case BeforeRows:
        return qulonglong(f.beforeRows);
    case AfterRows:
        return qulonglong(f.afterRows);
    case Matched:
        return qulonglong(f.matchedRows);
    case MeanDelta:
        return f.meanDeltaUs;
    case TotalDelta:
        return f.totalDeltaUs;
    case Share:
        return f.shareOfMakespanChange ? QVariant(*f.shareOfMakespanChange) : QVariant();
    default:
        return {};
    }
}

QVariant FunctionDeltaModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()) || index.column() >= ColumnCount)
        return {};
    const FunctionDelta &f = m_rows[std::size_t(index.row())];
    if (role == Qt::UserRole)
        return value(f, index.column());
    if (role == Qt::TextAlignmentRole)
        return index.column() == Function ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                          : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Function:
        return f.name.isEmpty() ? tr("(function %1)").arg(f.funcId) : f.name;
    case MeanDelta:
        return formatTimeCell(f.meanDeltaUs, m_meanUnit, TimeSign::Always);
    case TotalDelta:
        return formatTimeCell(f.totalDeltaUs, m_totalUnit, TimeSign::Always);
    case Share:
        return formatMetricValue(f.shareOfMakespanChange, QStringLiteral("share"));
    default:
        return value(f, index.column());
    }
}

QVariant FunctionDeltaModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::TextAlignmentRole)
        return section == Function ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Function:
        return tr("Function");
    case BeforeRows:
        return tr("Before rows");
    case AfterRows:
        return tr("After rows");
    case Matched:
        return tr("Matched");
    case MeanDelta:
        return timeColumnHeader(tr("Mean Δ"), m_meanUnit);
    case TotalDelta:
        return timeColumnHeader(tr("Total Δ"), m_totalUnit);
    case Share:
        return tr("Share of makespan Δ");
    default:
        return {};
    }
}

void FunctionDeltaModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<std::int32_t> idsBefore;
    for (const QModelIndex &i : before)
        idsBefore.push_back(m_rows[std::size_t(i.row())].funcId);
    // Stable, with rows lacking a value (no share) last whichever the order.
    std::stable_sort(m_rows.begin(), m_rows.end(), [&](const FunctionDelta &a, const FunctionDelta &b) {
        const QVariant va = value(a, column), vb = value(b, column);
        if (va.isValid() != vb.isValid())
            return va.isValid();
        if (!va.isValid())
            return false;
        const QPartialOrdering c = QVariant::compare(va, vb);
        return order == Qt::AscendingOrder ? c == QPartialOrdering::Less : c == QPartialOrdering::Greater;
    });
    QModelIndexList after;
    for (std::size_t i = 0; i < idsBefore.size(); ++i) {
        const auto it = std::find_if(m_rows.begin(), m_rows.end(),
                                     [&](const FunctionDelta &f) { return f.funcId == idsBefore[i]; });
        after << index(int(it - m_rows.begin()), before[int(i)].column());
    }
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace lanescope
