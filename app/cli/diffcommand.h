#pragma once

#include <QStringList>
#include <QTextStream>

namespace lanescope {

// `lanescope diff BEFORE AFTER -o OUT.png|OUT.svg [--range START_US:END_US] [--width PX] [--run EPOCH]`:
// the Diff view of a pair, headless: Before above After, After's bars coloured by their change.
// Exit 0 ok, 1 usage error, 2 unreadable input or unwritable picture.
int runDiffCommand(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace lanescope
