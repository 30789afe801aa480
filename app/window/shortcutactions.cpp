#include "app/window/shortcutactions.h"

#include <QAction>
#include <QApplication>
#include <QWidget>

namespace lanescope {

namespace {

// The keys an action was created with, kept on it before the user's replace them.
constexpr char kDefaultKeys[] = "lanescopeDefaultShortcut";
constexpr char kName[] = "lanescopeShortcutName";

QList<QAction *> changeableActions(const QWidget *window)
{
    QList<QAction *> out;
    for (QAction *action : window->findChildren<QAction *>())
        if (action->property(kDefaultKeys).isValid())
            out << action;
    return out;
}

QString nameOf(const QAction *action)
{
    const QString name = action->property(kName).toString();
    return name.isEmpty() ? action->text().remove(u'&') : name;
}

} // namespace

QAction *setChangeableShortcut(QAction *action, const QString &id, const QKeySequence &defaultKeys,
                               const QString &name)
{
    if (!name.isEmpty())
        action->setProperty(kName, name);
    action->setObjectName(id);
    action->setShortcut(defaultKeys);
    action->setProperty(kDefaultKeys, QVariant::fromValue(defaultKeys));
    return action;
}

ShortcutScheme shortcutSchemeOf(const QWidget *window)
{
    ShortcutScheme scheme;
    for (QAction *action : changeableActions(window))
        scheme.add(action->objectName(), nameOf(action),
                   action->property(kDefaultKeys).value<QKeySequence>());
    ShortcutScheme::Overrides current;
    for (QAction *action : changeableActions(window))
        current[action->objectName()] = action->shortcut();
    scheme.setOverrides(current);
    return scheme;
}

void applyShortcuts(QWidget *window, const ShortcutScheme::Overrides &overrides)
{
    for (QAction *action : changeableActions(window)) {
        const auto it = overrides.find(action->objectName());
        action->setShortcut(it != overrides.end() ? it->second
                                                  : action->property(kDefaultKeys).value<QKeySequence>());
    }
}

void applyStoredShortcuts(QWidget *window, QSettings &settings)
{
    applyShortcuts(window, ShortcutScheme::read(settings));
}

void storeShortcutsEverywhere(QSettings &settings, const ShortcutScheme::Overrides &overrides)
{
    ShortcutScheme::write(settings, overrides);
    for (QWidget *window : QApplication::topLevelWidgets())
        applyShortcuts(window, overrides);
}

} // namespace lanescope
