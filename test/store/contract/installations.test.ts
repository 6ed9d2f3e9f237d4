import { describe, expect, it } from 'vitest';
import { defaultDigestSettings } from '../../../src/records/subscription';
import { testStores } from '../../support/test-stores';
import { useStore } from './contract-support';

const installed = {
  platform: 'slack',
  workspaceId: 'T_ALPHA',
  secret: 'v1.sealed',
  metadata: { botUserId: 'U1' },
};

describe.each(testStores)('$name store: installations and workspace pauses', (testStore) => {
  const store = useStore(testStore);

  it('saves, replaces (keeping the install time), reads and deletes a workspace installation', async () => {
    const first = await store().installations.save(installed, '2024-10-25T00:00:00Z');
    expect(first).toEqual({
      ...installed,
      installedAt: '2024-10-25T00:00:00Z',
      updatedAt: '2024-10-25T00:00:00Z',
    });
    const again = await store().installations.save(
      { ...installed, secret: 'v1.other', metadata: { botUserId: 'U2', scopes: ['chat:write'] } },
      '2024-10-26T00:00:00Z',
    );
    expect(again).toMatchObject({
      secret: 'v1.other',
      metadata: { botUserId: 'U2', scopes: ['chat:write'] },
      installedAt: '2024-10-25T00:00:00Z',
      updatedAt: '2024-10-26T00:00:00Z',
    });
    expect(await store().installations.get('slack', 'T_ALPHA')).toEqual(again);
    expect(await store().installations.get('slack', 'T_BETA')).toBeNull();
    expect(await store().installations.get('discord', 'T_ALPHA')).toBeNull();
    expect(await store().installations.delete('slack', 'T_ALPHA')).toBe(true);
    expect(await store().installations.delete('slack', 'T_ALPHA')).toBe(false);
    expect(await store().installations.get('slack', 'T_ALPHA')).toBeNull();
  });

  it("pauses only one workspace's active subscriptions and resumes only those it paused", async () => {
    const subscriptions = store().subscriptions;
    const at = '2024-10-25T00:00:00Z';
    const alpha = (channelId: string) => ({ platform: 'slack', workspaceId: 'T_ALPHA', channelId });
    const running = await subscriptions.upsert(alpha('C1'), defaultDigestSettings, at);
    const archived = await subscriptions.upsert(alpha('C2'), defaultDigestSettings, at);
    const left = await subscriptions.upsert(alpha('C3'), defaultDigestSettings, at);
    const beta = await subscriptions.upsert(
      { platform: 'slack', workspaceId: 'T_BETA', channelId: 'C1' },
      defaultDigestSettings,
      at,
    );
    await subscriptions.pause(archived.id, 'Slack chat.postMessage failed: is_archived', at);
    await subscriptions.deactivate(alpha('C3'), at);

    expect(
      await subscriptions.pauseWorkspace('slack', 'T_ALPHA', 'uninstalled', '2024-10-26T00:00:00Z'),
    ).toBe(2);
    expect((await subscriptions.listActive()).map((s) => s.id)).toEqual([beta.id]);
    expect(await subscriptions.getById(running.id)).toMatchObject({ pausedReason: 'uninstalled' });
    // A later failure keeps the first reason, so the reinstall still finds what the uninstall paused.
    await subscriptions.pause(
      running.id,
      'Slack chat.postMessage failed: token_revoked',
      '2024-10-26T00:00:00Z',
    );
    expect((await subscriptions.getById(running.id))?.pausedReason).toBe('uninstalled');

    expect(
      await subscriptions.resumeWorkspace('slack', 'T_ALPHA', 'uninstalled', '2024-10-27T00:00:00Z'),
    ).toBe(2);
    expect((await subscriptions.listActive()).map((s) => s.id)).toEqual([running.id, archived.id, beta.id]);
    expect(await subscriptions.getById(left.id)).toMatchObject({ active: false, pausedReason: null });
    expect(
      await subscriptions.resumeWorkspace('slack', 'T_ALPHA', 'uninstalled', '2024-10-27T00:00:00Z'),
    ).toBe(0);
    expect(await subscriptions.getById(running.id)).toMatchObject({ updatedAt: '2024-10-27T00:00:00Z' });
  });
});
