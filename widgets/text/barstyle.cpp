#include "widgets/text/barstyle.h"

#include "model/capture/labels.h"
#include "model/capture/slicelabel.h"
#include "widgets/render/timelineindex.h"

#include <QColor>

namespace lanescope {

const TaskRow *taskRowOf(const Capture &capture, const Lane &lane, const Slice &slice)
{
    if (lane.kind != LaneKind::Worker && lane.kind != LaneKind::SchedulerView)
        return nullptr;
    return slice.ref < capture.rows.size() ? &capture.rows[slice.ref] : nullptr;
}

QString barLabel(const Capture &capture, const Lane &lane, const Slice &slice, BarLabelMode mode)
{
    const TaskRow *row = taskRowOf(capture, lane, slice);
    if (!row || mode == BarLabelMode::Both)
        return sliceLabel(capture, lane, slice);
    if (mode == BarLabelMode::TaskId)
        return taskDisplayId(row->taskId, capture.info.taskIdFormat);
    // The function part of "name(tdisp)".
    const QString label = sliceLabel(capture, lane, slice);
    const qsizetype paren = label.indexOf(u'(');
    return paren > 0 ? label.left(paren) : label;
}

QRgb coreTypeColour(CoreType type)
{
    return type == CoreType::Aic ? qRgb(0x3b, 0x76, 0xd9) : qRgb(0xf0, 0x8c, 0x2c);
}

QRgb neutralBarColour()
{
    return qRgb(0xb9, 0xbf, 0xc9);
}

QRgb setupHeadColour(QRgb barColour)
{
    return QColor::fromRgb(barColour).lighter(150).rgb();
}

QRgb barColour(const TimelineIndex &index, const Capture &capture, const Lane &lane, const Slice &slice,
               BarColourMode mode)
{
    switch (mode) {
    case BarColourMode::Function:
        break;
    case BarColourMode::CoreType:
        if (const TaskRow *row = taskRowOf(capture, lane, slice))
            return coreTypeColour(row->coreType);
        if (lane.kind == LaneKind::Trace)
            break;
        return neutralBarColour();
    case BarColourMode::Phase:
        if (lane.kind == LaneKind::Worker || lane.kind == LaneKind::SchedulerView)
            return neutralBarColour();
        break;
    }
    return index.colourOf(capture, lane, slice);
}

} // namespace lanescope
