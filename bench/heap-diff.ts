/**
 * Compares two V8 heap snapshots (`.heapsnapshot`, as `bench:soak --snapshots DIR` writes them) by
 * constructor: how many objects of each and their self size in the first and the second, and the change.
 * Prints the 20 constructors whose self size grew most (and, below, the 20 whose count grew most).
 * Constructors are named as DevTools' Summary view names them: an object by its class, anything else by
 * its kind in parentheses, `(string)`, `(closure)`, `(array)`, `(compiled code)`.
 *
 *   npx tsx bench/heap-diff.ts early.heapsnapshot late.heapsnapshot [--top 20]
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

interface Tally {
  count: number;
  size: number;
}

/** Count and self size per constructor. */
export function tallyByConstructor(snapshot: Snapshot): Map<string, Tally> {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const tallies = new Map<string, Tally>();
  for (let node = 0; node < snapshot.nodes.length; node += width) {
    const type = types[snapshot.nodes[node + typeAt] as number] ?? 'unknown';
    const name =
      type === 'object' || type === 'native'
        ? (snapshot.strings[snapshot.nodes[node + nameAt] as number] ?? '?')
        : `(${type === 'code' ? 'compiled code' : type})`;
    const tally = tallies.get(name) ?? { count: 0, size: 0 };
    tally.count += 1;
    tally.size += snapshot.nodes[node + sizeAt] as number;
    tallies.set(name, tally);
  }
  return tallies;
}

const read = (path: string) => tallyByConstructor(JSON.parse(readFileSync(path, 'utf8')) as Snapshot);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
const signed = (value: number, show: (v: number) => string = String) =>
  `${value > 0 ? '+' : ''}${show(value)}`;

const [earlyPath, latePath] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (!earlyPath || !latePath) {
  process.stderr.write('usage: tsx bench/heap-diff.ts early.heapsnapshot late.heapsnapshot [--top 20]\n');
  process.exit(2);
}
const topIndex = process.argv.indexOf('--top');
const top = topIndex >= 0 ? Number(process.argv[topIndex + 1]) : 20;
const early = read(earlyPath);
const late = read(latePath);
const rows = [...new Set([...early.keys(), ...late.keys()])].map((name) => {
  const a = early.get(name) ?? { count: 0, size: 0 };
  const b = late.get(name) ?? { count: 0, size: 0 };
  return { name, a, b, count: b.count - a.count, size: b.size - a.size };
});
const show = (row: (typeof rows)[number]) => ({
  constructor: row.name.slice(0, 60),
  'count early': row.a.count,
  'count late': row.b.count,
  'count Δ': signed(row.count),
  'size early': kb(row.a.size),
  'size late': kb(row.b.size),
  'size Δ': signed(row.size, kb),
});
const total = (tallies: Map<string, Tally>) => [...tallies.values()].reduce((sum, t) => sum + t.size, 0);
console.log(`self size in all: ${kb(total(early))} → ${kb(total(late))}`);
console.log(`by self size grown (top ${top}):`);
console.table(
  [...rows]
    .sort((x, y) => y.size - x.size)
    .slice(0, top)
    .map(show),
);
console.log(`by count grown (top ${top}):`);
console.table(
  [...rows]
    .sort((x, y) => y.count - x.count)
    .slice(0, top)
    .map(show),
);
