#pragma once

#include "app/mcp/capturestore.h"
#include "app/mcp/mcptools.h"

#include <optional>
#include <string>

namespace lanescope {

// The Model Context Protocol (revision 2025-06-18) over JSON-RPC 2.0, one message a line: what
// `lanescope mcp` answers on stdio. It knows the protocol, McpTools the questions.
class McpServer
{
public:
    static constexpr const char *kProtocolVersion = "2025-06-18";

    McpServer() : m_tools(m_store) {}

    // The answer to one line a client sent, none for a notification.
    std::optional<std::string> handleLine(const std::string &line);

private:
    nlohmann::ordered_json handle(const std::string &method, const nlohmann::json &params);

    CaptureStore m_store;
    McpTools m_tools;
};

} // namespace lanescope
