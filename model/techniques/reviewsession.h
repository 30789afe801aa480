#pragma once

#include "model/diff/diffsettings.h"
#include "model/session/viewbookmarks.h"

#include <QByteArray>
#include <QString>
#include <functional>
#include <optional>
#include <vector>

namespace lanescope {

// A named point on the shared time axis of a before/after review (µs from the aligned starts).
struct ReviewMarker
{
    double timeUs = 0;
    QString name;

    bool operator==(const ReviewMarker &o) const { return timeUs == o.timeUs && name == o.name; }
};

// One file of a capture carried inside the review file (zstd-compressed on disk, plain here).
struct EmbeddedFile
{
    QString name; // file name only, no directories ("chip_swimlane_records.json")
    QByteArray bytes;

    bool operator==(const EmbeddedFile &o) const { return name == o.name && bytes == o.bytes; }
};

// One side of the review: where the capture was opened from, and optionally its files.
struct ReviewCapture
{
    QString path;                       // as opened (file or directory), absolute
    std::vector<EmbeddedFile> embedded; // empty: not embedded
    // Tagged as a simulator run (true) or onboard (false) for the comparability guard; the files
    // cannot tell, so the user says. Absent: not tagged.
    std::optional<bool> simulated;
    // The views the user stored on this side's capture tab (Ctrl+Shift+digit), restored with it.
    ViewBookmarks bookmarks;

    bool operator==(const ReviewCapture &o) const
    {
        return path == o.path && embedded == o.embedded && simulated == o.simulated &&
               bookmarks == o.bookmarks;
    }
};

// A before/after review: the pair, the technique, markers and notes (`.lanescope` file).
struct ReviewSession
{
    ReviewCapture before;
    ReviewCapture after;
    QString technique; // catalogue id, or "general"
    std::vector<ReviewMarker> markers;
    QString notes;
    DiffSettings diff;

    bool operator==(const ReviewSession &o) const
    {
        return before == o.before && after == o.after && technique == o.technique && markers == o.markers &&
               notes == o.notes && diff == o.diff;
    }
};

// Format: JSON {"format": "lanescope-review", "version": 1, "technique", "notes",
// "markers": [{"time_us", "name"}], "before"/"after": {"path", "embedded": [{"name", "size",
// "zstd_base64"}], "simulated": true|false (optional), "bookmarks": [{"slot": 1-9, "start_us",
// "end_us", "scroll_y_px", "collapsed_groups", "lane_order", "pinned_lanes", "hidden_lanes", optionally
// "group_order"}] (optional: written when the side has stored views, absent in files written before view
// bookmarks; viewbookmarks.h)}, "diff": {"anchor": "starts"|"task"|"marker", "task", "marker", "ghost"}
// (optional: absent in files written before the Diff view)}. Optional keys leave the version at 1:
// a file without them means what it always meant. Numbers are written so that they read back
// bit-identically.
inline constexpr int kReviewSessionVersion = 1;
inline constexpr const char *kReviewSessionSuffix = ".lanescope";
// Refused above this many decompressed bytes per embedded file (and in total).
inline constexpr qint64 kMaxEmbeddedBytes = qint64(4) << 30;

QByteArray serializeReviewSession(const ReviewSession &session);

// Never throws or crashes on any input; on failure returns nullopt and sets `error` to one line
// naming the byte offset ("at byte 123: ...") or the field ("before.embedded[1].zstd_base64: ...").
std::optional<ReviewSession> parseReviewSession(const QByteArray &bytes, QString *error = nullptr);

// Atomic: the file at `path` is either the old one or the complete new one (writeFileAtomically).
// `keepGoing` (optional) is asked before each 1 MiB written; false cancels and leaves the old file.
bool saveReviewSession(const ReviewSession &session, const QString &path, QString *error = nullptr,
                       const std::function<bool()> &keepGoing = {});
std::optional<ReviewSession> loadReviewSession(const QString &path, QString *error = nullptr);

// The files a capture consists of (records, deps.json, name map, scope stats, host log), for
// embedding. `capturePath` is what the user opened; fails when a file cannot be read.
std::optional<std::vector<EmbeddedFile>> captureFilesForEmbedding(const QString &capturePath,
                                                                  QString *error = nullptr);

// Writes embedded files into `directory` (which must exist) so the loader can open it; names are
// checked to be relative names without "..". Returns the path to open (the first embedded file,
// the capture's main file), or nullopt with `error`.
std::optional<QString> extractEmbedded(const ReviewCapture &capture, const QString &directory,
                                       QString *error = nullptr);

} // namespace lanescope
