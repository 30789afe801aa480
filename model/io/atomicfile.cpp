#include "atomicfile.h"

#include <QSaveFile>
#include <algorithm>

namespace lanescope {

QString writeFileAtomically(const QString &path, const FileContentWriter &write)
{
    const auto failed = [&path](const QString &why) {
        return QStringLiteral("%1: %2").arg(path, why.isEmpty() ? QStringLiteral("unknown error") : why);
    };
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return failed(file.errorString());
    if (const QString why = write(file); !why.isEmpty()) {
        file.cancelWriting();
        file.commit(); // only discards the temporary file: the previous one stays
        return failed(why);
    }
    if (!file.commit())
        return failed(file.errorString());
    return {};
}

QString writeFileAtomically(const QString &path, const QByteArray &bytes,
                            const std::function<bool()> &keepGoing)
{
    return writeFileAtomically(path, [&](QIODevice &out) -> QString {
        constexpr qsizetype kChunk = qsizetype(1) << 20;
        for (qsizetype at = 0; at < bytes.size(); at += kChunk) {
            if (keepGoing && !keepGoing())
                return QStringLiteral("writing was cancelled; the previous file is unchanged");
            const qsizetype n = std::min(kChunk, bytes.size() - at);
            if (out.write(bytes.constData() + at, n) != n)
                return out.errorString();
        }
        return {};
    });
}

} // namespace lanescope
