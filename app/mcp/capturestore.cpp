#include "app/mcp/capturestore.h"

#include "app/cli/dfxwindowchoice.h"
#include "app/cli/runargument.h"

#include <QFileInfo>
#include <QStringList>
#include <QTextStream>

namespace lanescope {

const CaptureStore::Entry *CaptureStore::open(const QString &path, QString *error)
{
    // The canonical path, so that "dir", "dir/" and "./dir" are one capture; a path that does not
    // exist has none, and the loader says why.
    const QString canonical = QFileInfo(path).canonicalFilePath();
    for (std::size_t k = 0; k < m_keys.size(); ++k)
        if (!canonical.isEmpty() && m_keys[k] == canonical)
            return m_entries[k].get();
    QString messages;
    QTextStream err(&messages);
    const std::optional<QString> input = chooseDfxWindow(path, RunArgument{}, err);
    if (!input) {
        *error = messages.trimmed();
        return nullptr;
    }
    OpenedDocument opened = openDocument(*input);
    if (!opened.ok()) {
        *error = opened.error.toString();
        return nullptr;
    }
    auto entry = std::make_unique<Entry>();
    entry->id = QStringLiteral("c%1").arg(m_entries.size() + 1);
    entry->path = *input;
    entry->document = std::move(opened.document);
    m_keys.push_back(canonical);
    m_entries.push_back(std::move(entry));
    return m_entries.back().get();
}

const CaptureStore::Entry *CaptureStore::find(const QString &id, QString *error) const
{
    QStringList ids;
    for (const auto &entry : m_entries) {
        if (entry->id == id)
            return entry.get();
        ids << entry->id;
    }
    *error = ids.isEmpty()
                 ? QStringLiteral("no capture \"%1\": open one with open_capture first").arg(id)
                 : QStringLiteral("no capture \"%1\" (opened: %2)").arg(id, ids.join(QStringLiteral(", ")));
    return nullptr;
}

} // namespace lanescope
