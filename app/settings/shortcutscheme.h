#pragma once

#include <QKeySequence>
#include <QString>
#include <map>
#include <vector>

class QSettings;

namespace lanescope {

// The window's keyboard shortcuts as the user set them: every action that may have one, by its
// stable id (the action's objectName, "file.open"), with its default keys and its current ones.
// One key belongs to one action: assign() takes it from the action that had it. What is stored is
// only what differs from the defaults, so that a changed default reaches every user who kept it.
class ShortcutScheme
{
public:
    struct Entry
    {
        QString id;
        QString name; // as the menus say it, without '&'
        QKeySequence defaultKeys;
        QKeySequence keys; // empty: no shortcut
    };
    // Action id -> keys, empty keys meaning "no shortcut".
    using Overrides = std::map<QString, QKeySequence>;

    // An action, with its default keys as its current ones; a second entry under one id is ignored.
    void add(const QString &id, const QString &name, const QKeySequence &defaultKeys);
    const std::vector<Entry> &entries() const { return m_entries; }
    const Entry *find(const QString &id) const;

    // The other action whose keys clash with `keys` for `id`: the same keys, or one sequence the
    // start of the other (Qt would wait for the longer one and never fire the shorter); null if
    // none. Empty keys clash with nothing.
    const Entry *conflict(const QString &id, const QKeySequence &keys) const;
    // Gives `id` the keys; the action that clashed with them (conflict()) loses its keys. Returns
    // that action's id, empty when none lost anything or `id` is unknown.
    QString assign(const QString &id, const QKeySequence &keys);
    // Back to the default keys, taken from whoever holds them now (as assign()).
    QString reset(const QString &id);
    void resetAll();

    // What differs from the defaults.
    Overrides overrides() const;
    // Sets every action to its default, then to `overrides`; ids no action has are ignored.
    void setOverrides(const Overrides &overrides);

    // "shortcuts/<id>" in `settings`, the keys in portable text ("" for no shortcut). A value that
    // does not parse as keys is skipped: its action keeps its default.
    static Overrides read(QSettings &settings);
    // Replaces what read() finds by `overrides`.
    static void write(QSettings &settings, const Overrides &overrides);

private:
    Entry *findEntry(const QString &id);

    std::vector<Entry> m_entries;
};

} // namespace lanescope
