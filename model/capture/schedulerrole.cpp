#include "schedulerrole.h"

#include "phasevocabulary.h"

#include <algorithm>

namespace lanescope {

namespace {

// How one phase kind takes part in the role decision (supplement §6.2 Role).
struct RoleKind
{
    bool rawResolve = false;    // "resolve": may be nested in a complete/dummy
    bool standalone = false;    // "resolve_standalone"
    bool opensNest = false;     // complete or dummy: a later resolve inside it is nested
    bool schedulerWork = false; // canonical kind makes a thread a scheduler ("has_sched")
    bool resolveWork = false;   // raw kind makes a thread a resolver ("has_res")
};

// A capture has a few dozen kinds and a thread millions of records: classify the kinds once.
std::vector<RoleKind> roleKinds(const StringTable &kinds)
{
    static const QStringList schedulerKinds = {
        QStringLiteral("complete"),       QStringLiteral("state_probe"), QStringLiteral("dispatch"),
        QStringLiteral("worksteal"),      QStringLiteral("refill"),      QStringLiteral("release"),
        QStringLiteral("early_dispatch"), QStringLiteral("drain"),       QStringLiteral("graph_prepare"),
    };
    static const QStringList resolveKinds = {QStringLiteral("resolve"), QStringLiteral("resolve_standalone"),
                                             QStringLiteral("async_poll"), QStringLiteral("dummy")};
    std::vector<RoleKind> info(std::size_t(kinds.size()));
    for (qsizetype k = 0; k < kinds.size(); ++k) {
        const QString &raw = kinds.at(std::uint32_t(k));
        RoleKind &i = info[std::size_t(k)];
        i.rawResolve = raw == QLatin1String("resolve");
        i.standalone = raw == QLatin1String("resolve_standalone");
        i.opensNest = raw == QLatin1String("complete") || raw == QLatin1String("dummy");
        i.schedulerWork = schedulerKinds.contains(canonicalPhase(raw));
        i.resolveWork = resolveKinds.contains(raw);
    }
    return info;
}

std::vector<bool> nestedOf(const std::vector<const PhaseRecord *> &byStart,
                           const std::vector<RoleKind> &kinds)
{
    std::vector<bool> nested(byStart.size(), false);
    const PhaseRecord *nest = nullptr;
    for (std::size_t i = 0; i < byStart.size(); ++i) {
        const PhaseRecord *r = byStart[i];
        if (r->kind >= kinds.size())
            continue;
        const RoleKind &k = kinds[r->kind];
        nested[i] = k.rawResolve && nest && r->endUs < nest->endUs;
        if (k.opensNest)
            nest = r;
    }
    return nested;
}

bool isUnassigned(const std::vector<int> &coreToThread, std::size_t thread)
{
    bool anyAssigned = false;
    for (const int t : coreToThread) {
        if (t >= 0 && std::size_t(t) == thread)
            return false;
        anyAssigned = anyAssigned || t >= 0;
    }
    return anyAssigned;
}

SchedulerRole roleOf(const std::vector<const PhaseRecord *> &byStart, const std::vector<bool> &nested,
                     const std::vector<RoleKind> &kinds, bool unassigned)
{
    bool hasSched = false, hasRes = false, standalone = false;
    for (std::size_t i = 0; i < byStart.size(); ++i) {
        const PhaseRecord *r = byStart[i];
        if (r->kind >= kinds.size())
            continue;
        const RoleKind &k = kinds[r->kind];
        hasSched = hasSched || k.schedulerWork;
        hasRes = hasRes || k.resolveWork;
        standalone = standalone || k.standalone || (k.rawResolve && !(i < nested.size() && nested[i]));
    }
    return hasRes && !hasSched && (standalone || unassigned) ? SchedulerRole::Resolve
                                                             : SchedulerRole::Scheduler;
}

} // namespace

QString roleName(SchedulerRole role)
{
    return role == SchedulerRole::Resolve ? QStringLiteral("P resolve") : QStringLiteral("S scheduler");
}

std::vector<bool> nestedResolves(const std::vector<const PhaseRecord *> &byStart,
                                 const StringTable &phaseKinds)
{
    return nestedOf(byStart, roleKinds(phaseKinds));
}

SchedulerRole schedulerRole(const std::vector<const PhaseRecord *> &byStart, const std::vector<bool> &nested,
                            const StringTable &phaseKinds, const std::vector<int> &coreToThread,
                            std::size_t thread)
{
    return roleOf(byStart, nested, roleKinds(phaseKinds), isUnassigned(coreToThread, thread));
}

SchedulerRole schedulerRoleOf(const PhaseLane &records, const StringTable &phaseKinds,
                              const std::vector<int> &coreToThread, std::size_t thread)
{
    const std::vector<RoleKind> kinds = roleKinds(phaseKinds);
    // Most threads schedule: one scheduler record, or no resolve work at all, settles it without
    // sorting the thread's records for the nesting test.
    bool hasSched = false, hasRes = false;
    for (const PhaseRecord &r : records)
        if (r.kind < kinds.size()) {
            hasSched = hasSched || kinds[r.kind].schedulerWork;
            hasRes = hasRes || kinds[r.kind].resolveWork;
        }
    if (hasSched || !hasRes)
        return SchedulerRole::Scheduler;
    std::vector<const PhaseRecord *> byStart;
    byStart.reserve(records.size());
    for (const PhaseRecord &r : records)
        byStart.push_back(&r);
    std::stable_sort(byStart.begin(), byStart.end(),
                     [](const PhaseRecord *a, const PhaseRecord *b) { return a->startUs < b->startUs; });
    return roleOf(byStart, nestedOf(byStart, kinds), kinds, isUnassigned(coreToThread, thread));
}

} // namespace lanescope
