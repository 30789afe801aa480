#include "app/cli/diffcommand.h"

#include "app/cli/argumentcursor.h"
#include "app/cli/dfxwindowchoice.h"
#include "app/cli/rangeargument.h"
#include "app/cli/runargument.h"
#include "app/cli/taskdiffoutput.h"

#include "model/diff/taskdiff.h"
#include "model/io/atomicfile.h"
#include "model/session/capturedocument.h"
#include "widgets/export/diffpictures.h"
#include "widgets/export/timelinepicture.h"
#include "widgets/render/timelineindex.h"

#include <QFileInfo>

namespace lanescope {

namespace {

constexpr char kUsage[] =
    "usage: lanescope diff BEFORE AFTER -o OUT.png|OUT.svg [--range START_US:END_US] [--width PX] [--run "
    "EPOCH]\n"
    "                 [--launch K] [--window I]\n"
    "  --range   the part to draw, in Before's time (µs); After is lined up at its first bar\n"
    "  --width   the picture's width in pixels (default 1600)\n";
constexpr int kMinWidthPx = 200;
constexpr int kMaxWidthPx = 16000;

struct DiffRequest
{
    QString before;
    QString after;
    QString output;
    RangeArgument range;
    int widthPx = 1600;
    RunArgument run;
    bool help = false;
};

QString parseArguments(const QStringList &args, DiffRequest &r)
{
    QStringList paths;
    for (ArgumentCursor cursor(args); cursor.next();) {
        const QString &option = cursor.option();
        if (option == QLatin1String("-h") || option == QLatin1String("--help")) {
            r.help = true;
            return {};
        }
        if (option == QLatin1String("-o") || option == QLatin1String("--output")) {
            const auto v = cursor.value();
            if (!v || v->isEmpty())
                return QStringLiteral("%1 needs a file name").arg(option);
            r.output = *v;
        } else if (option == QLatin1String("--range")) {
            const auto v = cursor.value();
            if (!v)
                return QStringLiteral("--range needs START_US:END_US");
            if (const QString error = parseRangeArgument(*v, r.range); !error.isEmpty())
                return error;
        } else if (option == QLatin1String("--width")) {
            const auto v = cursor.value();
            bool ok = false;
            const int width = v ? v->toInt(&ok) : 0;
            if (!ok || width < kMinWidthPx || width > kMaxWidthPx)
                return QStringLiteral("--width wants %1 to %2 pixels").arg(kMinWidthPx).arg(kMaxWidthPx);
            r.widthPx = width;
        } else if (const auto error = takeRunOption(cursor, r.run)) {
            if (!error->isEmpty())
                return *error;
        } else if (cursor.isOption()) {
            return QStringLiteral("unknown option %1").arg(cursor.argument());
        } else {
            paths << cursor.argument();
        }
    }
    if (paths.size() != 2)
        return QStringLiteral("needs exactly two captures, BEFORE and AFTER (got %1)").arg(paths.size());
    r.before = paths[0];
    r.after = paths[1];
    if (r.output.isEmpty())
        return QStringLiteral("missing -o OUT.png|OUT.svg");
    if (!pictureFormatOf(r.output))
        return QStringLiteral("the output must end in .png or .svg, got \"%1\"").arg(r.output);
    return {};
}

} // namespace

int runDiffCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    DiffRequest request;
    if (const QString error = parseArguments(args, request); !error.isEmpty()) {
        err << "lanescope diff: " << error << '\n' << kUsage;
        return 1;
    }
    if (request.help) {
        out << kUsage;
        return 0;
    }
    for (QString *side : {&request.before, &request.after}) {
        const std::optional<QString> input = chooseDfxWindow(*side, request.run, err);
        if (!input)
            return 2;
        *side = *input;
    }
    const OpenedDocument opened[2] = {openDocument(request.before), openDocument(request.after)};
    for (const OpenedDocument &o : opened)
        if (!o.ok()) {
            err << o.error.toString() << '\n';
            return 2;
        }
    const std::shared_ptr<Capture> before =
        chooseAnalysableRun(opened[0].document->runs, request.run, request.before, err);
    const std::shared_ptr<Capture> after =
        chooseAnalysableRun(opened[1].document->runs, request.run, request.after, err);
    if (!before || !after)
        return 2;
    const CaptureIndexPtr beforeIndex = opened[0].document->indexOf(*before);
    const CaptureIndexPtr afterIndex = opened[1].document->indexOf(*after);

    TimeRange range;
    if (request.range.startUs || request.range.endUs) {
        const TimeRange whole = fitRange(beforeIndex->bars.extent());
        range = {request.range.startUs.value_or(whole.startUs), request.range.endUs.value_or(whole.endUs)};
        if (!range.isValid()) {
            err << "lanescope diff: --range is empty for Before (it spans " << whole.startUs << ":"
                << whole.endUs << " µs)\n";
            return 2;
        }
    }

    const TaskDiff diff = diffTasks(*before, *after);
    QString error;
    if (pictureFormatOf(request.output) == PictureFormat::Svg) {
        const QByteArray svg =
            diffTimelineSvg(*before, beforeIndex, *after, afterIndex, diff, request.widthPx, range);
        error = svg.isEmpty() ? QStringLiteral("%1: nothing to draw").arg(request.output)
                              : writeFileAtomically(request.output, svg);
    } else {
        error = writePng(
            diffTimelineImage(*before, beforeIndex, *after, afterIndex, diff, request.widthPx, range),
            request.output);
    }
    if (!error.isEmpty()) {
        err << "cannot write " << error << '\n';
        return 2;
    }
    for (const QString &line : taskDiffLines(diff, *after))
        out << line << '\n';
    out << QFileInfo(request.output).absoluteFilePath() << '\n';
    return 0;
}

} // namespace lanescope
