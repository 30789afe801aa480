#include "widgets/panels/reportmodel.h"

#include "model/capture/labels.h"
#include "model/capture/taskindex.h"
#include "model/format/counttext.h"
#include "widgets/text/timeformat.h"

#include <QApplication>
#include <QFont>
#include <QPalette>
#include <algorithm>

namespace lanescope {

namespace {

const QString kL1 = QStringLiteral("L1");
const QString kL2 = QStringLiteral("L2");
const QString kL2Deps = QStringLiteral("L2 + deps");
const QString kL3 = QStringLiteral("L3");

QString pct(double value)
{
    return QStringLiteral("%1 %").arg(value, 0, 'f', 1);
}

QString dur(double us)
{
    return formatDuration(us);
}

QString durPct(double us, double of)
{
    return of > 0 ? QStringLiteral("%1 (%2)").arg(dur(us), pct(us / of * 100.0)) : dur(us);
}

QString engineTitle(std::size_t engine)
{
    return engine == 0 ? QStringLiteral("AIC") : QStringLiteral("AIV");
}

ReportTarget rangeTarget(double fromUs, double toUs)
{
    ReportTarget t;
    t.kind = ReportTarget::Kind::Range;
    t.range = {fromUs, toUs};
    return t;
}

ReportTarget taskTarget(std::uint64_t task, TimeRange range = {})
{
    ReportTarget t;
    t.kind = ReportTarget::Kind::Task;
    t.taskId = task;
    t.range = range;
    return t;
}

ReportTarget rowTarget(std::size_t row, TimeRange range)
{
    ReportTarget t;
    t.kind = ReportTarget::Kind::Row;
    t.row = row;
    t.range = range;
    return t;
}

QString taskName(const Capture &capture, std::uint64_t task)
{
    const auto [first, last] = rowsOfTask(capture.rows, task);
    return first < last ? taskLabel(capture, capture.rows[first])
                        : taskDisplayId(task, capture.info.taskIdFormat);
}

QString segmentTitle(PathSegment::Kind kind)
{
    return QString::fromLatin1(pathSegmentKindName(kind));
}

} // namespace

ReportModel::ReportModel(QObject *parent) : QAbstractItemModel(parent) {}

void ReportModel::setAnalysis(CapturePtr capture, CaptureAnalysisPtr analysis)
{
    beginResetModel();
    m_capture = std::move(capture);
    m_analysis = std::move(analysis);
    m_entries.clear();
    m_roots.clear();
    if (m_capture && m_analysis)
        build(*m_capture, *m_analysis);
    endResetModel();
}

int ReportModel::add(int parent, QString key, QString figure, QString value, QString needs,
                     ReportTarget target)
{
    ReportEntry e;
    e.key = std::move(key);
    e.figure = std::move(figure);
    e.value = std::move(value);
    e.needs = std::move(needs);
    e.target = target;
    e.parent = parent;
    const int i = int(m_entries.size());
    m_entries.push_back(std::move(e));
    (parent < 0 ? m_roots : m_entries[std::size_t(parent)].children).push_back(i);
    return i;
}

// A figure that the analysis may lack: present shows `value`, absent shows the report's reason.
int ReportModel::addAbsentAware(int parent, const QString &key, QString figure, QString needs, bool present,
                                QString value)
{
    const int i =
        add(parent, key, std::move(figure), present ? std::move(value) : QString(), std::move(needs));
    if (!present) {
        QString reason = m_analysis->report.absenceOf(key);
        m_entries[std::size_t(i)].absentReason =
            reason.isEmpty() ? tr("not available for this capture") : reason;
    }
    return i;
}

void ReportModel::build(const Capture &c, const CaptureAnalysis &a)
{
    const AnalysisReport &r = a.report;
    const AnalysisLandmarks &l = a.landmarks;

    // The capture as analysed.
    const int capture = add(-1, QStringLiteral("capture"), tr("Capture"),
                            tr("level %1 · %2 rows analysed").arg(r.level).arg(r.rows), kL1);
    if (r.rowsWithoutAicpu > 0)
        add(capture, QStringLiteral("rows_without_aicpu"), tr("Rows left out"),
            tr("%1 rows without AICPU timing (spec §3.3)").arg(r.rowsWithoutAicpu), kL2);
    addAbsentAware(capture, figures::totalTestTime, tr("Total test time"), kL2, r.totalTestTimeUs.has_value(),
                   r.totalTestTimeUs ? dur(*r.totalTestTimeUs) : QString());
    if (const auto &d = r.functions.dispatchToStart)
        add(capture, figures::dispatchToStart, tr("Dispatch→kernel start"),
            tr("total %1 · max %2").arg(dur(d->totalUs), dur(d->maxUs)), kL2);

    // Part 1.
    {
        const auto &o = r.overhead;
        const int part =
            addAbsentAware(-1, figures::overhead, tr("Part 1 — Overhead (idle with ready work)"), kL2Deps,
                           o.has_value(), o ? tr("%1 · has %2").arg(o->verdict, pct(o->hasPct)) : QString());
        if (o) {
            if (l.longestHasOverhead)
                m_entries[std::size_t(part)].target =
                    rangeTarget(l.longestHasOverhead->fromUs, l.longestHasOverhead->toUs);
            for (std::size_t e = 0; e < kEngineCount; ++e) {
                const EngineOverhead &eng = o->engines[e];
                const int i =
                    add(part, QStringLiteral("overhead.") + QLatin1String(engineName(int(e))),
                        tr("%1 idle with ready work").arg(engineTitle(e)),
                        eng.present
                            ? tr("%1 (%2, %3 cores)").arg(pct(eng.pct), dur(eng.overheadUs)).arg(eng.cores)
                            : QString(),
                        kL2Deps);
                if (!eng.present)
                    m_entries[std::size_t(i)].absentReason =
                        tr("no %1 rows in the capture").arg(engineTitle(e));
                else if (l.longestOverhead[e])
                    m_entries[std::size_t(i)].target =
                        rangeTarget(l.longestOverhead[e]->fromUs, l.longestOverhead[e]->toUs);
            }
            add(part, QStringLiteral("overhead.all"), tr("Every engine at once"),
                tr("%1 (%2)").arg(pct(o->allPct), dur(o->allUs)), kL2Deps);
            const int has = add(part, QStringLiteral("overhead.has"), tr("Some engine (the verdict's basis)"),
                                tr("%1 (%2)").arg(pct(o->hasPct), dur(o->hasUs)), kL2Deps);
            m_entries[std::size_t(has)].target = m_entries[std::size_t(part)].target;
            add(part, QStringLiteral("overhead.makespan"), tr("Window"),
                tr("%1 (%2 – %3)").arg(dur(o->makespanUs), dur(o->w0Us), dur(o->w1Us)), kL2);
        }
    }

    // Part 2.
    {
        const auto &s = r.switchCost;
        const int part = addAbsentAware(-1, figures::switchCost, tr("Part 2 — AICore switch (pickup cost)"),
                                        kL2, s.has_value(),
                                        s ? tr("makespan bound %1 – %2 (%3 – %4)")
                                                .arg(dur(s->boundLowerUs), dur(s->boundUpperUs),
                                                     pct(s->boundLowerPct), pct(s->boundUpperPct))
                                          : QString());
        if (s) {
            for (std::size_t e = 0; e < kEngineCount; ++e) {
                const EngineSwitch &eng = s->engines[e];
                const QString key = QStringLiteral("switch.") + QLatin1String(engineName(int(e)));
                QString value = eng.present ? tr("per core min %1 · mean %2 · max %3 · %4 events, %5 each")
                                                  .arg(dur(eng.minUs), dur(eng.meanUs), dur(eng.maxUs))
                                                  .arg(eng.events)
                                                  .arg(dur(eng.perEventUs))
                                            : QString();
                if (eng.duringOverheadUs && eng.independentUs)
                    value += tr(" · %1 during overhead, %2 independent")
                                 .arg(dur(*eng.duringOverheadUs), dur(*eng.independentUs));
                const int i = add(part, key, tr("%1 switch time").arg(engineTitle(e)), value, kL2);
                if (!eng.present) {
                    m_entries[std::size_t(i)].absentReason =
                        tr("no %1 rows in the capture").arg(engineTitle(e));
                } else if (const auto &gap = l.longestSwitch[e]) {
                    m_entries[std::size_t(i)].target = rowTarget(gap->nextRow, {gap->fromUs, gap->toUs});
                    add(i, key + QStringLiteral(".longest"), tr("Longest switch gap"),
                        tr("%1 on core %2 at %3")
                            .arg(dur(gap->toUs - gap->fromUs))
                            .arg(gap->coreId)
                            .arg(dur(gap->fromUs)),
                        kL2, m_entries[std::size_t(i)].target);
                }
            }
        }
    }

    // Parts 3 and 4.
    auto distribution = [&](const QString &key, const QString &title, const std::optional<Distribution> &d,
                            const std::optional<RowLandmark> &worst) {
        const int part =
            addAbsentAware(-1, key, title, kL2, d.has_value(),
                           d ? tr("p50 %1 · p90 %2 · max %3 · n = %4")
                                   .arg(dur(d->percentileUs[2]), dur(d->percentileUs[4]), dur(d->maxUs))
                                   .arg(d->n)
                             : QString());
        if (!d)
            return;
        const ReportTarget worstTarget =
            worst ? rowTarget(worst->row, {worst->fromUs, worst->toUs}) : ReportTarget();
        m_entries[std::size_t(part)].target = worstTarget;
        for (std::size_t i = 0; i < Distribution::kPercentiles.size(); ++i) {
            const int p = Distribution::kPercentiles[i];
            add(part, key + QStringLiteral(".p%1").arg(p), QStringLiteral("p%1").arg(p),
                dur(d->percentileUs[i]), kL2);
        }
        add(part, key + QStringLiteral(".max"), tr("max"),
            worst ? tr("%1 (%2 on core %3)").arg(dur(d->maxUs), taskName(c, worst->taskId)).arg(worst->coreId)
                  : dur(d->maxUs),
            kL2, worstTarget);
        add(part, key + QStringLiteral(".mean"), tr("mean"), dur(d->meanUs), kL2);
        add(part, key + QStringLiteral(".total"), tr("total"), dur(d->totalUs), kL2);
    };
    distribution(figures::headOh, tr("Part 3 — Head overhead"), r.headOh, l.worstHead);
    distribution(figures::tailOh, tr("Part 4 — Tail overhead"), r.tailOh, l.worstTail);

    // Part 5.
    {
        const auto &b = r.schedLoop;
        QString headline;
        if (b) {
            headline = countText(qint64(b->threads.size()), tr("thread"), tr("threads"));
            if (b->avgLoopUs)
                headline += tr(" · avg loop %1").arg(dur(*b->avgLoopUs));
            if (b->popHitRatePct)
                headline += tr(" · pop hit %1").arg(pct(*b->popHitRatePct));
            if (!b->dominantPhase.isEmpty())
                headline += tr(" · dominant %1").arg(b->dominantPhase);
        }
        const int part = addAbsentAware(-1, figures::schedLoop, tr("Part 5 — Scheduler loop budget"), kL3,
                                        b.has_value(), headline);
        if (b) {
            const QString k = figures::schedLoop + u'.';
            add(part, k + QStringLiteral("loops"), tr("Loops"), QString::number(b->loops), kL3);
            add(part, k + QStringLiteral("tasks"), tr("Logical tasks"),
                b->tasksFromFinishes ? tr("%1 (from completions)").arg(b->tasks) : QString::number(b->tasks),
                kL3);
            add(part, k + QStringLiteral("total"), tr("Total (summed CPU)"), dur(b->totalUs), kL3);
            for (int phase = 0; phase < kLoopPhaseCount; ++phase) {
                const PhaseShare &share = b->phases[std::size_t(phase)];
                if (!share.seen)
                    continue; // phases seen only, as the reference prints them
                QString value = tr("%1 (%2 of total)").arg(dur(share.totalUs), pct(share.pctOfTotal));
                if (share.avgPerTaskUs)
                    value += tr(" · %1 per task").arg(dur(*share.avgPerTaskUs));
                add(part, k + QLatin1String(loopPhaseName(phase)), QLatin1String(loopPhaseName(phase)), value,
                    kL3);
            }
            add(part, k + QStringLiteral("idle"), tr("idle between work"), durPct(b->idleUs, b->totalUs),
                kL3);
            const int delay = add(
                part, k + QStringLiteral("detection_delay"), tr("Detection delay"),
                b->detectionDelayLoops ? tr("%1 loops").arg(*b->detectionDelayLoops, 0, 'f', 2) : QString(),
                kL3);
            if (!b->detectionDelayLoops)
                m_entries[std::size_t(delay)].absentReason =
                    tr("needs the tail overhead (level ≥ 2) and at least one loop");
            const int fan = add(part, k + QStringLiteral("fan"), tr("Fan-out / fan-in edges"),
                                b->fan ? tr("%1 / %2 · max degree %3 / %4")
                                             .arg(b->fan->outEdges)
                                             .arg(b->fan->inEdges)
                                             .arg(b->fan->maxOutDegree)
                                             .arg(b->fan->maxInDegree)
                                       : QString(),
                                kL3);
            if (!b->fan)
                m_entries[std::size_t(fan)].absentReason = reasons::needsDeps;
            auto roleSum = [&](const QString &key, const QString &title, const std::optional<RoleSum> &sum) {
                if (sum)
                    add(part, k + key, title,
                        tr("%1 loops · %2 tasks · %3 ns/loop · %4")
                            .arg(sum->loops)
                            .arg(sum->tasks)
                            .arg(sum->nsPerLoop, 0, 'f', 0)
                            .arg(dur(sum->totalUs)),
                        kL3);
            };
            roleSum(QStringLiteral("s_sum"), tr("S SUM (scheduler threads)"), b->schedulerSum);
            roleSum(QStringLiteral("p_sum"), tr("P SUM (resolve threads)"), b->resolveSum);
            for (const SchedulerThreadBudget &t : b->threads) {
                QString value = tr("%1 · %2 loops · %3 tasks · %4")
                                    .arg(roleName(t.role))
                                    .arg(t.loops)
                                    .arg(t.tasks)
                                    .arg(dur(t.totalUs));
                if (t.nsPerLoop)
                    value += tr(" · %1 ns/loop").arg(*t.nsPerLoop, 0, 'f', 0);
                add(part, k + QStringLiteral("thread%1").arg(t.thread),
                    tr("Scheduler thread %1").arg(t.thread), value, kL3);
            }
        }
    }

    // Part 5 of an AICore-resident scheduler: only shown for such captures.
    if (r.aicoreSchedLoop || !r.absenceOf(figures::aicoreSchedLoop).isEmpty()) {
        const auto &b = r.aicoreSchedLoop;
        const int part = addAbsentAware(-1, figures::aicoreSchedLoop, tr("Part 5 — AICore scheduler phases"),
                                        kL3, b.has_value(),
                                        b ? countText(qint64(b->streams), tr("stream"), tr("streams")) +
                                                tr(" · %1 dropped").arg(b->dropped)
                                          : QString());
        if (b)
            for (const AicorePhaseTotal &p : b->phases)
                add(part, figures::aicoreSchedLoop + u'.' + p.phase, p.phase,
                    tr("records=%1 · total %2").arg(p.records).arg(dur(p.totalUs)), kL3);
    }

    // Part 6.
    {
        const auto &p = r.criticalPath;
        const int part = addAbsentAware(
            -1, figures::criticalPath, tr("Part 6 — Critical-path attribution"), kL2Deps, p.has_value(),
            p ? tr("%1 hops · span %2 · exec %3 · sched %4 · other %5")
                    .arg(p->hops)
                    .arg(dur(p->spanUs), pct(p->execPct), pct(p->schedPct), pct(p->otherPct))
              : QString());
        if (p) {
            const QString k = figures::criticalPath + u'.';
            m_entries[std::size_t(part)].target = taskTarget(p->sinkTaskId);
            add(part, k + QStringLiteral("sink"), tr("Last to finish"), taskName(c, p->sinkTaskId), kL2,
                taskTarget(p->sinkTaskId));
            add(part, k + QStringLiteral("exec"), tr("exec"), durPct(p->execUs, p->spanUs), kL2Deps);
            add(part, k + QStringLiteral("sched"), tr("sched (scheduler injected)"),
                durPct(p->schedUs, p->spanUs), kL2Deps);
            add(part, k + QStringLiteral("other"), tr("other"), durPct(p->otherUs, p->spanUs), kL2Deps);
            if (p->overlapUs > 0)
                add(part, k + QStringLiteral("overlap"), tr("counted outside the span"), dur(p->overlapUs),
                    kL2Deps);
            if (p->cycleCut)
                add(part, k + QStringLiteral("cycle"), tr("Walk stopped"),
                    tr("the dependency graph has a cycle here"), kL2Deps);
            const int hops = add(part, k + QStringLiteral("tasks"), tr("Path (sink first)"),
                                 countText(qint64(p->taskIds.size()), tr("task"), tr("tasks")), kL2Deps);
            for (std::size_t i = 0; i < p->taskIds.size(); ++i)
                add(hops, k + QStringLiteral("tasks.%1").arg(i), tr("hop %1").arg(i),
                    taskName(c, p->taskIds[i]), kL2Deps, taskTarget(p->taskIds[i]));
        }
    }

    // §12.4 observed critical path.
    {
        const auto &p = r.observedPath;
        const double span = p ? p->endUs - p->t0Us : 0;
        const int part = addAbsentAware(-1, figures::observedCriticalPath,
                                        tr("Observed critical path (§12.4)"), kL1, p.has_value(),
                                        p ? (countText(qint64(p->taskIds.size()), tr("task"), tr("tasks")) +
                                             tr(" · span %1 · compute %2"))
                                                .arg(dur(span), pct(span > 0 ? p->computeUs / span * 100 : 0))
                                          : QString());
        if (p) {
            const QString k = figures::observedCriticalPath + u'.';
            m_entries[std::size_t(part)].target = rangeTarget(p->t0Us, p->endUs);
            // The longest segment of each kind is where a click goes.
            const PathSegment *longest[4] = {nullptr, nullptr, nullptr, nullptr};
            for (const PathSegment &s : p->segments) {
                const PathSegment *&best = longest[int(s.kind)];
                if (!best || s.endUs - s.startUs > best->endUs - best->startUs)
                    best = &s;
            }
            const std::pair<PathSegment::Kind, double> kinds[] = {
                {PathSegment::Kind::Compute, p->computeUs},
                {PathSegment::Kind::DataWait, p->dataWaitUs},
                {PathSegment::Kind::CoreWait, p->coreWaitUs},
                {PathSegment::Kind::FrontGap, p->frontGapUs}};
            for (const auto &[kind, us] : kinds) {
                const PathSegment *best = longest[int(kind)];
                add(part, k + segmentTitle(kind), segmentTitle(kind), durPct(us, span), kL1,
                    best ? taskTarget(best->taskId, {best->startUs, best->endUs}) : ReportTarget());
            }
            const int gaps = add(part, k + QStringLiteral("gaps"), tr("Gaps on the path"), QString(), kL1);
            int count = 0;
            for (const PathSegment &s : p->segments) {
                if (s.kind == PathSegment::Kind::Compute)
                    continue;
                add(gaps, k + QStringLiteral("gaps.%1").arg(count),
                    tr("%1 before %2").arg(segmentTitle(s.kind), taskName(c, s.taskId)),
                    dur(s.endUs - s.startUs), kL1, taskTarget(s.taskId, {s.startUs, s.endUs}));
                ++count;
            }
            m_entries[std::size_t(gaps)].value = countText(count, tr("gap"), tr("gaps"));
        }
    }
}

const ReportEntry *ReportModel::entry(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this || index.internalId() >= m_entries.size())
        return nullptr;
    return &m_entries[index.internalId()];
}

QModelIndex ReportModel::indexOfKey(const QString &key) const
{
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        if (m_entries[i].key != key)
            continue;
        const int parent = m_entries[i].parent;
        const std::vector<int> &siblings = parent < 0 ? m_roots : m_entries[std::size_t(parent)].children;
        const auto row = std::find(siblings.begin(), siblings.end(), int(i)) - siblings.begin();
        return createIndex(int(row), 0, quintptr(i));
    }
    return {};
}

QModelIndex ReportModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0 || (parent.isValid() && parent.column() != 0))
        return {};
    const ReportEntry *p = entry(parent);
    const std::vector<int> &children = p ? p->children : m_roots;
    if (parent.isValid() && !p)
        return {};
    if (std::size_t(row) >= children.size())
        return {};
    return createIndex(row, column, quintptr(children[std::size_t(row)]));
}

QModelIndex ReportModel::parent(const QModelIndex &child) const
{
    const ReportEntry *e = entry(child);
    if (!e || e->parent < 0)
        return {};
    const ReportEntry &p = m_entries[std::size_t(e->parent)];
    const std::vector<int> &siblings = p.parent < 0 ? m_roots : m_entries[std::size_t(p.parent)].children;
    const auto row = std::find(siblings.begin(), siblings.end(), e->parent) - siblings.begin();
    return createIndex(int(row), 0, quintptr(e->parent));
}

int ReportModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_roots.size());
    if (parent.column() != 0)
        return 0;
    const ReportEntry *e = entry(parent);
    return e ? int(e->children.size()) : 0;
}

int ReportModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant ReportModel::data(const QModelIndex &index, int role) const
{
    const ReportEntry *e = entry(index);
    if (!e)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Figure:
            return e->figure;
        case Value:
            return e->isAbsent() ? QStringLiteral("— ") + e->absentReason : e->value;
        case Needs:
            return e->needs;
        }
        return {};
    case Qt::ToolTipRole: {
        QString tip = e->figure + QStringLiteral(": ") + (e->isAbsent() ? e->absentReason : e->value);
        tip += tr("\nNeeds %1.").arg(e->needs);
        // The figure's own key, or its part's: what it means and which reference it follows.
        const QString description = figureDescription(e->key.section(u'.', 0, 0));
        if (!description.isEmpty())
            tip += u'\n' + description;
        if (e->target.isValid()) {
            const QStringList ends = formatTimes({e->target.range.startUs, e->target.range.endUs});
            tip += e->target.range.isValid()
                       ? tr("\nClick to show it on the timeline (%1 – %2).").arg(ends[0], ends[1])
                       : tr("\nClick to show it on the timeline.");
        }
        return tip;
    }
    case Qt::ForegroundRole:
        if (e->isAbsent())
            return QApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        // Entries that lead somewhere on the timeline read like links.
        if (e->target.isValid() && index.column() == Figure)
            return QApplication::palette().brush(QPalette::Link);
        return {};
    case Qt::FontRole:
        if (e->parent < 0 || (e->isAbsent() && index.column() == Value)) {
            QFont f;
            f.setBold(e->parent < 0 && index.column() == Figure);
            f.setItalic(e->isAbsent() && index.column() == Value);
            return f;
        }
        return {};
    }
    return {};
}

QVariant ReportModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Figure:
        return tr("Figure");
    case Value:
        return tr("Value");
    case Needs:
        return tr("Needs");
    }
    return {};
}

} // namespace lanescope
