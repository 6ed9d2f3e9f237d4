/**
 * `npm run test:crash [-- --cycles 30 --channels 30 --seed 7]`: the full crash run, with a report.
 * Exits non-zero on any duplicate or loss.
 */
import { parseArgs } from 'node:util';
import { runCrashHarness } from './crash-harness';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '30' },
    channels: { type: 'string', default: '30' },
    seed: { type: 'string', default: '7' },
  },
});
const started = Date.now();
const report = await runCrashHarness({
  cycles: Number(values.cycles),
  channels: Number(values.channels),
  seed: Number(values.seed),
  log: (line) => process.stdout.write(`${line}\n`),
});
const seconds = ((Date.now() - started) / 1000).toFixed(0);
process.stdout.write(
  [
    '',
    `| kill/restart cycles | kills during the fan-out | expected posts | delivered | duplicates | losses | unexpected |`,
    `|---|---|---|---|---|---|---|`,
    `| ${report.cycles} | ${report.killsDuringFanOut} | ${report.expected} | ${report.delivered} | ${report.duplicates.length} | ${report.missing.length} | ${report.unexpected.length} |`,
    '',
    `(${values.channels} channels, seed ${values.seed}, ${seconds} s)`,
    ...report.duplicates.map((key) => `duplicate: ${key}`),
    ...report.missing.map((key) => `missing: ${key}`),
    ...report.unexpected.map((key) => `unexpected: ${key}`),
    '',
  ].join('\n'),
);
process.exitCode = report.duplicates.length + report.missing.length + report.unexpected.length === 0 ? 0 : 1;
