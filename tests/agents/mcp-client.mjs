// A real MCP client (the official TypeScript SDK's, pinned in package.json) for
// tests/cli/mcp.rs: starts the server command over stdio, offers the given roots, lists the
// tools, makes the calls in order and prints one JSON document:
//   {"server": {name, version}, "instructions": ..., "tools": [...], "results": [...]}
// Usage: node mcp-client.mjs SPEC_JSON, where SPEC_JSON is
//   {"command": PATH, "args": [...], "cwd": DIR, "roots": [URI...], "calls": [{name, arguments}...]}
// The server gets this process's environment (the test's hermetic one). Every request has a
// time limit and the whole run is bounded; the server is closed (and killed) at the end.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const REQUEST_TIMEOUT_MS = 30_000;
const RUN_TIMEOUT_MS = 90_000;

const spec = JSON.parse(process.argv[2]);
const timer = setTimeout(() => {
  console.error("mcp-client: the run took too long");
  process.exit(3);
}, RUN_TIMEOUT_MS);

const roots = spec.roots ?? [];
const client = new Client(
  { name: "git-checkpoint-tests", version: "1.0.0" },
  { capabilities: roots.length ? { roots: { listChanged: true } } : {} },
);
let rootsAsked = 0;
if (roots.length) {
  client.setRequestHandler(ListRootsRequestSchema, async () => {
    rootsAsked += 1;
    return { roots: roots.map((uri) => ({ uri, name: "repo" })) };
  });
}
const transport = new StdioClientTransport({
  command: spec.command,
  args: spec.args ?? [],
  cwd: spec.cwd,
  env: { ...process.env },
  stderr: "inherit",
});
await client.connect(transport, { timeout: REQUEST_TIMEOUT_MS });
const { tools } = await client.listTools(undefined, { timeout: REQUEST_TIMEOUT_MS });
const results = [];
for (const call of spec.calls ?? []) {
  results.push(await client.callTool(call, undefined, { timeout: REQUEST_TIMEOUT_MS }));
}
const out = {
  server: client.getServerVersion(),
  instructions: client.getInstructions(),
  protocol: transport.protocolVersion ?? null,
  roots_asked: rootsAsked,
  tools,
  results,
};
await client.close();
clearTimeout(timer);
process.stdout.write(JSON.stringify(out) + "\n");
