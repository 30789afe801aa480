#pragma once

#include <QString>
#include <vector>

namespace lanescope {

enum class TimeUnit { Ns, Us, Ms, S };

// The unit in which a time of this magnitude (µs) reads naturally: 0.5 -> ns, 20 -> µs, 3000 -> ms.
TimeUnit naturalUnit(double magnitudeUs);

QString unitSuffix(TimeUnit unit); // "ns", "µs", "ms", "s"
double unitScaleUs(TimeUnit unit); // length of one unit in µs

// A duration or point in time for people: its natural unit, up to three decimals, trailing zeros
// dropped ("850 ns", "12.345 µs", "1.5 ms"). Every output that shows a time to a person uses it,
// so one time reads the same in the window, the command line and the reports.
QString formatDuration(double us);

// The unit of a table column of times: the natural unit of their median magnitude, so that the
// typical row reads naturally and the column compares at a glance (one unit per column). Non-finite
// values are ignored; µs when none is left.
TimeUnit columnUnit(std::vector<double> valuesUs);
// The decimals a column in that unit keeps: whole tenths of a nanosecond, thousandths otherwise.
int columnDecimals(TimeUnit unit);

} // namespace lanescope
