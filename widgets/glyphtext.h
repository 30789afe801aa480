#pragma once

#include <QFont>
#include <QRawFont>
#include <QRgb>
#include <QStringView>
#include <array>
#include <vector>

class QPainter;
class QPointF;

namespace lanescope {

struct RasterTarget;

// Short single-line text drawn without shaping. The glyphs and advances of the printable ASCII
// characters are looked up once per font, so measuring, eliding and drawing a label cost a table
// lookup per character and one glyph-run draw, where QPainter::drawText shapes every string anew
// (tens of microseconds each, hundreds of labels per frame). Kerning is not applied: the text is
// measured and drawn with the same advances, so layout stays consistent.
// Text with other characters is not covered; callers draw it with QPainter::drawText. Only raster
// targets should take this path: on SVG a glyph run would lose the text itself.
class GlyphText
{
public:
    explicit GlyphText(const QFont &font);

    const QFont &font() const { return m_font; }
    // Whether every character is printable ASCII with a glyph in the font.
    bool covers(QStringView text) const;
    double width(QStringView text) const;
    double ascent() const { return m_ascent; }
    double descent() const { return m_descent; }

    // The longest prefix that fits in `room` (with an ellipsis after it when cut), or nothing.
    struct Fit
    {
        int chars = 0;          // characters of the text kept
        bool ellipsis = false;  // an ellipsis follows them
        double width = 0;
        bool empty() const { return chars == 0; }
    };
    Fit fit(QStringView text, double room) const;

    // Draws the fitted text with its baseline starting at `origin`; uses the painter's pen.
    void draw(QPainter &p, QPointF origin, QStringView text, const Fit &fit) const;
    // The same, blended straight into a raster target from glyph masks rendered once per scale:
    // no per-glyph lookups in Qt's caches. Glyphs land on whole device pixels.
    void blit(const RasterTarget &target, QPointF origin, QStringView text, const Fit &fit, QRgb colour) const;

private:
    static constexpr int kFirst = 32, kLast = 126;
    static int slot(QChar c) { return c.unicode() - kFirst; }

    QFont m_font;
    QRawFont m_raw;
    std::array<quint32, kLast - kFirst + 1> m_glyphs{};
    std::array<double, kLast - kFirst + 1> m_advances{};
    quint32 m_ellipsisGlyph = 0;
    double m_ellipsisAdvance = 0;
    double m_ascent = 0, m_descent = 0;
    // Coverage of one glyph at one scale; (left, top) is its corner relative to the pen position
    // on the baseline, in device pixels.
    struct Mask
    {
        int left = 0, top = 0, width = 0, height = 0;
        std::vector<uchar> alpha;
    };
    const std::vector<Mask> &masksFor(int scale) const;  // index: slot, then the ellipsis
    mutable std::vector<std::pair<int, std::vector<Mask>>> m_masks;

    mutable std::vector<quint32> m_runGlyphs;    // reused between draws
    mutable std::vector<QPointF> m_runPositions;
};

} // namespace lanescope
