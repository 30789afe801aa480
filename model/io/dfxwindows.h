#pragma once

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

namespace lanescope {

// One kernel-mode DFX window of an output folder (field spec §3): window 0 writes to the folder
// itself, window i > 0 to its window_<i>/, each with its own records file and deps.json.
struct DfxWindow
{
    int index = 0;
    QString path;    // the folder that opens as this window: the output folder for 0
    QString records; // its records file, as discovery would choose it
    // len(metadata.run_boundaries): the kernel launches in the window. Null when the records file
    // does not say so within its first MiB (countLaunches).
    std::optional<std::uint64_t> launches;
};

struct DfxWindows
{
    std::vector<DfxWindow> windows; // by index; empty unless the folder has a window_<i>/ with records
    QStringList skipped;            // "window_x: …", one per window_* entry that is not a window

    // The window a folder opens as when none is chosen: the first, window 0 when there is one.
    const DfxWindow *defaultWindow() const { return windows.empty() ? nullptr : &windows.front(); }
    const DfxWindow *find(int index) const;
    QString indexList() const; // "0, 1, 2"
};

// The index in a DFX window folder's name: 2 for window_2; null for any other name (window_x,
// window_02, window_0: window 0 is the output folder itself).
std::optional<int> dfxWindowIndex(const QString &folderName);

// The DFX windows of `outputDir`, from its listing and one level below it, without reading a
// records file; launches are left null (countLaunches fills them). A path that is not a folder, or
// a folder without window_<i>/ subfolders holding records, has none. Nothing here recurses, so no
// link can make it loop; a link that resolves to the folder itself or to another window is skipped.
DfxWindows findDfxWindows(const QString &outputDir);

// The output folder whose windows `path` opens as: `path` itself when it has windows, else, for a
// folder that holds its capture further down (a dfx_outputs/ above one output folder), the output
// folder discovery opens there when that has windows. Empty when there is none: a window's own
// folder, a file, any other capture.
QString dfxOutputFolderOf(const QString &path);

// Fills each window's launches from the start of its records file.
void countLaunches(DfxWindows &windows);

// len(run_boundaries) of a records file, read from its first MiB only: the runtime writes
// `metadata` before the row arrays, so that holds it, and a file of several GB is never scanned.
// Null when the boundaries are not there (an older file, or one that puts them after its rows:
// such a window's count is known once it is loaded, from the capture's own metadata).
std::optional<std::uint64_t> launchCountOf(const QString &recordsFile);

} // namespace lanescope
