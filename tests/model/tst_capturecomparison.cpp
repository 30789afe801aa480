#include "beforeafterpair.h"
#include "cutshort.h"
#include "generatedcapture.h"
#include "model/io/loader.h"
#include "model/techniques/capturecomparison.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <algorithm>

using namespace lanescope;

namespace {

CapturePtr generate(const QString &dir, WorkloadKind workload, int level = 4, int taskWindowMax = 16384)
{
    GeneratorOptions o;
    o.workload = workload;
    o.level = level;
    o.taskWindowMax = taskWindowMax;
    o.hostLog = false;
    CapturePtr c = generateAndLoad(o, dir);
    if (!c)
        qFatal("no capture in %s", qPrintable(dir));
    return c;
}

CapturePtr load(const char *which)
{
    CapturePtr c = loadPair(which);
    if (!c)
        qFatal("the bundled %s capture cannot be read", which);
    return c;
}

const MetricComparison *metric(const CaptureComparison &c, const QString &id)
{
    for (const MetricComparison &m : c.metrics)
        if (m.id == id)
            return &m;
    return nullptr;
}

using Verdicts = QList<QPair<QString, QString>>; // metric id -> verdict name
using Values = QList<double>;

} // namespace

class TestCaptureComparison : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::optional<TechniqueCatalogue> m_catalogue;

    CaptureComparison compare(const CapturePtr &before, const CapturePtr &after, const QString &technique,
                              const CompareOptions &options = {})
    {
        return compareCaptures(*before, computeMetrics(*before), *after, computeMetrics(*after), *m_catalogue,
                               technique, options);
    }

    CapturePtr pairSide(const char *name, WorkloadKind kind, int level = 4, int window = 16384)
    {
        return generate(m_dir.filePath(QString::fromLatin1(name)), kind, level, window);
    }

private slots:
    void initTestCase()
    {
        QString error;
        m_catalogue = TechniqueCatalogue::fromFile(beforeAfterCatalogue(), &error);
        QVERIFY2(m_catalogue, qPrintable(error));
    }

    // Pairs whose outcome is known by construction: every listed metric gets exactly that verdict.
    void knownVerdicts_data()
    {
        QTest::addColumn<QString>("technique");
        QTest::addColumn<int>("before");
        QTest::addColumn<int>("after");
        QTest::addColumn<Verdicts>("expected");
        auto v = [](std::initializer_list<std::pair<const char *, const char *>> list) {
            Verdicts out;
            for (const auto &[id, verdict] : list)
                out.append({QString::fromLatin1(id), QString::fromLatin1(verdict)});
            return out;
        };
        QTest::newRow("02b SPMD") << "02b" << int(WorkloadKind::SpmdBefore) << int(WorkloadKind::SpmdAfter)
                                  << v({{"M1", "improved"},
                                        {"M2.spmd_tasks", "improved"},
                                        {"M2", "improved"},
                                        {"M20", "improved"},
                                        {"M5", "improved"},
                                        {"M16.retire_tail_us", "not comparable"}});
        QTest::newRow("03a write chain")
            << "03a-assert-disjoint" << int(WorkloadKind::WriteChain) << int(WorkloadKind::WriteDisjoint)
            << v({{"M1", "held"},
                  {"M3", "improved"},
                  {"M4", "improved"},
                  {"M14", "improved"},
                  {"M14.max_concurrency", "improved"},
                  {"M22", "held"},
                  {"M5", "improved"}});
        // The reverse change: adding the chain back regresses every expected direction, and the
        // unchanged task set still holds.
        QTest::newRow("03a reversed")
            << "03a" << int(WorkloadKind::WriteDisjoint) << int(WorkloadKind::WriteChain)
            << v({{"M1", "held"},
                  {"M3", "regressed"},
                  {"M4", "regressed"},
                  {"M14", "regressed"},
                  {"M5", "regressed"}});
        QTest::newRow("05a rings") << "05a" << int(WorkloadKind::RingImbalance)
                                   << int(WorkloadKind::RingRebalanced)
                                   << v({{"M17", "improved"},
                                         {"M17.largest_share", "improved"},
                                         {"M18.rings_used", "improved"},
                                         {"M18.largest_ring_share", "improved"},
                                         {"M3", "held"}});
        // 02c on an unrelated change: the graph moved, so its invariants regress.
        QTest::newRow("02c invariants broken")
            << "02c" << int(WorkloadKind::SpmdBefore) << int(WorkloadKind::SpmdAfter)
            << v({{"M1", "broken"}, {"M3", "broken"}});
    }
    void knownVerdicts()
    {
        QFETCH(QString, technique);
        QFETCH(int, before);
        QFETCH(int, after);
        QFETCH(Verdicts, expected);
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'_');
        const CaptureComparison c =
            compare(pairSide(qPrintable(tag + QStringLiteral("-b")), WorkloadKind(before)),
                    pairSide(qPrintable(tag + QStringLiteral("-a")), WorkloadKind(after)), technique);
        QVERIFY(c.comparable);
        QVERIFY(c.reasons.isEmpty());
        QCOMPARE(c.technique, m_catalogue->find(technique)->id);
        for (const auto &[id, verdict] : expected) {
            const MetricComparison *m = metric(c, id);
            QVERIFY2(m, qPrintable(id));
            QVERIFY2(verdictName(m->verdict) == verdict,
                     qPrintable(QStringLiteral("%1: %2 (%3)").arg(id, verdictName(m->verdict), m->reason)));
        }
    }

    // 05b: a window pinned at capacity, then the same work with a window four times larger.
    void ringSizing()
    {
        const CapturePtr before = pairSide("05b-b", WorkloadKind::RingAtCapacity, 4, 16);
        const CapturePtr after = pairSide("05b-a", WorkloadKind::RingAtCapacity, 4, 64);
        const MetricSet mb = computeMetrics(*before);
        QVERIFY(mb.value(QStringLiteral("M18")).value() >= 0.99);
        const CaptureComparison c = compare(before, after, QStringLiteral("05b-size-rings"));
        QCOMPARE(verdictName(metric(c, QStringLiteral("M18"))->verdict), QStringLiteral("improved"));
    }

    // The bundled pair is technique 01a: 2048 -> 512 tasks.
    void bundledTilingPair()
    {
        const CapturePtr before = load("before");
        const CapturePtr after = load("after");
        const CaptureComparison c = compare(before, after, QStringLiteral("01a"));
        QVERIFY(c.comparable);
        const MetricComparison *tasks = metric(c, QStringLiteral("M1"));
        QCOMPARE(tasks->before.value(), 2048.0);
        QCOMPARE(tasks->after.value(), 512.0);
        QCOMPARE(tasks->delta.value(), -1536.0);
        for (const char *id : {"M1", "M6", "M7", "M7.gap_total_us", "M5"})
            QCOMPARE(verdictName(metric(c, QString::fromLatin1(id))->verdict), QStringLiteral("improved"));
        const Verdict occupancy = metric(c, QStringLiteral("M8"))->verdict; // shown for context: no direction
        QVERIFY(occupancy == Verdict::Inconclusive || occupancy == Verdict::Unchanged);
    }

    // A capture against itself, for every technique of the catalogue and the general set: nothing
    // moved, so every metric both sides give reads unchanged or held; one neither side can give
    // is not comparable, with the reason.
    void selfCompare_data()
    {
        QTest::addColumn<QString>("side");
        QTest::addColumn<QString>("technique");
        for (const char *side : {"before", "after"}) {
            QTest::addRow("%s general", side) << QString::fromLatin1(side) << QStringLiteral("general");
            for (const Technique &t : m_catalogue->techniques())
                QTest::addRow("%s %s", side, qPrintable(t.shortId)) << QString::fromLatin1(side) << t.id;
        }
    }
    void selfCompare()
    {
        QFETCH(QString, side);
        QFETCH(QString, technique);
        const CapturePtr c = load(side == QLatin1String("before") ? "before" : "after");
        const CaptureComparison same = compare(c, c, technique);
        QVERIFY(same.comparable);
        QVERIFY(!same.metrics.empty());
        for (const MetricComparison &m : same.metrics) {
            if (!m.before && !m.after) {
                QCOMPARE(m.verdict, Verdict::NotComparable);
                QVERIFY(!m.reason.isEmpty());
                continue;
            }
            const Verdict want =
                m.expected == ExpectedDirection::Unchanged ? Verdict::Held : Verdict::Unchanged;
            QVERIFY2(m.verdict == want,
                     qPrintable(QStringLiteral("%1: %2 (%3)").arg(m.id, verdictName(m.verdict), m.reason)));
            QCOMPARE(m.delta.value(), 0.0);
        }
    }

    // The compiler's hints as metrics (perf-hints spec A): the Before build was compiled twice into
    // its folder, so its log holds every record twice; the count is of unique records.
    void hintsGone_data()
    {
        QTest::addColumn<QString>("technique");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QByteArray>("beforeLog"); // "-": no report folder at all
        QTest::addColumn<QByteArray>("afterLog");  // "": a report folder without a log
        QTest::addColumn<double>("beforeCount");
        QTest::addColumn<double>("afterCount");
        QTest::addColumn<QString>("verdict");
        const QByteArray ph001 =
            "[perf_hint PH001] TileInnermostDimGranularity: tile.load has innermost dim = 64B; recommended "
            ">= 128B for backend a5 (L2 cache line = 512B). Consider increasing tile shape on the innermost "
            "axis. at k.py:60:4\n";
        const QByteArray mr = "[perf_hint PH-MR-001] MemoryReuse: software pipelining requested depth 2 for "
                              "pipeline group 0 in Vec at k.py:12:5\n";
        const QByteArray twice = ph001 + mr + ph001 + mr;
        QTest::newRow("04e PH001 gone") << "04e"
                                        << "PH001" << twice << QByteArray() << 1.0 << 0.0 << "improved";
        QTest::newRow("01a PH001 gone") << "01a"
                                        << "PH001" << twice << QByteArray() << 1.0 << 0.0 << "improved";
        QTest::newRow("04a PH-MR-001 gone")
            << "04a"
            << "PH-MR-001" << twice << QByteArray(ph001) << 1.0 << 0.0 << "improved";
        QTest::newRow("04e PH001 came back") << "04e"
                                             << "PH001" << QByteArray() << twice << 0.0 << 1.0 << "regressed";
        QTest::newRow("04e PH001 stayed")
            << "04e"
            << "PH001" << twice << QByteArray(ph001) << 1.0 << 1.0 << "unchanged";
        QTest::newRow("04e no report on Before")
            << "04e"
            << "PH001" << QByteArray("-") << QByteArray() << -1.0 << 0.0 << "not comparable";
    }
    void hintsGone()
    {
        QFETCH(QString, technique);
        QFETCH(QString, id);
        QFETCH(QByteArray, beforeLog);
        QFETCH(QByteArray, afterLog);
        QFETCH(double, beforeCount);
        QFETCH(double, afterCount);
        QFETCH(QString, verdict);
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'_');
        auto side = [&](const QString &name, const QByteArray &log) {
            const QDir out(m_dir.filePath(tag + name));
            if (log != "-") {
                QDir().mkpath(out.filePath(QStringLiteral("report")));
                QFile f(out.filePath(QStringLiteral("report/perf_hints.log")));
                if (!log.isEmpty() && (!f.open(QIODevice::WriteOnly) || f.write(log) != log.size()))
                    qFatal("cannot write %s", qPrintable(f.fileName()));
            }
            return generate(out.filePath(QStringLiteral("dfx_outputs")), WorkloadKind::SpmdBefore);
        };
        const CaptureComparison c =
            compare(side(QStringLiteral("-b"), beforeLog), side(QStringLiteral("-a"), afterLog), technique);
        const MetricComparison *m = metric(c, id);
        QVERIFY(m);
        QCOMPARE(m->before.value_or(-1), beforeCount);
        QCOMPARE(m->after.value_or(-1), afterCount);
        QVERIFY2(verdictName(m->verdict) == verdict, qPrintable(verdictName(m->verdict) + u' ' + m->reason));
    }

    // Different levels: level-gated metrics are not comparable and say why; the rest compare.
    void differentLevels()
    {
        const CapturePtr before = pairSide("lv-b", WorkloadKind::SpmdBefore, 1);
        const CapturePtr after = pairSide("lv-a", WorkloadKind::SpmdAfter, 4);
        const CaptureComparison c = compare(before, after, QStringLiteral("02b"));
        QVERIFY(!c.comparable);
        QCOMPARE(c.reasons.size(), 1);
        QVERIFY2(
            c.reasons.first().contains(QStringLiteral("levels differ: Before is level 1, After is level 4")),
            qPrintable(c.reasons.first()));
        const MetricComparison *submits = metric(c, QStringLiteral("M20"));
        QCOMPARE(submits->verdict, Verdict::NotComparable);
        QCOMPARE(submits->reason, QStringLiteral("needs level ≥ 4: Before is level 1"));
        QCOMPARE(verdictName(metric(c, QStringLiteral("M1"))->verdict), QStringLiteral("improved"));

        const CaptureComparison general = compare(before, after, QStringLiteral("general"));
        QCOMPARE(general.technique, QStringLiteral("general"));
        for (const char *id : {"M10", "M12", "M13"}) {
            const MetricComparison *m = metric(general, QString::fromLatin1(id));
            QCOMPARE(m->verdict, Verdict::NotComparable);
            QVERIFY2(m->reason.startsWith(QStringLiteral("needs level ≥ 2")), qPrintable(m->reason));
        }
    }

    void guard_data()
    {
        QTest::addColumn<int>("change"); // 0 clock, 1 core layout, 2 sim vs onboard
        QTest::addColumn<QString>("reason");
        QTest::newRow("clock") << 0 << "clocks differ: Before runs at 50 MHz, After at 1000 MHz";
        QTest::newRow("cores")
            << 1 << "core layouts differ: Before has 72 cores (24 AIC + 48 AIV), After has 71 cores";
        QTest::newRow("sim") << 2 << "After is a simulator run and Before an onboard run";
    }
    void guard()
    {
        QFETCH(int, change);
        QFETCH(QString, reason);
        const CapturePtr before = load("before");
        auto after = std::make_shared<Capture>(*load("after"));
        CompareOptions options;
        if (change == 0)
            after->info.clockFreqHz = 1'000'000'000;
        else if (change == 1) {
            after->info.numCores -= 1;
            after->info.coreTypes.pop_back();
        } else {
            options.beforeSimulated = false;
            options.afterSimulated = true;
        }
        const CaptureComparison c = compare(before, after, QStringLiteral("01a"), options);
        QVERIFY(!c.comparable);
        QCOMPARE(c.reasons.size(), 1);
        QVERIFY2(c.reasons.first().startsWith(reason), qPrintable(c.reasons.first()));
        // Counts stay exact and comparable; timings are ruled out.
        QCOMPARE(metric(c, QStringLiteral("M1"))->verdict, Verdict::Improved);
        QCOMPARE(metric(c, QStringLiteral("M6"))->verdict, Verdict::NotComparable);
        QCOMPARE(metric(c, QStringLiteral("M5"))->verdict, Verdict::NotComparable);
    }

    // The noise thresholds: 5 % of Before for timings, 0.02 for shares, exact for counts.
    void noise_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("before");
        QTest::addColumn<double>("after");
        QTest::addColumn<int>("verdict");
        QTest::newRow("timing 4.9 %") << "M5" << 100.0 << 95.1 << int(Verdict::Inconclusive);
        QTest::newRow("timing 5 %") << "M5" << 100.0 << 95.0 << int(Verdict::Improved);
        QTest::newRow("timing worse") << "M5" << 100.0 << 106.0 << int(Verdict::Regressed);
        QTest::newRow("timing 4 % up") << "M9" << 10.0 << 10.4 << int(Verdict::Inconclusive);
        QTest::newRow("timing equal") << "M5" << 100.0 << 100.0 << int(Verdict::Unchanged);
        QTest::newRow("share 0.015") << "M12" << 0.30 << 0.285 << int(Verdict::Unchanged);
        QTest::newRow("share 0.03") << "M12" << 0.30 << 0.27 << int(Verdict::Improved);
        QTest::newRow("count held") << "M22" << 0.0 << 0.0 << int(Verdict::Held);
        QTest::newRow("count moved") << "M22" << 0.0 << 1.0 << int(Verdict::Broken);
        QTest::newRow("context equal") << "M1" << 12.0 << 12.0 << int(Verdict::Unchanged);
        QTest::newRow("context moved") << "M1" << 12.0 << 13.0 << int(Verdict::Inconclusive);
        // Below what the metric resolves: one tick of the 50 MHz clock (0.02 µs) for a timing,
        // rounding for anything else. Such a change is none.
        QTest::newRow("timing below a tick") << "M5" << 100.0 << 100.019 << int(Verdict::Unchanged);
        QTest::newRow("timing beyond a tick") << "M5" << 100.0 << 100.03 << int(Verdict::Inconclusive);
        QTest::newRow("share rounding") << "M12" << 0.3 << 0.3 + 4e-17 << int(Verdict::Unchanged);
        QTest::newRow("concurrency rounding") << "M9" << 10.0 << 10.0 + 1.066e-14 << int(Verdict::Unchanged);
    }
    void noise()
    {
        QFETCH(QString, id);
        QFETCH(double, before);
        QFETCH(double, after);
        QFETCH(int, verdict);
        Capture c;
        c.info.level = 4; // so that level-gated values (M12) compare
        c.info.clockFreqHz = 50'000'000;
        MetricSet b, a;
        b.values[id] = MetricValue{id, before, {}, {}};
        a.values[id] = MetricValue{id, after, {}, {}};
        CaptureComparison out = compareCaptures(c, b, c, a, *m_catalogue, QStringLiteral("general"));
        const MetricComparison *m = metric(out, id);
        QVERIFY(m);
        QCOMPARE(int(m->verdict), verdict);
        // Below the metric's resolution the change is none; otherwise it is what it is.
        const bool belowResolution = QByteArray(QTest::currentDataTag()).contains("rounding") ||
                                     QByteArray(QTest::currentDataTag()).contains("below a tick");
        QCOMPARE(m->delta.value(), belowResolution ? 0.0 : after - before);
    }

    // A side that lacks rows for tasks its graph lists (a capture cut short) is not a faster run:
    // the task count falls by what is missing, and the guard says how much is missing and where.
    void missingWorkIsNotAWin_data()
    {
        QTest::addColumn<bool>("beforeCut");
        QTest::addColumn<int>("tasks");
        QTest::newRow("After lacks 3") << false << 3;
        QTest::newRow("Before lacks 1") << true << 1;
        QTest::newRow("nothing lacking") << false << 0;
    }
    void missingWorkIsNotAWin()
    {
        QFETCH(bool, beforeCut);
        QFETCH(int, tasks);
        const CapturePtr whole = load("before");
        const CapturePtr cut = withoutLastTasks(*whole, tasks);
        const CaptureComparison c = beforeCut ? compare(cut, whole, QStringLiteral("general"))
                                              : compare(whole, cut, QStringLiteral("general"));
        const MetricComparison *m1 = metric(c, QStringLiteral("M1"));
        QVERIFY(m1 && m1->before && m1->after);
        const double listed = beforeCut ? *m1->after : *m1->before;
        QCOMPARE(beforeCut ? *m1->before : *m1->after, listed - tasks);
        if (tasks == 0) {
            QVERIFY(c.comparable);
            QVERIFY(c.reasons.isEmpty());
            return;
        }
        QVERIFY(!c.comparable);
        QCOMPARE(c.reasons.size(), 1);
        const QString want = QStringLiteral("%1: %2 of %3 tasks have no rows (cut short?)")
                                 .arg(beforeCut ? QStringLiteral("Before") : QStringLiteral("After"))
                                 .arg(tasks)
                                 .arg(listed);
        QVERIFY2(c.reasons.first().startsWith(want), qPrintable(c.reasons.first()));
    }

    // Repeated runs per side, built by hand: the side's value is the median, each run's value and
    // the spread are kept, and a change inside the larger of the two ranges is inconclusive.
    void repeatedRuns_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<Values>("before");
        QTest::addColumn<Values>("after");
        QTest::addColumn<int>("verdict");
        QTest::addColumn<QString>("reason");
        // M5 falls; ranges 4 and 2 → spread 4.
        QTest::newRow("inside spread") << "M5" << Values{100, 104, 102} << Values{99, 101}
                                       << int(Verdict::Inconclusive) << "within run-to-run spread (±4 µs)";
        QTest::newRow("at the spread") << "M5" << Values{100, 104} << Values{98, 100}
                                       << int(Verdict::Inconclusive) << "within run-to-run spread";
        QTest::newRow("beyond, falls") << "M5" << Values{100, 104, 102} << Values{90, 91}
                                       << int(Verdict::Improved) << "beyond the run-to-run spread (±4 µs)";
        QTest::newRow("beyond, rises") << "M5" << Values{100, 102} << Values{110, 111, 112}
                                       << int(Verdict::Regressed) << "beyond the run-to-run spread";
        // 3 % faster with no spread at all: the runs repeat exactly, so the change is real (no 5 % rule).
        QTest::newRow("no spread") << "M5" << Values{100, 100} << Values{97, 97} << int(Verdict::Improved)
                                   << "";
        QTest::newRow("equal medians") << "M5" << Values{100, 104, 102} << Values{101, 102, 103}
                                       << int(Verdict::Unchanged) << "equal medians";
        // An invariant inside the spread held; beyond it broke.
        QTest::newRow("invariant inside")
            << "M22" << Values{0, 1} << Values{1, 1} << int(Verdict::Held) << "within run-to-run spread";
        QTest::newRow("invariant beyond") << "M22" << Values{0, 0} << Values{2, 3} << int(Verdict::Broken)
                                          << "beyond the run-to-run spread";
        // One run against several: the spread is the several side's range.
        QTest::newRow("one against three")
            << "M5" << Values{100} << Values{95, 99, 103} << int(Verdict::Inconclusive)
            << "within run-to-run spread (±8 µs)";
    }
    void repeatedRuns()
    {
        QFETCH(QString, id);
        QFETCH(Values, before);
        QFETCH(Values, after);
        QFETCH(int, verdict);
        QFETCH(QString, reason);
        Capture c;
        c.info.level = 4;
        auto sets = [&](const Values &values) {
            std::vector<MetricSet> out;
            for (double v : values) {
                MetricSet s;
                s.values[id] = MetricValue{id, v, {}, {}};
                out.push_back(s);
            }
            return out;
        };
        const std::vector<MetricSet> b = sets(before), a = sets(after);
        std::vector<ComparedRun> br, ar;
        for (const MetricSet &s : b)
            br.push_back({&c, &s});
        for (const MetricSet &s : a)
            ar.push_back({&c, &s});
        const CaptureComparison out = compareCaptures(br, ar, *m_catalogue, QStringLiteral("general"));
        QCOMPARE(out.beforeRuns, int(before.size()));
        QCOMPARE(out.afterRuns, int(after.size()));
        const MetricComparison *m = metric(out, id);
        QVERIFY(m);
        QVERIFY2(int(m->verdict) == verdict,
                 qPrintable(verdictName(m->verdict) + QStringLiteral(": ") + m->reason));
        QVERIFY2(m->reason.contains(reason), qPrintable(m->reason));
        QCOMPARE(m->beforeRuns, std::vector<double>(before.begin(), before.end()));
        QCOMPARE(m->afterRuns, std::vector<double>(after.begin(), after.end()));
        Values sorted = before;
        std::sort(sorted.begin(), sorted.end());
        const qsizetype n = sorted.size();
        QCOMPARE(m->before.value(), n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2);
        QCOMPARE(m->beforeSpread->runs, int(n));
        QCOMPARE(m->beforeSpread->min, sorted.front());
        QCOMPARE(m->beforeSpread->max, sorted.back());
        QCOMPARE(m->delta.value(), m->after.value() - m->before.value());
    }

    void spreadStdev()
    {
        Capture c;
        MetricSet s1, s2, s3;
        const QString id = QStringLiteral("M5");
        s1.values[id] = MetricValue{id, 10.0, {}, {}};
        s2.values[id] = MetricValue{id, 12.0, {}, {}};
        s3.values[id] = MetricValue{id, 14.0, {}, {}};
        const CaptureComparison out =
            compareCaptures(std::vector<ComparedRun>{{&c, &s1}, {&c, &s2}, {&c, &s3}},
                            std::vector<ComparedRun>{{&c, &s1}}, *m_catalogue, QStringLiteral("general"));
        const MetricComparison *m = metric(out, id);
        QCOMPARE(m->before.value(), 12.0);
        QCOMPARE(m->beforeSpread->stdev, 2.0);
        QCOMPARE(m->afterSpread->stdev, 0.0);
        QCOMPARE(m->afterSpread->runs, 1);
    }

    // Generated captures of several runs each (GeneratorOptions::runs): every run of a file as a
    // repeated run. The same file on both sides reads only unchanged or held; a workload that
    // falls by more than its own runs vary reads improved.
    void generatedRuns()
    {
        auto runsOf = [&](const char *name, WorkloadKind kind, int runs) {
            GeneratorOptions o;
            o.workload = kind;
            o.level = 4;
            o.hostLog = false;
            o.runs = runs;
            o.shape = RecordShape::Upstream; // several runs in one file need the upstream shape
            const QString dir = m_dir.filePath(QString::fromLatin1(name));
            generateAndLoad(o, dir);
            LoadResult r = loadCapture(dir);
            if (!r.ok())
                qFatal("%s: %s", name, qPrintable(r.error.toString()));
            return r.runs.runs;
        };
        const auto before = runsOf("runs-b", WorkloadKind::SpmdBefore, 3);
        const auto after = runsOf("runs-a", WorkloadKind::SpmdAfter, 2);
        QCOMPARE(before.size(), std::size_t(3));
        QCOMPARE(after.size(), std::size_t(2));
        std::vector<MetricSet> bm, am;
        for (const auto &c : before)
            bm.push_back(computeMetrics(*c));
        for (const auto &c : after)
            am.push_back(computeMetrics(*c));
        std::vector<ComparedRun> b, a;
        for (std::size_t k = 0; k < before.size(); ++k)
            b.push_back({before[k].get(), &bm[k]});
        for (std::size_t k = 0; k < after.size(); ++k)
            a.push_back({after[k].get(), &am[k]});

        const CaptureComparison self = compareCaptures(b, b, *m_catalogue, QStringLiteral("02b"));
        for (const MetricComparison &m : self.metrics) {
            if (!m.before)
                continue;
            QVERIFY2(m.verdict == Verdict::Unchanged || m.verdict == Verdict::Held,
                     qPrintable(m.id + QStringLiteral(": ") + verdictName(m.verdict)));
            QCOMPARE(m.beforeRuns.size(), std::size_t(3));
        }
        const CaptureComparison c = compareCaptures(b, a, *m_catalogue, QStringLiteral("02b"));
        QCOMPARE(c.beforeRuns, 3);
        QCOMPARE(c.afterRuns, 2);
        QCOMPARE(verdictName(metric(c, QStringLiteral("M1"))->verdict), QStringLiteral("improved"));
        const MetricComparison *makespan = metric(c, QStringLiteral("M5"));
        QCOMPARE(makespan->afterRuns.size(), std::size_t(2));
        const double spread = std::max(makespan->beforeSpread->max - makespan->beforeSpread->min,
                                       makespan->afterSpread->max - makespan->afterSpread->min);
        QCOMPARE(makespan->verdict,
                 std::abs(*makespan->delta) <= spread ? Verdict::Inconclusive : Verdict::Improved);
    }
};

LANESCOPE_TEST_GUILESS_MAIN(TestCaptureComparison)
#include "tst_capturecomparison.moc"
