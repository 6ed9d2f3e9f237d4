/**
 * `npm run test:crash [-- --cycles 30 --channels 30 --seed 7]`: the full crash run, with a report.
 * `-- --instances 3 --postgres`: three instances on a fresh PostgreSQL database (created on the server of
 * TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test, and dropped after), one killed each cycle.
 * `-- --midnight local|utc [--clock-jumps]`: the bots' clock moved with libfaketime (apt-get install
 * faketime): every odd cycle killed at 23:59, every even one restarted after that midnight, a day later each
 * pair (`local`: the channels' midnight in America/Los_Angeles; `utc`: UTC's), with `--clock-jumps` the
 * running bots' clock jumping across midnight or back two hours every third cycle. Works with --postgres.
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
    midnight: { type: 'string' },
    'clock-jumps': { type: 'boolean', default: false },
  },
});
if (values.midnight !== undefined && values.midnight !== 'local' && values.midnight !== 'utc') {
  process.stderr.write('--midnight is local (America/Los_Angeles) or utc\n');
  process.exit(2);
}
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
  ...(values.midnight ? { midnight: values.midnight as 'local' | 'utc' } : {}),
  ...(values['clock-jumps'] ? { clockJumps: true } : {}),
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
const midnight = report.killsBeforeMidnight !== undefined;
const columns = [
  ...(several ? ['instances'] : []),
  ...(midnight ? ['midnight'] : []),
  'kill/restart cycles',
  ...(midnight ? ['kills at 23:59', 'clock jumps'] : []),
  'kills during the fan-out',
  ...(several ? ['of which the fan-out holder'] : []),
  'expected posts',
  'delivered',
  'duplicates',
  'losses',
  'unexpected',
];
const cells = [
  ...(several ? [`${report.instances} (PostgreSQL)`] : []),
  ...(midnight ? [values.midnight === 'local' ? 'America/Los_Angeles' : 'UTC'] : []),
  report.cycles,
  ...(midnight ? [report.killsBeforeMidnight, report.clockJumps] : []),
  report.killsDuringFanOut,
  ...(several ? [report.killsOfFanOutHolder] : []),
  report.expected,
  report.delivered,
  report.duplicates.length,
  report.missing.length,
  report.unexpected.length,
];
process.stdout.write(
  [
    '',
    `| ${columns.join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    `| ${cells.join(' | ')} |`,
    '',
    `(${values.channels} channels, seed ${values.seed}, ${seconds} s)`,
    ...report.duplicates.map((key) => `duplicate: ${key}`),
    ...report.missing.map((key) => `missing: ${key}`),
    ...report.unexpected.map((key) => `unexpected: ${key}`),
    '',
  ].join('\n'),
);
process.exitCode = report.duplicates.length + report.missing.length + report.unexpected.length === 0 ? 0 : 1;
