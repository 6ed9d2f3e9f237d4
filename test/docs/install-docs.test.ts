/**
 * What the README promises a newcomer where they look first (issue 23, items 6, 15 and 16), held to what
 * the code and its dependencies do.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { usageWith } from '../../src/cli/cli-args';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = (title: string) => {
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start, `README section "${title}"`).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
};

describe('the README', () => {
  it('says in the Quick start that npm install may compile better-sqlite3, and what to install per system', () => {
    // The reason: better-sqlite3 falls back to node-gyp (Python, make, a C++ compiler) without a prebuilt binary.
    const manifest = JSON.parse(
      readFileSync(new URL('../../node_modules/better-sqlite3/package.json', import.meta.url), 'utf8'),
    ) as { scripts: { install: string } };
    expect(manifest.scripts.install).toContain('node-gyp rebuild');
    const quickStart = section('Quick start');
    expect(quickStart).toContain('compiles one native module, better-sqlite3');
    for (const tool of ['Python 3', 'make', 'C++ compiler']) expect(quickStart).toContain(tool);
    for (const system of ['Debian, Ubuntu', 'Fedora', 'Alpine', 'macOS', 'Windows'])
      expect(quickStart).toContain(system);
    expect(quickStart).toContain('sudo apt-get install -y python3 make g++');
    expect(quickStart).toContain('xcode-select --install');
  });

  it('has "Back up and restore" and "Upgrade" sections naming the commands that do it', () => {
    const backup = section('Back up and restore');
    for (const text of ['paperboy backup', 'paperboy restore', 'pg_dump', 'pg_restore', 'before-restore'])
      expect(backup).toContain(text);
    const upgrade = section('Upgrade');
    for (const text of [
      'git pull',
      'npm ci',
      'dist/',
      'Migrations run by themselves',
      'newer than this paperboy',
    ])
      expect(upgrade).toContain(text);
    const help = usageWith('Discord', []);
    expect(help).toContain('paperboy backup <file>');
    expect(help).toContain('paperboy restore <file>');
  });

  it('points Discord set-up at the install guide and invite-url instead of a permission list of its own', () => {
    const connecting = section('Connecting a chat platform');
    expect(connecting).toContain('docs/discord-install.md');
    expect(connecting).toContain('npx paperboy invite-url');
    expect(connecting).not.toContain('Add Reactions');
  });
});
