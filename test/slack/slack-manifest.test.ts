import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { botScopes } from '../../adapters/slack/slack-install-flow';

const root = new URL('../../', import.meta.url);
const manifest = readFileSync(new URL('slack-app-manifest.yml', root), 'utf8');
const adapterSource = readdirSync(new URL('adapters/slack/', root))
  .filter((name) => name.endsWith('.ts'))
  .map((name) => readFileSync(new URL(`adapters/slack/${name}`, root), 'utf8'))
  .join('\n');

/** The bot scopes each Web API method needs (public channels, and private ones where both apply). */
const scopesByMethod: Record<string, string[]> = {
  'auth.test': [],
  'chat.postMessage': ['chat:write'],
  'conversations.history': ['channels:history', 'groups:history'],
  'conversations.info': ['channels:read', 'groups:read'],
  'conversations.join': ['channels:join'],
  'users.info': ['users:read'],
};

/** A YAML list under `key:` (the manifest keeps them simple: one `- item` per line). */
function listUnder(key: string): string[] {
  const lines = manifest.split('\n');
  const start = lines.findIndex((line) => line.trim() === `${key}:`);
  expect(start).toBeGreaterThanOrEqual(0);
  const items: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim().startsWith('#') || line.trim() === '') continue;
    const item = /^\s*- (\S+)\s*$/.exec(line);
    if (!item?.[1]) break;
    items.push(item[1]);
  }
  return items;
}

describe('Slack app manifest', () => {
  it('declares a scope for every Web API method the adapter calls', () => {
    const methods = new Set(
      [...adapterSource.matchAll(/client\.(\w+)\.(\w+)\(/g)].map((match) => `${match[1]}.${match[2]}`),
    );
    expect(methods.size).toBeGreaterThan(4);
    const scopes = listUnder('bot');
    for (const method of methods) {
      const needed = scopesByMethod[method];
      expect(needed, `no scope mapping for ${method}: add it here and to the manifest`).toBeDefined();
      for (const scope of needed ?? []) expect(scopes, `${method} needs ${scope}`).toContain(scope);
    }
    expect(scopes).toEqual(expect.arrayContaining(['chat:write', 'commands', 'reactions:read']));
  });

  it('declares /papers, the reaction events, interactivity and Socket Mode', () => {
    expect(manifest).toMatch(/- command: \/papers\n/);
    expect(listUnder('bot_events').sort()).toEqual([
      'app_uninstalled',
      'reaction_added',
      'reaction_removed',
      'tokens_revoked',
    ]);
    expect(manifest).toMatch(/interactivity:\n\s+is_enabled: true/);
    expect(manifest).toMatch(/socket_mode_enabled: true/);
  });

  it('asks the install flow for exactly the bot scopes of the manifest', () => {
    expect([...botScopes].sort()).toEqual(listUnder('bot').sort());
  });
});
