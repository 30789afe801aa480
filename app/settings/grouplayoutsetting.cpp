#include "grouplayoutsetting.h"

#include <QSettings>

namespace lanescope {

namespace {

const QString kOrderKey = QStringLiteral("timeline/group_order");
const QString kFoldedKey = QStringLiteral("timeline/folded_groups");
const QString kUnfoldedKey = QStringLiteral("timeline/unfolded_groups");

QSet<QString> nameSet(const QVariant &value)
{
    const QStringList names = value.toStringList();
    return QSet<QString>(names.begin(), names.end());
}

// Sorted, so that the stored file does not change with the hash order.
QStringList sortedNames(const QSet<QString> &names)
{
    QStringList list(names.begin(), names.end());
    list.sort();
    return list;
}

} // namespace

GroupPreference groupLayoutSetting(const QSettings &settings)
{
    GroupPreference preference;
    preference.order = settings.value(kOrderKey).toStringList();
    preference.order.removeDuplicates();
    preference.folded = nameSet(settings.value(kFoldedKey));
    // A group in both lists (a hand-edited file) is folded.
    preference.unfolded = nameSet(settings.value(kUnfoldedKey)) - preference.folded;
    return preference;
}

void setGroupLayoutSetting(QSettings &settings, const GroupPreference &preference)
{
    settings.setValue(kOrderKey, preference.order);
    settings.setValue(kFoldedKey, sortedNames(preference.folded));
    settings.setValue(kUnfoldedKey, sortedNames(preference.unfolded));
}

} // namespace lanescope
