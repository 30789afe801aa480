#include "widgets/panels/groupedtreemodel.h"

namespace lanescope {

GroupedTreeModel::GroupedTreeModel(int columns, QObject *parent)
    : QAbstractItemModel(parent), m_columns(columns)
{
}

int GroupedTreeModel::groupOf(const QModelIndex &index)
{
    return index.isValid() && index.internalId() != kTop ? int(index.internalId() - 1) : -1;
}

QModelIndex GroupedTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= m_columns)
        return {};
    if (!parent.isValid())
        return row < groupCount() ? createIndex(row, column, kTop) : QModelIndex();
    // Only a group's first column has children.
    if (parent.internalId() != kTop || parent.column() != 0)
        return {};
    const int g = parent.row();
    if (g >= groupCount() || row >= rowsInGroup(g))
        return {};
    return createIndex(row, column, quintptr(g + 1));
}

QModelIndex GroupedTreeModel::parent(const QModelIndex &child) const
{
    const int g = groupOf(child);
    return g < 0 ? QModelIndex() : createIndex(g, 0, kTop);
}

int GroupedTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return groupCount();
    if (parent.internalId() != kTop || parent.column() != 0 || parent.row() >= groupCount())
        return 0;
    return rowsInGroup(parent.row());
}

int GroupedTreeModel::columnCount(const QModelIndex &) const
{
    return m_columns;
}

} // namespace lanescope
