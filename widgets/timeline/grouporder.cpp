#include "widgets/timeline/grouporder.h"

#include <QSet>

namespace lanescope {

QStringList mergeGroupOrder(const QStringList &leading, const QStringList &natural)
{
    QStringList merged;
    QSet<QString> placed;
    for (const QString &group : leading)
        if (!placed.contains(group)) {
            merged << group;
            placed.insert(group);
        }
    for (qsizetype i = 0; i < natural.size(); ++i) {
        const QString &group = natural[i];
        if (placed.contains(group))
            continue;
        // The name before it in `natural` is placed by now: in `leading` or by an earlier turn.
        const qsizetype at = i == 0 ? 0 : merged.indexOf(natural[i - 1]) + 1;
        merged.insert(at, group);
        placed.insert(group);
    }
    return merged;
}

} // namespace lanescope
