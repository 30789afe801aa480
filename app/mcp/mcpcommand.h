#pragma once

#include <QStringList>
#include <QTextStream>

namespace lanescope {

// `lanescope mcp`: a Model Context Protocol server on stdin and stdout (mcpserver.h) until stdin
// closes, for agents to open captures and ask about them. Exit 0 at the end of input, 1 usage error.
int runMcpCommand(const QStringList &args, QTextStream &err);

} // namespace lanescope
