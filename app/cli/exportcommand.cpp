#include "app/cli/exportcommand.h"

#include "app/cli/argumentcursor.h"
#include "app/cli/capturename.h"
#include "app/cli/dfxwindowchoice.h"
#include "app/cli/rangeargument.h"
#include "app/cli/runargument.h"

#include "model/session/capturedocument.h"
#include "widgets/export/timelinepicture.h"
#include "widgets/render/timelineindex.h"
#include "widgets/timeline/timelinelayout.h"

#include <QDir>
#include <QFileInfo>
#include <cmath>
#include <optional>

namespace lanescope {

namespace {

constexpr char kUsage[] =
    "usage: lanescope export PATH -o OUT.png|OUT.svg [--range START_US:END_US] [--size WxH] [--all-lanes] "
    "[--run EPOCH] [--window I]\n"
    "  --range      the part to draw (µs); a side left empty runs to the capture's edge\n"
    "  --size       the whole picture in pixels (default: 1600 wide, as tall as the lanes need up to\n"
    "               16000 px, every group open)\n"
    "  --all-lanes  every lane, however tall that makes the picture; only the width of --size is used.\n"
    "               There is no screen to fold groups as: the layout is the one the window opens the\n"
    "               capture with, and the groups it folds stay folded (one heading each). A PNG is at\n"
    "               most 32767 px tall: a taller picture is refused (write an SVG)\n";
// Larger pictures are not useful and their pixel buffer alone would need gigabytes.
constexpr int kMaxSidePx = 20000;
constexpr int kMaxWarningsShown = 10;

struct ExportRequest
{
    QString input;
    QString output;
    std::optional<double> startUs;
    std::optional<double> endUs;
    std::optional<QSize> size;
    bool allLanes = false;
    RunArgument run;
};

// Returns an error message, empty on success.
QString parseRange(const QString &text, ExportRequest &request)
{
    RangeArgument parsed;
    if (QString error = parseRangeArgument(text, parsed); !error.isEmpty())
        return error;
    request.startUs = parsed.startUs;
    request.endUs = parsed.endUs;
    return {};
}

QString parseSize(const QString &text, ExportRequest &request)
{
    const QStringList parts = text.toLower().split(u'x');
    bool widthOk = false;
    bool heightOk = false;
    const int width = parts.size() == 2 ? parts[0].toInt(&widthOk) : 0;
    const int height = parts.size() == 2 ? parts[1].toInt(&heightOk) : 0;
    if (!widthOk || !heightOk || width <= 0 || height <= 0)
        return QStringLiteral("--size wants WIDTHxHEIGHT in pixels, got \"%1\"").arg(text);
    if (width > kMaxSidePx || height > kMaxSidePx)
        return QStringLiteral("--size: at most %1 pixels per side, got \"%2\"").arg(kMaxSidePx).arg(text);
    request.size = QSize(width, height);
    return {};
}

// Returns an error message, empty on success; `help` is set for -h / --help.
QString parseArguments(const QStringList &args, ExportRequest &request, bool &help)
{
    for (ArgumentCursor cursor(args); cursor.next();) {
        const QString &arg = cursor.argument();
        const QString &option = cursor.option();
        if (option == QLatin1String("-h") || option == QLatin1String("--help")) {
            help = true;
            return {};
        }
        if (option == QLatin1String("-o") || option == QLatin1String("--output")) {
            const auto v = cursor.value();
            if (!v || v->isEmpty())
                return QStringLiteral("%1 needs a file name").arg(option);
            request.output = *v;
        } else if (option == QLatin1String("--range")) {
            const auto v = cursor.value();
            if (!v)
                return QStringLiteral("--range needs START_US:END_US");
            if (const QString error = parseRange(*v, request); !error.isEmpty())
                return error;
        } else if (const auto error = takeRunOption(cursor, request.run)) {
            if (!error->isEmpty())
                return *error;
        } else if (option == QLatin1String("--all-lanes")) {
            request.allLanes = true;
        } else if (option == QLatin1String("--size")) {
            const auto v = cursor.value();
            if (!v)
                return QStringLiteral("--size needs WIDTHxHEIGHT");
            if (const QString error = parseSize(*v, request); !error.isEmpty())
                return error;
        } else if (cursor.isOption()) {
            return QStringLiteral("unknown option %1").arg(arg);
        } else if (!request.input.isEmpty()) {
            return QStringLiteral("one input at a time (got \"%1\" and \"%2\")").arg(request.input, arg);
        } else {
            request.input = arg;
        }
    }
    if (request.input.isEmpty())
        return QStringLiteral("missing input PATH");
    if (request.output.isEmpty())
        return QStringLiteral("missing -o OUT.png|OUT.svg");
    if (!pictureFormatOf(request.output))
        return QStringLiteral("the output must end in .png or .svg, got \"%1\"").arg(request.output);
    return {};
}

// The range to draw: the requested one, open sides running to the capture's edges (with the
// margin the window shows); invalid when the request does not overlap anything drawable.
TimeRange resolveRange(const BarIndex &bars, std::optional<double> startUs, std::optional<double> endUs)
{
    if (!startUs && !endUs)
        return {}; // the exporter fits the whole capture
    const TimeRange fitted = fitRange(bars.extent());
    return {startUs.value_or(fitted.startUs), endUs.value_or(fitted.endUs)};
}

} // namespace

std::optional<TimelinePicture> exportPicture(const CaptureDocument &document, const Capture &run,
                                             const QString &captureName, std::optional<double> startUs,
                                             std::optional<double> endUs, std::optional<QSize> size,
                                             QString *error)
{
    const CaptureIndexPtr index = document.indexOf(run);
    const BarIndex &bars = index->bars;
    const TimeRange range = resolveRange(bars, startUs, endUs);
    if ((startUs || endUs) && !range.isValid()) {
        // The range parsed, but it does not fit this capture: the input, not the usage, is wrong.
        const TimeRange whole = fitRange(bars.extent());
        *error = QStringLiteral("lanescope export: --range is empty for this capture (it spans %1:%2 µs)")
                     .arg(whole.startUs)
                     .arg(whole.endUs);
        return std::nullopt;
    }
    return capturePicture(run, captureName, range, size);
}

int runExportCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    ExportRequest request;
    bool help = false;
    if (const QString error = parseArguments(args, request, help); !error.isEmpty()) {
        err << "lanescope export: " << error << '\n' << kUsage;
        return 1;
    }
    if (help) {
        out << kUsage;
        return 0;
    }

    // The document's runs carry their derived tracks: the picture shows what the window shows.
    const std::optional<QString> input = chooseDfxWindow(request.input, request.run, err);
    if (!input)
        return 2;
    const OpenedDocument opened = openDocument(*input);
    if (!opened.ok()) {
        err << opened.error.toString() << '\n';
        return 2;
    }
    const auto chosen = chooseRun(opened.document->runs, request.run, *input, err);
    if (!chosen)
        return 2;
    const Capture &capture = *chosen;
    const QStringList &warnings = capture.info.warnings;
    for (qsizetype i = 0; i < std::min<qsizetype>(warnings.size(), kMaxWarningsShown); ++i)
        err << "warning: " << warnings[i] << '\n';
    if (warnings.size() > kMaxWarningsShown)
        err << "warning: … and " << warnings.size() - kMaxWarningsShown << " more\n";

    QString rangeError;
    std::optional<TimelinePicture> drawn =
        exportPicture(*opened.document, capture, captureName(request.input), request.startUs, request.endUs,
                      request.size, &rangeError);
    if (!drawn) {
        err << rangeError << '\n';
        return 2;
    }
    TimelinePicture &picture = *drawn;
    if (request.allLanes) {
        // No screen to fold groups as: the layout a window opens this capture with.
        picture.options.collapsedGroups = initiallyCollapsedGroups(capture);
        showEveryLane(capture, picture);
    }
    if (const QString error = writePicture(capture, picture, request.output); !error.isEmpty()) {
        err << "cannot write " << error << '\n';
        return 2;
    }
    out << QFileInfo(request.output).absoluteFilePath() << '\n';
    return 0;
}

} // namespace lanescope
