#pragma once

#include "widgets/timeline/grouppreference.h"

class QSettings;

namespace lanescope {

// The user's group layout (grouppreference.h) in Lanescope's settings: "timeline/group_order",
// "timeline/folded_groups" and "timeline/unfolded_groups", lists of group names.
GroupPreference groupLayoutSetting(const QSettings &settings);
void setGroupLayoutSetting(QSettings &settings, const GroupPreference &preference);

} // namespace lanescope
