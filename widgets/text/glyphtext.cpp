#include "widgets/text/glyphtext.h"

#include "widgets/render/rastertarget.h"

#include <QGlyphRun>
#include <QImage>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace lanescope {

GlyphText::GlyphText(const QFont &font) : m_font(font), m_raw(QRawFont::fromFont(font))
{
    if (!m_raw.isValid())
        return;
    std::array<QChar, kLast - kFirst + 1> chars{};
    for (int c = kFirst; c <= kLast; ++c)
        chars[std::size_t(c - kFirst)] = QChar(c);
    int count = int(chars.size());
    m_raw.glyphIndexesForChars(chars.data(), int(chars.size()), m_glyphs.data(), &count);
    std::array<QPointF, kLast - kFirst + 1> advances{};
    m_raw.advancesForGlyphIndexes(m_glyphs.data(), advances.data(), int(m_glyphs.size()));
    for (std::size_t i = 0; i < advances.size(); ++i)
        m_advances[i] = advances[i].x();
    const QChar ellipsis(0x2026);
    int one = 1;
    m_raw.glyphIndexesForChars(&ellipsis, 1, &m_ellipsisGlyph, &one);
    QPointF ellipsisAdvance;
    m_raw.advancesForGlyphIndexes(&m_ellipsisGlyph, &ellipsisAdvance, 1);
    m_ellipsisAdvance = ellipsisAdvance.x();
    m_ascent = m_raw.ascent();
    m_descent = m_raw.descent();
}

bool GlyphText::covers(QStringView text) const
{
    if (!m_raw.isValid() || m_ellipsisGlyph == 0)
        return false;
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        // Glyph 0 is the font's "missing" box: drawText would fall back to another font instead.
        if (u < kFirst || u > kLast || (u > 126 && u < 160) ||
            (u != ' ' && u != 0xa0 && m_glyphs[std::size_t(slot(c))] == 0))
            return false;
    }
    return true;
}

double GlyphText::width(QStringView text) const
{
    double w = 0;
    for (const QChar c : text)
        w += m_advances[std::size_t(slot(c))];
    return w;
}

GlyphText::Fit GlyphText::fit(QStringView text, double room) const
{
    const double whole = width(text);
    if (whole <= room)
        return {int(text.size()), false, whole};
    double w = 0;
    int n = 0;
    while (n < text.size() && w + m_advances[std::size_t(slot(text[n]))] + m_ellipsisAdvance <= room)
        w += m_advances[std::size_t(slot(text[n++]))];
    if (n == 0)
        return {};
    return {n, true, w + m_ellipsisAdvance};
}

void GlyphText::draw(QPainter &p, QPointF origin, QStringView text, const Fit &fit) const
{
    if (fit.empty())
        return;
    m_runGlyphs.clear();
    m_runPositions.clear();
    double x = 0;
    for (int i = 0; i < fit.chars; ++i) {
        const std::size_t s = std::size_t(slot(text[i]));
        m_runGlyphs.push_back(m_glyphs[s]);
        m_runPositions.emplace_back(x, 0);
        x += m_advances[s];
    }
    if (fit.ellipsis) {
        m_runGlyphs.push_back(m_ellipsisGlyph);
        m_runPositions.emplace_back(x, 0);
    }
    QGlyphRun run;
    run.setRawFont(m_raw);
    run.setRawData(m_runGlyphs.data(), m_runPositions.data(), int(m_runGlyphs.size()));
    p.drawGlyphRun(origin, run);
}

namespace {
// x * a / 255 for a byte x.
inline uint byteMul(uint x, uint a)
{
    const uint t = x * a + 128;
    return (t + (t >> 8)) >> 8;
}

// Every channel of a premultiplied pixel times a / 255, two channels per multiplication.
inline QRgb argbMul(QRgb x, uint a)
{
    uint rb = (x & 0xff00ff) * a;
    rb = ((rb + ((rb >> 8) & 0xff00ff) + 0x800080) >> 8) & 0xff00ff;
    uint ag = ((x >> 8) & 0xff00ff) * a;
    ag = (ag + ((ag >> 8) & 0xff00ff) + 0x800080) & 0xff00ff00;
    return ag | rb;
}
} // namespace

GlyphText::ScaleMasks &GlyphText::masksFor(int scale) const
{
    for (ScaleMasks &scaled : m_masks)
        if (scaled.scale == scale)
            return scaled;
    ScaleMasks scaled;
    scaled.scale = scale;
    scaled.raw = m_raw;
    scaled.raw.setPixelSize(m_raw.pixelSize() * scale);
    scaled.masks.resize(kEllipsisSlot + 1);
    scaled.rendered.resize(kEllipsisSlot + 1, false);
    m_masks.push_back(std::move(scaled));
    return m_masks.back();
}

const GlyphText::Mask &GlyphText::mask(ScaleMasks &scaled, std::size_t slot) const
{
    Mask &m = scaled.masks[slot];
    if (scaled.rendered[slot])
        return m;
    scaled.rendered[slot] = true;
    const quint32 glyph = slot == kEllipsisSlot ? m_ellipsisGlyph : m_glyphs[slot];
    const double advance = slot == kEllipsisSlot ? m_ellipsisAdvance : m_advances[slot];
    if (glyph == 0)
        return m; // nothing to draw (covers() keeps such characters away, bar the spaces)
    const int scale = scaled.scale;
    const int pad = 2 * scale;
    const int ascent = int(std::ceil(scaled.raw.ascent()));
    QImage image(int(std::ceil(advance * scale)) + 2 * pad,
                 ascent + int(std::ceil(scaled.raw.descent())) + 2 * pad,
                 QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter q(&image);
        q.setPen(Qt::black);
        QGlyphRun run;
        run.setRawFont(scaled.raw);
        const QPointF at(0, 0);
        run.setRawData(&glyph, &at, 1);
        q.drawGlyphRun(QPointF(pad, pad + ascent), run);
    }
    // Keep only the inked box: blending visits every pixel of a mask.
    QRect ink;
    for (int y = 0; y < image.height(); ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x)
            if (qAlpha(line[x]))
                ink |= QRect(x, y, 1, 1);
    }
    m.left = ink.left() - pad;
    m.top = ink.top() - (pad + ascent);
    m.width = ink.width();
    m.height = ink.height();
    m.alpha.resize(std::size_t(m.width * m.height));
    for (int y = 0; y < m.height; ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(image.constScanLine(ink.top() + y));
        for (int x = 0; x < m.width; ++x)
            m.alpha[std::size_t(y * m.width + x)] = uchar(qAlpha(line[ink.left() + x]));
    }
    return m;
}

// Labels come in few colours (dark or light text on a bar of one of a few dozen colours), and a
// table costs as much to build as blending a short label: keep the recent ones.
const GlyphText::PenTable &GlyphText::penTableFor(QRgb colour, QRgb background) const
{
    for (const PenTable &table : m_penTables)
        if (table.valid && table.colour == colour && table.background == background)
            return table;
    PenTable &table = m_penTables[m_nextPenTable];
    m_nextPenTable = (m_nextPenTable + 1) % m_penTables.size();
    const QRgb pen = qPremultiply(colour);
    const uint opacity = qAlpha(colour);
    for (uint c = 0; c < 256; ++c) {
        const uint a = opacity == 255 ? c : byteMul(c, opacity);
        table.penAt[c] = argbMul(pen, a);
        table.keepAt[c] = uchar(255 - a);
        table.over[c] = table.penAt[c] + argbMul(background, table.keepAt[c]);
    }
    table.colour = colour;
    table.background = background;
    table.valid = true;
    return table;
}

void GlyphText::blit(const RasterTarget &target, QPointF origin, QStringView text, const Fit &fit,
                     QRgb colour, QRgb background) const
{
    if (fit.empty())
        return;
    ScaleMasks &scaled = masksFor(target.scale);
    const double ox = origin.x() * target.scale + target.dx;
    const int baseline = qRound(origin.y() * target.scale + target.dy);
    const PenTable &pen = penTableFor(colour, background);
    const QRect &clip = target.clip;
    auto blend = [&](const Mask &m, int left) {
        const int x0 = left + m.left, y0 = baseline + m.top;
        const int boxLeft = std::max(x0, clip.left()), boxRight = std::min(x0 + m.width, clip.right() + 1);
        const int boxTop = std::max(y0, clip.top()), boxBottom = std::min(y0 + m.height, clip.bottom() + 1);
        const int n = boxRight - boxLeft;
        if (n <= 0)
            return; // a space, or outside the clip
        for (int y = boxTop; y < boxBottom; ++y) {
            const uchar *coverage = m.alpha.data() + (y - y0) * m.width + (boxLeft - x0);
            QRgb *dst = target.line(y) + boxLeft;
            // Premultiplied source over; over the expected background straight from the table. No
            // test for zero coverage: it keeps the pixel either way, and a third of a glyph's
            // pixels are empty in no pattern a branch predictor could learn.
            for (int i = 0; i < n; ++i) {
                const uint c = coverage[i];
                const QRgb below = dst[i];
                dst[i] = below == background ? pen.over[c] : pen.penAt[c] + argbMul(below, pen.keepAt[c]);
            }
        }
    };
    double x = 0;
    for (int i = 0; i < fit.chars; ++i) {
        const std::size_t s = std::size_t(slot(text[i]));
        blend(mask(scaled, s), qRound(ox + x * target.scale));
        x += m_advances[s];
    }
    if (fit.ellipsis)
        blend(mask(scaled, kEllipsisSlot), qRound(ox + x * target.scale));
}

} // namespace lanescope
