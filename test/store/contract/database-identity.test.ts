/**
 * The store's side of issue 24 item 9: the database's random id (in every mail's Message-ID) is one per
 * database, the same for every instance on it; `listSubscribed` is what `paperboy email list` shows,
 * paused subscriptions included.
 */
import { describe, expect, it } from 'vitest';
import { defaultDigestSettings } from '../../../src/records/subscription';
import { testStores } from '../../support/test-stores';
import { channel, useStore } from './contract-support';

describe.each(testStores)('$name store: database identity and subscribed channels', (testStore) => {
  const store = useStore(testStore);

  it('has one random id per database, the same for every instance sharing it', async () => {
    const id = await store().databaseId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(await store().databaseId()).toBe(id);
    const shared = await testStore.openShared(2);
    try {
      const [one, two] = await Promise.all(shared.map((instance) => instance.databaseId()));
      expect(one).toBe(two);
      expect(one).not.toBe(id);
    } finally {
      for (const instance of shared) await instance.close();
    }
  });

  it("lists a platform's subscribed channels, paused ones with their reason, not stopped ones", async () => {
    const at = '2024-10-25T00:00:00Z';
    const mail = (address: string) => ({ platform: 'email', workspaceId: 'email', channelId: address });
    const ada = await store().subscriptions.upsert(mail('ada@lab.test'), defaultDigestSettings, at);
    const gone = await store().subscriptions.upsert(mail('gone@lab.test'), defaultDigestSettings, at);
    await store().subscriptions.upsert(mail('left@lab.test'), defaultDigestSettings, at);
    await store().subscriptions.upsert(channel, defaultDigestSettings, at);
    await store().subscriptions.pause(gone.id, 'the mail server refused it (550)', at);
    await store().subscriptions.deactivate(mail('left@lab.test'), at);
    const listed = await store().subscriptions.listSubscribed('email');
    expect(listed.map((s) => [s.channel.channelId, s.pausedReason])).toEqual([
      ['ada@lab.test', null],
      ['gone@lab.test', 'the mail server refused it (550)'],
    ]);
    expect(listed[0]?.id).toBe(ada.id);
  });
});
