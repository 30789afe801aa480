#pragma once

#include <QSet>
#include <QStringList>

namespace lanescope {

// How the user likes the groups of every capture laid out, by group name: the order they moved
// them into, and the groups they folded or unfolded last. A capture opens with it (the window keeps
// it in the user's settings); groups it does not mention keep their place and default folding.
struct GroupPreference
{
    QStringList order;      // empty: no group was ever moved
    QSet<QString> folded;   // folded by the user last
    QSet<QString> unfolded; // unfolded by the user last

    friend bool operator==(const GroupPreference &, const GroupPreference &) = default;

    // The groups to fold: `defaults` (initiallyCollapsedGroups) as the user's last toggles amend them.
    QSet<QString> collapsedGroups(const QSet<QString> &defaults) const;
    void rememberFolding(const QString &group, bool folded);
    // `groups` is one capture's groups in the order the user gave them; remembered groups it lacks
    // keep their place after the group they followed.
    void rememberOrder(const QStringList &groups);
};

} // namespace lanescope
