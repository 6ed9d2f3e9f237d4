import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../clock';

/** The day of the bundled sample: a real Daily Papers batch, captured from Hugging Face. */
export const demoDay = '2024-10-25';

const sample = JSON.parse(
  readFileSync(new URL('./sample-batch-2024-10-25.json', import.meta.url), 'utf8'),
) as Array<{ paper: { id: string } }>;

/**
 * A local stand-in for the Hugging Face API that serves the bundled batch, so `--demo` exercises the same
 * source code path as the real thing, offline. Listens on 127.0.0.1 only.
 */
export async function startDemoServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/api/daily_papers') {
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const page = Number(url.searchParams.get('p') ?? 0);
      // The demo's trending list is the sample day itself, already most upvoted first.
      const trending = url.searchParams.get('sort') === 'trending';
      const items = trending || url.searchParams.get('date') === demoDay ? sample : [];
      return send(200, items.slice(page * limit, (page + 1) * limit));
    }
    const paperId = /^\/api\/papers\/([^/]+)$/.exec(url.pathname)?.[1];
    const item = paperId
      ? sample.find((candidate) => candidate.paper.id === decodeURIComponent(paperId))
      : undefined;
    return item ? send(200, item.paper) : send(404, { error: 'Paper not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Demo time starts the morning after the sample day and then runs at normal speed. */
export function demoClock(realClock: Clock): Clock {
  const offset = Date.parse(`${demoDay}T00:00:00Z`) + 33 * 3600_000 - realClock.now().getTime();
  return { now: () => new Date(realClock.now().getTime() + offset) };
}
