#include "widgets/style/slicepalette.h"

#include <QHash>
#include <QString>
#include <array>

namespace lanescope {

namespace {
// Twenty colours as far apart as colours of bars can be: chosen one at a time, each the sRGB
// colour (on a grid of 15 steps, at CIE L* 45–80 and C* 30–68, light enough for dark text and calm
// enough to sit beside each other; no orange-red, which the timeline keeps for warnings such as
// hb_violation arrows) farthest by CIEDE2000 from every one chosen before it and from the colours
// that carry their own meaning (dummy, unresolved, alloc and predicated-skip bars, the warning
// orange-reds of both themes, white, black). The first eight are at least 20 apart, all twenty at
// least 14 (tst_slicepalette), where a palette of light and dark pairs had three pinks 3 apart.
constexpr std::array<QRgb, 20> kPalette = {
    0xffc32d87, 0xff2d785a, 0xff00e196, 0xff96691e, 0xff00d2e1, 0xffff7896, 0xff0069d2,
    0xffffb44b, 0xff008796, 0xff5a7800, 0xff875ac3, 0xff00b4ff, 0xff3ca53c, 0xffffb4a5,
    0xffff87f0, 0xffb46969, 0xff00a587, 0xffa5c3ff, 0xffb478a5, 0xff96d25a,
};
constexpr QRgb kUnresolved = 0xff8796ab; // tasks whose function is unknown (no deps.json)

struct PhaseColour
{
    const char16_t *name;
    QRgb colour;
};

// The reference converter's Perfetto cnames (spec §7.3), toned down to sit well next to each other.
constexpr PhaseColour kPhaseColours[] = {
    {u"complete", 0xff5aa55a},
    {u"dispatch", 0xffd9534f},
    {u"async_poll", 0xffe8c840},
    {u"release", 0xff9a9a45},
    {u"dummy", 0xffc8c8c8},
    {u"dummy_task", 0xffc8c8c8},
    {u"early_dispatch", 0xfff07a5e},
    {u"graph_prepare", 0xfff07a5e},
    {u"drain", 0xfff3e27a},
    {u"drain_prepare", 0xffd6d24b},
    {u"drain_publish", 0xff7dce4a},
    {u"resolve", 0xff5b7fe0},
    {u"predicated_skip", 0xffb9a7d6},
    {u"orch_submit", 0xfff07a5e},
    {u"orch_sync", 0xfff5a03c},
    {u"orch_alloc", 0xffd9534f},
    {u"orch_params", 0xff5aa55a},
    {u"orch_lookup", 0xff7ec894},
    {u"orch_insert", 0xff9a9a45},
    {u"orch_fanin", 0xfff07a5e},
    {u"graph_upload", 0xfff5a03c},
    {u"sm_h2d", 0xfff5a03c},
    {u"arena_h2d", 0xfff5a03c},
    {u"H2D", 0xfff5a03c},
    // Legacy kinds (spec §2.7): renamed ones keep the colour of their new name.
    {u"fanout", 0xff5b7fe0},
    {u"prestage", 0xfff07a5e},
    {u"idle", 0xffe2e2e2},
    {u"scan", 0xff9fb8d8},
    {u"poll", 0xffe8c840},
    {u"wire", 0xffb07aa1},
    // Newer scheduler kinds (supplement §7): rail_animation, cq_build_running, cq_build_attempt_failed
    // and cq_build_attempt_passed; resolve_standalone is drawn as resolve.
    {u"bootstrap", 0xffe0675e},
    {u"state_probe", 0xffeeee80},
    {u"worksteal", 0xfff2c4c4},
    {u"refill", 0xffcfe8bd},
    {u"resolve_standalone", 0xff5b7fe0},
    // Bar names of AICore-producer streams, as a merged trace spells them.
    {u"Completion", 0xff5aa55a},
    {u"Dispatch", 0xffd9534f},
    {u"Resolve", 0xff5b7fe0},
    {u"StateProbe", 0xffeeee80},
    {u"Worksteal", 0xfff2c4c4},
    {u"Refill", 0xffcfe8bd},
};

std::uint32_t fnv1a(QStringView s)
{
    std::uint32_t h = 2166136261u;
    for (const QChar c : s) {
        h ^= c.unicode();
        h *= 16777619u;
    }
    return h;
}

// "func_12_m" -> 12, the generated name of an unnamed function (spec §6); -2 when not of that form.
int generatedFunctionId(QStringView name)
{
    if (!name.startsWith(u"func_"))
        return -2;
    const QStringView rest = name.mid(5);
    const qsizetype underscore = rest.indexOf(u'_');
    if (underscore <= 0)
        return -2;
    bool ok = false;
    const int id = rest.left(underscore).toInt(&ok);
    return ok && id >= -1 ? id : -2;
}
} // namespace

QRgb keyColour(std::uint32_t key)
{
    return key == 0 ? kUnresolved : kPalette[(key - 1) % kPalette.size()];
}

QRgb paletteColour(std::size_t i)
{
    return kPalette[i % kPalette.size()];
}

std::size_t paletteSize()
{
    return kPalette.size();
}

QRgb taskColour(std::uint64_t taskId)
{
    // Neighbouring tasks of a ring differ in their local id: consecutive colours.
    return paletteColour(std::size_t((taskId & 0xffffffffu) + (taskId >> 32) * 7));
}

QRgb unresolvedColour()
{
    return kUnresolved;
}

QRgb phaseColour(QStringView phase)
{
    for (const PhaseColour &p : kPhaseColours) {
        if (phase == QStringView(p.name))
            return p.colour;
    }
    return 0;
}

namespace {
// The part of a name its colour goes by: without call arguments.
QStringView stemOf(QStringView name)
{
    const qsizetype paren = name.indexOf(u'(');
    return (paren >= 0 ? name.left(paren) : name).trimmed();
}

// The colour a stem has whatever else is named beside it, or 0.
QRgb fixedColour(QStringView stem)
{
    if (const QRgb phase = phaseColour(stem))
        return phase;
    if (const int funcId = generatedFunctionId(stem); funcId >= -1)
        return keyColour(std::uint32_t(funcId + 1));
    if (stem == u"alloc")
        return allocColour();
    return 0;
}
} // namespace

QRgb nameColour(QStringView name)
{
    const QStringView stem = stemOf(name);
    if (const QRgb fixed = fixedColour(stem))
        return fixed;
    return kPalette[fnv1a(stem) % kPalette.size()];
}

NameColours::NameColours(const QStringList &names)
{
    QHash<QString, QRgb> byStem;
    std::size_t next = 0;
    m_colours.reserve(std::size_t(names.size()));
    for (const QString &name : names) {
        const QString stem = stemOf(name).toString();
        auto it = byStem.constFind(stem);
        if (it == byStem.cend()) {
            const QRgb fixed = fixedColour(stem);
            it = byStem.insert(stem, fixed ? fixed : paletteColour(next++));
            m_stems.emplace_back(stem, *it);
        }
        m_colours.push_back(*it);
    }
}

QRgb dummyColour()
{
    return 0xffc8c8c8;
}
QRgb allocColour()
{
    return 0xffa8a84e;
}
QRgb predicatedSkipColour()
{
    return 0xffb9a7d6;
}

QColor textColourOn(QRgb background)
{
    // Relative luminance with the sRGB weights; the threshold favours dark text on mid tones.
    const double luminance =
        0.2126 * qRed(background) + 0.7152 * qGreen(background) + 0.0722 * qBlue(background);
    return luminance > 140 ? QColor(0x20, 0x20, 0x20) : QColor(Qt::white);
}

} // namespace lanescope
