#include "timelinepainter.h"

#include "glyphtext.h"
#include "hostclockbadge.h"
#include "hostplacementband.h"
#include "model/capture/lanebuilder.h"
#include "model/capture/slicelabel.h"
#include "rastertarget.h"
#include "rulerscale.h"
#include "scanlinebars.h"
#include "selectionoverlay.h"
#include "slicepalette.h"
#include "timeformat.h"

#include <QFontMetrics>
#include <QHash>
#include <QPaintEngine>
#include <QPainter>
#include <QPolygon>
#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

namespace {

constexpr int kGroupIndentPx = 18;

} // namespace

// The glyph tables of the fonts drawn most often, kept across frames.
struct TimelineGlyphs
{
    GlyphText bar;
    GlyphText lane;
};

namespace {

struct Fonts
{
    QFont bar;
    QFont lane;
    QFont heading;
    QFont ruler;
    QFont small;

    explicit Fonts(const QFont &base) : bar(base), lane(base), heading(base), ruler(base), small(base)
    {
        // Pixel sizes, not points: the same picture on screen, in a PNG and in an SVG, whatever
        // resolution each device reports.
        bar.setPixelSize(11);
        lane.setPixelSize(12);
        heading.setPixelSize(12);
        heading.setBold(true);
        ruler.setPixelSize(11); // the bar labels' size: the ruler draws from their glyph table
        small.setPixelSize(10);
    }
};

// A run of merged slices on one level, waiting to be drawn. It takes the colour of its longest
// slice, which also keeps its label when it is wide enough on its own.
struct PendingRect
{
    int left = 0;
    int right = 0;
    std::int64_t count = 0;
    const Slice *longest = nullptr;
    int longestLeft = 0;
    int longestRight = 0;
    QRgb colour = 0;
};

struct Bar
{
    QRect rect;
    QRgb colour = 0;
    bool joinable = true; // no gap and no label: a touching run of the same colour may extend it
};

struct Label
{
    QRect box;
    QString text;
    QRgb background = 0;
    double textWidth = 0;
    GlyphText::Fit fit; // drawn as a glyph run when fit.chars > 0, else with drawText
};

struct Marker
{
    QPointF centre;
    QRgb colour = 0;
    int height = 0;
};

} // namespace

// What a frame collects before drawing it, kept by the painter between frames: a zoomed-out frame
// collects ~80k bars, and growing fresh vectors for them every frame costs more in page faults
// than collecting them does.
struct TimelineFrameScratch
{
    std::vector<TimelineRow> rows;
    std::vector<Bar> bars;
    std::vector<Bar> heads;
    std::vector<Label> labels;
    std::vector<Marker> markers;
    // Setup-head shades by bar colour, kept across frames: deriving one goes through HSV.
    QHash<QRgb, QRgb> headColours;
    ScanlineBars scanline;

    void clear() // what one frame collected; the shades stay
    {
        rows.clear();
        bars.clear();
        heads.clear();
        labels.clear();
        markers.clear();
    }
};

namespace {

// One paint() call: the inputs plus the derived frame state, so the drawing steps stay small.
class Frame
{
public:
    Frame(QPainter &p, const Capture &c, const TimelineViewport &vp, const TimelinePaintOptions &o,
          const TimelineIndex &index, TimelinePaintStats &stats, TimelineFrameScratch &scratch,
          const TimelineGlyphs *glyphs = nullptr)
        : m_p(p), m_c(c), m_vp(vp), m_o(o), m_index(index), m_stats(stats), m_fonts(o.font),
          m_layout(c, o.metrics, o.collapsedGroups, o.arrangement), m_barMetrics(m_fonts.bar),
          m_rows(scratch.rows), m_bars(scratch.bars), m_heads(scratch.heads), m_labels(scratch.labels),
          m_markers(scratch.markers), m_headColours(scratch.headColours), m_scanline(scratch.scanline)
    {
        scratch.clear();
        // Glyph runs only where pixels are the output: an SVG keeps its labels as text.
        if (glyphs && p.paintEngine() && p.paintEngine()->type() == QPaintEngine::Raster) {
            m_barText = &glyphs->bar;
            m_laneText = &glyphs->lane;
        }
        // Measured from the glyph table whatever the device, so PNG and SVG choose the same ticks.
        const GlyphText *rulerGlyphs = glyphs && glyphs->bar.font() == m_fonts.ruler ? &glyphs->bar : nullptr;
        m_rulerMeasure = rulerGlyphs;
        if (m_barText)
            m_rulerText = rulerGlyphs;
        m_scale =
            chooseRulerScale(vp.range(), vp.plotWidth(), [this](const QString &s) { return rulerWidth(s); });
    }

    void draw()
    {
        drawBase();
        drawOverlays();
    }

    // The selection outlines, clipped to the plot so they never cover the ruler or the header.
    void drawOverlays()
    {
        const TimelineOverlayContext context{m_c, m_vp, m_layout, m_index, m_o.colours};
        // The selection outlines come first, under the overlays that were added.
        m_p.save();
        SelectionOverlay::of(m_o).paint(m_p, context);
        m_p.restore();
        for (const auto &overlay : m_o.overlays) {
            if (!overlay)
                continue;
            m_p.save();
            overlay->paint(m_p, context);
            m_p.restore();
        }
    }

    // Everything but the overlays.
    void drawBase()
    {
        collectVisibleRows();
        m_target = RasterTarget::of(m_p); // drawBase sets no clip or transform of its own
        m_composeBars = m_target.has_value();
        m_p.save();
        m_p.setRenderHint(QPainter::Antialiasing, false);
        m_p.setRenderHint(QPainter::TextAntialiasing, true);
        drawRowBackgrounds(); // the plot; the header column and the ruler fill their own areas
        drawOutsideCapture();
        drawGrid();
        drawHostPlacementBand();
        for (const TimelineRow &row : m_rows) {
            if (row.kind == TimelineRow::Kind::Lane)
                drawLane(row);
            else if (row.kind == TimelineRow::Kind::Counter)
                drawCounter(row);
        }
        flushBars();
        drawHeaderColumn();
        drawRuler();
        m_p.restore();
    }

private:
    int rulerWidth(const QString &text) const
    {
        if (m_rulerMeasure && m_rulerMeasure->covers(text))
            return int(std::ceil(m_rulerMeasure->width(text)));
        return QFontMetrics(m_fonts.ruler).horizontalAdvance(text);
    }

    QRgb colourOf(const Lane &lane, const Slice &s) const
    {
        return barColour(m_index, m_c, lane, s, m_o.colourMode);
    }

    double rowTop(const TimelineRow &row) const { return m_vp.lanesTop() + row.y - m_vp.scrollYPx; }

    void collectVisibleRows()
    {
        const int first = std::max(0, m_layout.rowAt(m_vp.scrollYPx));
        for (std::size_t i = std::size_t(first); i < m_layout.rows().size(); ++i) {
            const TimelineRow &row = m_layout.rows()[i];
            const double top = rowTop(row);
            if (top >= m_vp.heightPx)
                break;
            if (top + row.height > m_vp.lanesTop())
                m_rows.push_back(row);
        }
    }

    // Pixel column of a time, bounded so that deep zoom cannot overflow an int. A zoomed-out frame
    // asks this a few hundred thousand times: the scale is divided out once per frame, and the
    // bounded (never negative once shifted) value rounds by truncation, not a floor call.
    int column(double us) const
    {
        double x = m_plotLeft + (us - m_vp.t0Us) * m_pxPerUs + 0.5;
        if (!(x >= m_columnMin)) // NaN too
            x = m_columnMin;
        else if (x > m_columnMax)
            x = m_columnMax;
        return int(x + kColumnShift) - kColumnShift;
    }
    static constexpr int kColumnShift = 8;

    // The time at widget x; TimelineViewport::timeAt without its division.
    double timeAt(double x) const { return m_vp.t0Us + (x - m_plotLeft) * m_usPerPx; }

    // A fill of whole pixels, written directly when the target allows it and the colour is opaque.
    void fillOpaque(const QRect &rect, const QColor &colour)
    {
        if (m_target && colour.alpha() == 255)
            m_target->fill(m_target->clippedToDevice(rect), colour.rgba());
        else
            m_p.fillRect(rect, colour);
    }

    // One-pixel lines along a pixel column or row, [from, to): the pixels an aliased 1 px pen
    // centred on that column or row covers, as a fill. QPainter strokes even these through its
    // general line path, which cost more than all the bars of a zoomed frame.
    void columnLine(int x, int from, int to, const QColor &colour)
    {
        fillOpaque(QRect(x, from, 1, to - from), colour);
    }
    void rowLine(int y, int from, int to, const QColor &colour)
    {
        fillOpaque(QRect(from, y, to - from, 1), colour);
    }

    // Every pixel of the plot once: each row's band in its colour over its separator line, and the
    // background above, between and below the rows. A whole-frame fill first would write most
    // pixels twice, and a frame's fills cost memory bandwidth more than instructions.
    void drawRowBackgrounds()
    {
        const int left = m_vp.plotLeft(), width = m_vp.plotWidth();
        int filledTo = m_vp.lanesTop(); // the rows above are done
        auto background = [&](int to) {
            if (to > filledTo)
                fillOpaque(QRect(left, filledTo, width, to - filledTo), m_o.colours.background);
        };
        for (const TimelineRow &row : m_rows) {
            const int top = int(std::floor(rowTop(row)));
            const int separator = top + row.height - 1;
            background(top);
            const int from = std::max(top, filledTo);
            const QColor &colour = row.kind == TimelineRow::Kind::GroupHeading ? m_o.colours.headingBand
                                   : row.ordinal % 2 == 1                      ? m_o.colours.alternateRow
                                                                               : m_o.colours.background;
            if (separator > from)
                fillOpaque(QRect(left, from, width, separator - from), colour);
            if (separator >= from)
                rowLine(separator, left, left + width, m_o.colours.rowSeparator);
            filledTo = std::max(filledTo, separator + 1);
        }
        background(m_vp.heightPx);
    }

    void drawOutsideCapture()
    {
        const TimeRange extent = m_index.extent();
        const double top = m_vp.lanesTop();
        const double height = std::min<double>(m_vp.lanesHeight(), m_layout.contentHeight() - m_vp.scrollYPx);
        if (height <= 0)
            return;
        const int before = column(extent.startUs);
        const int after = column(extent.endUs);
        if (before > m_vp.plotLeft())
            m_p.fillRect(
                QRectF(m_vp.plotLeft(), top, std::min(before, m_vp.plotRight()) - m_vp.plotLeft(), height),
                m_o.colours.outsideCapture);
        if (after < m_vp.plotRight())
            m_p.fillRect(QRectF(std::max(after, m_vp.plotLeft()), top,
                                m_vp.plotRight() - std::max(after, m_vp.plotLeft()), height),
                         m_o.colours.outsideCapture);
    }

    void drawGrid()
    {
        const int bottom =
            int(std::min<double>(m_vp.heightPx, m_vp.lanesTop() + m_layout.contentHeight() - m_vp.scrollYPx));
        for (const double t : m_scale.majorTicks(m_vp.range())) {
            const int x = int(std::floor(m_vp.xOf(t)));
            if (x >= m_vp.plotLeft() && x < m_vp.plotRight())
                columnLine(x, m_vp.lanesTop(), bottom, m_o.colours.grid);
        }
    }

    // The host placement's uncertainty (hostplacementband.h) along the host-clock lanes on the
    // device axis and across the seam where the Host group meets the device groups. Under the
    // bars, which stay readable on top of it.
    void drawHostPlacementBand()
    {
        const std::vector<TimeRange> spans = hostPlacementBandSpans(m_c.info.hostPlacement);
        if (spans.empty())
            return;
        m_p.save();
        m_p.setClipRect(QRect(m_vp.plotLeft(), m_vp.lanesTop(), m_vp.plotWidth(), m_vp.lanesHeight()));
        auto fill = [&](double y0, double y1) {
            for (const TimeRange &span : spans) {
                const int x0 = column(span.startUs);
                const int x1 = std::max(column(span.endUs), x0 + kMinBandPx); // a sharp placement still shows
                m_p.fillRect(QRectF(x0, y0, x1 - x0, y1 - y0), m_o.colours.hostPlacementBand);
            }
        };
        const std::vector<TimelineRow> &rows = m_layout.rows();
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const TimelineRow &row = rows[i];
            const double top = rowTop(row);
            if (top >= m_vp.heightPx)
                break;
            if (row.kind == TimelineRow::Kind::Lane) {
                const Lane &lane = m_c.lanes[std::size_t(row.index)];
                if (lane.hostClock && lane.clockAligned)
                    fill(top, top + row.height - 1);
            }
            if (i + 1 < rows.size() && row.group == groups::host && rows[i + 1].group != groups::host) {
                const double seam = top + row.height;
                fill(seam - kSeamBandHalfPx, seam + kSeamBandHalfPx);
            }
        }
        m_p.restore();
    }
    static constexpr int kMinBandPx = 2;
    static constexpr int kSeamBandHalfPx = 5;

    void drawLane(const TimelineRow &row)
    {
        const auto laneIndex = std::size_t(row.index);
        const Lane &lane = m_c.lanes[laneIndex];
        const std::int64_t firstBar = m_barsDrawn;
        for (int depth = 0; depth < m_index.levelCount(laneIndex); ++depth) {
            const int y = int(rowTop(row)) + m_o.metrics.lanePaddingPx + depth * m_o.metrics.sliceRowHeightPx;
            collectLevel(lane, m_index.level(laneIndex, depth), y);
        }
        m_stats.maxRectsInLane = std::max(m_stats.maxRectsInLane, m_barsDrawn - firstBar);
        ++m_stats.lanesDrawn;
    }

    // Turns the visible slices of one level into bars, labels and markers.
    void collectLevel(const Lane &lane, const LaneLevelIndex &level, int y)
    {
        const std::vector<Slice> &slices = lane.slices;
        const double t0 = m_vp.t0Us;
        const double t1 = m_vp.t1Us;
        const int height = m_o.metrics.sliceRowHeightPx - 1;
        m_levelBars = 0;
        if (m_composeBars)
            m_scanline.begin(*m_target, QRect(m_vp.plotLeft(), y, m_vp.plotWidth(), height));
        int lastMarkerColumn = std::numeric_limits<int>::min();

        PendingRect pending;
        auto flush = [&] {
            if (pending.count > 0)
                addBar(lane, pending, y, height);
            pending = {};
        };

        std::size_t k = level.firstEndingAtOrAfter(slices, t0);
        while (k < level.size()) {
            const Slice &s = slices[level.sliceIndex(k)];
            if (s.startUs > t1)
                break;
            ++m_stats.slicesVisited;
            const double end = std::max(s.startUs, s.endUs);
            if (end < t0) { // only on malformed levels whose slices overlap
                ++k;
                continue;
            }
            if (s.flags & Slice::Instant) {
                const int x = column(s.startUs);
                if (x != lastMarkerColumn && x >= m_vp.plotLeft() && x < m_vp.plotRight()) {
                    m_markers.push_back({QPointF(x, y + height / 2.0), colourOf(lane, s), height});
                    lastMarkerColumn = x;
                }
                ++k;
                continue;
            }
            const int left = column(s.startUs);
            const int right = std::max(left + 1, column(end));
            if (pending.count > 0 && left < pending.right) {
                pending.right = std::max(pending.right, right);
                ++pending.count;
                if (end - s.startUs >
                    std::max(pending.longest->startUs, pending.longest->endUs) - pending.longest->startUs) {
                    pending.longest = &s;
                    pending.longestLeft = left;
                    pending.longestRight = right;
                    pending.colour = colourOf(lane, s);
                }
                ++k;
                // On a level without overlaps everything that starts inside the merged run's last
                // column merges too: jump over it, so zoomed-out frames cost pixels, not slices.
                if (level.isDisjoint()) {
                    const std::size_t next = level.firstStartingAtOrAfter(timeAt(pending.right - 0.5), k);
                    if (next > k) {
                        const Slice &lastSkipped = slices[level.sliceIndex(next - 1)];
                        pending.right =
                            std::max(pending.right, column(std::max(lastSkipped.startUs, lastSkipped.endUs)));
                        pending.count += std::int64_t(next - k);
                        k = next;
                    }
                }
                continue;
            }
            flush();
            pending = {left, right, 1, &s, left, right, colourOf(lane, s)};
            ++k;
        }
        flush();
        if (m_composeBars) {
            m_scanline.end();
            drawLabels(); // while the level's rows are still in the cache
        }
    }

    void addBar(const Lane &lane, const PendingRect &r, int y, int height)
    {
        const int left = std::max(r.left, m_vp.plotLeft());
        const int right = std::min(r.right, m_vp.plotRight());
        if (right <= left)
            return;
        // A one-pixel gap keeps back-to-back bars of the same kernel apart once they are wide.
        const int gap = r.count == 1 && right - left >= 4 && r.right <= m_vp.plotRight() ? 1 : 0;
        const int labelLeft = std::max(r.longestLeft, m_vp.plotLeft());
        const int labelRight = std::min(r.longestRight, m_vp.plotRight()) - gap;
        const bool labelled =
            m_o.drawLabels && labelRight - labelLeft >= m_o.minLabelWidthPx &&
            addLabel(lane, *r.longest, r.colour, QRect(labelLeft, y, labelRight - labelLeft, height));
        // Touching runs of one colour become one rectangle: the same pixels, far fewer fill calls.
        if (gap == 0 && !labelled && m_levelBars > 0 && m_lastBar.joinable && m_lastBar.colour == r.colour &&
            m_lastBar.rect.right() + 1 == left) {
            m_lastBar.rect.setRight(right - 1);
            if (m_composeBars)
                m_scanline.fill(left, right, r.colour);
            else
                m_bars.back().rect.setRight(right - 1);
            return;
        }
        m_lastBar = {QRect(left, y, right - left - gap, height), r.colour, gap == 0 && !labelled};
        ++m_levelBars;
        ++m_barsDrawn;
        if (m_composeBars)
            m_scanline.fill(left, right - gap, r.colour);
        else
            m_bars.push_back(m_lastBar);
        if (r.count == 1 && m_o.drawSetupHeads && lane.kind == LaneKind::Worker)
            addSetupHead(lane, *r.longest, y, height, right - gap);
    }

    // The receive -> start part of an AICore bar, drawn over its head in a lighter shade.
    void addSetupHead(const Lane &lane, const Slice &s, int y, int height, int barRight)
    {
        const TaskRow *row = taskRowOf(m_c, lane, s);
        if (!row || !(row->flags & TaskRow::HasReceive) || row->startUs <= s.startUs)
            return;
        const int left = std::max(column(s.startUs), m_vp.plotLeft());
        const int right = std::min({column(row->startUs), barRight, m_vp.plotRight()});
        if (right - left < 1)
            return;
        const QRgb colour = headColourOf(m_lastBar.colour);
        if (m_composeBars)
            m_scanline.fill(left, right, colour); // over its bar, which is already in the scanline
        else
            m_heads.push_back({QRect(left, y, right - left, height), colour, false});
    }

    QRgb headColourOf(QRgb bar)
    {
        auto it = m_headColours.constFind(bar);
        if (it == m_headColours.cend())
            it = m_headColours.insert(bar, setupHeadColour(bar));
        return *it;
    }

    // Returns whether a label fits.
    bool addLabel(const Lane &lane, const Slice &slice, QRgb colour, const QRect &box)
    {
        const QString text = barLabel(m_c, lane, slice, m_o.labelMode);
        if (text.isEmpty())
            return false;
        const int room = box.width() - 6;
        if (m_barText && m_barText->covers(text)) {
            const GlyphText::Fit fit = m_barText->fit(text, room);
            if (fit.empty())
                return false;
            m_labels.push_back({box.adjusted(3, 0, -3, 0), text, colour, fit.width, fit});
            return true;
        }
        // Measuring is far cheaper than eliding, and most labels that are drawn fit whole.
        const int fullWidth = m_barMetrics.horizontalAdvance(text);
        const QString elided = fullWidth <= room ? text : m_barMetrics.elidedText(text, Qt::ElideRight, room);
        if (elided.isEmpty() || elided == QStringLiteral("…"))
            return false;
        const int width = fullWidth <= room ? fullWidth : m_barMetrics.horizontalAdvance(elided);
        m_labels.push_back({box.adjusted(3, 0, -3, 0), elided, colour, double(width), {}});
        return true;
    }

    // Without a raster target, bars go out grouped by colour: one brush change and one fill call
    // per colour. (With one, they were written as they were collected.)
    void flushBars()
    {
        if (!m_composeBars) {
            std::sort(m_bars.begin(), m_bars.end(),
                      [](const Bar &a, const Bar &b) { return a.colour < b.colour; });
            m_p.setPen(Qt::NoPen);
            std::vector<QRect> run;
            for (std::size_t i = 0; i < m_bars.size();) {
                const QRgb colour = m_bars[i].colour;
                run.clear();
                for (; i < m_bars.size() && m_bars[i].colour == colour; ++i)
                    run.push_back(m_bars[i].rect);
                m_p.setBrush(QColor::fromRgb(colour));
                m_p.drawRects(run.data(), int(run.size()));
            }
        }
        m_stats.rectsDrawn = m_barsDrawn;
        for (const Bar &head : m_heads)
            fillOpaque(head.rect, QColor::fromRgb(head.colour));

        drawLabels();
        m_stats.labelsDrawn = std::int64_t(m_labels.size());

        if (m_markers.empty())
            return;
        m_p.save();
        m_p.setRenderHint(QPainter::Antialiasing, true);
        for (const Marker &m : m_markers) {
            const double r = std::max(3.0, m.height * 0.32);
            const QPointF c = m.centre;
            const QPointF diamond[] = {
                {c.x(), c.y() - r}, {c.x() + r, c.y()}, {c.x(), c.y() + r}, {c.x() - r, c.y()}};
            const QColor fill = QColor::fromRgb(m.colour);
            m_p.setPen(QPen(fill.darker(150), 1));
            m_p.setBrush(fill);
            m_p.drawPolygon(diamond, 4);
        }
        m_p.restore();
        m_stats.markersDrawn = std::int64_t(m_markers.size());
    }

    // The labels collected and not drawn yet, over their bars.
    void drawLabels()
    {
        if (m_labelsDrawn == m_labels.size())
            return;
        m_p.setFont(m_fonts.bar);
        // Positioned by hand: drawText into a rectangle lays the text out again on every call.
        const int ascent = m_barMetrics.ascent();
        const int descent = m_barMetrics.descent();
        for (; m_labelsDrawn < m_labels.size(); ++m_labelsDrawn) {
            const Label &label = m_labels[m_labelsDrawn];
            const QColor pen = textColourOn(label.background);
            const double x = label.box.left() + (label.box.width() - label.textWidth) / 2.0;
            const double baseline = label.box.top() + (label.box.height() + ascent - descent) / 2.0;
            if (label.fit.empty()) {
                m_p.setPen(pen);
                m_p.drawText(QPointF(x, baseline), label.text);
            } else if (m_target) {
                m_barText->blit(*m_target, QPointF(x, baseline), label.text, label.fit, pen.rgba(),
                                label.background);
            } else {
                m_p.setPen(pen);
                m_barText->draw(m_p, QPointF(x, baseline), label.text, label.fit);
            }
        }
    }

    void drawCounter(const TimelineRow &row)
    {
        const CounterTrack &counter = m_c.counters[std::size_t(row.index)];
        const std::size_t n = std::min(counter.timesUs.size(), counter.values.size());
        if (n == 0)
            return;
        // Plain variables, not a structured binding: lambdas below capture them (clang 14).
        const auto range = m_index.counterRange(std::size_t(row.index));
        double lo = range.first, hi = range.second;
        const double peak = hi;
        const bool showCapacity = capacityOnScale(counter, hi);
        if (showCapacity)
            hi = std::max(hi, *counter.capacity);
        if (hi <= lo)
            hi = lo + 1;
        const double top = rowTop(row) + 5;
        const double baseline = rowTop(row) + row.height - 4;
        auto yOf = [&](double v) {
            return int(
                std::lround(baseline - (std::isfinite(v) ? (v - lo) / (hi - lo) : 0.0) * (baseline - top)));
        };

        // The highest value held during each pixel column. The value of a sample holds until the
        // next one; the track ends at its last sample.
        const auto &times = counter.timesUs;
        const int width = m_vp.plotWidth();
        std::vector<double> columnMax(std::size_t(width), std::numeric_limits<double>::quiet_NaN());
        auto raise = [&](int c, double v) {
            double &slot = columnMax[std::size_t(c)];
            if (std::isnan(slot) || v > slot)
                slot = v;
        };
        std::size_t i = std::size_t(
            std::upper_bound(times.begin(), times.begin() + std::ptrdiff_t(n), m_vp.t0Us) - times.begin());
        i = i > 0 ? i - 1 : 0;
        double held = std::numeric_limits<double>::quiet_NaN();
        int lastColumn = -1;
        for (; i < n && times[i] <= m_vp.t1Us; ++i) {
            const int c = std::clamp(column(times[i]) - m_vp.plotLeft(), 0, width - 1);
            if (!std::isnan(held)) {
                for (int fill = lastColumn + 1; fill <= c; ++fill)
                    raise(fill, held);
            }
            const double v = std::isfinite(counter.values[i]) ? counter.values[i] : 0.0;
            raise(c, v);
            held = v;
            lastColumn = c;
            ++m_stats.counterPoints;
        }
        if (i < n && !std::isnan(held)) { // the next sample lies beyond the plot: hold to its edge
            for (int fill = lastColumn + 1; fill < width; ++fill)
                raise(fill, held);
        }

        const QColor colour = QColor::fromRgb(
            nameColour(counter.series.isEmpty() ? counter.name : counter.name + u'/' + counter.series));
        QColor fill = colour;
        fill.setAlpha(80);
        const int zeroY = yOf(std::clamp(0.0, lo, hi));
        QPolygon line;
        for (int c = 0; c < width;) {
            if (std::isnan(columnMax[std::size_t(c)])) {
                ++c;
                continue;
            }
            int end = c + 1; // columns [c, end) share one value: one rectangle, one line segment
            while (end < width && columnMax[std::size_t(end)] == columnMax[std::size_t(c)])
                ++end;
            const int y = yOf(columnMax[std::size_t(c)]);
            const int x0 = m_vp.plotLeft() + c;
            const int x1 = m_vp.plotLeft() + end;
            if (y != zeroY)
                m_p.fillRect(QRect(QPoint(x0, std::min(y, zeroY)), QPoint(x1 - 1, std::max(y, zeroY) - 1)),
                             fill);
            if (!line.isEmpty() && line.last().x() != x0)
                line << QPoint(line.last().x(), zeroY) << QPoint(x0, zeroY); // a gap without samples
            line << QPoint(x0, y) << QPoint(x1, y);
            c = end;
        }
        m_p.setPen(QPen(colour.darker(130), 1));
        m_p.setBrush(Qt::NoBrush);
        m_p.drawPolyline(line);
        drawCounterCeilingAndPeak(counter, showCapacity ? yOf(*counter.capacity) : -1, yOf(peak), peak);
    }

    // A derived track's capacity joins its scale once the track comes within half of it (the
    // scope-stats plot's "warn" level), so a pressured ring shows how close it came; further below,
    // the header states the percentage instead of flattening the curve against a far ceiling.
    static bool capacityOnScale(const CounterTrack &counter, double hi)
    {
        return counter.capacity && *counter.capacity > 0 && hi >= 0.5 * *counter.capacity;
    }

    // The capacity as a dashed ceiling (capacityY < 0: off scale) and a small triangle on the peak,
    // red once the peak reaches 80 % of the capacity (the scope-stats plot's "danger" level).
    void drawCounterCeilingAndPeak(const CounterTrack &counter, int capacityY, int peakY, double peak)
    {
        const QColor danger(200, 40, 40);
        if (capacityY >= 0) {
            m_p.setPen(QPen(danger, 1, Qt::DashLine));
            m_p.drawLine(m_vp.plotLeft(), capacityY, m_vp.plotRight() - 1, capacityY);
        }
        if (!counter.peakUs || *counter.peakUs < m_vp.t0Us || *counter.peakUs > m_vp.t1Us)
            return;
        const bool hot = counter.capacity && *counter.capacity > 0 && peak >= 0.8 * *counter.capacity;
        const QColor colour = hot ? danger : m_o.colours.text;
        const int x = column(*counter.peakUs);
        const QPoint tip(x, peakY - 1);
        const QPoint marker[3] = {tip, tip + QPoint(-4, -6), tip + QPoint(4, -6)};
        m_p.save();
        m_p.setRenderHint(QPainter::Antialiasing, true);
        m_p.setPen(Qt::NoPen);
        m_p.setBrush(colour);
        m_p.drawPolygon(marker, 3);
        m_p.restore();
    }

    // A lane or counter name, left-aligned and vertically centred in `box`, elided to fit.
    void drawName(const QRectF &box, const QString &name, const QFontMetrics &metrics)
    {
        if (m_laneText && m_laneText->covers(name)) {
            if (m_target) {
                const double baseline =
                    box.top() + (box.height() + m_laneText->ascent() - m_laneText->descent()) / 2.0;
                m_laneText->blit(*m_target, QPointF(box.left(), baseline), name,
                                 m_laneText->fit(name, box.width()), m_o.colours.text.rgba(),
                                 m_o.colours.chrome.rgba());
                return;
            }
        }
        m_p.setFont(m_fonts.lane);
        m_p.setPen(m_o.colours.text);
        m_p.drawText(box, Qt::AlignLeft | Qt::AlignVCenter,
                     metrics.elidedText(name, Qt::ElideRight, int(box.width())));
    }

    void drawHeaderColumn()
    {
        const int width = m_vp.headerWidthPx;
        if (width <= 0)
            return;
        fillOpaque(QRect(0, m_vp.lanesTop(), width, m_vp.lanesHeight()), m_o.colours.chrome);
        const QFontMetrics laneMetrics(m_fonts.lane);
        const QFontMetrics headingMetrics(m_fonts.heading);
        const QFontMetrics smallMetrics(m_fonts.small);
        for (const TimelineRow &row : m_rows) {
            const double top = rowTop(row);
            if (row.kind == TimelineRow::Kind::GroupHeading) {
                fillOpaque(QRect(0, int(std::floor(top)), width, row.height), m_o.colours.headingBand);
                drawDisclosure(QPointF(9, top + row.height / 2.0), row.collapsed);
                const QString count = QString::number(row.memberCount);
                const int countWidth = smallMetrics.horizontalAdvance(count);
                m_p.setFont(m_fonts.heading);
                m_p.setPen(m_o.colours.text);
                const int room = width - kGroupIndentPx - countWidth - 14;
                m_p.drawText(QRectF(kGroupIndentPx, top, room, row.height), Qt::AlignLeft | Qt::AlignVCenter,
                             headingMetrics.elidedText(row.group, Qt::ElideRight, room));
                m_p.setFont(m_fonts.small);
                m_p.setPen(m_o.colours.mutedText);
                m_p.drawText(QRectF(width - countWidth - 8, top, countWidth, row.height),
                             Qt::AlignRight | Qt::AlignVCenter, count);
            } else {
                const QString name = row.kind == TimelineRow::Kind::Lane
                                         ? m_c.lanes[std::size_t(row.index)].name
                                         : counterTitle(row.index);
                const int indent = row.group.isEmpty() ? 8 : kGroupIndentPx;
                const int room = width - indent - 8;
                const double nameHeight = row.kind == TimelineRow::Kind::Lane
                                              ? m_o.metrics.sliceRowHeightPx + 2.0 * m_o.metrics.lanePaddingPx
                                              : row.height / 2.0 + 2;
                int nameRoom = room;
                if (row.kind == TimelineRow::Kind::Lane) {
                    const QString badge =
                        clockBadgeText(m_c.lanes[std::size_t(row.index)], m_c.info.hostPlacement);
                    if (!badge.isEmpty())
                        nameRoom -=
                            drawClockBadge(QRectF(indent, top, room, nameHeight), smallMetrics, badge);
                }
                drawName(QRectF(indent, top, nameRoom, nameHeight), name, laneMetrics);
                if (row.kind == TimelineRow::Kind::Counter) {
                    const auto range = m_index.counterRange(std::size_t(row.index));
                    const CounterTrack &counter = m_c.counters[std::size_t(row.index)];
                    m_p.setFont(m_fonts.small);
                    m_p.setPen(m_o.colours.mutedText);
                    const QString scale = counter.capacity && *counter.capacity > 0
                                              ? QStringLiteral("peak %1 · %2% of %3")
                                                    .arg(compactNumber(range.second))
                                                    .arg(100.0 * range.second / *counter.capacity, 0, 'f', 1)
                                                    .arg(compactNumber(*counter.capacity))
                                              : QStringLiteral("%1 – %2").arg(exactNumber(range.first),
                                                                              exactNumber(range.second));
                    m_p.drawText(QRectF(indent, top + nameHeight - 2, room, row.height - nameHeight),
                                 Qt::AlignLeft | Qt::AlignTop,
                                 smallMetrics.elidedText(scale, Qt::ElideRight, room));
                }
                rowLine(int(std::floor(top + row.height - 0.5)), 0, width, m_o.colours.rowSeparator);
            }
        }
        columnLine(width - 1, m_vp.lanesTop(), m_vp.heightPx, m_o.colours.chromeBorder);
    }

    // A right-aligned clock tag (hostclockbadge.h): "own clock" when these bars are not on the
    // device time axis, or how far a host-clock lane placed on it may be off. Returns the width it
    // takes from the lane name.
    int drawClockBadge(const QRectF &nameBox, const QFontMetrics &metrics, const QString &text)
    {
        const int width = metrics.horizontalAdvance(text) + 8;
        if (width + 24 > nameBox.width())
            return 0;
        const QRectF badge(nameBox.right() - width, nameBox.center().y() - 7, width, 14);
        m_p.save();
        m_p.setRenderHint(QPainter::Antialiasing, true);
        m_p.setPen(m_o.colours.ownClockBadge);
        m_p.setBrush(m_o.colours.ownClockBadgeFill);
        m_p.drawRoundedRect(badge, 3, 3);
        m_p.setFont(m_fonts.small);
        m_p.drawText(badge, Qt::AlignCenter, text);
        m_p.restore();
        return width + 4;
    }

    // "60.7M" rather than "6.06863e+07": byte counts of a ring heap stay readable in the header.
    static QString compactNumber(double v)
    {
        const double a = std::abs(v);
        if (a >= 1e9)
            return QString::number(v / 1e9, 'f', 1) + u'G';
        if (a >= 1e6)
            return QString::number(v / 1e6, 'f', 1) + u'M';
        return QString::number(v, 'g', 6);
    }

    // Counts in full ("1234567", not "1.23457e+06"): a queue depth in the header is the one read.
    static QString exactNumber(double v)
    {
        if (v == std::floor(v) && std::abs(v) < 1e15)
            return QString::number(qlonglong(v));
        return QString::number(v, 'g', 6);
    }

    QString counterTitle(int index) const
    {
        const CounterTrack &counter = m_c.counters[std::size_t(index)];
        const QString title =
            counter.series.isEmpty() ? counter.name : counter.name + QStringLiteral(" · ") + counter.series;
        return counter.note.isEmpty() ? title : title + u' ' + counter.note;
    }

    void drawDisclosure(QPointF centre, bool collapsed)
    {
        m_p.save();
        m_p.setRenderHint(QPainter::Antialiasing, true);
        m_p.setPen(Qt::NoPen);
        m_p.setBrush(m_o.colours.mutedText);
        const double r = 3.5;
        if (collapsed) {
            const QPointF tri[] = {{centre.x() - r * 0.6, centre.y() - r},
                                   {centre.x() + r * 0.8, centre.y()},
                                   {centre.x() - r * 0.6, centre.y() + r}};
            m_p.drawPolygon(tri, 3);
        } else {
            const QPointF tri[] = {{centre.x() - r, centre.y() - r * 0.6},
                                   {centre.x() + r, centre.y() - r * 0.6},
                                   {centre.x(), centre.y() + r * 0.8}};
            m_p.drawPolygon(tri, 3);
        }
        m_p.restore();
    }

    void drawRuler()
    {
        const int height = m_vp.rulerHeightPx;
        if (height <= 0)
            return;
        fillOpaque(QRect(0, 0, m_vp.widthPx, height), m_o.colours.chrome);
        const QFontMetrics metrics(m_fonts.ruler);
        m_p.setFont(m_fonts.ruler);
        const double baseline = height - 9;
        for (const double t : m_scale.minorTicks(m_vp.range())) {
            const int x = int(std::floor(m_vp.xOf(t)));
            if (x >= m_vp.plotLeft() && x < m_vp.plotRight())
                columnLine(x, height - 4, height, m_o.colours.chromeBorder);
        }
        for (const double t : m_scale.majorTicks(m_vp.range())) {
            const int x = int(std::floor(m_vp.xOf(t)));
            if (x < m_vp.plotLeft() || x >= m_vp.plotRight())
                continue;
            columnLine(x, 4, height, m_o.colours.chromeBorder);
            const QString label = m_scale.label(t);
            if (x + 4 + rulerWidth(label) > m_vp.plotRight())
                continue;
            if (m_rulerText && m_target && m_rulerText->covers(label)) {
                m_rulerText->blit(*m_target, QPointF(x + 4, baseline), label,
                                  m_rulerText->fit(label, m_vp.widthPx), m_o.colours.text.rgba(),
                                  m_o.colours.chrome.rgba());
            } else {
                m_p.setPen(m_o.colours.text);
                m_p.drawText(QPointF(x + 4, baseline), label);
            }
        }
        // The corner above the header column tells how much time the plot shows.
        if (m_vp.headerWidthPx > 0) {
            m_p.setPen(m_o.colours.mutedText);
            m_p.drawText(QRectF(8, 0, m_vp.headerWidthPx - 16, height), Qt::AlignLeft | Qt::AlignVCenter,
                         metrics.elidedText(QStringLiteral("visible %1").arg(formatDuration(m_vp.spanUs())),
                                            Qt::ElideRight, m_vp.headerWidthPx - 16));
            columnLine(m_vp.headerWidthPx - 1, 0, height, m_o.colours.chromeBorder);
        }
        rowLine(height - 1, 0, m_vp.widthPx, m_o.colours.chromeBorder);
    }

    QPainter &m_p;
    const Capture &m_c;
    const TimelineViewport &m_vp;
    const TimelinePaintOptions &m_o;
    const TimelineIndex &m_index;
    TimelinePaintStats &m_stats;
    Fonts m_fonts;
    TimelineLayout m_layout;
    RulerScale m_scale;
    QFontMetrics m_barMetrics;
    const GlyphText *m_barText = nullptr; // fast bar labels and lane names, when drawing pixels
    const GlyphText *m_laneText = nullptr;
    const GlyphText *m_rulerText = nullptr;    // ruler labels, when drawing pixels
    const GlyphText *m_rulerMeasure = nullptr; // ruler label widths on every device
    // The viewport's scale, divided once per frame (column() and timeAt() run per slice).
    const double m_plotLeft = m_vp.plotLeft();
    const double m_pxPerUs = m_vp.pxPerUs();
    const double m_usPerPx = m_vp.usPerPx();
    const double m_columnMin = m_vp.plotLeft() - 2 + 0.5; // column()'s bounds, before rounding
    const double m_columnMax = m_vp.plotRight() + 2 + 0.5;
    std::optional<RasterTarget> m_target; // the pixels drawBase writes directly, if it can
    std::vector<TimelineRow> &m_rows;     // the rows at least partly on screen
    std::vector<Bar> &m_bars;
    std::vector<Bar> &m_heads; // drawn after (over) the bars they belong to
    std::vector<Label> &m_labels;
    std::vector<Marker> &m_markers;
    QHash<QRgb, QRgb> &m_headColours;
    ScanlineBars &m_scanline;
    // Raster targets get their bars as they are collected, composed a level at a time (m_scanline);
    // other devices get them from m_bars, grouped by colour. Bar colours are opaque (the palettes
    // carry no alpha), so writing them over what is below is what filling them would do.
    bool m_composeBars = false;
    // The bars of the level being collected: how many, and the last one (touching runs of one
    // colour extend it).
    std::int64_t m_levelBars = 0;
    Bar m_lastBar;
    std::int64_t m_barsDrawn = 0;
    std::size_t m_labelsDrawn = 0; // m_labels up to here are drawn
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
    overlaysOfB.highlightLane = b.highlightLane;
    overlaysOfB.highlightSlice = b.highlightSlice;
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
    const Fonts fonts(font);
    if (!m_glyphs || m_glyphs->bar.font() != fonts.bar || m_glyphs->lane.font() != fonts.lane)
        m_glyphs =
            std::make_unique<TimelineGlyphs>(TimelineGlyphs{GlyphText(fonts.bar), GlyphText(fonts.lane)});
    return m_glyphs.get();
}

int TimelinePainter::preferredHeaderWidth(const Capture &c, const QFont &font)
{
    const Fonts fonts(font);
    const QFontMetrics lane(fonts.lane);
    const QFontMetrics heading(fonts.heading);
    const QFontMetrics small(fonts.small);
    int widest = 0;
    QString lastGroup;
    for (const Lane &l : c.lanes) {
        const QString badge = clockBadgeText(l, c.info.hostPlacement);
        const int badgeWidth =
            badge.isEmpty() ? 0 : small.horizontalAdvance(badge) + 12; // drawClockBadge's room
        widest = std::max(widest, lane.horizontalAdvance(l.name) + badgeWidth);
        if (l.group != lastGroup) {
            widest = std::max(widest, heading.horizontalAdvance(l.group) + 24);
            lastGroup = l.group;
        }
    }
    for (const CounterTrack &counter : c.counters)
        widest =
            std::max(widest, lane.horizontalAdvance(counter.name + QStringLiteral(" · ") + counter.series));
    return std::clamp(widest + kGroupIndentPx + 16, 140, 360);
}

} // namespace lanescope
