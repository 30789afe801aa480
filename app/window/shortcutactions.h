#pragma once

#include "app/settings/shortcutscheme.h"

class QAction;
class QSettings;
class QString;
class QWidget;

namespace lanescope {

// The window's side of the shortcut settings (shortcutscheme.h): which actions may have their keys
// changed, and applying the user's keys to them.

// Gives `action` its default keys (none: empty) and names it `id` (its objectName, the key of its
// setting), which lets the user change them. The shortcut editor calls it by its text, or by `name`
// where the text needs its menu to be understood ("Dark" is the "Dark Theme"). Returns `action`.
QAction *setChangeableShortcut(QAction *action, const QString &id, const QKeySequence &defaultKeys = {},
                               const QString &name = {});

// The changeable actions of `window` (its children at any depth): their defaults and current keys.
ShortcutScheme shortcutSchemeOf(const QWidget *window);

// Gives the changeable actions of `window` their default keys, then `overrides`.
void applyShortcuts(QWidget *window, const ShortcutScheme::Overrides &overrides);

// At the end of a window's construction: its actions' keys as the user set them in `settings`.
void applyStoredShortcuts(QWidget *window, QSettings &settings);

// Keeps `overrides` in `settings` and applies them to every open top-level window at once.
void storeShortcutsEverywhere(QSettings &settings, const ShortcutScheme::Overrides &overrides);

} // namespace lanescope
