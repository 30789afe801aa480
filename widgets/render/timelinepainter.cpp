#include "widgets/render/timelinepainter.h"

#include "model/capture/lanebuilder.h"
#include "widgets/overlays/hostplacementband.h"
#include "widgets/overlays/selectionoverlay.h"
#include "widgets/render/barpainter.h"
#include "widgets/render/counterpainter.h"
#include "widgets/render/laneheaderpainter.h"
#include "widgets/render/rulerpainter.h"
#include "widgets/render/timelineframe.h"

#include <QPainter>
#include <algorithm>
#include <cmath>

namespace lanescope {

// What a frame collects before drawing it, kept by the painter between frames.
struct TimelineFrameScratch
{
    std::vector<TimelineRow> rows;
    BarScratch bars;
};

namespace {

// One paint() call: the plot's background, then each part by its own painter (bars, counters,
// header column, ruler), then the overlays.
class Frame
{
public:
    Frame(QPainter &p, const Capture &c, const TimelineViewport &vp, const TimelinePaintOptions &o,
          const TimelineIndex &index, TimelinePaintStats &stats, TimelineFrameScratch &scratch,
          const TimelineGlyphs *glyphs = nullptr)
        : m_f(p, c, vp, o, index, stats, scratch.rows, glyphs), m_scratch(scratch)
    {
        scratch.rows.clear();
    }

    void draw()
    {
        drawBase();
        drawOverlays();
    }

    // The selection outlines, then the overlays that were added, in their order.
    void drawOverlays()
    {
        const TimelineOverlayContext context{m_f.c, m_f.vp, m_f.layout, m_f.index, m_f.o.colours};
        const SelectionOverlay selection = SelectionOverlay::of(m_f.o);
        m_f.p.save();
        selection.paint(m_f.p, context);
        m_f.p.restore();
        for (const auto &overlay : m_f.o.overlays) {
            if (!overlay)
                continue;
            m_f.p.save();
            overlay->paint(m_f.p, context);
            m_f.p.restore();
        }
    }

    // Everything but the overlays.
    void drawBase()
    {
        collectVisibleRows();
        m_f.target = RasterTarget::of(m_f.p); // drawBase sets no clip or transform of its own
        m_f.p.save();
        m_f.p.setRenderHint(QPainter::Antialiasing, false);
        m_f.p.setRenderHint(QPainter::TextAntialiasing, true);
        drawRowBackgrounds(); // the plot; the header column and the ruler fill their own areas
        drawOutsideCapture();
        drawGrid();
        drawHostPlacementBand();
        BarPainter bars(m_f, m_scratch.bars);
        CounterPainter counters(m_f);
        for (const TimelineRow &row : m_f.rows) {
            if (row.kind == TimelineRow::Kind::Lane)
                bars.drawLane(row);
            else if (row.kind == TimelineRow::Kind::Counter)
                counters.drawCounter(row);
        }
        bars.flushBars();
        LaneHeaderPainter(m_f).drawHeaderColumn();
        RulerPainter(m_f).drawRuler();
        m_f.p.restore();
    }

private:
    void collectVisibleRows()
    {
        const int first = std::max(0, m_f.layout.rowAt(m_f.vp.scrollYPx));
        for (std::size_t i = std::size_t(first); i < m_f.layout.rows().size(); ++i) {
            const TimelineRow &row = m_f.layout.rows()[i];
            const double top = m_f.rowTop(row);
            if (top >= m_f.vp.heightPx)
                break;
            if (top + row.height > m_f.vp.lanesTop())
                m_f.rows.push_back(row);
        }
    }

    // Every pixel of the plot once: each row's band in its colour over its separator line, and the
    // background above, between and below the rows. A whole-frame fill first would write most
    // pixels twice, and a frame's fills cost memory bandwidth more than instructions.
    void drawRowBackgrounds()
    {
        const int left = m_f.vp.plotLeft(), width = m_f.vp.plotWidth();
        int filledTo = m_f.vp.lanesTop(); // the rows above are done
        auto background = [&](int to) {
            if (to > filledTo)
                m_f.fillOpaque(QRect(left, filledTo, width, to - filledTo), m_f.o.colours.background);
        };
        for (const TimelineRow &row : m_f.rows) {
            const int top = int(std::floor(m_f.rowTop(row)));
            const int separator = top + row.height - 1;
            background(top);
            const int from = std::max(top, filledTo);
            const QColor &colour = row.kind == TimelineRow::Kind::GroupHeading ? m_f.o.colours.headingBand
                                   : row.ordinal % 2 == 1                      ? m_f.o.colours.alternateRow
                                                                               : m_f.o.colours.background;
            if (separator > from)
                m_f.fillOpaque(QRect(left, from, width, separator - from), colour);
            if (separator >= from)
                m_f.rowLine(separator, left, left + width, m_f.o.colours.rowSeparator);
            filledTo = std::max(filledTo, separator + 1);
        }
        background(m_f.vp.heightPx);
    }

    void drawOutsideCapture()
    {
        const TimeRange extent = m_f.index.extent();
        const double top = m_f.vp.lanesTop();
        const double height =
            std::min<double>(m_f.vp.lanesHeight(), m_f.layout.contentHeight() - m_f.vp.scrollYPx);
        if (height <= 0)
            return;
        const int before = m_f.column(extent.startUs);
        const int after = m_f.column(extent.endUs);
        if (before > m_f.vp.plotLeft())
            m_f.p.fillRect(QRectF(m_f.vp.plotLeft(), top,
                                  std::min(before, m_f.vp.plotRight()) - m_f.vp.plotLeft(), height),
                           m_f.o.colours.outsideCapture);
        if (after < m_f.vp.plotRight())
            m_f.p.fillRect(QRectF(std::max(after, m_f.vp.plotLeft()), top,
                                  m_f.vp.plotRight() - std::max(after, m_f.vp.plotLeft()), height),
                           m_f.o.colours.outsideCapture);
    }

    void drawGrid()
    {
        const int bottom = int(std::min<double>(
            m_f.vp.heightPx, m_f.vp.lanesTop() + m_f.layout.contentHeight() - m_f.vp.scrollYPx));
        for (const double t : m_f.scale.majorTicks(m_f.vp.range())) {
            const int x = int(std::floor(m_f.vp.xOf(t)));
            if (x >= m_f.vp.plotLeft() && x < m_f.vp.plotRight())
                m_f.columnLine(x, m_f.vp.lanesTop(), bottom, m_f.o.colours.grid);
        }
    }

    // The host placement's uncertainty (hostplacementband.h) along the host-clock lanes on the
    // device axis and across the seam where the Host group meets the device groups. Under the
    // bars, which stay readable on top of it.
    void drawHostPlacementBand()
    {
        const std::vector<TimeRange> spans = hostPlacementBandSpans(m_f.c.info.hostPlacement);
        if (spans.empty())
            return;
        m_f.p.save();
        m_f.p.setClipRect(
            QRect(m_f.vp.plotLeft(), m_f.vp.lanesTop(), m_f.vp.plotWidth(), m_f.vp.lanesHeight()));
        auto fill = [&](double y0, double y1) {
            for (const TimeRange &span : spans) {
                const int x0 = m_f.column(span.startUs);
                const int x1 =
                    std::max(m_f.column(span.endUs), x0 + kMinBandPx); // a sharp placement still shows
                m_f.p.fillRect(QRectF(x0, y0, x1 - x0, y1 - y0), m_f.o.colours.hostPlacementBand);
            }
        };
        const std::vector<TimelineRow> &rows = m_f.layout.rows();
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const TimelineRow &row = rows[i];
            const double top = m_f.rowTop(row);
            if (top >= m_f.vp.heightPx)
                break;
            if (row.kind == TimelineRow::Kind::Lane) {
                const Lane &lane = m_f.c.lanes[std::size_t(row.index)];
                if (lane.hostClock && lane.clockAligned)
                    fill(top, top + row.height - 1);
            }
            if (i + 1 < rows.size() && row.group == groups::host && rows[i + 1].group != groups::host) {
                const double seam = top + row.height;
                fill(seam - kSeamBandHalfPx, seam + kSeamBandHalfPx);
            }
        }
        m_f.p.restore();
    }

    static constexpr int kMinBandPx = 2;
    static constexpr int kSeamBandHalfPx = 5;

    TimelineFrame m_f;
    TimelineFrameScratch &m_scratch;
};

} // namespace

TimelinePainter::TimelinePainter() : m_scratch(std::make_unique<TimelineFrameScratch>()) {}
TimelinePainter::~TimelinePainter() = default;

const TimelineIndex &TimelinePainter::indexFor(const Capture &c, const CaptureIndexPtr &shared)
{
    if (!m_index || !m_index->isFor(c)) {
        m_index = std::make_unique<TimelineIndex>(c, shared);
        m_cachedFrame = {}; // drawn from another capture
    }
    return *m_index;
}

namespace {
// Whether two option sets draw the same picture apart from the overlays: all fields but those the
// overlays draw count, so a field added later invalidates the cache unless it is listed here.
bool sameBase(const TimelinePaintOptions &a, const TimelinePaintOptions &b)
{
    TimelinePaintOptions overlaysOfB = a;
    overlaysOfB.highlight = b.highlight;
    overlaysOfB.relatedSlices = b.relatedSlices;
    overlaysOfB.cacheFrames = b.cacheFrames;
    overlaysOfB.overlays = b.overlays;
    return overlaysOfB == b;
}
} // namespace

void TimelinePainter::paint(QPainter &p, const Capture &c, const TimelineViewport &vp,
                            const TimelinePaintOptions &o)
{
    m_stats = {};
    if (!vp.range().isValid())
        return;
    const TimelineIndex &index = indexFor(c);
    const TimelineGlyphs *glyphs = glyphsFor(o.font);
    if (!o.cacheFrames || !p.device()) {
        Frame(p, c, vp, o, index, m_stats, *m_scratch, glyphs).draw();
        return;
    }
    const qreal dpr = p.device()->devicePixelRatioF();
    const QSize pixels(int(std::ceil(vp.widthPx * dpr)), int(std::ceil(vp.heightPx * dpr)));
    const bool hit = !m_cachedFrame.isNull() && m_cachedCapture == &c && m_cachedViewport == vp &&
                     m_cachedFrame.size() == pixels && m_cachedFrame.devicePixelRatio() == dpr &&
                     sameBase(m_cachedOptions, o);
    if (!hit) {
        m_cachedFrame = QImage(pixels, QImage::Format_ARGB32_Premultiplied);
        m_cachedFrame.setDevicePixelRatio(dpr);
        QPainter cp(&m_cachedFrame);
        TimelinePaintStats stats;
        Frame(cp, c, vp, o, index, stats, *m_scratch, glyphs).drawBase();
        m_cachedCapture = &c;
        m_cachedViewport = vp;
        m_cachedOptions = o;
        m_cachedStats = stats;
    }
    m_stats = m_cachedStats;
    m_stats.fromCache = hit;
    p.drawImage(QPointF(0, 0), m_cachedFrame);
    Frame(p, c, vp, o, index, m_stats, *m_scratch, glyphs).drawOverlays();
}

const TimelineGlyphs *TimelinePainter::glyphsFor(const QFont &font)
{
    const TimelineFonts fonts(font);
    if (!m_glyphs || m_glyphs->bar.font() != fonts.bar || m_glyphs->lane.font() != fonts.lane)
        m_glyphs =
            std::make_unique<TimelineGlyphs>(TimelineGlyphs{GlyphText(fonts.bar), GlyphText(fonts.lane)});
    return m_glyphs.get();
}

int TimelinePainter::preferredHeaderWidth(const Capture &c, const QFont &font)
{
    return LaneHeaderPainter::preferredWidth(c, font);
}

} // namespace lanescope
