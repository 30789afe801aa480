#pragma once

#include <QStringList>

namespace lanescope {

// The user's snapshot cache settings (snapshotcache.h), shared by the window and every verb:
// "cache/enabled" (default on) and "cache/cap_mb" (default 2000) in Lanescope's settings.

// Turns the cache on for this process as the settings say, unless `args` holds --no-cache, which
// is taken out of them.
void configureSnapshotCache(QStringList &args);

bool snapshotCacheSetting();
// Stores the setting and applies it to this process at once.
void setSnapshotCacheSetting(bool enabled);

} // namespace lanescope
