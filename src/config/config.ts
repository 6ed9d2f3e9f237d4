import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { PaperboyError } from '../errors';
import type { CoreConfig } from './env.schema';

/** What the core reads; the composition root's `Config` (src/app/config.ts) adds each platform's slice. */
export type { CoreConfig };

/** Unset and empty are the same thing: `.env.example` lists every variable with an empty value. */
const withoutEmpty = (source: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );

/** Parses the environment once; a bad value throws a `config_invalid` error naming the variable. */
export function parseEnvWith<Schema extends z.ZodObject>(
  schema: Schema,
  source: Record<string, string | undefined>,
): z.infer<Schema> {
  const known = Object.fromEntries(
    Object.keys(schema.shape)
      .filter((key) => key in source)
      .map((key) => [key, source[key]]),
  );
  const result = schema.safeParse(withoutEmpty(known));
  if (!result.success) {
    throw new PaperboyError('config_invalid', `Invalid configuration:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

/** `process.env` over the `.env` file in `cwd`, if there is one. */
export function readEnv(env: NodeJS.ProcessEnv, cwd: string): Record<string, string | undefined> {
  const dotenvPath = `${cwd}/.env`;
  const fromFile = existsSync(dotenvPath) ? parseEnv(readFileSync(dotenvPath, 'utf8')) : {};
  return { ...withoutEmpty(fromFile), ...withoutEmpty(env) };
}
