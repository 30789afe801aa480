#include "app/cli/dfxwindowchoice.h"

#include "model/io/dfxwindows.h"

namespace lanescope {

std::optional<QString> chooseDfxWindow(const QString &path, const RunArgument &run, QTextStream &err)
{
    // Listings (and, below a dfx_outputs/, discovery): no records file is read here.
    const QString output = dfxOutputFolderOf(path);
    const DfxWindows windows = output.isEmpty() ? DfxWindows() : findDfxWindows(output);
    if (!run.window) {
        if (windows.windows.size() > 1)
            err << QStringLiteral("%1 DFX windows in this folder; using window %2 — --window to choose\n")
                       .arg(windows.windows.size())
                       .arg(windows.defaultWindow()->index);
        return path;
    }
    if (windows.windows.empty()) {
        err << QStringLiteral("%1: no DFX windows here (--window needs a kernel-mode output folder with "
                              "window_<i> folders)\n")
                   .arg(path);
        return std::nullopt;
    }
    if (const DfxWindow *chosen = windows.find(*run.window))
        return chosen->path;
    err << QStringLiteral("%1: no DFX window %2 in this folder (it holds windows %3)\n")
               .arg(path)
               .arg(*run.window)
               .arg(windows.indexList());
    return std::nullopt;
}

} // namespace lanescope
