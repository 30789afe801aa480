// Load benchmark: time to a loaded capture as a ratio to a plain read of the same bytes, at
// 100k and 1M AICore rows (level 4, with deps.json), plus the peak RSS of the loading process.
//
//   bench_load [--rows N]... [--check] [--dir DIR]
//
// Budgets (2-core machine): 100k rows + deps <= 0.5 s; 1M rows <= 2.5 s and <= 1.5 GB peak RSS.
// With --check the exit status is 1 when a budget is missed.

#include "capturegenerator.h"
#include "model/io/loader.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>

#include <sys/resource.h>

using namespace lanescope;

namespace {

struct Budget
{
    std::uint64_t rows;
    double seconds;
    double rssMiB;
};

// Reads every file below `dir` in 1 MiB chunks: the floor any loader has to pay.
double plainReadSeconds(const QString &dir, std::int64_t *bytes)
{
    QElapsedTimer timer;
    timer.start();
    std::vector<char> buffer(1 << 20);
    *bytes = 0;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (!f.open(QIODevice::ReadOnly))
            continue;
        qint64 n;
        while ((n = f.read(buffer.data(), qint64(buffer.size()))) > 0)
            *bytes += n;
    }
    return timer.nsecsElapsed() / 1e9;
}

// Child-process mode: load once, report seconds and peak RSS (the parent's generator memory must not count).
int measure(const QString &dir)
{
    QElapsedTimer timer;
    timer.start();
    const LoadResult r = loadCapture(dir);
    const double seconds = timer.nsecsElapsed() / 1e9;
    if (!r.ok()) {
        QTextStream(stderr) << r.error.toString() << '\n';
        return 2;
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    QTextStream(stdout) << seconds << ' ' << usage.ru_maxrss / 1024.0 << ' ' << r.capture->rows.size() << '\n';
    return 0;
}

GeneratorOptions optionsForRows(std::uint64_t rows)
{
    GeneratorOptions o;
    o.seed = 20261129;
    o.level = 4;
    // Calibrate tasks -> AICore rows (SPMD and MIX tasks have several rows) on a small run.
    o.tasks = 2000;
    QTemporaryDir probe;
    const GeneratedCapture g = generateCapture(o, probe.path());
    const double rowsPerTask = g.ok() && g.expected.aicoreRows > 0 ? double(g.expected.aicoreRows) / o.tasks : 1.0;
    o.tasks = int(std::max(100.0, double(rows) / rowsPerTask));
    return o;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    if (args.size() == 2 && args[0] == QLatin1String("--measure"))
        return measure(args[1]);

    std::vector<std::uint64_t> sizes;
    bool check = false;
    QString keepDir;
    for (int i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--rows") && i + 1 < args.size())
            sizes.push_back(args[++i].toULongLong());
        else if (args[i] == QLatin1String("--check"))
            check = true;
        else if (args[i] == QLatin1String("--dir") && i + 1 < args.size())
            keepDir = args[++i];
        else {
            QTextStream(stderr) << "usage: bench_load [--rows N]... [--check] [--dir DIR]\n";
            return 1;
        }
    }
    if (sizes.empty())
        sizes = {100'000, 1'000'000};
    const Budget budgets[] = {{100'000, 0.5, 1536}, {1'000'000, 2.5, 1536}};

    QTextStream out(stdout);
    out << "rows       bytes(MB)  read(s)  load(s)  load/read  peakRSS(MB)  budget\n";
    bool allOk = true;
    for (std::uint64_t wanted : sizes) {
        QTemporaryDir tmp;
        const QString dir = keepDir.isEmpty() ? tmp.path() : QDir(keepDir).filePath(QString::number(wanted));
        const GeneratedCapture g = generateCapture(optionsForRows(wanted), dir);
        if (!g.ok()) {
            QTextStream(stderr) << "generation failed: " << g.error << '\n';
            return 2;
        }
        std::int64_t bytes = 0;
        plainReadSeconds(dir, &bytes);  // warm the page cache so both timings read from memory
        const double floor = plainReadSeconds(dir, &bytes);
        QProcess child;
        child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--measure"), dir});
        child.waitForFinished(-1);
        const QStringList fields = QString::fromUtf8(child.readAllStandardOutput()).split(QLatin1Char(' '));
        if (child.exitCode() != 0 || fields.size() < 3) {
            QTextStream(stderr) << "load failed: " << child.readAllStandardError();
            return 2;
        }
        const double seconds = fields[0].toDouble();
        const double rss = fields[1].toDouble();
        QString verdict = QStringLiteral("-");
        for (const Budget &b : budgets)
            if (b.rows == wanted) {
                const bool ok = seconds <= b.seconds && rss <= b.rssMiB;
                allOk &= ok;
                verdict = QStringLiteral("%1 (<= %2 s, <= %3 MB)").arg(ok ? "ok" : "MISSED").arg(b.seconds).arg(b.rssMiB);
            }
        out << QString::number(g.expected.aicoreRows).leftJustified(11) << QString::number(bytes / 1e6, 'f', 1).leftJustified(11)
            << QString::number(floor, 'f', 3).leftJustified(9) << QString::number(seconds, 'f', 3).leftJustified(9)
            << QString::number(seconds / std::max(floor, 1e-9), 'f', 1).leftJustified(11)
            << QString::number(rss, 'f', 0).leftJustified(13) << verdict << '\n';
        out.flush();
    }
    return check && !allOk ? 1 : 0;
}
