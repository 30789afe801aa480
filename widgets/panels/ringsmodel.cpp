#include "widgets/panels/ringsmodel.h"

#include "model/analysis/ringdiagnosis.h"
#include "model/analysis/ringtracks.h"
#include "model/format/countertext.h"
#include "widgets/text/timeformat.h"

#include <QColor>
#include <QFont>
#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

namespace {

constexpr double kText = std::numeric_limits<double>::quiet_NaN();

// The heap in MiB (one decimal), as the scope-stats plot shows it (spec §8.3); slots and entries as
// counts: the resource's one unit, written as the ring lanes write it.
QString amount(double v, RingResource r)
{
    return formatCounterAmount(v, ringResourceUnit(r));
}

} // namespace

RingsModel::RingsModel(QObject *parent) : GroupedTreeModel(ColumnCount, parent) {}

int RingsModel::groupCount() const
{
    return int(m_groups.size());
}

int RingsModel::rowsInGroup(int group) const
{
    return int(m_groups[std::size_t(group)].rows.size());
}

QString RingsModel::groupTitle(RingResource resource)
{
    switch (resource) {
    case RingResource::TaskWindow:
        return tr("Task window (slots)");
    case RingResource::Heap:
        return tr("Heap (%1)").arg(counterUnitSuffix(ringResourceUnit(RingResource::Heap)));
    case RingResource::DepPool:
        return tr("Dep pool (entries)");
    }
    return {};
}

void RingsModel::setRings(const RingOccupancy *rings)
{
    beginResetModel();
    m_groups.clear();
    m_atUnit = TimeUnit::Us;
    if (rings) {
        std::vector<double> peakTimes;
        for (int r = 0; r < kRingCount; ++r)
            for (int k = 0; k < kRingResourceCount; ++k)
                if (const auto &s = rings->at(r, RingResource(k)); s && s->peak > 0)
                    peakTimes.push_back(s->peakUs);
        m_atUnit = columnUnit(peakTimes);
        for (int k = 0; k < kRingResourceCount; ++k) {
            const auto res = RingResource(k);
            Group group{res, {}};
            for (int r = 0; r < kRingCount; ++r) {
                const auto &s = rings->at(r, res);
                if (!s)
                    continue;
                Row row;
                row.text[RingColumn] = QString::number(r);
                row.value[RingColumn] = r;
                row.text[PeakColumn] = amount(s->peak, res);
                row.value[PeakColumn] = s->peak;
                row.text[CapacityColumn] = s->capacity ? amount(*s->capacity, res) : tr("unknown");
                row.value[CapacityColumn] = s->capacity.value_or(-1);
                const auto fraction = s->peakFraction();
                row.text[PercentColumn] = fraction && s->capacity ? capacityPercentText(s->peak, *s->capacity)
                                                                  : QStringLiteral("—");
                row.value[PercentColumn] = fraction ? *fraction * 100 : -1;
                row.danger = fraction && *fraction >= RingDiagnosis::kDangerFraction;
                // A curve that never rises has no peak moment to name.
                const bool flat = s->peak <= 0;
                const QString site = rings->siteName(s->peakSite);
                row.text[SiteColumn] = flat ? QStringLiteral("—") : site.isEmpty() ? tr("unknown") : site;
                row.value[SiteColumn] = kText;
                row.text[AtColumn] = flat ? QStringLiteral("—") : formatTimeCell(s->peakUs, m_atUnit);
                row.value[AtColumn] = flat ? -1 : s->peakUs;
                // Tasks are counted per ring, not per resource: on the task window's rows only.
                const bool window = res == RingResource::TaskWindow;
                row.text[TasksColumn] =
                    window ? QString::number(rings->tasksPerRing[std::size_t(r)]) : QString();
                row.value[TasksColumn] = window ? double(rings->tasksPerRing[std::size_t(r)]) : -1;
                group.rows.push_back(std::move(row));
            }
            if (!group.rows.empty())
                m_groups.push_back(std::move(group));
        }
    }
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, AtColumn, AtColumn); // its unit
}

const RingsModel::Row *RingsModel::rowAt(const QModelIndex &index) const
{
    const int group = groupOf(index);
    if (group < 0)
        return nullptr;
    const std::size_t g = std::size_t(group);
    if (g >= m_groups.size() || std::size_t(index.row()) >= m_groups[g].rows.size())
        return nullptr;
    return &m_groups[g].rows[std::size_t(index.row())];
}

QVariant RingsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    if (groupOf(index) < 0) {
        if (std::size_t(index.row()) >= m_groups.size() || index.column() != 0)
            return {};
        if (role == Qt::DisplayRole)
            return groupTitle(m_groups[std::size_t(index.row())].resource);
        if (role == Qt::FontRole) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    }
    const Row *row = rowAt(index);
    if (!row)
        return {};
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return row->text[std::size_t(column)];
    case Qt::TextAlignmentRole:
        return column == SiteColumn ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::ForegroundRole:
        return column == PercentColumn && row->danger ? QVariant(QColor(200, 40, 40)) : QVariant();
    case ValueRole:
        return std::isnan(row->value[std::size_t(column)]) ? QVariant() : row->value[std::size_t(column)];
    default:
        return {};
    }
}

QVariant RingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::TextAlignmentRole)
        return section == SiteColumn ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                     : int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RingColumn:
        return tr("Ring");
    case PeakColumn:
        return tr("Peak");
    case CapacityColumn:
        return tr("Capacity");
    case PercentColumn:
        return tr("% of capacity");
    case SiteColumn:
        return tr("Scope site of peak");
    case AtColumn:
        return timeColumnHeader(tr("At, inferred"), m_atUnit);
    case TasksColumn:
        return tr("Tasks on ring");
    default:
        return {};
    }
}

void RingsModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    // Rows are values: remember where each persistent index's row was, by its ring.
    const QModelIndexList before = persistentIndexList();
    std::vector<double> ringsBefore;
    for (const QModelIndex &i : before)
        ringsBefore.push_back(rowAt(i) ? rowAt(i)->value[RingColumn] : -1);
    const auto less = [column](const Row &a, const Row &b) {
        const double va = a.value[std::size_t(column)];
        const double vb = b.value[std::size_t(column)];
        if (std::isnan(va) || std::isnan(vb))
            return a.text[std::size_t(column)].localeAwareCompare(b.text[std::size_t(column)]) < 0;
        return va < vb;
    };
    for (Group &g : m_groups)
        std::stable_sort(g.rows.begin(), g.rows.end(), [&](const Row &a, const Row &b) {
            return order == Qt::AscendingOrder ? less(a, b) : less(b, a);
        });
    QModelIndexList after;
    for (qsizetype i = 0; i < before.size(); ++i) {
        const QModelIndex &old = before[i];
        if (groupOf(old) < 0 || ringsBefore[std::size_t(i)] < 0) {
            after << old; // a resource row stays where it is
            continue;
        }
        const std::vector<Row> &rows = m_groups[std::size_t(groupOf(old))].rows;
        const auto at = std::find_if(rows.begin(), rows.end(), [&](const Row &r) {
            return r.value[RingColumn] == ringsBefore[std::size_t(i)];
        });
        after << createIndex(int(at - rows.begin()), old.column(), old.internalId());
    }
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace lanescope
