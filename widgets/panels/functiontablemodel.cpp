#include "widgets/panels/functiontablemodel.h"

#include "model/analysis/analysisreport.h"
#include "widgets/text/timeformat.h"

namespace lanescope {

namespace {
const QString kMissing = QStringLiteral("–");

std::optional<double> valueOf(const FunctionStats &f, const FunctionSummary &summary, int column)
{
    switch (column) {
    case FunctionTableModel::Count:
        return double(f.count);
    case FunctionTableModel::TotalExec:
        return f.totalExecUs;
    case FunctionTableModel::BusyShare:
        if (const std::optional<double> share = summary.shareOfBusy(f))
            return *share * 100.0;
        return std::nullopt;
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
    case FunctionTableModel::AvgProp:
        return f.avgPropagationUs;
    case FunctionTableModel::AvgLocal:
        return f.avgLocalSetupUs;
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
            if (const auto v = valueOf(f, m_summary, column))
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
    const std::optional<double> value = valueOf(f, m_summary, column);
    if (role == Qt::UserRole)
        return value ? *value : -1.0;
    if (role != Qt::DisplayRole)
        return {};
    if (!value)
        return kMissing;
    if (column == Count)
        return qulonglong(f.count);
    if (column == ExecPct || column == BusyShare)
        return QStringLiteral("%1 %").arg(*value, 0, 'f', 1);
    return formatTimeCell(*value, m_units[column]);
}

QVariant FunctionTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section != Name)
        return columnDescription(section) + QStringLiteral("\n\n") +
               figureDescription(QStringLiteral("functions"));
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
    case TotalExec:
        return timeColumnHeader(tr("Total exec"), m_units[section]);
    case BusyShare:
        return tr("Share of busy");
    case AvgExec:
        return timeColumnHeader(tr("Avg exec"), m_units[section]);
    case AvgLatency:
        return timeColumnHeader(tr("Avg latency"), m_units[section]);
    case ExecPct:
        return tr("Exec ÷ latency");
    case AvgHead:
        return timeColumnHeader(tr("Avg head"), m_units[section]);
    case AvgTail:
        return timeColumnHeader(tr("Avg tail"), m_units[section]);
    case AvgProp:
        return timeColumnHeader(tr("Avg prop"), m_units[section]);
    case AvgLocal:
        return timeColumnHeader(tr("Avg local"), m_units[section]);
    default:
        return {};
    }
}

// What a column holds, in the words of the formulas (spec §12.1, supplement §6.1).
QString FunctionTableModel::columnDescription(int section)
{
    switch (section) {
    case Count:
        return tr("Rows (bars) of the function");
    case TotalExec:
        return tr("Σ (end − start) over the function's rows");
    case BusyShare:
        return tr("The function's total exec ÷ the total exec of every function: its share of the time the "
                  "cores were busy");
    case AvgExec:
        return tr("Mean (end − start) over the function's rows");
    case AvgLatency:
        return tr("Mean (finish − dispatch) over the rows with scheduler timing");
    case ExecPct:
        return tr("Σ exec ÷ Σ latency over the rows with scheduler timing (the converter's Exec%): how much "
                  "of each task's latency was its kernel, not a share of the run");
    case AvgHead:
        return tr("Mean (start − dispatch) over the rows with scheduler timing");
    case AvgTail:
        return tr("Mean (finish − end) over the rows with scheduler timing");
    case AvgProp:
        return tr("Mean (receive − dispatch), the NoC propagation of the head, over the rows with scheduler "
                  "timing and a receive time");
    case AvgLocal:
        return tr("Mean (start − receive), the core-local setup of the head (cache invalidate and ack), over "
                  "the rows with a receive time; 0 without any");
    default:
        return {};
    }
}

} // namespace lanescope
