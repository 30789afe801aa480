#include "widgets/panels/queryresultmodel.h"

#include <algorithm>
#include <numeric>

namespace lanescope {

namespace {

bool isNumber(const QVariant &v)
{
    return v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Double;
}

// NULL, then numbers, then text, then blobs: SQLite's own order of storage classes.
int rank(const QVariant &v)
{
    if (v.isNull())
        return 0;
    if (isNumber(v))
        return 1;
    return v.typeId() == QMetaType::QString ? 2 : 3;
}

bool lessThan(const QVariant &a, const QVariant &b)
{
    const int ra = rank(a);
    const int rb = rank(b);
    if (ra != rb)
        return ra < rb;
    switch (ra) {
    case 1:
        // Both integers: compared exactly, a double would round ids past 2^53.
        if (a.typeId() == QMetaType::LongLong && b.typeId() == QMetaType::LongLong)
            return a.toLongLong() < b.toLongLong();
        return a.toDouble() < b.toDouble();
    case 2:
        return QString::compare(a.toString(), b.toString(), Qt::CaseInsensitive) < 0;
    case 3:
        return a.toByteArray() < b.toByteArray();
    default:
        return false;
    }
}

QString displayText(const QVariant &v)
{
    if (v.isNull())
        return QStringLiteral("NULL");
    switch (v.typeId()) {
    case QMetaType::LongLong:
        return QString::number(v.toLongLong());
    case QMetaType::Double:
        return QString::number(v.toDouble(), 'g', 15);
    case QMetaType::QByteArray:
        return QStringLiteral("x'%1'").arg(QString::fromLatin1(v.toByteArray().toHex()));
    default:
        return v.toString();
    }
}

} // namespace

QueryResultModel::QueryResultModel(QObject *parent) : QAbstractTableModel(parent) {}

void QueryResultModel::setResult(QueryResult result)
{
    beginResetModel();
    m_result = std::move(result);
    m_order.resize(m_result.rows.size());
    std::iota(m_order.begin(), m_order.end(), std::size_t(0));
    endResetModel();
}

int QueryResultModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_order.size());
}

int QueryResultModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_result.columns.size());
}

QVariant QueryResultModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QVariantList &row = m_result.rows[m_order[std::size_t(index.row())]];
    if (index.column() >= row.size())
        return {};
    const QVariant &value = row[index.column()];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return displayText(value);
    case Qt::TextAlignmentRole:
        return isNumber(value) ? int(Qt::AlignRight | Qt::AlignVCenter)
                               : int(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::UserRole:
        return value;
    default:
        return {};
    }
}

QVariant QueryResultModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= m_result.columns.size())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole)
        return m_result.columns[section];
    if (role == Qt::ToolTipRole && !m_result.origins.value(section).isEmpty())
        return m_result.origins[section];
    return {};
}

void QueryResultModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= m_result.columns.size())
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    const std::vector<std::size_t> shownBefore = m_order; // shown row -> result row
    const auto valueOf = [this, column](std::size_t r) -> const QVariant & {
        return m_result.rows[r][column];
    };
    // Stable: equal values keep the order they were shown in, so sorts by two columns compose.
    std::stable_sort(m_order.begin(), m_order.end(), [&](std::size_t a, std::size_t b) {
        return order == Qt::AscendingOrder ? lessThan(valueOf(a), valueOf(b))
                                           : lessThan(valueOf(b), valueOf(a));
    });
    std::vector<std::size_t> shownAt(m_order.size()); // result row -> shown row, after
    for (std::size_t i = 0; i < m_order.size(); ++i)
        shownAt[m_order[i]] = i;
    QModelIndexList after;
    after.reserve(before.size());
    for (const QModelIndex &index : before)
        after << createIndex(int(shownAt[shownBefore[std::size_t(index.row())]]), index.column());
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace lanescope
