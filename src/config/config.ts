import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import type { z } from 'zod';
import { PaperboyError } from '../errors';
import type { CoreConfig } from './env.schema';

/** What the core reads; the composition root's `Config` (src/app/config.ts) adds each platform's slice. */
export type { CoreConfig };

/** Unset and empty are the same thing: `.env.example` lists every variable with an empty value. */
const withoutEmpty = (source: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );

/** Variables whose values are never repeated back, even in an error (tokens, keys, URLs with a password). */
const looksSecret = (name: string) => /TOKEN|SECRET|KEY|PASSWORD|SMTP_URL|DATABASE_URL/.test(name);

const listed = (values: readonly unknown[]) => {
  const words = values.map(String);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');
};

/**
 * One line per mistake, in the user's words: the variable, the value it has (a secret's is not repeated)
 * and what would work, e.g. `LOG_LEVEL is "loud": expected one of fatal, error, warn, info, debug, trace or silent`.
 */
export function describeEnvIssue(
  issue: z.core.$ZodIssue,
  source: Record<string, string | undefined>,
): string {
  const variable = String(issue.path[0] ?? '');
  if (!variable) return issue.message;
  const raw = source[variable];
  const value =
    raw === undefined
      ? 'not set'
      : looksSecret(variable)
        ? `set (${Array.from(raw).length} characters, not shown)`
        : `"${raw}"`;
  const values = issue.code === 'invalid_value' ? issue.values : null;
  if (values) return `${variable} is ${value}: expected one of ${listed(values)}`;
  // A message that names its variable already reads as a sentence; it gets the value given, if it lacks it.
  if (issue.message.includes(variable))
    return raw !== undefined && issue.message.includes(`"${raw}"`)
      ? issue.message
      : `${issue.message} (${variable} is ${value})`;
  if (raw !== undefined && issue.message.includes(`"${raw}"`)) return `${variable}: ${issue.message}`;
  return `${variable} is ${value}: ${issue.message}`;
}

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
    const lines = [...new Set(result.error.issues.map((issue) => `  ${describeEnvIssue(issue, known)}`))];
    throw new PaperboyError('config_invalid', `Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** `process.env` over the `.env` file in `cwd`, if there is one. */
export function readEnv(env: NodeJS.ProcessEnv, cwd: string): Record<string, string | undefined> {
  const dotenvPath = `${cwd}/.env`;
  const fromFile = existsSync(dotenvPath) ? parseEnv(readFileSync(dotenvPath, 'utf8')) : {};
  return { ...withoutEmpty(fromFile), ...withoutEmpty(env) };
}
