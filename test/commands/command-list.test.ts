import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildCommandDefinitions } from '../../adapters/discord';
import { papersManifestDescription } from '../../adapters/slack/slack-manifest';
import { defineCommand, schemaLimits } from '../../commands/command';
import { commandList, commandSpecs } from '../../commands/command-list';
import type { CommandSpec } from '../../commands/command-spec';
import { anyModules } from '../../src/app/platform-modules';
import { systemClock } from '../../src/clock';
import { createLogger } from '../../src/logging/logger';

const moduleCommands = anyModules.flatMap((module) =>
  (module.chatCommands ?? []).map((command) =>
    command.command({} as never, {
      log: createLogger({ level: 'silent', format: 'json' }),
      clock: systemClock,
    }),
  ),
);
const everyCommand = [...commandList, ...moduleCommands];

describe('one command, one file', () => {
  it('gives every option a platform shows the limits its schema enforces (author and org: 200 on Discord too)', () => {
    for (const command of everyCommand) {
      for (const option of command.spec.options) {
        const field = command.schema.shape[option.name] as z.ZodType | undefined;
        expect(field, `${command.spec.name} ${option.name}`).toBeDefined();
        const limits = schemaLimits(field as z.ZodType);
        for (const [key, value] of Object.entries(limits))
          expect(option[key as keyof typeof limits], `${command.spec.name} ${option.name} ${key}`).toBe(
            value,
          );
        if (option.maxLength !== undefined && limits.maxLength !== undefined) {
          const tooLong = field?.safeParse('x'.repeat(option.maxLength + 1));
          expect(tooLong?.success, `${command.spec.name} ${option.name} refuses one past its limit`).toBe(
            false,
          );
        }
      }
    }
    const search = commandSpecs.find((spec) => spec.name === 'search');
    expect(search?.options.find((option) => option.name === 'author')?.maxLength).toBe(200);
    expect(search?.options.find((option) => option.name === 'org')?.maxLength).toBe(200);
  });

  it('refuses at load a limit written in the spec that its schema already states', () => {
    expect(() =>
      defineCommand({
        spec: {
          name: 'probe',
          description: 'd',
          usage: 'probe',
          options: [{ name: 'who', type: 'string', description: 'd', maxLength: 100 }],
        },
        schema: z.object({ who: z.string().max(200).optional() }),
        run: () => ({ kind: 'text', tone: 'info', text: '', visibility: 'private' }),
      }),
    ).toThrow(/who's maxLength is stated by its schema \(200\)/);
    expect(() =>
      defineCommand({
        spec: {
          name: 'probe',
          description: 'd',
          usage: 'probe',
          options: [{ name: 'who', type: 'string', description: 'd' }],
        },
        schema: z.object({}),
        run: () => ({ kind: 'text', tone: 'info', text: '', visibility: 'private' }),
      }),
    ).toThrow(/option who is not in its schema/);
  });

  it('has one entry per name', () => {
    const names = everyCommand.map((command) => command.spec.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('fails loudly when more subcommands than Discord takes would be registered, instead of dropping some', () => {
    const spare = (index: number): CommandSpec => ({
      name: `extra${index}`,
      description: 'd',
      usage: `extra${index}`,
      options: [],
    });
    const specs = everyCommand.map((command) => command.spec);
    const filled = [...specs, ...Array.from({ length: 25 - specs.length }, (_, index) => spare(index))];
    expect(buildCommandDefinitions(filled)[0]?.options).toHaveLength(25);
    expect(() => buildCommandDefinitions([...filled, spare(99)])).toThrow(
      /\/papers has 26 subcommands .*Discord takes at most 25/,
    );
    const crowded: CommandSpec = {
      ...spare(0),
      options: Array.from({ length: 26 }, (_, index) => ({
        name: `o${index}`,
        type: 'string',
        description: 'd',
      })),
    };
    expect(() => buildCommandDefinitions([crowded])).toThrow(
      /extra0 has 26 options; Discord takes at most 25/,
    );
  });

  it("writes the Slack manifest's /papers description from the list: every subcommand, in order", () => {
    const manifest = readFileSync(new URL('../../slack-app-manifest.yml', import.meta.url), 'utf8');
    const line = /- command: \/papers\n\s+description: (.*)\n/.exec(manifest)?.[1];
    expect(line).toBe(papersManifestDescription(everyCommand.map((command) => command.spec.name)));
  });
});
