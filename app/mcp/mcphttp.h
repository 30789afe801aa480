#pragma once

#include <QStringList>
#include <QTextStream>

namespace lanescope {

// `lanescope mcp --http PORT`: the MCP server (mcpserver.h) over the protocol's Streamable HTTP
// transport, at http://127.0.0.1:PORT/mcp, until the process is stopped. Each POST carries one
// JSON-RPC message and gets its answer as application/json (202 with no body for a notification).
// It listens on the loopback address only, and refuses a request whose Origin is not a local page,
// as the transport requires against DNS rebinding. PORT 0 takes a free port; the address served
// is said on `err`. `args` are those after "mcp": "--http PORT". Exit 1 usage error, 2 when the port
// cannot be bound.
int runMcpHttpCommand(const QStringList &args, QTextStream &err);

} // namespace lanescope
