#pragma once

#include <QKeySequence>
#include <QList>
#include <QString>

namespace lanescope {

// A key the timeline view handles itself (TimelineView::keyPressEvent), not through an action:
// fixed, listed in Help > Keyboard Shortcuts beside the actions'.
struct TimelineKey
{
    const char *keys;              // as the list shows them
    const char *what;              // untranslated; translate in the "TimelineKeys" context
    QList<QKeySequence> sequences; // what the view reacts to; empty for mouse gestures
};

const QList<TimelineKey> &timelineKeys();

// The timeline key that `keys` would take from the timeline while it has the focus (a window's
// shortcut comes first), or null. The timeline ignores Shift ("+" is Shift+= on many layouts), so
// the first chord is compared without it.
const TimelineKey *timelineKeyFor(const QKeySequence &keys);

} // namespace lanescope
