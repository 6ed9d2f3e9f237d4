import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { PaperboyError } from '../errors';
import { type Env, envSchema } from './env.schema';

export type Config = Env;

/** Unset and empty are the same thing: `.env.example` lists every variable with an empty value. */
const withoutEmpty = (source: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );

/** Parses the environment once; a bad value throws a `config_invalid` error naming the variable. */
export function parseConfig(source: Record<string, string | undefined>): Config {
  const known = Object.fromEntries(
    Object.keys(envSchema.shape)
      .filter((key) => key in source)
      .map((key) => [key, source[key]]),
  );
  const result = envSchema.safeParse(withoutEmpty(known));
  if (!result.success) {
    throw new PaperboyError('config_invalid', `Invalid configuration:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

/** `process.env` over the `.env` file in `cwd`, if there is one. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const dotenvPath = `${cwd}/.env`;
  const fromFile = existsSync(dotenvPath) ? parseEnv(readFileSync(dotenvPath, 'utf8')) : {};
  return parseConfig({ ...withoutEmpty(fromFile), ...withoutEmpty(env) });
}
