#pragma once

#include <QString>
#include <cstdint>
#include <vector>

namespace lanescope {

// What a snapshot was made from, compared whole on reopening: any difference means the capture is
// read again from its files.
struct SourceFile
{
    QString path; // absolute
    std::int64_t size = -1;
    std::int64_t modifiedMs = 0;
    // contentHash of the file's first and last MiB: catches a rewrite that kept size and time.
    std::uint64_t edgeHash = 0;

    bool operator==(const SourceFile &) const = default;
};

struct SourceKey
{
    QString opened;                // the absolute path the user opened
    std::vector<SourceFile> files; // every file the capture is read from, as discovery finds them
    QString discoveryNotes; // choices discovery made (an ambiguous name map …), which warnings repeat
    SourceFile producer;    // the program that made the snapshot: a new build rebuilds

    bool operator==(const SourceKey &) const = default;
};

// The key of what opening `path` would read now. False when the input cannot be found: then
// there is nothing to key and the loader gives the error.
bool sourceKeyOf(const QString &path, SourceKey *key);

// The stamp of one file; size -1 when it cannot be read.
SourceFile stampFile(const QString &path);

} // namespace lanescope
