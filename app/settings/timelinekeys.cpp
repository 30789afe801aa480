#include "app/settings/timelinekeys.h"

#include <QCoreApplication>

namespace lanescope {

const QList<TimelineKey> &timelineKeys()
{
    static const QList<TimelineKey> keys = {
        {QT_TRANSLATE_NOOP("TimelineKeys", "Wheel"),
         QT_TRANSLATE_NOOP("TimelineKeys", "Zoom around the cursor"),
         {}},
        {QT_TRANSLATE_NOOP("TimelineKeys", "Shift+Wheel"),
         QT_TRANSLATE_NOOP("TimelineKeys", "Scroll lanes"),
         {}},
        {QT_TRANSLATE_NOOP("TimelineKeys", "Drag"), QT_TRANSLATE_NOOP("TimelineKeys", "Pan"), {}},
        {QT_TRANSLATE_NOOP("TimelineKeys", "Drag on the ruler, Shift+Drag"),
         QT_TRANSLATE_NOOP("TimelineKeys", "Measure a time region (edges snap to bars)"),
         {}},
        {QT_TRANSLATE_NOOP("TimelineKeys", "Ctrl while measuring"),
         QT_TRANSLATE_NOOP("TimelineKeys", "Measure without snapping"),
         {}},
        {QT_TRANSLATE_NOOP("TimelineKeys", "Click on the ruler"),
         QT_TRANSLATE_NOOP("TimelineKeys", "Drop a marker"),
         {}},
        {QT_TRANSLATE_NOOP("TimelineKeys", "Drag a region edge"),
         QT_TRANSLATE_NOOP("TimelineKeys", "Move that edge of the measured region (Esc puts it back)"),
         {}},
        {QT_TRANSLATE_NOOP("TimelineKeys", "Double-click a marker flag"),
         QT_TRANSLATE_NOOP("TimelineKeys", "Rename the marker in place (Enter keeps, Esc drops)"),
         {}},
        {QT_TRANSLATE_NOOP("TimelineKeys", "Click on a group heading"),
         QT_TRANSLATE_NOOP("TimelineKeys", "Fold / unfold the group"),
         {}},
        {QT_TRANSLATE_NOOP("TimelineKeys", "Drag a group heading onto another"),
         QT_TRANSLATE_NOOP("TimelineKeys", "Move the group there (the heading's menu moves it too)"),
         {}},
        {"Esc", QT_TRANSLATE_NOOP("TimelineKeys", "Clear the region and the selection"), {Qt::Key_Escape}},
        {"F", QT_TRANSLATE_NOOP("TimelineKeys", "Zoom to the selection"), {Qt::Key_F}},
        {"/", QT_TRANSLATE_NOOP("TimelineKeys", "Go to the search box"), {Qt::Key_Slash}},
        {"W / S, + / -",
         QT_TRANSLATE_NOOP("TimelineKeys", "Zoom in / out"),
         {Qt::Key_W, Qt::Key_S, Qt::Key_Plus, Qt::Key_Equal, Qt::Key_Minus, Qt::Key_Underscore}},
        {"A / D, Left / Right",
         QT_TRANSLATE_NOOP("TimelineKeys", "Pan left / right"),
         {Qt::Key_A, Qt::Key_D, Qt::Key_Left, Qt::Key_Right}},
        {"Up / Down", QT_TRANSLATE_NOOP("TimelineKeys", "Scroll lanes"), {Qt::Key_Up, Qt::Key_Down}},
        {"0, Home", QT_TRANSLATE_NOOP("TimelineKeys", "Fit the whole capture"), {Qt::Key_0, Qt::Key_Home}},
    };
    return keys;
}

const TimelineKey *timelineKeyFor(const QKeySequence &keys)
{
    if (keys.isEmpty())
        return nullptr;
    const QKeyCombination first = keys[0];
    const QKeyCombination plain(first.keyboardModifiers() & ~(Qt::ShiftModifier | Qt::KeypadModifier),
                                first.key());
    for (const TimelineKey &k : timelineKeys())
        for (const QKeySequence &s : k.sequences)
            if (s[0] == plain)
                return &k;
    return nullptr;
}

} // namespace lanescope
