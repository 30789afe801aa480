#include "widgets/panels/functiontablemodel.h"

#include "model/analysis/analysisreport.h"
#include "widgets/text/timeformat.h"

namespace lanescope {

namespace {
const QString kMissing = QStringLiteral("–");

std::optional<double> valueOf(const FunctionStats &f, int column)
{
    switch (column) {
    case FunctionTableModel::Count:
        return double(f.count);
    case FunctionTableModel::AvgExec:
        return f.avgExecUs;
    case FunctionTableModel::AvgLatency:
        return f.avgLatencyUs;
    case FunctionTableModel::ExecPct:
        return f.execPct;
    case FunctionTableModel::AvgHead:
        return f.avgHeadOhUs;
    case FunctionTableModel::AvgTail:
        return f.avgTailOhUs;
    default:
        return std::nullopt;
    }
}
} // namespace

FunctionTableModel::FunctionTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void FunctionTableModel::setSummary(FunctionSummary summary)
{
    beginResetModel();
    m_summary = std::move(summary);
    for (int column = 0; column < ColumnCount; ++column) {
        std::vector<double> values;
        for (const FunctionStats &f : m_summary.functions)
            if (const auto v = valueOf(f, column))
                values.push_back(*v);
        m_units[column] = columnUnit(std::move(values));
    }
    endResetModel();
}

int FunctionTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_summary.functions.size());
}

int FunctionTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FunctionTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const FunctionStats &f = m_summary.functions[std::size_t(index.row())];
    const int column = index.column();
    if (role == FuncIdRole)
        return f.funcId;
    if (role == Qt::TextAlignmentRole)
        return column == Name ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                              : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (column == Name)
        return role == Qt::DisplayRole || role == Qt::UserRole || role == Qt::ToolTipRole ? QVariant(f.name)
                                                                                          : QVariant();
    const std::optional<double> value = valueOf(f, column);
    if (role == Qt::UserRole)
        return value ? *value : -1.0;
    if (role != Qt::DisplayRole)
        return {};
    if (!value)
        return kMissing;
    if (column == Count)
        return qulonglong(f.count);
    if (column == ExecPct)
        return QStringLiteral("%1 %").arg(*value, 0, 'f', 1);
    return formatTimeCell(*value, m_units[column]);
}

QVariant FunctionTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    // Which reference the columns follow, where the two disagree (supplement §6.1).
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section != Name)
        return figureDescription(QStringLiteral("functions"));
    if (orientation == Qt::Horizontal && role == Qt::TextAlignmentRole)
        return section == Name ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                               : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name:
        return tr("Function");
    case Count:
        return tr("Count");
    case AvgExec:
        return timeColumnHeader(tr("Avg exec"), m_units[section]);
    case AvgLatency:
        return timeColumnHeader(tr("Avg latency"), m_units[section]);
    case ExecPct:
        return tr("Exec %");
    case AvgHead:
        return timeColumnHeader(tr("Avg head"), m_units[section]);
    case AvgTail:
        return timeColumnHeader(tr("Avg tail"), m_units[section]);
    default:
        return {};
    }
}

} // namespace lanescope
