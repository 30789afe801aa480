#include "widgets/text/timeformat.h"

namespace lanescope {

QString formatTime(double us, TimeUnit unit, int decimals)
{
    QString number = QString::number(us / unitScaleUs(unit), 'f', decimals);
    // A value that rounds to zero from below would read "-0.00".
    if (number.startsWith(u'-') && number.toDouble() == 0)
        number.remove(0, 1);
    return number + u' ' + unitSuffix(unit);
}

} // namespace lanescope
