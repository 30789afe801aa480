#pragma once

#include <QString>
#include <QStringList>
#include <vector>

namespace lanescope {

enum class TimeUnit { Ns, Us, Ms, S };

// The unit in which a time of this magnitude (µs) reads naturally: 0.5 -> ns, 20 -> µs, 3000 -> ms.
TimeUnit naturalUnit(double magnitudeUs);

QString unitSuffix(TimeUnit unit); // "ns", "µs", "ms", "s"
double unitScaleUs(TimeUnit unit); // length of one unit in µs

// The one precision rule for times shown to a person, in the window, the command line and the
// reports alike. A time is written in a unit with a count of decimals, both never chosen per value
// but per set of times read together, so that neighbours line up ("1.116 ms" beside "1.120 ms",
// never "1.12 ms"):
// - the unit is the natural unit of the largest magnitude of the set;
// - the decimals are as many as the set needs (the most any of its values needs after trailing zeros
//   are dropped), at most maxTimeDecimals(unit): to the nanosecond in µs, ms and s, to a tenth of a
//   nanosecond in ns, which is as fine as the captures' clocks resolve;
// - ticks at a regular step (the ruler) take the decimals the step needs in that unit instead,
//   and anything shown beside them (the visible span) takes the ticks' precision.
// The digits are always fixed-point: never an exponent, never "-0".
struct TimePrecision
{
    TimeUnit unit = TimeUnit::Us;
    int decimals = 0;

    friend bool operator==(const TimePrecision &, const TimePrecision &) = default;
};

int maxTimeDecimals(TimeUnit unit);
// The precision of times read together (non-finite values are ignored; µs, no decimals, if none is left).
TimePrecision sharedTimePrecision(const std::vector<double> &valuesUs);
// The precision of ticks `stepUs` apart around `magnitudeUs`: the natural unit of the magnitude, or
// a smaller one when the step would need more than three decimals in it.
TimePrecision stepTimePrecision(double stepUs, double magnitudeUs);

// `us` in that precision with its suffix: "1.120 ms". Non-finite values are "?".
QString formatTime(double us, TimePrecision precision);
// Times read together ("Start", "End"; the ends of a range), in their shared precision.
QStringList formatTimes(const std::vector<double> &valuesUs);

// A duration or point in time read alone: sharedTimePrecision of itself ("850 ns", "12.345 µs",
// "1.5 ms"). Every output that shows a time to a person uses it or formatTimes.
QString formatDuration(double us);

// The unit of a table column of times: the natural unit of their median magnitude, so that the
// typical row reads naturally and the column compares at a glance (one unit per column). Non-finite
// values are ignored; µs when none is left.
TimeUnit columnUnit(std::vector<double> valuesUs);
// The decimals a column in that unit keeps: maxTimeDecimals(unit), so a column and a reading of one
// time agree.
int columnDecimals(TimeUnit unit);

} // namespace lanescope
