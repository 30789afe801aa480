#pragma once

#include <QByteArray>
#include <QString>
#include <functional>

class QIODevice;

namespace lanescope {

// Every file Lanescope writes for the user (pictures, reports, review files, extracted captures)
// is written so that a reader never meets half of it: the content goes to a temporary file beside
// the target, which takes the target's name only once complete (QSaveFile). On any failure the
// previous file, if there was one, stays byte for byte and no temporary file is left behind.

// Writes the whole content into `out`; returns why it failed, empty when everything was written.
using FileContentWriter = std::function<QString(QIODevice &out)>;

// Returns empty on success, else one line that names the file: "PATH: why".
QString writeFileAtomically(const QString &path, const FileContentWriter &write);

// `bytes` in chunks of 1 MiB; `keepGoing` (optional) is asked before each chunk, and false cancels.
QString writeFileAtomically(const QString &path, const QByteArray &bytes,
                            const std::function<bool()> &keepGoing = {});

} // namespace lanescope
