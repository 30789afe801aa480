#pragma once

#include "capturesnapshot.h"
#include "sourcekey.h"

#include "model/capture/captureruns.h"

#include <QString>
#include <cstdint>
#include <optional>

namespace lanescope {

// Where and whether opened captures keep a snapshot for their next opening. Off unless the program
// turns it on (the app does, from its settings and --no-cache), so that a library user or a test
// never writes into someone's cache by accident.
struct SnapshotCacheSettings
{
    bool enabled = false;
    QString dir;                           // defaultSnapshotCacheDir() when empty
    std::int64_t capBytes = 2'000'000'000; // oldest snapshots go above this total
};

// $XDG_CACHE_HOME/lanescope, or the platform's cache location: never beside a capture.
QString defaultSnapshotCacheDir();

// The settings every openDocument uses; safe to call from any thread.
void setSnapshotCacheSettings(const SnapshotCacheSettings &settings);
SnapshotCacheSettings snapshotCacheSettings();

// One folder of snapshots, one file per opened path, evicted oldest-used first.
class SnapshotCache
{
public:
    explicit SnapshotCache(SnapshotCacheSettings settings);

    bool enabled() const { return m_settings.enabled; }
    const QString &dir() const { return m_dir; }
    // The file that holds the snapshot of what `key` opens.
    QString fileFor(const SourceKey &key) const;

    // What was kept for `key`, or nothing. A stale, damaged or foreign snapshot is removed, and
    // `why` (optional) says what was wrong with it.
    std::optional<KeptCapture> load(const SourceKey &key, QString *why = nullptr) const;
    // Keeps `runs` and what was `derived` of them for `key`, written atomically, then evicts above the cap;
    // returns why not, empty when stored. A snapshot larger than the whole cap is not kept.
    QString store(const SourceKey &key, const CaptureRuns &runs,
                  const std::vector<RunDerivations> &derived = {}) const;
    // The same, on a background thread that stores one snapshot at a time: the opening it follows
    // is not delayed by writing it. The runs must not change any more (a document's never do).
    void storeLater(const SourceKey &key, const CaptureRuns &runs,
                    const std::vector<RunDerivations> &derived = {}) const;
    // Removes the least recently used snapshots until the total is at most the cap; `keep` stays.
    void evict(const QString &keep = {}) const;

private:
    SnapshotCacheSettings m_settings;
    QString m_dir;
};

// Waits until every snapshot handed to storeLater is written: a process calls it before it exits,
// so that none is cut off (a cut one would only be rebuilt, but would cost the next opening).
void waitForStoredSnapshots();

} // namespace lanescope
