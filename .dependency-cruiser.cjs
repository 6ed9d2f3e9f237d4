/**
 * The floors of paperboy, bottom-up (`npm run lint` holds the code to them). A folder imports only itself
 * and the floors below its own; folders on one floor stand side by side and do not import each other. So
 * each folder reads knowing only the folders below it, and an import that runs up, sideways or in a circle
 * fails CI. A new folder needs a place here; a folder that needs one beside it moves up a floor, in this
 * list, where the change is seen.
 */
const floors = [
  {
    floor: 'records',
    folders: { 'src/records': "the domain's data: a paper, a channel, a delivery, a subscription" },
  },
  {
    floor: 'kernel',
    folders: {
      'src/errors.ts': 'coded errors',
      'src/clock.ts': 'the injected clock',
      'src/seeded-random.ts': 'a repeatable random source',
      'src/logging': 'the pino root logger',
      'src/text': 'sentence and truncation helpers',
      'src/time': 'local days and times in a zone',
    },
  },
  {
    floor: 'support',
    folders: {
      'src/config': 'environment parsing',
      'src/secrets': 'sealed secrets',
      'src/metrics': 'Prometheus metrics and the health server',
      'src/demo': "the demo's local Hugging Face",
      'src/papers': 'paper ids and the upvote order',
    },
  },
  {
    floor: 'low ports',
    folders: {
      'src/search-query': "search's text query, as the store answers it",
      'src/chat': 'the chat ports and the neutral reply models',
    },
  },
  {
    floor: 'ports',
    folders: {
      'src/store': 'the Store port',
    },
  },
  {
    floor: 'sources',
    folders: { 'src/sources': 'the paper source port, the source module contract and each source' },
  },
  {
    floor: 'services',
    folders: {
      'src/ingest': 'fetching and storing days',
      'src/search': 'query understanding and search',
      'src/subscriptions': 'workspace installations',
      'src/discussion': 'the discussion queue',
    },
  },
  { floor: 'ranking', folders: { 'src/ranking': 'the team ranking' } },
  { floor: 'digest', folders: { 'src/digest': 'planning, posting and explaining digests' } },
  { floor: 'engines', folders: { 'src/engines': 'SQLite and PostgreSQL behind the Store port' } },
  { floor: 'commands', folders: { commands: 'platform-neutral /papers handlers' } },
  {
    floor: 'platform contract',
    folders: { 'adapters/platform-module.ts': 'what every platform module exports' },
  },
  {
    floor: 'platforms',
    folders: {
      'adapters/console': 'the terminal',
      'adapters/discord': 'Discord',
      'adapters/email': 'email',
      'adapters/slack': 'Slack',
    },
  },
  { floor: 'composition root', folders: { 'src/app': 'wires the core, the engines and the platforms' } },
  { floor: 'command line', folders: { 'src/cli': 'one-shot commands' } },
  { floor: 'entry', folders: { 'src/main.ts': 'the paperboy command' } },
];

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A folder matches what is under it; a file matches itself. */
const pattern = (paths) =>
  `^(${paths.map((path) => escapeRegExp(path) + (path.endsWith('.ts') ? '$' : '/')).join('|')})`;
const everything = floors.flatMap(({ folders }) => Object.keys(folders));

const floorRules = floors.flatMap(({ floor, folders }, index) => {
  const below = floors.slice(0, index).flatMap((lower) => Object.keys(lower.folders));
  return Object.entries(folders).map(([folder, says]) => ({
    name: `floors: ${folder}`,
    comment: `${folder} (${says}, on the ${floor} floor) imports only itself and the floors below: ${below.join(', ') || 'nothing'}; not the folders beside it.`,
    severity: 'error',
    from: { path: pattern([folder]) },
    to: { path: pattern(everything), pathNot: pattern([folder, ...below]) },
  }));
});

const onlyUnder = (packageName, folder) => ({
  name: `platform-package:${packageName}`,
  comment: `The core knows no platform: ${packageName} is imported only under ${folder}.`,
  severity: 'error',
  from: { pathNot: pattern([folder]) },
  to: { path: `node_modules/${escapeRegExp(packageName)}/` },
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Files that import each other in a circle cannot be read one after the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'store-port',
      comment: "The Store port names only records, search's text query and the coded errors.",
      severity: 'error',
      from: { path: pattern(['src/store']) },
      to: {
        path: pattern(everything),
        pathNot: pattern(['src/store', 'src/records', 'src/search-query', 'src/errors.ts']),
      },
    },
    {
      name: 'engines-from-the-root',
      comment:
        'Services, commands and platforms use the Store port; only the composition root opens an engine.',
      severity: 'error',
      from: { pathNot: pattern(['src/engines', 'src/app', 'src/cli', 'src/main.ts']) },
      to: { path: pattern(['src/engines']) },
    },
    {
      name: 'unplaced',
      comment: 'Every source file stands on a floor: give a new folder its place in .dependency-cruiser.cjs.',
      severity: 'error',
      from: { path: '^(src|adapters|commands)/', pathNot: pattern(everything) },
      to: {},
    },
    ...floorRules,
    onlyUnder('discord.js', 'adapters/discord'),
    onlyUnder('@slack/bolt', 'adapters/slack'),
    onlyUnder('nodemailer', 'adapters/email'),
  ],
  options: {
    // Type-only imports count: a reader needs the type as much as the value.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    includeOnly: {
      path: ['^(src|adapters|commands)/', 'node_modules/(discord\\.js|@slack/bolt|nodemailer)/'],
    },
  },
};
