#include "perfhints.h"

#include <algorithm>

namespace lanescope {

QString HintLocation::toString() const
{
    if (!isValid())
        return {};
    return QStringLiteral("%1:%2:%3").arg(file).arg(line).arg(column);
}

int PerfHints::uniqueCount(const QString &code) const
{
    int n = 0;
    for (const PerfHint &h : hints)
        n += h.code == code;
    return n;
}

QHash<QString, int> PerfHints::countsByCode() const
{
    QHash<QString, int> counts;
    for (const PerfHint &h : hints)
        ++counts[h.code];
    return counts;
}

QSet<int> PerfHints::hintedFuncIds() const
{
    QSet<int> ids;
    for (const PerfHint &h : hints)
        for (int id : h.funcIds)
            ids.insert(id);
    return ids;
}

std::vector<const PerfHint *> PerfHints::hintsOf(int funcId) const
{
    std::vector<const PerfHint *> out;
    for (const PerfHint &h : hints)
        if (std::find(h.funcIds.begin(), h.funcIds.end(), funcId) != h.funcIds.end())
            out.push_back(&h);
    return out;
}

} // namespace lanescope
