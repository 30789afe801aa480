#pragma once

#include "model/capture/capture.h"
#include "model/diff/makespanattribution.h"
#include "model/diff/taskdiff.h"
#include "model/index/captureindex.h"
#include "model/techniques/capturecomparison.h"

#include <QByteArray>
#include <QImage>
#include <QString>

namespace lanescope {

// Before above After on one time axis: each capture's timeline from its own start, both spanning
// the longer of the two, so equal widths are equal times. Labels name each side. The indexes are
// the runs' own (CaptureDocument::indexOf); without them the extents are computed here.
QImage twinTimelineImage(const Capture &before, const QString &beforeName, const Capture &after,
                         const QString &afterName, int widthPx = 1600, CaptureIndexPtr beforeIndex = {},
                         CaptureIndexPtr afterIndex = {});

struct CompareReportInput
{
    QString beforeName;
    QString afterName;
    QString techniqueTitle; // empty for "general"
    const CaptureComparison *comparison = nullptr;
    // The task-level diff of the two runs and where the makespan change came from; the
    // sections are left out when null. `after` is the capture whose rows the diff's rows index.
    const TaskDiff *taskDiff = nullptr;
    const MakespanAttribution *attribution = nullptr;
    const Capture *after = nullptr;
};

// One picture of a report: its PNG (embedded in HTML) and the name Markdown refers to it by, a
// file the caller writes beside the report. A picture with neither is left out.
struct ReportPicture
{
    QByteArray png;
    QString fileName;
};

// The report's pictures: Before above After, the Diff view, and the makespan waterfall.
struct ReportPictures
{
    ReportPicture timelines;
    ReportPicture diff;
    ReportPicture waterfall;
};

// A Markdown report; the pictures are referenced by their file names.
QByteArray compareReportMarkdown(const CompareReportInput &in, const ReportPictures &pictures);
// A self-contained HTML report; the pictures are embedded as data: URIs.
QByteArray compareReportHtml(const CompareReportInput &in, const ReportPictures &pictures);

} // namespace lanescope
