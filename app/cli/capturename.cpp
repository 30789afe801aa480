#include "app/cli/capturename.h"

#include <QDir>
#include <QFileInfo>

namespace lanescope {

QString captureName(const QString &input)
{
    const QFileInfo info(input);
    if (info.isDir())
        return QDir(info.absoluteFilePath()).dirName();
    return info.absoluteDir().dirName() + u'/' + info.fileName();
}

} // namespace lanescope
