#include "glyphtext.h"

#include "rastertarget.h"

#include <QGlyphRun>
#include <QImage>
#include <QPainter>
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
        if (u < kFirst || u > kLast || (u != ' ' && m_glyphs[std::size_t(slot(c))] == 0))
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

const std::vector<GlyphText::Mask> &GlyphText::masksFor(int scale) const
{
    for (const auto &[s, masks] : m_masks)
        if (s == scale)
            return masks;
    QRawFont raw = m_raw;
    raw.setPixelSize(m_raw.pixelSize() * scale);
    const int pad = 2 * scale;
    const int ascent = int(std::ceil(raw.ascent()));
    const int height = ascent + int(std::ceil(raw.descent())) + 2 * pad;
    std::vector<Mask> masks;
    auto render = [&](quint32 glyph, double advance) {
        Mask m;
        m.width = int(std::ceil(advance * scale)) + 2 * pad;
        m.height = height;
        m.left = -pad;
        m.top = -(pad + ascent);
        QImage image(m.width, m.height, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        {
            QPainter q(&image);
            q.setPen(Qt::black);
            QGlyphRun run;
            run.setRawFont(raw);
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
        m.left += ink.left();
        m.top += ink.top();
        m.width = ink.width();
        m.height = ink.height();
        m.alpha.resize(std::size_t(m.width * m.height));
        for (int y = 0; y < m.height; ++y) {
            const auto *line = reinterpret_cast<const QRgb *>(image.constScanLine(ink.top() + y));
            for (int x = 0; x < m.width; ++x)
                m.alpha[std::size_t(y * m.width + x)] = uchar(qAlpha(line[ink.left() + x]));
        }
        masks.push_back(std::move(m));
    };
    for (std::size_t i = 0; i < m_glyphs.size(); ++i)
        render(m_glyphs[i], m_advances[i]);
    render(m_ellipsisGlyph, m_ellipsisAdvance);
    m_masks.emplace_back(scale, std::move(masks));
    return m_masks.back().second;
}

void GlyphText::blit(const RasterTarget &target, QPointF origin, QStringView text, const Fit &fit, QRgb colour) const
{
    if (fit.empty())
        return;
    const std::vector<Mask> &masks = masksFor(target.scale);
    const double ox = origin.x() * target.scale + target.dx;
    const int baseline = int(std::lround(origin.y() * target.scale + target.dy));
    // The pen at every coverage, premultiplied: one lookup per pixel instead of a multiplication.
    const QRgb pen = qPremultiply(colour);
    const uint opacity = qAlpha(colour);
    std::array<QRgb, 256> penAt;
    std::array<uchar, 256> keepAt;  // 255 - effective coverage
    for (uint c = 0; c < 256; ++c) {
        const uint a = opacity == 255 ? c : byteMul(c, opacity);
        penAt[c] = argbMul(pen, a);
        keepAt[c] = uchar(255 - a);
    }
    auto blend = [&](const Mask &m, int left) {
        if (m.width == 0)
            return;  // a space
        const int x0 = left + m.left, y0 = baseline + m.top;
        const QRect box = QRect(x0, y0, m.width, m.height) & target.clip;
        const int n = box.width();
        for (int y = box.top(); y <= box.bottom(); ++y) {
            const uchar *coverage = m.alpha.data() + (y - y0) * m.width + (box.left() - x0);
            QRgb *dst = target.line(y) + box.left();
            for (int i = 0; i < n; ++i) {
                const uint c = coverage[i];
                if (c != 0)  // premultiplied source over
                    dst[i] = penAt[c] + argbMul(dst[i], keepAt[c]);
            }
        }
    };
    double x = 0;
    for (int i = 0; i < fit.chars; ++i) {
        const std::size_t s = std::size_t(slot(text[i]));
        blend(masks[s], int(std::lround(ox + x * target.scale)));
        x += m_advances[s];
    }
    if (fit.ellipsis)
        blend(masks.back(), int(std::lround(ox + x * target.scale)));
}

} // namespace lanescope
