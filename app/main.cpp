#include "app/cli/analyzecommand.h"
#include "app/cli/comparecommand.h"
#include "app/cli/diffcommand.h"
#include "app/cli/exportcommand.h"
#include "app/cli/infocommand.h"
#include "app/cli/querycommand.h"
#include "app/cli/windowarguments.h"
#include "app/mcp/mcpcommand.h"
#include "app/mcp/mcphttp.h"
#include "app/settings/snapshotcachesetting.h"
#include "app/window/mainwindow.h"
#include "app/window/reviewcontroller.h"
#include "app/window/singleinstance.h"
#include "model/io/largeallocations.h"
#include "model/snapshot/snapshotcache.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>

#include <unistd.h>

using namespace lanescope;

namespace {

const char kUsage[] =
    "usage: lanescope [PATH...]                      open each capture (file or directory) in a tab\n"
    "       lanescope --compare BEFORE AFTER [--technique ID]   the window on their comparison\n"
    "       lanescope info PATH [--json]             what was loaded\n"
    "       lanescope export PATH -o OUT.png|OUT.svg [--range START_US:END_US] [--size WxH]\n"
    "       lanescope analyze PATH --json [--range START_US:END_US]   overhead, critical path, "
    "distributions\n"
    "       lanescope compare BEFORE AFTER [--technique ID] [--json] [-o REPORT.md|REPORT.html]   "
    "before/after verdicts\n"
    "       lanescope diff BEFORE AFTER -o OUT.png|OUT.svg [--range START_US:END_US]   the Diff view, "
    "bars coloured by their change\n"
    "       lanescope query PATH \"SQL\" [--csv | --json]   SQL over the run's records (docs/query.md)\n"
    "       lanescope query --schema                   its tables and columns\n"
    "       lanescope mcp [--http PORT]                a Model Context Protocol server for agents, on stdio\n"
    "                                                  or on http://127.0.0.1:PORT/mcp\n"
    "every verb takes --run EPOCH: which run of a capture that holds several (default: the last),\n"
    "--launch K: which kernel launch of a DFX window's file (run_boundaries; default: the last),\n"
    "--rank N: which rank of an L3 output (rank<N>/d<M>/ folders), and --window I: which DFX window\n"
    "of a kernel-mode output folder (window_<I>/ folders; default: window 0)\n"
    "--no-cache: read every capture from its files, neither using nor keeping a snapshot in\n"
    "$XDG_CACHE_HOME/lanescope (a capture opened before reopens from its snapshot while its files are\n"
    "unchanged)\n"
    "exit status: 0 ok, 1 usage error, 2 input cannot be read (or, for the window, no display)\n";

const char *const kVerbs[] = {"info", "analyze", "export", "compare", "diff", "query", "mcp"};

// A word that names no verb and no file ("lanescope frobnicate") is a mistyped verb, not a capture
// to open in a window: anything with a path separator or an extension is still taken as a path.
bool looksLikeMistypedVerb(const QString &word)
{
    return !word.isEmpty() && !word.startsWith(u'-') && !word.contains(u'/') && !word.contains(u'.') &&
           !QFileInfo::exists(word);
}

// Headless verbs never need a display (nor a desktop session's runtime directory, whose absence
// Qt would otherwise report on every run).
void useOffscreenPlatform()
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        const QString dir = QDir::tempPath() + QStringLiteral("/runtime-%1").arg(::getuid());
        QDir().mkpath(dir);
        QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir));
    }
}

// Whether the window can be shown: a platform named on the command line or in QT_QPA_PLATFORM other
// than a desktop session's (offscreen, vnc, …) needs no display; xcb and wayland need theirs. Without
// one Qt would abort with its own platform error (exit 134); a person is better served by one line.
bool windowHasNoDisplay(int argc, char **argv)
{
    QByteArray platform = qgetenv("QT_QPA_PLATFORM");
    for (int i = 1; i + 1 < argc; ++i)
        if (qstrcmp(argv[i], "-platform") == 0 || qstrcmp(argv[i], "--platform") == 0)
            platform = argv[i + 1];
    if (!platform.isEmpty() && !platform.startsWith("xcb") && !platform.startsWith("wayland"))
        return false;
    return qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}

// Test hook for desktop-launch tests: LANESCOPE_OPENED_LOG names a file that gets one
// "<pid> <path>" line per capture this process opens, including those forwarded to it.
void recordOpened(const QString &path)
{
    const QString log = qEnvironmentVariable("LANESCOPE_OPENED_LOG");
    if (log.isEmpty())
        return;
    QFile f(log);
    if (f.open(QIODevice::Append | QIODevice::Text))
        f.write(QStringLiteral("%1 %2\n").arg(QCoreApplication::applicationPid()).arg(path).toUtf8());
}

CapturePage *open(MainWindow &window, const QString &path)
{
    CapturePage *page = window.openPath(path);
    recordOpened(path);
    return page;
}

} // namespace

int main(int argc, char *argv[])
{
    applyLargeAllocationPolicy();
    // Snapshots of the captures this run opened are written in the background: let them finish
    // on every way out, after the verb's output.
    struct WaitForSnapshots
    {
        ~WaitForSnapshots() { waitForStoredSnapshots(); }
    } waitForSnapshots;
    QTextStream out(stdout);
    QTextStream err(stderr);
    QStringList args;
    for (int i = 1; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    configureSnapshotCache(args); // takes --no-cache out, wherever it stands
    const QString verb = args.value(0);
    const QStringList rest = args.mid(1);

    if (verb == QLatin1String("--help") || verb == QLatin1String("-h")) {
        out << kUsage;
        return 0;
    }
    if (verb == QLatin1String("--version")) {
        out << "lanescope " << LANESCOPE_VERSION << '\n';
        return 0;
    }
    if (verb == QLatin1String("info")) {
        QCoreApplication app(argc, argv);
        return runInfoCommand(rest, out, err);
    }
    if (verb == QLatin1String("query")) {
        QCoreApplication app(argc, argv);
        return runQueryCommand(rest, out, err);
    }
    if (verb == QLatin1String("analyze")) {
        QCoreApplication app(argc, argv);
        return runAnalyzeCommand(rest, out, err);
    }
    if (verb == QLatin1String("compare")) {
        useOffscreenPlatform(); // the report draws the twin timelines
        QApplication app(argc, argv);
        return runCompareCommand(rest, out, err);
    }
    if (verb == QLatin1String("diff")) {
        useOffscreenPlatform();
        QApplication app(argc, argv);
        return runDiffCommand(rest, out, err);
    }
    if (verb == QLatin1String("export")) {
        useOffscreenPlatform();
        QApplication app(argc, argv);
        return runExportCommand(rest, out, err);
    }
    if (verb == QLatin1String("mcp")) {
        useOffscreenPlatform(); // render draws the timeline
        QApplication app(argc, argv);
        if (rest.value(0) == QLatin1String("--http"))
            return runMcpHttpCommand(rest, err);
        return runMcpCommand(rest, err);
    }
    if (verb.startsWith(QLatin1Char('-')) && verb != QLatin1String("--compare")) {
        err << kUsage;
        return 1;
    }
    if (looksLikeMistypedVerb(verb)) {
        QStringList verbs;
        for (const char *v : kVerbs)
            verbs << QLatin1String(v);
        err << "lanescope: no such command or file: " << verb << " (the commands are "
            << verbs.join(QStringLiteral(", ")) << "; see lanescope --help)\n";
        return 1;
    }

    if (windowHasNoDisplay(argc, argv)) {
        err << "lanescope: no display: use `lanescope export PATH -o OUT.png` to render a capture to a "
               "picture, or set DISPLAY\n";
        return 2;
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Lanescope"));
    QApplication::setOrganizationName(QStringLiteral("Lanescope"));
    QApplication::setDesktopFileName(QStringLiteral("org.lanescope.Lanescope"));
    // Qt has taken its own options (-platform …) out of arguments().
    QString argumentError;
    const std::optional<WindowArguments> arguments =
        parseWindowArguments(QApplication::arguments().mid(1), &argumentError);
    if (!arguments) {
        err << "lanescope: " << argumentError << '\n' << kUsage;
        return 1;
    }
    const QStringList &paths = arguments->paths;

    // A running window takes the paths (desktop double-click, or `lanescope PATH` in a terminal); a
    // comparison opens a window of its own.
    SingleInstance instance;
    if (qEnvironmentVariableIsEmpty("LANESCOPE_NEW_INSTANCE") && !arguments->compare &&
        instance.forwardToRunning(paths))
        return 0;
    instance.listen();

    MainWindow window;
    QObject::connect(&instance, &SingleInstance::pathsReceived, &window,
                     [&window](const QStringList &received) {
                         for (const QString &p : received)
                             open(window, p);
                         window.show();
                         window.raise();
                         window.activateWindow();
                     });
    if (paths.isEmpty())
        window.openSample();
    if (arguments->compare) {
        CapturePage *before = open(window, paths[0]);
        CapturePage *after = open(window, paths[1]);
        window.review()->compareWhenAnalysed(before, after, arguments->technique);
    }
    for (const QString &p : paths.mid(arguments->compare ? 2 : 0))
        open(window, p);
    window.showAsLastClosed();
    return app.exec();
}
