#include "benchmarkrounds.h"

#include <QStringList>
#include <algorithm>
#include <map>

namespace lanescope {

namespace {

const QStringList &rootNames()
{
    static const QStringList roots = {QStringLiteral("chip.run"), QStringLiteral("simpler_run"),
                                      QStringLiteral("run_prepared")};
    return roots;
}

bool droppedByPrefix(const QString &name)
{
    static const QStringList prefixes = {QStringLiteral("l3."),       QStringLiteral("node."),
                                         QStringLiteral("network1."), QStringLiteral("network2."),
                                         QStringLiteral("network3."), QStringLiteral("ext.")};
    for (const QString &p : prefixes)
        if (name.startsWith(p))
            return true;
    return false;
}

bool inRootFamily(const QString &name)
{
    for (const QString &root : rootNames())
        if (name == root ||
            (name.startsWith(root) && name.size() > root.size() && name.at(root.size()) == u'.'))
            return true;
    return false;
}

struct Group
{
    std::int64_t pid = 0;
    std::int64_t inv = 0;
    std::vector<const HostSpan *> spans; // in file order
};

// The span named `name` with the earliest ts, or null.
const HostSpan *byName(const Group &g, const QString &name)
{
    const HostSpan *best = nullptr;
    for (const HostSpan *s : g.spans)
        if (s->name == name && (!best || s->tsNs < best->tsNs))
            best = s;
    return best;
}

QString rootOf(const Group &g)
{
    for (const QString &root : rootNames())
        if (byName(g, root))
            return root;
    return {};
}

QString hidOf(const Group &g, const QString &root)
{
    if (const HostSpan *r = root.isEmpty() ? nullptr : byName(g, root))
        return r->hid.toLower();
    return g.spans.front()->hid.toLower();
}

} // namespace

BenchmarkRounds benchmarkRounds(const HostLog &log, int warmup)
{
    std::map<std::pair<std::int64_t, std::int64_t>, Group> groups;
    for (const HostSpan &s : log.spans) {
        if (droppedByPrefix(s.name) || !inRootFamily(s.name))
            continue;
        Group &g = groups[{s.pid, s.inv}];
        g.pid = s.pid;
        g.inv = s.inv;
        g.spans.push_back(&s);
    }
    // Buckets by hid; each keeps its groups in (inv, pid) order.
    std::map<QString, std::vector<const Group *>> buckets;
    for (const auto &[key, g] : groups)
        buckets[hidOf(g, rootOf(g))].push_back(&g);
    BenchmarkRounds out;
    out.hidBuckets = int(buckets.size());
    const std::vector<const Group *> *busiest = nullptr;
    for (auto &[hid, list] : buckets) {
        std::sort(list.begin(), list.end(), [](const Group *a, const Group *b) {
            return a->inv != b->inv ? a->inv < b->inv : a->pid < b->pid;
        });
        if (!busiest || list.size() > busiest->size() ||
            (list.size() == busiest->size() && list.front()->inv < busiest->front()->inv))
            busiest = &list;
    }
    if (!busiest)
        return out;
    for (std::size_t k = std::size_t(std::max(0, warmup)); k < busiest->size(); ++k) {
        const Group &g = *(*busiest)[k];
        const QString root = rootOf(g);
        BenchmarkRound r;
        r.pid = g.pid;
        r.inv = g.inv;
        r.hid = hidOf(g, root);
        if (!root.isEmpty()) {
            if (out.root.isEmpty())
                out.root = root;
            r.hostWallUs = double(byName(g, root)->durNs) / 1000.0;
            if (const HostSpan *d = byName(g, root + QStringLiteral(".runner_run.device_wall")))
                r.deviceWallUs = double(d->durNs) / 1000.0;
        }
        out.rounds.push_back(r);
    }
    return out;
}

} // namespace lanescope
