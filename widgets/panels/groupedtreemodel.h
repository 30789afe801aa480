#pragma once

#include <QAbstractItemModel>

namespace lanescope {

// A two-level tree of fixed columns: group rows at the top, each with its rows under column 0, as
// the Rings and Compiler hints docks show them. Holds the index arithmetic; a subclass says how many
// groups and rows there are and what they show.
class GroupedTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;

protected:
    GroupedTreeModel(int columns, QObject *parent);

    virtual int groupCount() const = 0;
    virtual int rowsInGroup(int group) const = 0;
    // The group a row belongs to; -1 for a group's own row or an invalid index.
    static int groupOf(const QModelIndex &index);

private:
    // Internal id of an index: 0 for a group's row, group + 1 for the rows under it.
    static constexpr quintptr kTop = 0;
    int m_columns;
};

} // namespace lanescope
