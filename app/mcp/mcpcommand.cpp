#include "app/mcp/mcpcommand.h"

#include "app/mcp/mcpserver.h"

#include <iostream>
#include <string>

namespace lanescope {

int runMcpCommand(const QStringList &args, QTextStream &err)
{
    if (!args.isEmpty()) {
        err << "lanescope mcp: unknown argument " << args.first() << '\n'
            << "usage: lanescope mcp [--http PORT]\n";
        return 1;
    }
    // stdout carries the protocol alone: what the verbs would say on it goes into tool results.
    std::ios::sync_with_stdio(false);
    McpServer server;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos)
            continue;
        if (const std::optional<std::string> answer = server.handleLine(line))
            std::cout << *answer << '\n' << std::flush;
    }
    return 0;
}

} // namespace lanescope
