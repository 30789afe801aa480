#include "capture.h"

namespace lanescope {

QString formatName(CaptureFormat f)
{
    switch (f) {
    case CaptureFormat::ChipSwimlaneRecords:
        return QStringLiteral("chip_swimlane_records");
    case CaptureFormat::ChromeTrace:
        return QStringLiteral("chrome_trace");
    case CaptureFormat::HostLog:
        return QStringLiteral("strace_log");
    case CaptureFormat::ScopeStatsOnly:
        return QStringLiteral("scope_stats");
    }
    return {};
}

} // namespace lanescope
