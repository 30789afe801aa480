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

// Short single-line text drawn without shaping. The glyphs and advances of the printable Latin-1
// characters (ASCII, and the like of "µ" and "·" that time labels use) are looked up once per font, so
// measuring, eliding and drawing a label cost a table lookup per character and one glyph-run draw, where
// QPainter::drawText shapes every string anew (tens of microseconds each, hundreds of labels per frame).
// Kerning is not applied: the text is measured and drawn with the same advances, so layout stays consistent.
// Text with other characters is not covered; callers draw it with QPainter::drawText. Only raster
// targets should take this path: on SVG a glyph run would lose the text itself.
class GlyphText
{
public:
    explicit GlyphText(const QFont &font);

    const QFont &font() const { return m_font; }
    // Whether every character is printable Latin-1 with a glyph in the font.
    bool covers(QStringView text) const;
    double width(QStringView text) const;
    double ascent() const { return m_ascent; }
    double descent() const { return m_descent; }

    // The longest prefix that fits in `room` (with an ellipsis after it when cut), or nothing.
    struct Fit
    {
        int chars = 0;         // characters of the text kept
        bool ellipsis = false; // an ellipsis follows them
        double width = 0;
        bool empty() const { return chars == 0; }
    };
    Fit fit(QStringView text, double room) const;

    // Draws the fitted text with its baseline starting at `origin`; uses the painter's pen.
    void draw(QPainter &p, QPointF origin, QStringView text, const Fit &fit) const;
    // The same, blended straight into a raster target from glyph masks rendered once per scale:
    // no per-glyph lookups in Qt's caches. Glyphs land on whole device pixels. `background` is the
    // colour most pixels under the text have (a bar's fill): those blend by one table lookup.
    void blit(const RasterTarget &target, QPointF origin, QStringView text, const Fit &fit, QRgb colour,
              QRgb background = 0) const;

private:
    static constexpr int kFirst = 32, kLast = 255; // 127-159 are control characters: not covered
    static int slot(QChar c) { return c.unicode() - kFirst; }
    static constexpr std::size_t kEllipsisSlot = kLast - kFirst + 1;

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
    // The masks of one scale, rendered on first use: a frame draws a few dozen distinct glyphs.
    struct ScaleMasks
    {
        int scale = 1;
        QRawFont raw;            // the font at this scale
        std::vector<Mask> masks; // index: slot, then the ellipsis
        std::vector<bool> rendered;
    };
    ScaleMasks &masksFor(int scale) const;
    const Mask &mask(ScaleMasks &scaled, std::size_t slot) const;
    mutable std::vector<ScaleMasks> m_masks;

    // The pen at every coverage, premultiplied, and what is kept of the pixel below: one lookup
    // per blended pixel instead of a multiplication; over the expected background, the result.
    struct PenTable
    {
        QRgb colour = 0;
        QRgb background = 0;
        bool valid = false;
        std::array<QRgb, 256> penAt{};
        std::array<uchar, 256> keepAt{}; // 255 - effective coverage
        std::array<QRgb, 256> over{};    // penAt + background * keepAt
    };
    const PenTable &penTableFor(QRgb colour, QRgb background) const;
    // Two text colours over a few dozen bar colours at most.
    mutable std::array<PenTable, 64> m_penTables;
    mutable std::size_t m_nextPenTable = 0;

    mutable std::vector<quint32> m_runGlyphs; // reused between draws
    mutable std::vector<QPointF> m_runPositions;
};

} // namespace lanescope
