// The official MCP TypeScript SDK client drives `lanescope mcp` over stdio, end to end: initialize,
// list the tools, open captures, query, analyze, compare and render. Every answer must equal what
// the CLI verb prints for the same question. Usage: node client.mjs LANESCOPE BEFORE AFTER WORKDIR
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [lanescope, before, after, workdir] = process.argv.slice(2);
if (!workdir) {
  console.error("usage: node client.mjs LANESCOPE BEFORE AFTER WORKDIR");
  process.exit(1);
}

const cli = (...args) => JSON.parse(execFileSync(lanescope, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));

const transport = new StdioClientTransport({ command: lanescope, args: ["mcp"], stderr: "inherit" });
const client = new Client({ name: "lanescope-test", version: "1.0.0" });
await client.connect(transport);

assert.equal(client.getServerVersion().name, "lanescope");
assert.ok(client.getServerCapabilities().tools);

const { tools } = await client.listTools();
assert.deepEqual(tools.map((t) => t.name).sort(),
  ["analyze", "compare", "open_capture", "query", "region", "render", "suggest"]);
for (const t of tools) {
  assert.equal(t.inputSchema.type, "object", t.name);
  assert.equal(t.outputSchema.type, "object", t.name);
}

// The SDK checks each structuredContent against the tool's outputSchema.
const call = async (name, args) => {
  const result = await client.callTool({ name, arguments: args });
  assert.ok(!result.isError, `${name}: ${JSON.stringify(result.content)}`);
  return result;
};

const opened = (await call("open_capture", { path: before })).structuredContent;
assert.deepEqual(opened.info, cli("info", before, "--json"));
assert.equal((await call("open_capture", { path: before })).structuredContent.capture, opened.capture);
const afterId = (await call("open_capture", { path: after })).structuredContent.capture;
assert.notEqual(afterId, opened.capture);

const sql = "SELECT name, COUNT(*) AS n, AVG(end_ts - start_ts) AS exec FROM task GROUP BY name ORDER BY name";
assert.deepEqual((await call("query", { capture: opened.capture, sql })).structuredContent,
  cli("query", before, sql, "--json"));

assert.deepEqual((await call("analyze", { capture: opened.capture })).structuredContent,
  cli("analyze", before, "--json"));

assert.deepEqual(
  (await call("compare", { before: opened.capture, after: afterId, technique: "01a" })).structuredContent,
  cli("compare", before, after, "--technique", "01a", "--json"));

const render = await call("render", { capture: opened.capture });
const image = render.content.find((c) => c.type === "image");
assert.equal(image.mimeType, "image/png");
const png = Buffer.from(image.data, "base64");
assert.equal(png.subarray(1, 4).toString("latin1"), "PNG");
// The PNG's IHDR holds its width and height.
assert.equal(png.readUInt32BE(16), render.structuredContent.width);
assert.equal(png.readUInt32BE(20), render.structuredContent.height);
execFileSync(lanescope, ["export", before, "-o", `${workdir}/export.png`], { stdio: "ignore" });
const { readFileSync } = await import("node:fs");
const exported = readFileSync(`${workdir}/export.png`);
assert.equal(exported.readUInt32BE(16), render.structuredContent.width);
assert.equal(exported.readUInt32BE(20), render.structuredContent.height);

const failed = await client.callTool({ name: "query", arguments: { capture: opened.capture, sql: "SELECT * FORM slice" } });
assert.equal(failed.isError, true);
assert.match(failed.content[0].text, /^lanescope query: near "FORM": syntax error/);

await client.close();
console.log("mcp client: every answer equals the CLI's");
