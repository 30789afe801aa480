#include "symptomdetection.h"

#include "metricdefinitions.h"
#include "model/analysis/analysisinput.h"
#include "model/analysis/runningbars.h"
#include "model/capture/cancelpoint.h"
#include "model/format/metrictext.h"

#include <algorithm>
#include <map>

namespace lanescope {

namespace {

// Thresholds of the digest's rules (§4.1); app defaults unless the chapter quotes them.
constexpr double kPickupUs = 0.8;              // pickup latency per switch [chapter]
constexpr double kGapsDominate = 1.0;          // R1: R_gb ≥ 1
constexpr double kGapsSignificant = 0.5;       // R1: R_gb ≥ 0.5 "significant"
constexpr double kShortBarUs = 10 * kPickupUs; // R1: median bar below ~10 pickups
constexpr double kLowOccupancy = 0.5;          // R2
constexpr double kLowGapRatio = 0.5;           // R2: "R_gb low"
constexpr double kHighOccupancy = 0.8;         // R3, R7
constexpr double kGapPairShare = 0.7;          // R3: pairs with a gap ≥ half a median bar
constexpr double kStaircase = 0.8;             // R3a, R6
constexpr double kConcentrated = 0.5;          // R4: C10
constexpr double kEngineOverhead = 0.10;       // R5: OH_T
constexpr double kHasOverhead = 0.15;          // R5: has_overhead
constexpr double kSchedShare = 0.25;           // R5a
constexpr double kIdleNoReady = 0.30;          // R6
constexpr double kKernelGapRatio = 0.1;        // R7
constexpr double kKernelOverhead = 0.05;       // R7
constexpr double kNoOverlap = 0.05;            // R7a: M15 ≈ 0
constexpr double kRingDanger = 0.8;            // R8
constexpr double kHostBound = 0.5;             // R0

QString num(double v)
{
    return QString::number(v, 'g', 4);
}

struct Context
{
    const Capture &capture;
    const MetricSet &m;
    const SymptomOptions &options;
    std::vector<Suggestion> out;

    std::optional<double> v(const char *id) const { return m.value(QString::fromLatin1(id)); }
    EvidenceRef evidence(const char *id) const
    {
        const MetricValue *mv = m.find(QString::fromLatin1(id));
        return mv ? mv->evidence : EvidenceRef{};
    }
    Suggestion &add(const char *rule, const QString &title, const QString &text, QStringList techniques,
                    EvidenceRef evidence = {})
    {
        Suggestion s;
        s.rule = QString::fromLatin1(rule);
        s.title = title;
        s.text = text;
        s.techniques = std::move(techniques);
        s.evidence = std::move(evidence);
        out.push_back(std::move(s));
        return out.back();
    }
};

QString unitOfValue(const char *metric)
{
    const MetricDefinition *d = metricDefinition(QString::fromLatin1(metric));
    return d ? d->unit : QString();
}

// A rule's condition on a value of `metric`, its threshold written as the value is: a share's
// threshold as a percentage beside a share, never a fraction.
QString condition(const char *op, double threshold, const char *metric)
{
    return QString::fromUtf8(op) + u' ' + formatMetricValue(threshold, unitOfValue(metric));
}

QString between(double low, double high, const char *metric)
{
    return QStringLiteral("%1 – %2").arg(formatMetricValue(low, unitOfValue(metric)),
                                         formatMetricValue(high, unitOfValue(metric)));
}

void number(Suggestion &s, const char *metric, double value, const QString &comparison)
{
    const QString id = QString::fromLatin1(metric);
    s.numbers.push_back({id, metricName(id), unitOfValue(metric), value, comparison});
}

// Share of consecutive bar pairs on a core with a gap of at least half the median bar (R3).
double gapPairShare(const AnalysisInput &in, double medianBar)
{
    std::size_t pairs = 0, withGap = 0;
    for (const AnalysisInput::CoreRun &run : in.coreRuns)
        for (std::uint32_t k = run.first; k + 1 < run.last; ++k) {
            ++pairs;
            const double gap = in.rows[in.byCore[k + 1]]->startUs - in.rows[in.byCore[k]]->endUs;
            withGap += gap >= 0.5 * medianBar ? 1 : 0;
        }
    return pairs ? double(withGap) / double(pairs) : 0.0;
}

// R5b: an edge between two SPMD tasks of equal block_num with a chip-wide gap between them.
std::optional<EvidenceRef> spmdRoundTrip(const Capture &c, const AnalysisInput &in)
{
    const DepGraph &g = c.deps;
    std::optional<RunningBars> running; // made for the first gap
    CancelPoints cancelPoints;
    for (const auto &[p, s] : g.edges()) {
        cancelPoints.tick();
        const DepNode &a = g.nodes()[p], &b = g.nodes()[s];
        if (p == s || a.blockNum <= 1 || a.blockNum != b.blockNum)
            continue;
        const std::int64_t ai = in.taskOfNode(p), bi = in.taskOfNode(s);
        if (ai < 0 || bi < 0)
            continue;
        const double gapFrom = in.tasks[std::size_t(ai)].endUs, gapTo = in.tasks[std::size_t(bi)].startUs;
        if (gapTo <= gapFrom)
            continue;
        // Chip-wide: no bar runs anywhere inside the gap.
        if (!running)
            running.emplace(in.rows);
        if (!running->anyWithin(gapFrom, gapTo)) {
            EvidenceRef e;
            e.range = AnalysisRange{gapFrom, gapTo};
            e.taskId = b.taskId;
            e.fromTaskId = a.taskId;
            e.label = QStringLiteral("gap between two SPMD grids");
            return e;
        }
    }
    return std::nullopt;
}

// R3b: a kernel group with many single-block tasks and no edge among them.
bool independentSameKernelTasks(const Capture &c)
{
    const DepGraph &g = c.deps;
    if (!g.hasTaskList())
        return false;
    std::map<std::array<std::int32_t, 3>, std::vector<std::uint32_t>> groups;
    for (std::uint32_t i = 0; i < g.nodes().size(); ++i) {
        const DepNode &n = g.nodes()[i];
        if (n.inTasks() && n.blockNum == 1 &&
            (n.kernelIds[0] >= 0 || n.kernelIds[1] >= 0 || n.kernelIds[2] >= 0))
            groups[n.kernelIds].push_back(i);
    }
    for (const auto &[key, members] : groups) {
        if (members.size() < 4)
            continue;
        bool linked = false;
        for (std::uint32_t i : members) {
            auto [s0, s1] = g.successors(i);
            for (const std::uint32_t *s = s0; s != s1 && !linked; ++s)
                linked = *s != i && g.nodes()[*s].kernelIds == key;
            if (linked)
                break;
        }
        if (!linked)
            return true;
    }
    return false;
}

} // namespace

std::vector<Suggestion> detectSymptoms(const Capture &capture, const MetricSet &metrics,
                                       const SymptomOptions &options)
{
    return detectSymptoms(AnalysisInputs(capture, std::nullopt), metrics, options);
}

std::vector<Suggestion> detectSymptoms(const AnalysisInputs &inputs, const MetricSet &metrics,
                                       const SymptomOptions &options)
{
    return detectSymptoms(inputs, metrics, options, findRunEvidence(inputs));
}

RunEvidence findRunEvidence(const AnalysisInputs &inputs)
{
    RunEvidence evidence;
    if (!inputs.capture().deps.empty())
        evidence.spmdRoundTrip = spmdRoundTrip(inputs.capture(), inputs.every());
    return evidence;
}

std::vector<Suggestion> detectSymptoms(const AnalysisInputs &inputs, const MetricSet &metrics,
                                       const SymptomOptions &options, const RunEvidence &evidence)
{
    CancelPoints cancelPoints;
    const Capture &capture = inputs.capture();
    Context cx{capture, metrics, options, {}};
    const AnalysisInput &in = inputs.every();

    // Host first: nothing on the device helps a host-bound run.
    if (auto host = cx.v("M21"); host && *host >= kHostBound) {
        Suggestion &s =
            cx.add("R0", QStringLiteral("The time is on the host"),
                   QStringLiteral("The host span dominates the device span: pages 00–05 cannot help. Keep "
                                  "uploaded data resident, or register the program once."),
                   {QStringLiteral("06a-device-resident"), QStringLiteral("06b-register-once")});
        number(s, "M21", *host, condition("≥", kHostBound, "M21"));
    }
    if (!metrics.hasDeps)
        cx.add("R0b", QStringLiteral("No dependency graph"),
               QStringLiteral(
                   "Without deps.json there are no function names, edges, overhead or critical path. Capture "
                   "again with enable_dep_gen=True."),
               {});
    if (metrics.level < 2)
        cx.add("R0c", QStringLiteral("Level too low for dispatch questions"),
               QStringLiteral(
                   "At level 1 dispatch and finish are never stamped, so pickup latency and overhead cannot "
                   "be measured. Capture at level 2 or higher (3 for scheduler lanes)."),
               {});

    const auto gapRatio = cx.v("M7");
    const auto medianBar = cx.v("M6.median");
    const auto occupancy = cx.v("M8");
    const auto staircase = cx.v("M14");

    // R1: gaps dominate between narrow bars.
    if (gapRatio && medianBar && *gapRatio >= kGapsSignificant && *medianBar < kShortBarUs) {
        const bool dominate = *gapRatio >= kGapsDominate;
        Suggestion &s =
            cx.add("R1",
                   dominate ? QStringLiteral("Gaps dominate between narrow bars")
                            : QStringLiteral("Significant gaps between narrow bars"),
                   QStringLiteral("The cores spend %1 as long between bars as inside them, and the median "
                                  "bar is short next to the ~0.8 µs pickup: a granularity or dispatch "
                                  "problem, not a kernel one.")
                       .arg(dominate ? QStringLiteral("at least") : QStringLiteral("half")),
                   {QStringLiteral("01"), QStringLiteral("02")}, cx.evidence("M7"));
        number(s, "M7", *gapRatio, condition("≥", dominate ? kGapsDominate : kGapsSignificant, "M7"));
        number(s, "M6.median", *medianBar, condition("<", kShortBarUs, "M6.median"));
    }

    // R2: too coarse, per engine with work.
    {
        int physical[kEngineCount] = {0, 0};
        for (CoreType t : capture.info.coreTypes)
            ++physical[engineOf(t)];
        std::size_t bars[kEngineCount] = {0, 0};
        for (const TaskRow *r : in.rows) {
            cancelPoints.tick();
            ++bars[engineOf(r->coreType)];
        }
        const char *occId[] = {"M8.aic_occupancy", "M8.aiv_occupancy"};
        for (int e = 0; e < kEngineCount; ++e) {
            const auto occ = cx.v(occId[e]);
            if (!occ || bars[e] == 0 || !gapRatio)
                continue;
            if (*occ < kLowOccupancy && bars[e] < std::size_t(physical[e]) && *gapRatio < kLowGapRatio) {
                QStringList techniques{QStringLiteral("01d-split-coarse"), QStringLiteral("02b-spmd")};
                if (e == 0)
                    techniques << QStringLiteral("04c-split-k");
                Suggestion &s =
                    cx.add("R2",
                           QStringLiteral("Too coarse: %1 lanes mostly empty")
                               .arg(QString::fromLatin1(engineName(e)).toUpper()),
                           QStringLiteral("Fewer %1 bars than %1 cores, most lanes empty and little gap: "
                                          "split the work or fan it out with SPMD.")
                               .arg(QString::fromLatin1(engineName(e)).toUpper()),
                           techniques, cx.evidence("M5"));
                number(s, occId[e], *occ, condition("<", kLowOccupancy, occId[e]));
                number(s, "M7", *gapRatio, condition("<", kLowGapRatio, "M7"));
            }
        }
    }

    // R3: too fine (busy cores, a gap after nearly every bar), refined by R3a/R3b/R3e.
    if (occupancy && medianBar && *occupancy >= kHighOccupancy) {
        const double share = gapPairShare(in, *medianBar);
        if (share >= kGapPairShare) {
            QStringList techniques;
            QString which;
            const char *rule = "R3e";
            if (staircase && *staircase >= kStaircase) {
                rule = "R3a";
                techniques << QStringLiteral("01b-loop-inside-incore") << QStringLiteral("02b-spmd");
                which = QStringLiteral(
                    "Same-kernel tasks step one after another: move the loop inside the kernel "
                    "(or, if they are independent and cores idle, use SPMD).");
            } else if (independentSameKernelTasks(capture)) {
                rule = "R3b";
                techniques << QStringLiteral("02b-spmd") << QStringLiteral("01a-larger-tiling");
                which = QStringLiteral(
                    "Many independent single-block tasks of one kernel: submit them as one SPMD "
                    "launch, or give each a bigger tile.");
            } else {
                techniques << QStringLiteral("01a-larger-tiling");
                which = QStringLiteral(
                    "Short bars of the same kernels with no other pattern: give each task a bigger "
                    "tile.");
            }
            Suggestion &s =
                cx.add(rule, QStringLiteral("Too fine: a gap after nearly every bar"),
                       QStringLiteral("The lanes are busy, yet %1 % of consecutive bars have a gap of at "
                                      "least half a median bar. ")
                               .arg(num(share * 100)) +
                           which,
                       techniques, cx.evidence("M7"));
            number(s, "M8", *occupancy, condition("≥", kHighOccupancy, "M8"));
            s.numbers.push_back(
                {QString(), QStringLiteral("Bar pairs with a gap of half a median bar or more"),
                 QStringLiteral("share"), share,
                 QStringLiteral("≥ ") + formatMetricValue(kGapPairShare, QStringLiteral("share"))});
            if (staircase)
                number(s, "M14", *staircase,
                       condition(*staircase >= kStaircase ? "≥" : "<", kStaircase, "M14"));
        }
    }

    // R4: a few large gaps hold most of the gap time.
    if (gapRatio && *gapRatio >= kKernelGapRatio && *gapRatio < kGapsDominate) {
        if (auto c10 = cx.v("M7.c10"); c10 && *c10 >= kConcentrated) {
            Suggestion &s =
                cx.add("R4", QStringLiteral("Gaps only at particular points"),
                       QStringLiteral("A tenth of the gaps hold most of the gap time: not a granularity "
                                      "problem; look at the dependencies around the largest gaps."),
                       {QStringLiteral("03")}, cx.evidence("M7"));
            number(s, "M7.c10", *c10, condition("≥", kConcentrated, "M7.c10"));
            number(s, "M7", *gapRatio, between(kKernelGapRatio, kGapsDominate, "M7"));
        }
    }

    // R5: the scheduler does not keep up.
    {
        const auto has = cx.v("M12");
        const auto aic = cx.v("M12.aic"), aiv = cx.v("M12.aiv");
        const double worst = std::max(aic.value_or(0), aiv.value_or(0));
        if (has && (worst >= kEngineOverhead || *has >= kHasOverhead)) {
            Suggestion &s =
                cx.add("R5", QStringLiteral("Cores idle while work is ready"),
                       QStringLiteral("Cores sit idle although a ready task waits to be dispatched: cut "
                                      "per-task runtime cost (page 02) and the number of tasks (page 01)."),
                       {QStringLiteral("02"), QStringLiteral("01")}, cx.evidence("M12"));
            const char *engine = aic.value_or(0) >= aiv.value_or(0) ? "M12.aic" : "M12.aiv";
            number(s, engine, worst, condition("≥", kEngineOverhead, engine));
            number(s, "M12", *has, condition("≥", kHasOverhead, "M12"));
            s.confirmOnboard = options.simulated;
        }
        if (auto sched = cx.v("M13"); sched && *sched >= kSchedShare) {
            Suggestion &s =
                cx.add("R5a", QStringLiteral("The critical path waits on the scheduler"),
                       QStringLiteral("Much of the critical path is spent between a producer's end and its "
                                      "consumer's start. Flag the producers along the path for early "
                                      "resolve so consumers can be staged."),
                       {QStringLiteral("02c-allow-early-resolve")}, cx.evidence("M13"));
            number(s, "M13", *sched, condition("≥", kSchedShare, "M13"));
            if (auto flagged = cx.v("M1.early_dispatch_tasks"))
                number(s, "M1.early_dispatch_tasks", *flagged, QStringLiteral("tasks already flagged"));
            s.confirmOnboard = options.simulated;
        }
        if (const std::optional<EvidenceRef> &e = evidence.spmdRoundTrip) {
            Suggestion &s = cx.add("R5b", QStringLiteral("Two SPMD grids meet through the scheduler"),
                                   QStringLiteral("Two grids of the same width are joined by an edge with a "
                                                  "chip-wide gap between them: synchronize inside one kernel "
                                                  "instead."),
                                   {QStringLiteral("02d-in-kernel-syncall")}, *e);
            s.numbers.push_back({QString(), QStringLiteral("Gap between the grids"), QStringLiteral("µs"),
                                 e->range->endUs - e->range->startUs, QStringLiteral("> 0, no bar running")});
        }
    }

    // R6: dependency-limited.
    bool dependencyLimited = false;
    {
        const char *noReady[] = {"M12.aic_idle_noready", "M12.aiv_idle_noready"};
        const char *oh[] = {"M12.aic", "M12.aiv"};
        for (int e = 0; e < kEngineCount && !dependencyLimited; ++e) {
            const auto idle = cx.v(noReady[e]), busy = cx.v(oh[e]);
            if (idle && busy && *idle >= kIdleNoReady && *busy < kEngineOverhead) {
                dependencyLimited = true;
                Suggestion &s = cx.add(
                    "R6", QStringLiteral("Cores idle with nothing ready to run"),
                    QStringLiteral("The graph, not the scheduler, keeps cores idle. Look for chains "
                                   "that order independent work: write-after-write chains on one "
                                   "tensor, readers declared as read-write, or orders better "
                                   "stated by hand."),
                    {QStringLiteral("03a-assert-disjoint"), QStringLiteral("03b-slice-output"),
                     QStringLiteral("03c-explicit-war-edge"), QStringLiteral("03d-manual-scope-edges")},
                    cx.evidence("M14"));
                number(s, noReady[e], *idle, condition("≥", kIdleNoReady, noReady[e]));
                number(s, oh[e], *busy, condition("<", kEngineOverhead, oh[e]));
            }
        }
        if (!dependencyLimited && staircase && *staircase >= kStaircase) {
            dependencyLimited = true;
            Suggestion &s =
                cx.add("R6", QStringLiteral("Tasks step one after another"),
                       QStringLiteral("The largest kernel group runs as a staircase through the graph's "
                                      "edges. If its tasks could run side by side, the edges are the "
                                      "problem."),
                       {QStringLiteral("03a-assert-disjoint"), QStringLiteral("03b-slice-output"),
                        QStringLiteral("03c-explicit-war-edge"), QStringLiteral("03d-manual-scope-edges")},
                       cx.evidence("M14"));
            number(s, "M14", *staircase, condition("≥", kStaircase, "M14"));
        }
    }

    // R7: kernel-bound.
    if (gapRatio && occupancy && *gapRatio < kKernelGapRatio && *occupancy >= kHighOccupancy) {
        const auto aic = cx.v("M12.aic"), aiv = cx.v("M12.aiv");
        if (std::max(aic.value_or(0), aiv.value_or(0)) < kKernelOverhead) {
            Suggestion &s =
                cx.add("R7", QStringLiteral("Long bars packed tightly: the kernel is the limit"),
                       QStringLiteral("Little space between bars and busy lanes: the time is in the kernel "
                                      "body. Profile it and read the compiler's hints."),
                       {QStringLiteral("04d-l0-instruction-trace"), QStringLiteral("04a-pipeline"),
                        QStringLiteral("04e-innermost-granularity")},
                       cx.evidence("M5"));
            number(s, "M7", *gapRatio, condition("<", kKernelGapRatio, "M7"));
            number(s, "M8", *occupancy, condition("≥", kHighOccupancy, "M8"));
            s.confirmOnboard = options.simulated;
        }
    }
    if (auto mix = cx.v("M15.mix_tasks"); mix && *mix > 0)
        if (auto overlap = cx.v("M15"); overlap && *overlap < kNoOverlap) {
            Suggestion &s =
                cx.add("R7a", QStringLiteral("Mixed tasks whose engines take turns"),
                       QStringLiteral("Tasks with cube and vector bars show almost no overlap between the "
                                      "engines: revisit the split mode."),
                       {QStringLiteral("02a-mixed-kernel")});
            number(s, "M15", *overlap, condition("<", kNoOverlap, "M15"));
        }

    // R8: ring ceiling; R8b: rings suspected but not measured.
    const auto ringUse = cx.v("M18");
    const auto fatal = cx.v("M18.fatal");
    if ((ringUse && *ringUse >= kRingDanger) || (fatal && *fatal > 0)) {
        const auto ringsUsed = cx.v("M18.rings_used");
        const auto taskRings = cx.v("M17");
        const bool oneRing = (ringsUsed && *ringsUsed <= 1) || (taskRings && *taskRings <= 1);
        Suggestion &s = cx.add(
            "R8", QStringLiteral("A ring is at its limit"),
            oneRing ? QStringLiteral("All pressure sits on one ring while the others idle: spread the "
                                     "scopes over the rings before making any ring bigger.")
                    : QStringLiteral("A ring resource is near or at capacity: split the overfull "
                                     "scope, then size the ring."),
            oneRing ? QStringList{QStringLiteral("05a-rebalance-scopes"), QStringLiteral("05b-size-rings")}
                    : QStringList{QStringLiteral("05b-size-rings")});
        if (ringUse)
            number(s, "M18", *ringUse, condition("≥", kRingDanger, "M18"));
        if (fatal && *fatal > 0)
            number(s, "M18.fatal", *fatal, QStringLiteral("= 1"));
        if (taskRings)
            number(s, "M17", *taskRings, QStringLiteral("rings used by task ids"));
    } else if (dependencyLimited && !metrics.hasScopeStats) {
        Suggestion &s =
            cx.add("R8b", QStringLiteral("Rings not measured"),
                   QStringLiteral("A saturated ring can serialize tasks the graph lets run together. "
                                  "Capture with enable_scope_stats=True before resizing anything."),
                   {QStringLiteral("05")});
        if (auto taskRings = cx.v("M17"))
            number(s, "M17", *taskRings, QStringLiteral("rings used by task ids"));
    }
    return cx.out;
}

QString SuggestionNumber::text() const
{
    // A metric's short id stands before its name as a tag; a value id's suffix is not for people.
    const QString label = metric.isEmpty() ? name : metricTag(metric) + u' ' + name;
    return QStringLiteral("%1 = %2 (rule: %3)").arg(label, formatMetricValue(value, unit), comparison);
}

} // namespace lanescope
