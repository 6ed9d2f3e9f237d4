import type { Writable } from 'node:stream';

/** A one-line progress bar for backfills; plain lines when the stream is not a terminal. */
export function progressBar(stream: Writable & { isTTY?: boolean }, total: number) {
  const width = 24;
  return (done: number, label: string) => {
    const filled = Math.round((done / total) * width);
    const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${label}`;
    if (stream.isTTY) stream.write(`\r${bar}${done === total ? '\n' : ''}`);
    else stream.write(`${bar}\n`);
  };
}
