#pragma once

// Reads a Trace Event Format file or bytes for the trace tests, and names what came out.

#include "model/io/trace/tracereader.h"

#include <QStringList>
#include <memory>

namespace lanescope {

struct TraceRead
{
    bool ok = false;
    std::unique_ptr<Capture> capture = std::make_unique<Capture>();
    ReadError error;
};

inline TraceRead readTraceBytes(const QByteArray &json, const QString &name = QStringLiteral("trace.json"))
{
    TraceRead r;
    auto source = ByteSource::fromMemory(json, name);
    r.ok = readChromeTrace(*source, *r.capture, &r.error);
    return r;
}

inline TraceRead readTraceFixture(const QString &name)
{
    TraceRead r;
    auto source = ByteSource::open(QStringLiteral(LANESCOPE_FIXTURES "/traces/") + name, &r.error);
    if (source)
        r.ok = readChromeTrace(*source, *r.capture, &r.error);
    return r;
}

// "group/lane" of every lane, in display order.
inline QStringList traceLaneTitles(const Capture &c)
{
    QStringList out;
    for (const Lane &l : c.lanes)
        out << l.group + QLatin1Char('/') + l.name;
    return out;
}

inline int traceLaneIndex(const Capture &c, const QString &group, const QString &name)
{
    for (int i = 0; i < int(c.lanes.size()); ++i)
        if (c.lanes[i].group == group && c.lanes[i].name == name)
            return i;
    return -1;
}

inline QStringList traceSliceNames(const Capture &c, const Lane &lane)
{
    QStringList out;
    for (const Slice &s : lane.slices)
        out << c.strings.at(s.label);
    return out;
}

inline bool hasTraceWarning(const Capture &c, const QString &fragment)
{
    for (const QString &w : c.info.warnings)
        if (w.contains(fragment))
            return true;
    return false;
}

} // namespace lanescope
