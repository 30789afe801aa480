#include "jsoncursor.h"

#include <array>
#include <charconv>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace lanescope {

namespace {
constexpr std::size_t kRefillBytes = 1 << 20;
constexpr std::size_t kMaxNumberChars = 64;
constexpr std::uint8_t kObject = 1;
constexpr std::uint8_t kFirst = 2;

constexpr bool isNumberChar(char c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// What a skipped byte can be, by table rather than by a chain of comparisons.
enum class SkipClass : std::uint8_t { Invalid, Plain, Quote, Open, Close, Literal };

constexpr std::array<SkipClass, 256> makeSkipClasses()
{
    std::array<SkipClass, 256> t{};
    for (int c = 0; c < 256; ++c) {
        const char ch = char(c);
        if (isNumberChar(ch) || ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t' || ch == ',' || ch == ':')
            t[std::size_t(c)] = SkipClass::Plain;
    }
    t['"'] = SkipClass::Quote;
    t['{'] = t['['] = SkipClass::Open;
    t['}'] = t[']'] = SkipClass::Close;
    t['t'] = t['f'] = t['n'] = SkipClass::Literal;
    return t;
}
constexpr std::array<SkipClass, 256> kSkipClasses = makeSkipClasses();

// The bytes that end a run of plain string content.
constexpr std::array<bool, 256> makeStringStops()
{
    std::array<bool, 256> t{};
    t['"'] = t['\\'] = true;
    return t;
}
constexpr std::array<bool, 256> kStringStops = makeStringStops();

// The first quote or backslash in [p, limit), or limit. Sixteen bytes at a time where the
// processor has SSE2 (every x86-64 does): most of deps.json is strings, keys and ids alike.
const char *findStringStop(const char *p, const char *limit)
{
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    for (; limit - p >= 16; p += 16) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
        const int stops =
            _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(bytes, quote), _mm_cmpeq_epi8(bytes, backslash)));
        if (stops != 0)
            return p + __builtin_ctz(unsigned(stops));
    }
#endif
    while (p < limit && !kStringStops[std::uint8_t(*p)])
        ++p;
    return p;
}

// Eight ASCII digits at p as a number, or false when one of them is not a digit: eight digits in one
// word's arithmetic rather than eight steps (cycle counts have twelve). The first digit is the
// word's lowest byte where the processor is little-endian; elsewhere digit by digit.
bool eightDigits(const char *p, std::uint64_t &value)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    std::uint64_t word;
    std::memcpy(&word, p, sizeof word);
    // Every byte is 0x30..0x39: its high nibble is 3, and adding 6 leaves it 3.
    if (((word & 0xF0F0F0F0F0F0F0F0u) | (((word + 0x0606060606060606u) & 0xF0F0F0F0F0F0F0F0u) >> 4)) !=
        0x3333333333333333u)
        return false;
    word -= 0x3030303030303030u;
    word = word * 10 + (word >> 8); // pairs of digits
    constexpr std::uint64_t kLowPairs = 0x000000FF000000FFu;
    word = (((word & kLowPairs) * (100 + (1000000ull << 32))) +
            (((word >> 16) & kLowPairs) * (1 + (10000ull << 32)))) >>
           32;
    value = word;
    return true;
#else
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) {
        if (unsigned(p[i] - '0') >= 10u)
            return false;
        v = v * 10 + std::uint64_t(p[i] - '0');
    }
    value = v;
    return true;
#endif
}

void appendUtf8(std::string &out, std::uint32_t cp)
{
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}
} // namespace

JsonCursor::JsonCursor(ByteSource &source, const LoadControl *control)
    : m_source(source), m_control(control), m_buf(kRefillBytes + kMaxNumberChars)
{
}

bool JsonCursor::refill()
{
    if (m_eof || !ok())
        return false;
    if (m_control && m_control->cancelled()) {
        m_cancelled = true;
        fail(loadCancelledMessage());
        return false;
    }
    // Keep the unread tail, drop what was consumed.
    const std::size_t keep = m_end - m_pos;
    if (m_pos > 0) {
        std::memmove(m_buf.data(), m_buf.data() + m_pos, keep);
        m_base += std::int64_t(m_pos);
        m_pos = 0;
        m_end = keep;
    }
    if (m_buf.size() - m_end < kRefillBytes / 2)
        m_buf.resize(m_buf.size() * 2);
    const auto n = m_source.read(m_buf.data() + m_end, std::int64_t(m_buf.size() - m_end));
    if (n < 0) {
        fail(m_source.error());
        return false;
    }
    if (n == 0) {
        m_eof = true;
        return false;
    }
    m_end += std::size_t(n);
    // A UTF-8 byte-order mark is not JSON, but editors on some systems write one.
    if (m_base == 0 && m_pos == 0 && m_end >= 3 && std::memcmp(m_buf.data(), "\xEF\xBB\xBF", 3) == 0)
        m_pos = 3;
    if (m_control && m_control->progress && (++m_refills & 7) == 0)
        m_control->progress(m_source.rawPosition(), m_source.rawSize());
    return true;
}

bool JsonCursor::continueAt(std::int64_t offset)
{
    if (!ok())
        return false;
    if (!m_source.seek(offset))
        return fail(QStringLiteral("cannot read on at byte %1").arg(offset));
    m_pos = m_end = 0;
    m_base = offset;
    m_eof = false;
    m_stack.assign(1, kObject);
    return true;
}

void JsonCursor::adoptFailure(const JsonCursor &other)
{
    if (other.ok() || !ok())
        return;
    m_error = other.m_error;
    m_errorOffset = other.m_errorOffset;
    m_truncated = other.m_truncated;
    m_cancelled = other.m_cancelled;
}

bool JsonCursor::ensure(std::size_t n)
{
    while (m_end - m_pos < n) {
        if (!refill())
            return m_end - m_pos >= n;
    }
    return true;
}

bool JsonCursor::fail(const QString &message, std::int64_t at)
{
    if (m_error.isEmpty()) {
        m_error = message;
        m_errorOffset = at >= 0 ? at : offset();
    }
    return false;
}

bool JsonCursor::failTruncated(const char *what)
{
    if (!ok())
        return false;
    m_truncated = true;
    return fail(QStringLiteral("unexpected end of input %1").arg(QLatin1String(what)));
}

ReadError JsonCursor::error() const
{
    return {m_source.path(), m_errorOffset, -1, m_error};
}

bool JsonCursor::skipWhitespaceSlow()
{
    for (;;) {
        while (m_pos < m_end && isSpace(m_buf[m_pos]))
            ++m_pos;
        if (m_pos < m_end)
            return true;
        if (!refill())
            return false;
    }
}

bool JsonCursor::atEnd()
{
    return ok() && !skipWhitespace();
}

JsonCursor::Type JsonCursor::peek()
{
    if (!ok())
        return Type::Invalid;
    if (!skipWhitespace())
        return ok() ? Type::EndOfInput : Type::Invalid;
    switch (m_buf[m_pos]) {
    case '{':
        return Type::Object;
    case '[':
        return Type::Array;
    case '"':
        return Type::String;
    case 't':
    case 'f':
        return Type::Bool;
    case 'n':
        return Type::Null;
    default:
        return isNumberChar(m_buf[m_pos]) ? Type::Number : Type::Invalid;
    }
}

void JsonCursor::push(bool isObject)
{
    m_stack.push_back(std::uint8_t((isObject ? kObject : 0) | kFirst));
}

bool JsonCursor::enterObject()
{
    const Type t = peek();
    if (t != Type::Object)
        return t == Type::EndOfInput ? failTruncated("where an object was expected")
                                     : fail(QStringLiteral("expected an object"));
    if (m_stack.size() >= kMaxDepth)
        return fail(QStringLiteral("nesting deeper than %1 levels").arg(kMaxDepth));
    ++m_pos;
    push(true);
    return true;
}

bool JsonCursor::enterArray()
{
    const Type t = peek();
    if (t != Type::Array)
        return t == Type::EndOfInput ? failTruncated("where an array was expected")
                                     : fail(QStringLiteral("expected an array"));
    if (m_stack.size() >= kMaxDepth)
        return fail(QStringLiteral("nesting deeper than %1 levels").arg(kMaxDepth));
    ++m_pos;
    push(false);
    return true;
}

bool JsonCursor::nextElement()
{
    if (!ok() || m_stack.empty() || (m_stack.back() & kObject))
        return ok() ? fail(QStringLiteral("internal: nextElement outside an array")) : false;
    if (!skipWhitespace())
        return failTruncated("inside an array");
    const char c = m_buf[m_pos];
    if (c == ']') {
        ++m_pos;
        m_stack.pop_back();
        return false;
    }
    if (m_stack.back() & kFirst) {
        m_stack.back() &= ~kFirst;
        return true;
    }
    if (c != ',')
        return fail(QStringLiteral("expected ',' or ']' in an array"));
    ++m_pos;
    if (!skipWhitespace())
        return failTruncated("after ','");
    return true;
}

bool JsonCursor::nextMember(std::string &key)
{
    if (!ok() || m_stack.empty() || !(m_stack.back() & kObject))
        return ok() ? fail(QStringLiteral("internal: nextMember outside an object")) : false;
    if (!skipWhitespace())
        return failTruncated("inside an object");
    char c = m_buf[m_pos];
    if (c == '}') {
        ++m_pos;
        m_stack.pop_back();
        return false;
    }
    if (m_stack.back() & kFirst) {
        m_stack.back() &= ~kFirst;
    } else {
        if (c != ',')
            return fail(QStringLiteral("expected ',' or '}' in an object"));
        ++m_pos;
        if (!skipWhitespace())
            return failTruncated("after ','");
    }
    if (m_buf[m_pos] != '"')
        return fail(QStringLiteral("expected a member name"));
    if (!readString(key))
        return false;
    if (!skipWhitespace())
        return failTruncated("after a member name");
    if (m_buf[m_pos] != ':')
        return fail(QStringLiteral("expected ':' after a member name"));
    ++m_pos;
    if (!skipWhitespace())
        return failTruncated("after ':'");
    return true;
}

bool JsonCursor::scanNumber(const char *&begin, const char *&end)
{
    if (!skipWhitespace())
        return failTruncated("where a number was expected");
    ensure(kMaxNumberChars);
    begin = m_buf.data() + m_pos;
    const char *limit = m_buf.data() + m_end;
    const char *p = begin;
    while (p < limit && isNumberChar(*p))
        ++p;
    if (p == begin)
        return fail(QStringLiteral("expected a number"));
    if (p == limit && !m_eof)
        return fail(QStringLiteral("number is too long"));
    end = p;
    return true;
}

bool JsonCursor::readUInt64(std::uint64_t &v)
{
    // Fast path for the row streams: up to 19 plain digits followed by a delimiter, with the
    // whole token in the buffer (anything else takes the general path below).
    if (skipWhitespace() && m_end - m_pos > 20) {
        const char *p = m_buf.data() + m_pos;
        std::uint64_t u = 0;
        int digits = 0;
        for (std::uint64_t eight = 0; digits + 8 <= 19 && eightDigits(p + digits, eight); digits += 8)
            u = u * 100000000u + eight;
        while (digits < 19 && unsigned(p[digits] - '0') < 10u)
            u = u * 10 + std::uint64_t(p[digits++] - '0');
        if (digits > 0 && !isNumberChar(p[digits])) {
            v = u;
            m_pos += std::size_t(digits);
            return true;
        }
    }
    const char *b, *e;
    if (!scanNumber(b, e))
        return false;
    const bool negative = *b == '-';
    const char *digits = negative ? b + 1 : b;
    std::uint64_t u = 0;
    auto [p, ec] = std::from_chars(digits, e, u);
    if (ec == std::errc::result_out_of_range)
        return fail(QStringLiteral("integer does not fit in 64 bits"));
    if (ec != std::errc() || p != e || digits == e) {
        // Integral values written as floats (1.0, 2e3) are accepted when exact.
        double d = 0;
        auto [pd, ecd] = std::from_chars(b, e, d);
        if (ecd != std::errc() || pd != e || d != d || d < -9.3e18 || d > 1.8e19 ||
            double(std::int64_t(d)) != d)
            return fail(QStringLiteral("expected an integer"));
        v = d < 0 ? std::uint64_t(std::int64_t(d)) : std::uint64_t(d);
        m_pos += std::size_t(e - b);
        return true;
    }
    v = negative ? (~u + 1) : u;
    m_pos += std::size_t(e - b);
    return true;
}

bool JsonCursor::readInt64(std::int64_t &v)
{
    const char *b, *e;
    if (!scanNumber(b, e))
        return false;
    auto [p, ec] = std::from_chars(b, e, v);
    if (ec == std::errc::result_out_of_range)
        return fail(QStringLiteral("integer does not fit in 64 bits"));
    if (ec != std::errc() || p != e) {
        double d = 0;
        auto [pd, ecd] = std::from_chars(b, e, d);
        if (ecd != std::errc() || pd != e || d != d || d < -9.2e18 || d > 9.2e18 ||
            double(std::int64_t(d)) != d)
            return fail(QStringLiteral("expected an integer"));
        v = std::int64_t(d);
    }
    m_pos += std::size_t(e - b);
    return true;
}

bool JsonCursor::readDouble(double &v)
{
    const char *b, *e;
    if (!scanNumber(b, e))
        return false;
    const char *start = (*b == '+') ? b + 1 : b;
    auto [p, ec] = std::from_chars(start, e, v);
    if (ec == std::errc::result_out_of_range)
        return fail(QStringLiteral("number out of range"));
    if (ec != std::errc() || p != e)
        return fail(QStringLiteral("malformed number"));
    m_pos += std::size_t(e - b);
    return true;
}

bool JsonCursor::readNumberText(std::string &v)
{
    const char *b, *e;
    if (!scanNumber(b, e))
        return false;
    v.assign(b, e);
    m_pos += std::size_t(e - b);
    return true;
}

bool JsonCursor::readString(std::string &v)
{
    if (!skipWhitespace())
        return failTruncated("where a string was expected");
    if (m_buf[m_pos] != '"')
        return fail(QStringLiteral("expected a string"));
    ++m_pos;
    v.clear();
    for (;;) {
        const char *p = m_buf.data() + m_pos;
        const char *limit = m_buf.data() + m_end;
        const char *q = findStringStop(p, limit);
        v.append(p, std::size_t(q - p));
        m_pos += std::size_t(q - p);
        if (q == limit) {
            if (!refill())
                return failTruncated("inside a string");
            continue;
        }
        if (*q == '"') {
            ++m_pos;
            return true;
        }
        // Escape sequence.
        if (!ensure(2))
            return failTruncated("inside a string escape");
        const char esc = m_buf[m_pos + 1];
        m_pos += 2;
        switch (esc) {
        case '"':
            v += '"';
            break;
        case '\\':
            v += '\\';
            break;
        case '/':
            v += '/';
            break;
        case 'b':
            v += '\b';
            break;
        case 'f':
            v += '\f';
            break;
        case 'n':
            v += '\n';
            break;
        case 'r':
            v += '\r';
            break;
        case 't':
            v += '\t';
            break;
        case 'u': {
            auto hex4 = [this](std::uint32_t &cp) {
                if (!ensure(4))
                    return failTruncated("inside a \\u escape");
                cp = 0;
                auto [p2, ec] = std::from_chars(m_buf.data() + m_pos, m_buf.data() + m_pos + 4, cp, 16);
                if (ec != std::errc() || p2 != m_buf.data() + m_pos + 4)
                    return fail(QStringLiteral("malformed \\u escape"));
                m_pos += 4;
                return true;
            };
            std::uint32_t cp = 0;
            if (!hex4(cp))
                return false;
            if (cp >= 0xD800 && cp <= 0xDBFF && ensure(6) && m_buf[m_pos] == '\\' &&
                m_buf[m_pos + 1] == 'u') {
                m_pos += 2;
                std::uint32_t lo = 0;
                if (!hex4(lo))
                    return false;
                cp =
                    (lo >= 0xDC00 && lo <= 0xDFFF) ? 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00) : 0xFFFD;
            } else if (cp >= 0xD800 && cp <= 0xDFFF) {
                cp = 0xFFFD;
            }
            appendUtf8(v, cp);
            break;
        }
        default:
            return fail(QStringLiteral("invalid escape in a string"));
        }
    }
}

bool JsonCursor::expectLiteral(const char *lit, std::size_t len)
{
    if (!ensure(len))
        return failTruncated("inside a literal");
    if (std::memcmp(m_buf.data() + m_pos, lit, len) != 0)
        return fail(QStringLiteral("invalid literal"));
    m_pos += len;
    return true;
}

bool JsonCursor::readBool(bool &v)
{
    const Type t = peek();
    if (t != Type::Bool)
        return t == Type::EndOfInput ? failTruncated("where a boolean was expected")
                                     : fail(QStringLiteral("expected true or false"));
    v = m_buf[m_pos] == 't';
    return v ? expectLiteral("true", 4) : expectLiteral("false", 5);
}

bool JsonCursor::readNull()
{
    const Type t = peek();
    if (t != Type::Null)
        return t == Type::EndOfInput ? failTruncated("where null was expected")
                                     : fail(QStringLiteral("expected null"));
    return expectLiteral("null", 4);
}

bool JsonCursor::readUInt64Flexible(std::uint64_t &v)
{
    const Type t = peek();
    if (t == Type::Number)
        return readUInt64(v);
    if (t != Type::String)
        return t == Type::EndOfInput ? failTruncated("where an id was expected")
                                     : fail(QStringLiteral("expected an id (number or decimal string)"));
    const auto at = offset();
    if (!readString(m_scratch))
        return false;
    const char *b = m_scratch.data();
    const char *e = b + m_scratch.size();
    const bool negative = b != e && *b == '-';
    std::uint64_t u = 0;
    auto [p, ec] = std::from_chars(negative ? b + 1 : b, e, u);
    if (ec != std::errc() || p != e || m_scratch.empty())
        return fail(QStringLiteral("expected a decimal id string, got \"%1\"")
                        .arg(QString::fromStdString(m_scratch.substr(0, 40))),
                    at);
    v = negative ? (~u + 1) : u;
    return true;
}

bool JsonCursor::skipStringBody()
{
    // Called just past the opening quote; leaves the cursor past the closing one.
    for (;;) {
        const char *p = m_buf.data() + m_pos;
        const char *limit = m_buf.data() + m_end;
        p = findStringStop(p, limit);
        m_pos = std::size_t(p - m_buf.data());
        if (p == limit) {
            if (!refill())
                return failTruncated("inside a string");
            continue;
        }
        if (*p == '"') {
            ++m_pos;
            return true;
        }
        if (!ensure(2))
            return failTruncated("inside a string escape");
        m_pos += 2;
    }
}

bool JsonCursor::skip()
{
    const Type t = peek();
    switch (t) {
    case Type::String:
        ++m_pos;
        return skipStringBody();
    case Type::Number: {
        const char *b, *e;
        if (!scanNumber(b, e))
            return false;
        m_pos += std::size_t(e - b);
        return true;
    }
    case Type::Bool: {
        bool b;
        return readBool(b);
    }
    case Type::Null:
        return readNull();
    case Type::EndOfInput:
        return failTruncated("where a value was expected");
    case Type::Invalid:
        return ok() ? fail(QStringLiteral("unexpected character")) : false;
    case Type::Object:
    case Type::Array:
        break;
    }
    std::string open; // closing bracket expected at each level
    return skipNested(open);
}

bool JsonCursor::leave()
{
    if (!ok() || m_stack.empty())
        return ok() ? fail(QStringLiteral("internal: leave outside a container")) : false;
    std::string open(1, (m_stack.back() & kObject) ? '}' : ']');
    m_stack.pop_back();
    // The container's own opening bracket was consumed: the scan starts inside it.
    return skipNested(open);
}

bool JsonCursor::skipNested(std::string &open)
{
    // Skipped values are scanned for their extent (strings, matching brackets, valid literals and
    // characters) without checking the order of tokens, which is several times faster than
    // parsing them: deps.json is mostly argument detail nobody draws. Runs of separators and number
    // characters, the bulk of it, are passed by one table lookup a byte.
    const std::size_t room = kMaxDepth - std::min<std::size_t>(m_stack.size(), kMaxDepth);
    for (;;) {
        const char *data = m_buf.data();
        const char *p = data + m_pos;
        const char *limit = data + m_end;
        while (p < limit && kSkipClasses[std::uint8_t(*p)] == SkipClass::Plain)
            ++p;
        m_pos = std::size_t(p - data);
        if (p == limit) {
            if (!refill())
                return failTruncated("inside a skipped value");
            continue;
        }
        const char ch = *p;
        switch (kSkipClasses[std::uint8_t(ch)]) {
        case SkipClass::Quote:
            ++m_pos;
            if (!skipStringBody())
                return false;
            continue;
        case SkipClass::Open:
            if (open.size() >= room)
                return fail(QStringLiteral("nesting deeper than %1 levels").arg(kMaxDepth));
            open.push_back(ch == '{' ? '}' : ']');
            break;
        case SkipClass::Close:
            if (open.empty() || open.back() != ch)
                return fail(QStringLiteral("mismatched '%1'").arg(QLatin1Char(ch)));
            open.pop_back();
            if (open.empty()) {
                ++m_pos;
                return true;
            }
            break;
        case SkipClass::Literal:
            if (!(ch == 't'   ? expectLiteral("true", 4)
                  : ch == 'f' ? expectLiteral("false", 5)
                              : expectLiteral("null", 4)))
                return false;
            continue;
        case SkipClass::Invalid:
        case SkipClass::Plain:
            return fail(QStringLiteral("unexpected character"));
        }
        ++m_pos;
    }
}

} // namespace lanescope
