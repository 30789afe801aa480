#include "widgets/panels/compilerhintsmodel.h"

#include "model/capture/labels.h"
#include "model/format/bytestext.h"

#include <algorithm>
#include <map>

namespace lanescope {

CompilerHintsModel::CompilerHintsModel(QObject *parent) : GroupedTreeModel(ColumnCount, parent) {}

int CompilerHintsModel::groupCount() const
{
    return int(m_groups.size());
}

int CompilerHintsModel::rowsInGroup(int group) const
{
    return int(m_groups[std::size_t(group)].hints.size());
}

void CompilerHintsModel::setCapture(CapturePtr capture)
{
    beginResetModel();
    m_capture = std::move(capture);
    m_groups.clear();
    if (m_capture) {
        std::map<QString, std::vector<const PerfHint *>> byCode;
        for (const PerfHint &h : m_capture->perfHints.hints)
            byCode[h.code].push_back(&h);
        const QString ph001 = QStringLiteral("PH001");
        if (auto it = byCode.find(ph001); it != byCode.end()) {
            std::stable_sort(it->second.begin(), it->second.end(), [](const PerfHint *a, const PerfHint *b) {
                const std::int64_t ma =
                    a->transfer && a->transfer->movedBytes ? *a->transfer->movedBytes : -1;
                const std::int64_t mb =
                    b->transfer && b->transfer->movedBytes ? *b->transfer->movedBytes : -1;
                return ma > mb;
            });
            m_groups.push_back({ph001, std::move(it->second)});
            byCode.erase(it);
        }
        for (auto &[code, hints] : byCode)
            m_groups.push_back({code, std::move(hints)});
    }
    // The moved bytes in one unit, named in the column's header.
    std::vector<std::int64_t> moves;
    for (const Group &g : m_groups)
        for (const PerfHint *h : g.hints)
            if (h->transfer && h->transfer->movedBytes)
                moves.push_back(*h->transfer->movedBytes);
    m_movesUnit = byteColumnUnit(moves);
    endResetModel();
}

const PerfHint *CompilerHintsModel::hintAt(const QModelIndex &index) const
{
    const int group = groupOf(index);
    if (group < 0)
        return nullptr;
    const std::size_t g = std::size_t(group);
    if (g >= m_groups.size() || std::size_t(index.row()) >= m_groups[g].hints.size())
        return nullptr;
    return m_groups[g].hints[std::size_t(index.row())];
}

QString CompilerHintsModel::kernelsOf(const PerfHint &hint) const
{
    QStringList names;
    const NameMap noNames;
    for (int id : hint.funcIds)
        names << functionName(id, m_capture ? m_capture->names : noNames);
    names.removeDuplicates(); // a kernel may have several func ids (its programs at L3)
    return names.join(QStringLiteral(", "));
}

QVariant CompilerHintsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    if (groupOf(index) < 0) {
        if (std::size_t(index.row()) >= m_groups.size())
            return {};
        const Group &g = m_groups[std::size_t(index.row())];
        if (role == Qt::DisplayRole && index.column() == HintColumn) {
            const QString code = g.code.isEmpty() ? tr("(no code)") : g.code;
            const QString rule = g.hints.empty() ? QString() : g.hints.front()->rule;
            return rule.isEmpty() ? tr("%1 (%2)").arg(code).arg(g.hints.size())
                                  : tr("%1 %2 (%3)").arg(code, rule).arg(g.hints.size());
        }
        if (role == FuncIdRole)
            return -1;
        if (role == HintRole)
            return quintptr(0);
        return {};
    }
    const PerfHint *h = hintAt(index);
    if (!h)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case HintColumn:
            return QString(h->message).replace(u'\n', u' ');
        case MovesColumn:
            return h->transfer && h->transfer->movedBytes
                       ? formatBytesCell(*h->transfer->movedBytes, m_movesUnit)
                       : QString();
        case KernelColumn:
            return kernelsOf(*h);
        case LocationColumn:
            return h->location.toString();
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return h->copies > 1 ? tr("%1\n(%2 identical records: compiled %2 times into one folder)")
                                   .arg(h->message)
                                   .arg(h->copies)
                             : h->message;
    case Qt::TextAlignmentRole:
        return index.column() == MovesColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case FuncIdRole:
        return h->funcIds.empty() ? -1 : h->funcIds.front();
    case HintRole:
        return quintptr(h);
    default:
        return {};
    }
}

QVariant CompilerHintsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::TextAlignmentRole)
        return section == MovesColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                      : QVariant(int(Qt::AlignLeft | Qt::AlignVCenter));
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case HintColumn:
        return tr("Hint");
    case MovesColumn:
        return bytesColumnHeader(tr("Moves"), m_movesUnit);
    case KernelColumn:
        return tr("Kernel");
    case LocationColumn:
        return tr("Location");
    default:
        return {};
    }
}

void CompilerHintsModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<const PerfHint *> hintsBefore;
    for (const QModelIndex &i : before)
        hintsBefore.push_back(hintAt(i));
    const auto movedBytes = [](const PerfHint *h) -> std::int64_t {
        return h->transfer && h->transfer->movedBytes ? *h->transfer->movedBytes : -1;
    };
    const auto less = [&](const PerfHint *a, const PerfHint *b) {
        if (column == MovesColumn)
            return movedBytes(a) < movedBytes(b);
        const QString ta = column == KernelColumn     ? kernelsOf(*a)
                           : column == LocationColumn ? a->location.toString()
                                                      : a->message;
        const QString tb = column == KernelColumn     ? kernelsOf(*b)
                           : column == LocationColumn ? b->location.toString()
                                                      : b->message;
        return ta.localeAwareCompare(tb) < 0;
    };
    for (Group &g : m_groups)
        std::stable_sort(g.hints.begin(), g.hints.end(), [&](const PerfHint *a, const PerfHint *b) {
            return order == Qt::AscendingOrder ? less(a, b) : less(b, a);
        });
    QModelIndexList after;
    for (qsizetype i = 0; i < before.size(); ++i) {
        const QModelIndex &old = before[i];
        if (!hintsBefore[std::size_t(i)]) {
            after << old; // a code row stays where it is
            continue;
        }
        const std::vector<const PerfHint *> &hints = m_groups[std::size_t(groupOf(old))].hints;
        const auto at = std::find(hints.begin(), hints.end(), hintsBefore[std::size_t(i)]);
        after << createIndex(int(at - hints.begin()), old.column(), old.internalId());
    }
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace lanescope
