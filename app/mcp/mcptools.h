#pragma once

#include "app/mcp/capturestore.h"

#include <nlohmann/json.hpp>
#include <string>

namespace lanescope {

// The tools `lanescope mcp` offers (docs in README "Agents (MCP)"): each answers what the CLI verb
// of the same question prints, computed by the same function, over the captures of `store`.
class McpTools
{
public:
    explicit McpTools(CaptureStore &store) : m_store(store) {}

    // The tools/list answer's "tools": names, descriptions, input and output JSON Schemas.
    static nlohmann::ordered_json list();
    // A tools/call result: structuredContent with a text copy, an image for render, or isError
    // with the CLI's one-line message. Null when no tool is called `name`.
    nlohmann::ordered_json call(const std::string &name, const nlohmann::json &arguments);

private:
    CaptureStore &m_store;
};

} // namespace lanescope
