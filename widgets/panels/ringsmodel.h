#pragma once

#include "model/analysis/ringoccupancy.h"
#include "model/format/durationtext.h"

#include "widgets/panels/groupedtreemodel.h"

#include <array>
#include <vector>

namespace lanescope {

// The rings of a capture as a two-level tree: one row per resource, headed by its name and the unit
// of its Peak and Capacity cells ("Heap (MiB)"), then one row per ring, so that every column holds
// one unit. Cells are plain numbers; "—" or "unknown" where a figure is unknown. Sorting orders the
// rings within each resource by value; the resources keep their order.
class RingsModel : public GroupedTreeModel
{
    Q_OBJECT

public:
    enum Column {
        RingColumn,
        PeakColumn,
        CapacityColumn,
        PercentColumn,
        SiteColumn,
        AtColumn,
        TasksColumn,
        ColumnCount
    };
    enum Role {
        ValueRole = Qt::UserRole, // the number a ring's cell sorts by (-1 where unknown); none on text
    };

    explicit RingsModel(QObject *parent = nullptr);

    // Shows these rings (nullptr: none).
    void setRings(const RingOccupancy *rings);
    // The heading of a resource's rows: "Task window (slots)", "Heap (MiB)", "Dep pool (entries)".
    static QString groupTitle(RingResource resource);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    struct Row
    {
        std::array<QString, ColumnCount> text;
        std::array<double, ColumnCount> value{}; // NaN: the cell sorts by its text
        bool danger = false;                     // the peak sits at or near capacity
    };
    struct Group
    {
        RingResource resource;
        std::vector<Row> rows;
    };
    int groupCount() const override;
    int rowsInGroup(int group) const override;

    const Row *rowAt(const QModelIndex &index) const;

    std::vector<Group> m_groups;
    TimeUnit m_atUnit = TimeUnit::Us; // of the peak moments, named in their column's header
};

} // namespace lanescope
