/**
 * A fake arXiv on 127.0.0.1: the announcement feed (`/rss/<category>`, RSS 2.0 with `arxiv:announce_type`,
 * `dc:creator` and the "arXiv:ID vN Announce Type: … Abstract: …" description, as arXiv's RSS feed
 * specification shows it) and the export API (`/api/query`, Atom with opensearch totals, `search_query`
 * with `cat:` terms and a `submittedDate:[… TO …]` range, `id_list`, `start`, `max_results`, and arXiv's
 * error entry). It enforces the one-request-every-3-seconds rule (configurable): a request that comes too
 * soon after the previous one is answered 503 with Retry-After (or 403, as arXiv does to clients it blocks).
 * Holidays serve an empty channel; `failDay` makes a day answer 500. Every request is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { announcementTime, submissionWindow } from '../../../src/sources/arxiv/arxiv-calendar';
import type { AnnounceType } from '../../../src/sources/arxiv/arxiv-entry';

export interface FakeArxivEntry {
  id: string;
  version?: number;
  title?: string;
  abstract?: string;
  authors?: string[];
  /** Every category, primary first. */
  categories?: string[];
  announceType?: AnnounceType;
  /** v1 submission instant; defaults to inside the day's submission window. */
  submitted?: string;
  /** Served as written instead of a well-formed item (a malformed entry). */
  rawItem?: string;
}

export interface FakeArxivOptions {
  /** The rule the fake enforces, in ms (3000 like arXiv unless a test compresses it). */
  minIntervalMs?: number;
  /** How a request that comes too soon is answered. */
  tooSoonStatus?: 403 | 503;
  /** Retry-After (seconds) sent with a too-soon 503. */
  retryAfterSeconds?: number;
}

export interface FakeArxivRequest {
  at: number;
  path: string;
  userAgent: string;
  /** What the fake answered. */
  status: number;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const rfc822 = (day: string) => {
  const offset = announcementTime(day).slice(11, 13) === '00' ? '-0400' : '-0500';
  const date = new Date(`${day}T12:00:00Z`);
  const weekday = date.toUTCString().slice(0, 3);
  const [, dd, mon, yyyy] = date.toUTCString().split(' ');
  return `${weekday}, ${dd} ${mon} ${yyyy} 00:00:00 ${offset}`;
};

interface StoredEntry extends Required<Omit<FakeArxivEntry, 'rawItem'>> {
  rawItem: string | undefined;
  day: string;
}

export async function startFakeArxiv(options: FakeArxivOptions = {}) {
  let minIntervalMs = options.minIntervalMs ?? 3000;
  const requests: FakeArxivRequest[] = [];
  const days = new Map<string, StoredEntry[]>();
  const failing = new Set<string>();
  let currentDay: string | null = null;
  let latestDay: string | null = null;

  const key = (category: string, day: string) => `${category}|${day}`;

  function normalise(category: string, day: string, entry: FakeArxivEntry, index: number): StoredEntry {
    const type = entry.announceType ?? 'new';
    const replacement = type === 'replace' || type === 'replace-cross';
    const window = submissionWindow(day);
    return {
      id: entry.id,
      version: entry.version ?? (replacement ? 2 : 1),
      title: entry.title ?? `Paper ${entry.id}`,
      abstract: entry.abstract ?? `The abstract of ${entry.id}.`,
      authors: entry.authors ?? ['Ada Lovelace', 'Alan Turing'],
      categories:
        entry.categories ??
        (type === 'cross' || type === 'replace-cross' ? ['stat.ML', category] : [category]),
      announceType: type,
      // A replacement's v1 is long past; a new paper's falls in the day's window.
      submitted:
        entry.submitted ??
        (replacement
          ? '2025-01-15T12:00:00Z'
          : new Date(
              window.start.getTime() + ((index * 37_000) % (window.end.getTime() - window.start.getTime())),
            ).toISOString()),
      rawItem: entry.rawItem,
      day,
    };
  }

  function rssItem(entry: StoredEntry): string {
    if (entry.rawItem !== undefined) return entry.rawItem;
    const vid = `${entry.id}v${entry.version}`;
    return `    <item>
      <title>${escapeXml(entry.title)}</title>
      <link>https://arxiv.org/abs/${entry.id}</link>
      <description>arXiv:${vid} Announce Type: ${entry.announceType} 
Abstract: ${escapeXml(entry.abstract)}</description>
      <guid isPermaLink="false">oai:arXiv.org:${vid}</guid>
${entry.categories.map((name) => `      <category>${name}</category>`).join('\n')}
      <pubDate>${rfc822(entry.day)}</pubDate>
      <arxiv:announce_type>${entry.announceType}</arxiv:announce_type>
      <dc:rights>http://creativecommons.org/licenses/by/4.0/</dc:rights>
      <dc:creator>${escapeXml(entry.authors.join(', '))}</dc:creator>
    </item>`;
  }

  function feed(category: string): { status: number; body: string } {
    const day = currentDay ?? latestDay;
    if (day && failing.has(key(category, day))) return { status: 500, body: 'Internal Server Error' };
    const items = day ? (days.get(key(category, day)) ?? []) : [];
    const body = `<?xml version='1.0' encoding='UTF-8'?>
<rss xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" version="2.0">
  <channel>
    <title>${category} updates on arXiv.org</title>
    <link>http://rss.arxiv.org/rss/${category}</link>
    <description>${category} updates on the arXiv.org e-print archive.</description>
    <atom:link href="http://rss.arxiv.org/rss/${category}" rel="self" type="application/rss+xml"/>
    <docs>http://www.rssboard.org/rss-specification</docs>
    <language>en-us</language>
${day ? `    <pubDate>${rfc822(day)}</pubDate>\n` : ''}    <managingEditor>rss-help@arxiv.org</managingEditor>
    <skipDays>
      <day>Saturday</day>
      <day>Sunday</day>
    </skipDays>
${items.map(rssItem).join('\n')}
  </channel>
</rss>
`;
    return { status: 200, body };
  }

  function atomEntry(entry: StoredEntry): string {
    const vid = `${entry.id}v${entry.version}`;
    const primary = entry.categories[0] ?? 'cs.LG';
    return `  <entry>
    <id>http://arxiv.org/abs/${vid}</id>
    <updated>${entry.submitted.replace('.000', '')}</updated>
    <published>${entry.submitted.replace('.000', '')}</published>
    <title>${escapeXml(entry.title)}</title>
    <summary>${escapeXml(entry.abstract)}</summary>
${entry.authors.map((name) => `    <author>\n      <name>${escapeXml(name)}</name>\n    </author>`).join('\n')}
    <link href="http://arxiv.org/abs/${vid}" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/${vid}" rel="related" type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="${primary}" scheme="http://arxiv.org/schemas/atom"/>
${entry.categories.map((name) => `    <category term="${name}" scheme="http://arxiv.org/schemas/atom"/>`).join('\n')}
  </entry>`;
  }

  function atom(
    query: string,
    entries: StoredEntry[],
    total: number,
    start: number,
    perPage: number,
  ): string {
    return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query?${escapeXml(query)}" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: ${escapeXml(query)}</title>
  <id>http://arxiv.org/api/fake</id>
  <updated>2026-11-02T00:00:00-05:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${total}</opensearch:totalResults>
  <opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${start}</opensearch:startIndex>
  <opensearch:itemsPerPage xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${perPage}</opensearch:itemsPerPage>
${entries.map(atomEntry).join('\n')}
</feed>
`;
  }

  const errorFeed = (message: string) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">1</opensearch:totalResults>
  <entry>
    <id>http://arxiv.org/api/errors#${escapeXml(message.replace(/\s+/g, '_'))}</id>
    <title>Error</title>
    <summary>${escapeXml(message)}</summary>
    <author><name>arXiv api core</name></author>
  </entry>
</feed>
`;

  const stamp = (text: string) =>
    Date.parse(
      `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T${text.slice(8, 10)}:${text.slice(10, 12)}:00Z`,
    );

  function apiQuery(params: URLSearchParams): { status: number; body: string } {
    const query = params.toString();
    const all = [...days.values()].flat().filter((entry) => entry.rawItem === undefined);
    const idList = params.get('id_list');
    if (idList) {
      const ids = idList.split(',');
      const bad = ids.find((id) => !/^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})(v\d+)?$/.test(id));
      if (bad) return { status: 400, body: errorFeed(`incorrect id format for ${bad}`) };
      const found = ids.flatMap((id) => {
        const matches = all.filter((entry) => entry.id === id.replace(/v\d+$/, ''));
        return matches.length > 0 ? [matches[matches.length - 1] as StoredEntry] : [];
      });
      return { status: 200, body: atom(query, found, found.length, 0, found.length) };
    }
    const search = params.get('search_query') ?? '';
    const cats = [...search.matchAll(/cat:([^\s)]+)/g)].map((match) => match[1] as string);
    const range = /submittedDate:\[(\d{12}) TO (\d{12})\]/.exec(search);
    if (cats.length === 0 || !range?.[1] || !range[2])
      return { status: 400, body: errorFeed('malformed search_query') };
    const from = stamp(range[1]);
    const to = stamp(range[2]) + 59_999;
    for (const failed of failing) {
      const [category, day] = failed.split('|') as [string, string];
      const window = submissionWindow(day);
      if (cats.includes(category) && window.start.getTime() <= to && window.end.getTime() > from)
        return { status: 500, body: 'Internal Server Error' };
    }
    const byId = new Map<string, StoredEntry>();
    for (const entry of all) {
      const at = Date.parse(entry.submitted);
      if (at >= from && at <= to && entry.categories.some((name) => cats.includes(name)))
        byId.set(entry.id, entry);
    }
    const matches = [...byId.values()].sort((a, b) => a.submitted.localeCompare(b.submitted));
    const start = Number(params.get('start') ?? 0);
    const perPage = Math.min(Number(params.get('max_results') ?? 10), 2000);
    return {
      status: 200,
      body: atom(query, matches.slice(start, start + perPage), matches.length, start, perPage),
    };
  }

  function handle(request: IncomingMessage, response: ServerResponse) {
    const at = Date.now();
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const previous = requests[requests.length - 1];
    const record: FakeArxivRequest = {
      at,
      path: `${url.pathname}${url.search}`,
      userAgent: String(request.headers['user-agent'] ?? ''),
      status: 200,
    };
    requests.push(record);
    const answer = (status: number, body: string, headers: Record<string, string> = {}) => {
      record.status = status;
      response.writeHead(status, { 'content-type': 'application/xml; charset=utf-8', ...headers });
      response.end(body);
    };
    if (previous && at - previous.at < minIntervalMs) {
      if ((options.tooSoonStatus ?? 503) === 403) return answer(403, 'Forbidden: too many requests');
      return answer(503, 'Rate exceeded.', {
        'retry-after': String(options.retryAfterSeconds ?? Math.ceil(minIntervalMs / 1000)),
      });
    }
    const feedMatch = /^\/rss\/(.+)$/.exec(url.pathname);
    if (feedMatch?.[1]) {
      const category = decodeURIComponent(feedMatch[1]);
      if (!/^[a-z-]+(\.[A-Za-z-]+)?$/.test(category)) return answer(404, 'Not Found');
      const result = feed(category);
      return answer(result.status, result.body);
    }
    if (url.pathname === '/api/query') {
      const result = apiQuery(url.searchParams);
      return answer(result.status, result.body);
    }
    answer(404, 'Not Found');
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    feedBaseUrl: `${base}/rss`,
    apiBaseUrl: `${base}/api/query`,
    requests,
    /** The smallest gap between two consecutive requests' arrivals (Infinity with fewer than two). */
    minGapMs(): number {
      let min = Number.POSITIVE_INFINITY;
      for (let i = 1; i < requests.length; i++)
        min = Math.min(min, (requests[i] as FakeArxivRequest).at - (requests[i - 1] as FakeArxivRequest).at);
      return min;
    },
    /** What `category`'s mailing on `day` holds (an empty list is a holiday's empty feed). */
    setDay(category: string, day: string, entries: FakeArxivEntry[]) {
      days.set(
        key(category, day),
        entries.map((entry, index) => normalise(category, day, entry, index)),
      );
      if (!latestDay || day > latestDay) latestDay = day;
    },
    /** The day the feed serves now (arXiv's feed only ever has the latest mailing); default the latest set. */
    setCurrentDay(day: string | null) {
      currentDay = day;
    },
    /** `category` on `day` answers 500, in the feed and in API ranges that cover it. */
    failDay(category: string, day: string, fails = true) {
      if (fails) failing.add(key(category, day));
      else failing.delete(key(category, day));
    },
    setMinInterval(ms: number) {
      minIntervalMs = ms;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeArxiv = Awaited<ReturnType<typeof startFakeArxiv>>;
