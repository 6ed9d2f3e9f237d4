/**
 * `npm run test:crash [-- --cycles 30 --channels 30 --seed 7]`: the full crash run, with a report.
 * `-- --instances 3 --postgres`: three instances on a fresh PostgreSQL database (created on the server of
 * TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test, and dropped after), one killed each cycle.
 * Exits non-zero on any duplicate or loss.
 */
import { parseArgs } from 'node:util';
import { type CrashReport, runCrashHarness } from './crash-harness';
import { runInstancesCrashHarness } from './instances-crash-harness';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '30' },
    channels: { type: 'string', default: '30' },
    seed: { type: 'string', default: '7' },
    instances: { type: 'string', default: '1' },
    postgres: { type: 'boolean', default: false },
  },
});
const instances = Number(values.instances);
if (instances > 1 && !values.postgres) {
  process.stderr.write('several instances share a PostgreSQL database: add --postgres\n');
  process.exit(2);
}
const started = Date.now();
const common = {
  cycles: Number(values.cycles),
  channels: Number(values.channels),
  seed: Number(values.seed),
  log: (line: string) => process.stdout.write(`${line}\n`),
};
const report: CrashReport & { instances?: number; killsOfFanOutHolder?: number } = values.postgres
  ? await runInstancesCrashHarness({
      ...common,
      instances,
      ...(process.env.TEST_DATABASE_URL ? { serverUrl: process.env.TEST_DATABASE_URL } : {}),
    })
  : await runCrashHarness(common);
const seconds = ((Date.now() - started) / 1000).toFixed(0);
const several = report.instances !== undefined;
process.stdout.write(
  [
    '',
    several
      ? '| instances | kill/restart cycles | kills during the fan-out | of which the fan-out holder | expected posts | delivered | duplicates | losses | unexpected |'
      : '| kill/restart cycles | kills during the fan-out | expected posts | delivered | duplicates | losses | unexpected |',
    several ? '|---|---|---|---|---|---|---|---|---|' : '|---|---|---|---|---|---|---|',
    `| ${several ? `${report.instances} (PostgreSQL) | ` : ''}${report.cycles} | ${report.killsDuringFanOut} | ${several ? `${report.killsOfFanOutHolder} | ` : ''}${report.expected} | ${report.delivered} | ${report.duplicates.length} | ${report.missing.length} | ${report.unexpected.length} |`,
    '',
    `(${values.channels} channels, seed ${values.seed}, ${seconds} s)`,
    ...report.duplicates.map((key) => `duplicate: ${key}`),
    ...report.missing.map((key) => `missing: ${key}`),
    ...report.unexpected.map((key) => `unexpected: ${key}`),
    '',
  ].join('\n'),
);
process.exitCode = report.duplicates.length + report.missing.length + report.unexpected.length === 0 ? 0 : 1;
