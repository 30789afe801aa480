#include "snapshotcachesetting.h"

#include "model/snapshot/snapshotcache.h"

#include <QSettings>

namespace lanescope {

namespace {

const QString kEnabledKey = QStringLiteral("cache/enabled");
const QString kCapKey = QStringLiteral("cache/cap_mb");

// Named explicitly: the verbs run before (or without) the application names the window sets.
QSettings userSettings()
{
    return QSettings(QStringLiteral("Lanescope"), QStringLiteral("Lanescope"));
}

void apply(bool enabled)
{
    SnapshotCacheSettings settings;
    settings.enabled = enabled;
    const qint64 capMb = userSettings().value(kCapKey, 2000).toLongLong();
    settings.capBytes = std::max<qint64>(capMb, 0) * 1'000'000;
    setSnapshotCacheSettings(settings);
}

} // namespace

void configureSnapshotCache(QStringList &args)
{
    const bool refused = args.removeAll(QStringLiteral("--no-cache")) > 0;
    apply(!refused && snapshotCacheSetting());
}

bool snapshotCacheSetting()
{
    return userSettings().value(kEnabledKey, true).toBool();
}

void setSnapshotCacheSetting(bool enabled)
{
    userSettings().setValue(kEnabledKey, enabled);
    apply(enabled);
}

} // namespace lanescope
