/**
 * The composition root derives everything source-specific from its list of paper sources, as it does for
 * platforms: a source's variables are parsed, its secrets blanked, its health checked by `/readyz` and
 * its fetch age exported, all from its one entry in src/app/paper-sources.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { envSchema, parseConfig } from '../../src/app/config';
import { anySourceModules } from '../../src/app/paper-sources';
import { secretKeys } from '../../src/app/platform-modules';
import { readiness } from '../../src/app/readiness';
import { coreEnvShape } from '../../src/config/env.schema';
import { startTestCore, type TestCore } from '../support/test-core';

describe('the paper source list', () => {
  let t: TestCore | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("merges every source's variables into the one schema, none of them the core's, and lists its secrets", () => {
    for (const module of anySourceModules) {
      for (const key of Object.keys(module.env)) {
        expect(Object.keys(envSchema.shape)).toContain(key);
        expect(Object.keys(coreEnvShape)).not.toContain(key);
      }
      for (const secret of module.secrets) expect(secretKeys).toContain(secret);
    }
    const ids = anySourceModules.map((module) => module.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe('huggingface');
    expect(parseConfig({ HF_TIMEOUT_MS: '1234' }).HF_TIMEOUT_MS).toBe(1234);
  });

  it('declares what each source can do', () => {
    for (const module of anySourceModules)
      expect(Object.keys(module.capabilities).sort()).toEqual(['days', 'onePaper', 'search', 'trending']);
    expect(anySourceModules[0]?.capabilities).toEqual({
      days: true,
      onePaper: true,
      search: true,
      trending: true,
    });
  });

  it('gives /readyz one check per needed source, named by the list', async () => {
    t = await startTestCore({ now: '2024-10-26T08:59:00Z' });
    const report = await readiness(t.core, []);
    const needed: string[] = [];
    for (const module of anySourceModules)
      if (await module.health.needed(t.core.store)) needed.push(module.health.check);
    expect(needed).toContain('huggingface');
    for (const check of needed)
      expect(report.checks[check]).toMatchObject({ ok: false, detail: 'no batch fetched yet' });
  });
});
