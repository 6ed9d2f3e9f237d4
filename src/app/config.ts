/**
 * The whole environment schema: the core's variables and every paper source's and platform module's
 * slice, merged from the two lists. Parsed once at start-up; nothing else reads `process.env`.
 */
import { z } from 'zod';
import { parseEnvWith, readEnv } from '../config/config';
import { coreEnvShape } from '../config/env.schema';
import { paperSourceModules } from './paper-sources';
import { anyModules, platformModules } from './platform-modules';

type Modules = [...typeof paperSourceModules, ...typeof platformModules];
type ShapeOf<M> = M extends { env: infer Shape } ? Shape : never;
type MergedShapes<List extends readonly unknown[]> = List extends readonly [infer Head, ...infer Tail]
  ? ShapeOf<Head> & MergedShapes<Tail>
  : unknown;

const shape = Object.assign(
  {},
  // The sources' slices first: Hugging Face's variables have always led the list (and its messages).
  ...paperSourceModules.map((module) => module.env),
  coreEnvShape,
  ...platformModules.map((module) => module.env),
) as typeof coreEnvShape & MergedShapes<Modules>;

/** Every environment variable paperboy reads, with its default. `.env.example` documents the same list. */
export const envSchema = z.object(shape).superRefine((config, ctx) => {
  for (const module of anyModules)
    for (const issue of module.envIssues?.(config) ?? [])
      ctx.addIssue({ code: 'custom', path: [issue.variable], message: issue.message });
});

export type Config = z.infer<typeof envSchema>;

export const parseConfig = (source: Record<string, string | undefined>): Config =>
  parseEnvWith(envSchema, source);

/** `process.env` over the `.env` file in `cwd`, if there is one. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config =>
  parseConfig(readEnv(env, cwd));
