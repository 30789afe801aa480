#pragma once

#include "model/session/capturedocument.h"

#include <QString>
#include <memory>
#include <vector>

namespace lanescope {

// The captures an MCP client opened, each loaded once: a path named twice (however spelt) is the
// same capture with the same id, so an agent that repeats itself costs no second load.
class CaptureStore
{
public:
    struct Entry
    {
        QString id;   // "c1", "c2" … in the order of opening
        QString path; // the input as chosen (a kernel-mode folder's window 0)
        DocumentPtr document;
    };

    // Opens `path`, or finds it opened already. Null, with the CLI's one-line message in `*error`,
    // when it cannot be read.
    const Entry *open(const QString &path, QString *error);
    // Null, with a message naming the ids there are, when `id` names no opened capture.
    const Entry *find(const QString &id, QString *error) const;
    const std::vector<std::unique_ptr<Entry>> &entries() const { return m_entries; }

private:
    std::vector<std::unique_ptr<Entry>> m_entries;
    std::vector<QString> m_keys; // m_keys[k]: the canonical path of m_entries[k]
};

} // namespace lanescope
