#include "widgets/render/barpainter.h"

#include "model/capture/slicelabel.h"
#include "widgets/style/slicepalette.h"
#include "widgets/text/barstyle.h"

#include <algorithm>
#include <limits>

namespace lanescope {

BarPainter::BarPainter(TimelineFrame &frame, BarScratch &scratch)
    : m_f(frame), m_colourHook(frame.o.colourHook.get()),
      m_hintedKernels(frame.o.drawHintBadges && !frame.index.hintedKernels().isEmpty()
                          ? &frame.index.hintedKernels()
                          : nullptr),
      m_barMetrics(frame.fonts.bar), m_t0Us(frame.vp.t0Us), m_plotLeft(frame.vp.plotLeft()),
      m_pxPerUs(frame.vp.pxPerUs()), m_usPerPx(frame.vp.usPerPx()),
      m_columnMin(frame.vp.plotLeft() - 2 + 0.5), m_columnMax(frame.vp.plotRight() + 2 + 0.5),
      m_bars(scratch.bars), m_heads(scratch.heads), m_labels(scratch.labels), m_markers(scratch.markers),
      m_hintBadges(scratch.hintBadges), m_headColours(scratch.headColours), m_scanline(scratch.scanline),
      m_composeBars(frame.target.has_value())
{
    scratch.clear();
}

QRgb BarPainter::colourOf(const Lane &lane, const Slice &s) const
{
    if (m_colourHook)
        return m_colourHook->colourOf(m_f.index, m_f.c, lane, s);
    return barColour(m_f.index, m_f.c, lane, s, m_f.o.colourMode);
}

void BarPainter::drawLane(const TimelineRow &row)
{
    const auto laneIndex = std::size_t(row.index);
    const Lane &lane = m_f.c.lanes[laneIndex];
    const std::int64_t firstBar = m_barsDrawn;
    for (int depth = 0; depth < m_f.index.levelCount(laneIndex); ++depth) {
        const int y =
            int(m_f.rowTop(row)) + m_f.o.metrics.lanePaddingPx + depth * m_f.o.metrics.sliceRowHeightPx;
        collectLevel(lane, m_f.index.level(laneIndex, depth), y);
    }
    m_f.stats.maxRectsInLane = std::max(m_f.stats.maxRectsInLane, m_barsDrawn - firstBar);
    ++m_f.stats.lanesDrawn;
}

void BarPainter::collectLevel(const Lane &lane, const LaneLevelIndex &level, int y)
{
    const int height = m_f.o.metrics.sliceRowHeightPx - 1;
    m_levelBars = 0;
    if (m_composeBars)
        m_scanline.begin(*m_f.target, QRect(m_f.vp.plotLeft(), y, m_f.vp.plotWidth(), height));
    // Where a bucket is no wider than a pixel column, the slices in it cannot be told apart.
    const LevelSummary &summary = level.summary();
    if (m_f.o.useLevelSummaries && !summary.isEmpty() && summary.bucketWidthUs() <= m_usPerPx)
        collectBuckets(lane, level, y, height);
    else
        collectSlices(lane, level, y, height);
    if (m_composeBars) {
        m_scanline.end();
        drawHintBadges(); // over the bars just written, and under their labels
        drawLabels();     // while the level's rows are still in the cache
    }
}

void BarPainter::collectSlices(const Lane &lane, const LaneLevelIndex &level, int y, int height)
{
    const Slices &slices = lane.slices;
    const double t0 = m_f.vp.t0Us;
    const double t1 = m_f.vp.t1Us;
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
        ++m_f.stats.slicesVisited;
        const double end = std::max(s.startUs, s.endUs);
        if (end < t0) { // only on malformed levels whose slices overlap
            ++k;
            continue;
        }
        if (s.flags & Slice::Instant) {
            const int x = column(s.startUs);
            if (x != lastMarkerColumn && x >= m_f.vp.plotLeft() && x < m_f.vp.plotRight()) {
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
                const std::size_t next = level.firstStartingAtOrAfter(slices, timeAt(pending.right - 0.5), k);
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
}

void BarPainter::collectBuckets(const Lane &lane, const LaneLevelIndex &level, int y, int height)
{
    const double t0 = m_f.vp.t0Us;
    const double t1 = m_f.vp.t1Us;
    const LevelSummary &summary = level.summary();
    const FlatArray<LevelSummary::Bucket> &buckets = summary.buckets();
    // The bucket of the first slice still visible at t0: no earlier bucket reaches into the view.
    const std::size_t first = level.firstEndingAtOrAfter(lane.slices, t0);
    if (first >= level.size())
        return;

    // A run of merged buckets; the longest slice among them stands for it (its colour, and its
    // label where it is wide enough), looked at once the run is complete.
    PendingRect pending;
    const LevelSummary::Bucket *longest = nullptr;
    const auto flush = [&] {
        if (pending.count == 0)
            return;
        const Slice &s = longest->longest;
        pending.longest = &s;
        pending.longestLeft = column(s.startUs);
        pending.longestRight = std::max(pending.longestLeft + 1, column(std::max(s.startUs, s.endUs)));
        pending.colour = colourOf(lane, s);
        addBar(lane, pending, y, height);
    };
    for (std::size_t i = summary.bucketOf(level.startUs(lane.slices, first)); i < buckets.size(); ++i) {
        const LevelSummary::Bucket &b = buckets[i];
        if (b.count == 0)
            continue;
        if (b.firstStartUs > t1)
            break;
        ++m_f.stats.bucketsVisited;
        if (b.lastEndUs < t0)
            continue;
        // As drawn from the slices: each covers at least the pixel column it starts in.
        const int left = column(b.firstStartUs);
        const int right = std::max(column(b.lastStartUs) + 1, column(b.lastEndUs));
        if (pending.count > 0 && left < pending.right) {
            pending.right = std::max(pending.right, right);
            pending.count += b.count;
            if (b.longestUs > longest->longestUs)
                longest = &b;
            continue;
        }
        flush();
        pending = {};
        pending.left = left;
        pending.right = right;
        pending.count = b.count;
        longest = &b;
    }
    flush();
}

void BarPainter::addBar(const Lane &lane, const PendingRect &r, int y, int height)
{
    const int left = std::max(r.left, m_f.vp.plotLeft());
    const int right = std::min(r.right, m_f.vp.plotRight());
    if (right <= left)
        return;
    // A one-pixel gap keeps back-to-back bars of the same kernel apart once they are wide.
    const int gap = r.count == 1 && right - left >= 4 && r.right <= m_f.vp.plotRight() ? 1 : 0;
    // The longest slice's own part of the bar carries its label and its hint badge.
    const int labelLeft = std::max(r.longestLeft, m_f.vp.plotLeft());
    const int labelRight = std::min(r.longestRight, m_f.vp.plotRight()) - gap;
    const QRect longestBox(labelLeft, y, labelRight - labelLeft, height);
    const std::optional<HintBadge> badge = hintBadgeOf(lane, *r.longest, r.colour, longestBox);
    if (badge)
        m_hintBadges.push_back(*badge);
    const bool labelled =
        m_f.o.drawLabels && longestBox.width() >= m_f.o.minLabelWidthPx &&
        addLabel(lane, *r.longest, r.colour, badge ? longestBox.adjusted(0, 0, -badge->size, 0) : longestBox);
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
    if (r.count == 1 && m_f.o.drawSetupHeads && lane.kind == LaneKind::Worker)
        addSetupHead(lane, *r.longest, y, height, right - gap);
}

// The receive -> start part of an AICore bar, drawn over its head in a lighter shade.
void BarPainter::addSetupHead(const Lane &lane, const Slice &s, int y, int height, int barRight)
{
    const TaskRow *row = taskRowOf(m_f.c, lane, s);
    if (!row || !(row->flags & TaskRow::HasReceive) || row->startUs <= s.startUs)
        return;
    const int left = std::max(column(s.startUs), m_f.vp.plotLeft());
    const int right = std::min({column(row->startUs), barRight, m_f.vp.plotRight()});
    if (right - left < 1)
        return;
    const QRgb colour = headColourOf(m_lastBar.colour);
    if (m_composeBars)
        m_scanline.fill(left, right, colour); // over its bar, which is already in the scanline
    else
        m_heads.push_back({QRect(left, y, right - left, height), colour, false});
}

QRgb BarPainter::headColourOf(QRgb bar)
{
    auto it = m_headColours.constFind(bar);
    if (it == m_headColours.cend())
        it = m_headColours.insert(bar, setupHeadColour(bar));
    return *it;
}

// The badge of an AICore bar whose kernel has compiler hints, when the bar is wide enough. The
// bar's width is asked first: a zoomed-out frame's bars are too narrow and never get to the lookup.
std::optional<HintBadge> BarPainter::hintBadgeOf(const Lane &lane, const Slice &slice, QRgb colour,
                                                 const QRect &box) const
{
    if (!m_hintedKernels || box.width() < kMinHintBadgeBarPx || lane.kind != LaneKind::Worker)
        return std::nullopt;
    std::optional<HintBadge> badge = hintBadgeOn(box, colour);
    if (badge && !m_hintedKernels->marks(m_f.c, lane, slice))
        badge.reset();
    return badge;
}

// Returns whether a label fits.
bool BarPainter::addLabel(const Lane &lane, const Slice &slice, QRgb colour, const QRect &box)
{
    const QString text = barLabel(m_f.c, lane, slice, m_f.o.labelMode);
    if (text.isEmpty())
        return false;
    const int room = box.width() - 6;
    if (m_f.barText && m_f.barText->covers(text)) {
        const GlyphText::Fit fit = m_f.barText->fit(text, room);
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
void BarPainter::flushBars()
{
    if (!m_composeBars) {
        std::sort(m_bars.begin(), m_bars.end(),
                  [](const Bar &a, const Bar &b) { return a.colour < b.colour; });
        m_f.p.setPen(Qt::NoPen);
        std::vector<QRect> run;
        for (std::size_t i = 0; i < m_bars.size();) {
            const QRgb colour = m_bars[i].colour;
            run.clear();
            for (; i < m_bars.size() && m_bars[i].colour == colour; ++i)
                run.push_back(m_bars[i].rect);
            m_f.p.setBrush(QColor::fromRgb(colour));
            m_f.p.drawRects(run.data(), int(run.size()));
        }
    }
    m_f.stats.rectsDrawn = m_barsDrawn;
    for (const Bar &head : m_heads)
        m_f.fillOpaque(head.rect, QColor::fromRgb(head.colour));

    drawHintBadges();
    m_f.stats.hintBadgesDrawn = std::int64_t(m_hintBadges.size());
    drawLabels();
    m_f.stats.labelsDrawn = std::int64_t(m_labels.size());

    if (m_markers.empty())
        return;
    m_f.p.save();
    m_f.p.setRenderHint(QPainter::Antialiasing, true);
    for (const Marker &m : m_markers) {
        const double r = std::max(3.0, m.height * 0.32);
        const QPointF c = m.centre;
        const QPointF diamond[] = {
            {c.x(), c.y() - r}, {c.x() + r, c.y()}, {c.x(), c.y() + r}, {c.x() - r, c.y()}};
        const QColor fill = QColor::fromRgb(m.colour);
        m_f.p.setPen(QPen(fill.darker(150), 1));
        m_f.p.setBrush(fill);
        m_f.p.drawPolygon(diamond, 4);
    }
    m_f.p.restore();
    m_f.stats.markersDrawn = std::int64_t(m_markers.size());
}

// The hint badges collected and not drawn yet, over their bars.
void BarPainter::drawHintBadges()
{
    if (m_hintBadgesDrawn == m_hintBadges.size())
        return;
    if (m_f.target) {
        for (; m_hintBadgesDrawn < m_hintBadges.size(); ++m_hintBadgesDrawn)
            writeHintBadge(*m_f.target, m_hintBadges[m_hintBadgesDrawn]);
        return;
    }
    m_f.p.save(); // the badges' pen and brush stay theirs
    for (; m_hintBadgesDrawn < m_hintBadges.size(); ++m_hintBadgesDrawn)
        paintHintBadge(m_f.p, m_hintBadges[m_hintBadgesDrawn]);
    m_f.p.restore();
}

// The labels collected and not drawn yet, over their bars.
void BarPainter::drawLabels()
{
    if (m_labelsDrawn == m_labels.size())
        return;
    m_f.p.setFont(m_f.fonts.bar);
    // Positioned by hand: drawText into a rectangle lays the text out again on every call.
    const int ascent = m_barMetrics.ascent();
    const int descent = m_barMetrics.descent();
    for (; m_labelsDrawn < m_labels.size(); ++m_labelsDrawn) {
        const Label &label = m_labels[m_labelsDrawn];
        const QColor pen = textColourOn(label.background);
        const double x = label.box.left() + (label.box.width() - label.textWidth) / 2.0;
        const double baseline = label.box.top() + (label.box.height() + ascent - descent) / 2.0;
        if (label.fit.empty()) {
            m_f.p.setPen(pen);
            m_f.p.drawText(QPointF(x, baseline), label.text);
        } else if (m_f.target) {
            m_f.barText->blit(*m_f.target, QPointF(x, baseline), label.text, label.fit, pen.rgba(),
                              label.background);
        } else {
            m_f.p.setPen(pen);
            m_f.barText->draw(m_f.p, QPointF(x, baseline), label.text, label.fit);
        }
    }
}

} // namespace lanescope
