/**
 * `serve` loads the MCP SDK on the first request to `/mcp`, not when it starts: the SDK and the
 * MCP server are about a third of the modules a start would load. A loader hook in the `serve`
 * process writes down every module of the SDK as it is loaded: none by the time the server has
 * printed its notes, and the first `/mcp` request then loads it and is answered as always (the
 * MCP suites test the answers themselves).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';
import { loadLog } from '../helpers/load-log.js';

const work = workDir();
let server: Server | undefined;

afterAll(async () => {
  await server?.stop();
  work.remove();
});

describe('serve and the MCP SDK', () => {
  it('loads the SDK on the first /mcp request, not at start', async () => {
    const loaded = loadLog(work, '@modelcontextprotocol/sdk');
    const fixture = work.write('fixture.json', { organizations: [{ name: 'Acme', apiKeys: [{ key: 'mcp-lazy-write-0123456789', scope: 'write' }], boards: [{ slug: 'features', name: 'Features' }] }] });
    server = await startServe(['--port', '0', '--fixture', fixture], work.dir, loaded.nodeArgs);
    await waitForLine(server, /^MCP: /);
    expect(server.lines.find((line) => line.startsWith('MCP: '))).toContain('/mcp  (Streamable HTTP');
    expect(loaded.read()).toBe('');

    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer mcp-lazy-write-0123456789' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'lazy', version: '1' } } }),
    });
    const answer = (await response.json()) as { result?: { serverInfo?: { name?: string } } };
    expect(response.status).toBe(200);
    expect(answer.result?.serverInfo?.name).toBe('feedback-board');
    expect(loaded.read()).toContain('@modelcontextprotocol/sdk/dist/esm/server/');
  });
});
