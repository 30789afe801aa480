#include "app/mcp/mcpserver.h"

#include "app/cli/infocommand.h"

namespace lanescope {

namespace {

using json = nlohmann::ordered_json;

// JSON-RPC 2.0's codes, and MCP's for a resource it does not know.
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kResourceNotFound = -32002;

// A request that cannot be answered with a result.
struct RpcError
{
    int code;
    std::string message;
};

constexpr char kCaptureUri[] = "lanescope://capture/";

json errorResponse(const nlohmann::json &id, int code, const std::string &message)
{
    return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

std::string line(const json &message)
{
    // No indentation: a message is one line. Text from a capture that is not UTF-8 is replaced,
    // never a reason to drop the answer.
    return message.dump(-1, ' ', false, json::error_handler_t::replace);
}

} // namespace

std::optional<std::string> McpServer::handleLine(const std::string &text)
{
    const nlohmann::json message = nlohmann::json::parse(text, nullptr, false);
    if (message.is_discarded())
        return line(errorResponse(nullptr, kParseError, "parse error: not JSON"));
    if (!message.is_object() || message.value("jsonrpc", nlohmann::json()) != "2.0" ||
        !message.contains("method") || !message["method"].is_string())
        return line(
            errorResponse(message.is_object() ? message.value("id", nlohmann::json()) : nlohmann::json(),
                          kInvalidRequest, "invalid request: a JSON-RPC 2.0 object with a method"));
    const bool notification = !message.contains("id");
    const nlohmann::json id = notification ? nlohmann::json() : message["id"];
    if (!notification && !id.is_string() && !id.is_number_integer())
        return line(
            errorResponse(nullptr, kInvalidRequest, "invalid request: id must be a string or an integer"));
    const nlohmann::json params = message.value("params", nlohmann::json::object());
    try {
        if (!params.is_object())
            throw RpcError{kInvalidParams, "params must be an object"};
        json result = handle(message["method"].get<std::string>(), params);
        if (notification)
            return std::nullopt;
        return line({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
    } catch (const RpcError &e) {
        if (notification)
            return std::nullopt; // a notification gets no answer, not even an error
        return line(errorResponse(id, e.code, e.message));
    }
}

json McpServer::handle(const std::string &method, const nlohmann::json &params)
{
    if (method == "initialize")
        return {
            {"protocolVersion", kProtocolVersion},
            {"capabilities", {{"tools", json::object()}, {"resources", json::object()}}},
            {"serverInfo", {{"name", "lanescope"}, {"title", "Lanescope"}, {"version", LANESCOPE_VERSION}}},
            {"instructions",
             "Open a PyPTO swimlane capture with open_capture, then ask with analyze, query (SQL), suggest, "
             "region, compare (two captures) and render (a picture)."}};
    if (method == "notifications/initialized" || method == "notifications/cancelled" || method == "ping")
        return json::object();
    if (method == "tools/list")
        return {{"tools", McpTools::list()}};
    if (method == "tools/call") {
        const auto name = params.find("name");
        if (name == params.end() || !name->is_string())
            throw RpcError{kInvalidParams, "tools/call needs a tool name"};
        json result =
            m_tools.call(name->get<std::string>(), params.value("arguments", nlohmann::json::object()));
        if (result.is_null())
            throw RpcError{kInvalidParams, "unknown tool: " + name->get<std::string>()};
        return result;
    }
    if (method == "resources/list") {
        json resources = json::array();
        for (const auto &entry : m_store.entries())
            resources.push_back({{"uri", kCaptureUri + entry->id.toStdString()},
                                 {"name", entry->id.toStdString()},
                                 {"title", entry->path.toStdString()},
                                 {"description", "the summary of an opened capture (lanescope info --json)"},
                                 {"mimeType", "application/json"}});
        return {{"resources", resources}};
    }
    if (method == "resources/read") {
        const auto uri = params.find("uri");
        if (uri == params.end() || !uri->is_string())
            throw RpcError{kInvalidParams, "resources/read needs a uri"};
        const std::string text = uri->get<std::string>();
        const std::string prefix = kCaptureUri;
        QString error;
        const CaptureStore::Entry *entry =
            text.starts_with(prefix)
                ? m_store.find(QString::fromStdString(text.substr(prefix.size())), &error)
                : nullptr;
        if (!entry)
            throw RpcError{kResourceNotFound, "resource not found: " + text};
        const json info = captureInfoJson(*entry->document, *entry->document->runs.defaultRun());
        return {{"contents",
                 json::array({{{"uri", text},
                               {"mimeType", "application/json"},
                               {"text", info.dump(2, ' ', false, json::error_handler_t::replace)}}})}};
    }
    throw RpcError{kMethodNotFound, "method not found: " + method};
}

} // namespace lanescope
