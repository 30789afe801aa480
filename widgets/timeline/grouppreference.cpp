#include "widgets/timeline/grouppreference.h"

#include "widgets/timeline/grouporder.h"

namespace lanescope {

QSet<QString> GroupPreference::collapsedGroups(const QSet<QString> &defaults) const
{
    QSet<QString> collapsed = defaults;
    collapsed.subtract(unfolded);
    collapsed.unite(folded);
    return collapsed;
}

void GroupPreference::rememberFolding(const QString &group, bool fold)
{
    (fold ? folded : unfolded).insert(group);
    (fold ? unfolded : folded).remove(group);
}

void GroupPreference::rememberOrder(const QStringList &groups)
{
    order = mergeGroupOrder(groups, order);
}

} // namespace lanescope
