#include "app/settings/shortcutscheme.h"

#include <QSettings>
#include <algorithm>

namespace lanescope {

namespace {

const QString kGroup = QStringLiteral("shortcuts");

bool clash(const QKeySequence &a, const QKeySequence &b)
{
    if (a.isEmpty() || b.isEmpty())
        return false;
    // matches() says whether its argument is the whole or the start of the sequence it is called on.
    return a.matches(b) != QKeySequence::NoMatch || b.matches(a) != QKeySequence::NoMatch;
}

// An unknown key name decodes to Qt::Key_unknown: such a value is no shortcut anyone can press.
bool isUsable(const QKeySequence &keys)
{
    if (keys.isEmpty())
        return false;
    for (int i = 0; i < keys.count(); ++i)
        if (keys[i].key() == Qt::Key_unknown)
            return false;
    return true;
}

} // namespace

void ShortcutScheme::add(const QString &id, const QString &name, const QKeySequence &defaultKeys)
{
    if (!find(id))
        m_entries.push_back({id, name, defaultKeys, defaultKeys});
}

const ShortcutScheme::Entry *ShortcutScheme::find(const QString &id) const
{
    const auto it =
        std::find_if(m_entries.begin(), m_entries.end(), [&](const Entry &e) { return e.id == id; });
    return it == m_entries.end() ? nullptr : &*it;
}

ShortcutScheme::Entry *ShortcutScheme::findEntry(const QString &id)
{
    return const_cast<Entry *>(std::as_const(*this).find(id));
}

const ShortcutScheme::Entry *ShortcutScheme::conflict(const QString &id, const QKeySequence &keys) const
{
    for (const Entry &e : m_entries)
        if (e.id != id && clash(e.keys, keys))
            return &e;
    return nullptr;
}

QString ShortcutScheme::assign(const QString &id, const QKeySequence &keys)
{
    Entry *entry = findEntry(id);
    if (!entry)
        return {};
    QString loser;
    // More than one can clash (a prefix and a longer sequence): each loses its keys.
    while (const Entry *other = conflict(id, keys)) {
        loser = other->id;
        findEntry(other->id)->keys = QKeySequence();
    }
    entry->keys = keys;
    return loser;
}

QString ShortcutScheme::reset(const QString &id)
{
    const Entry *entry = find(id);
    return entry ? assign(id, entry->defaultKeys) : QString();
}

void ShortcutScheme::resetAll()
{
    for (Entry &e : m_entries)
        e.keys = e.defaultKeys;
}

ShortcutScheme::Overrides ShortcutScheme::overrides() const
{
    Overrides out;
    for (const Entry &e : m_entries)
        if (e.keys != e.defaultKeys)
            out[e.id] = e.keys;
    return out;
}

void ShortcutScheme::setOverrides(const Overrides &overrides)
{
    resetAll();
    for (const auto &[id, keys] : overrides)
        if (Entry *e = findEntry(id))
            e->keys = keys;
}

ShortcutScheme::Overrides ShortcutScheme::read(QSettings &settings)
{
    Overrides out;
    settings.beginGroup(kGroup);
    for (const QString &id : settings.childKeys()) {
        const QString text = settings.value(id).toString().trimmed();
        const QKeySequence keys = QKeySequence::fromString(text, QKeySequence::PortableText);
        if (text.isEmpty() || isUsable(keys))
            out[id] = keys;
    }
    settings.endGroup();
    return out;
}

void ShortcutScheme::write(QSettings &settings, const Overrides &overrides)
{
    settings.remove(kGroup);
    settings.beginGroup(kGroup);
    for (const auto &[id, keys] : overrides)
        settings.setValue(id, keys.toString(QKeySequence::PortableText));
    settings.endGroup();
}

} // namespace lanescope
