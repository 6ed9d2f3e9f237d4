import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseConfig } from '../../src/app/config';
import { createLogger } from '../../src/logging/logger';
import { repoRoot } from '../support/run-cli';

describe('configuration', () => {
  it('has a default for everything optional', () => {
    expect(parseConfig({})).toMatchObject({
      HF_BASE_URL: 'https://huggingface.co',
      // The default is taken from the paperboy folder, not the current one (issue 23, item 8).
      DATABASE_URL: join(repoRoot, 'data', 'paperboy.db'),
      DISCORD_API_BASE: 'https://discord.com/api',
      SLACK_API_URL: 'https://slack.com/api/',
      REFRESH_INTERVAL_MINUTES: 60,
    });
  });

  it('treats empty values as unset, as .env.example leaves them', () => {
    expect(parseConfig({ DISCORD_TOKEN: '', HF_BASE_URL: '  ' }).DISCORD_TOKEN).toBeUndefined();
  });

  it('names every bad variable and what it expects', () => {
    expect(() =>
      parseConfig({ HF_BASE_URL: 'not a url', SLACK_PORT: '99999', DATABASE_URL: 'mysql://db/paperboy' }),
    ).toThrow(
      /HF_BASE_URL must be a URL[^\n]*\(HF_BASE_URL is "not a url"\)[\s\S]*DATABASE_URL: "mysql:\/\/db\/paperboy" is not a database[^\n]*expected a SQLite file path[\s\S]*or a PostgreSQL URL[\s\S]*SLACK_PORT is "99999": expected a port number from 0 to 65535/,
    );
  });

  it('accepts a PostgreSQL URL for DATABASE_URL, as well as a SQLite path', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://paperboy@db:5432/paperboy' }).DATABASE_URL).toBe(
      'postgres://paperboy@db:5432/paperboy',
    );
    expect(parseConfig({ DATABASE_URL: 'postgresql://db/paperboy' }).DATABASE_URL).toBe(
      'postgresql://db/paperboy',
    );
    expect(parseConfig({ DATABASE_URL: 'file:///var/lib/paperboy.db' }).DATABASE_URL).toBe(
      '/var/lib/paperboy.db',
    );
  });

  it('reads .env, with the real environment taking precedence', () => {
    const folder = mkdtempSync(join(tmpdir(), 'paperboy-env-'));
    writeFileSync(join(folder, '.env'), 'HF_TIMEOUT_MS=1234\nREFRESH_INTERVAL_MINUTES=5\n');
    const config = loadConfig({ REFRESH_INTERVAL_MINUTES: '30' }, folder);
    expect(config.HF_TIMEOUT_MS).toBe(1234);
    expect(config.REFRESH_INTERVAL_MINUTES).toBe(30);
  });
});

describe('logging', () => {
  it('never writes a token, whether in a known field or inside a message', () => {
    let output = '';
    const destination = new Writable({
      write(chunk, _encoding, done) {
        output += chunk;
        done();
      },
    });
    const secret = 'xoxb-1234-super-secret';
    const log = createLogger({ level: 'info', format: 'json', secrets: [secret], destination });
    log.info({ token: secret, headers: { authorization: `Bearer ${secret}` } }, 'calling');
    log.error({ err: new Error(`request with ${secret} failed`) }, `failed for ${secret}`);
    expect(output).toContain('[redacted]');
    expect(output).not.toContain(secret);
  });
});

describe('logging a URL with a password in it', () => {
  it('scrubs the password on its own too, as a library error may quote it without the URL', () => {
    let output = '';
    const destination = new Writable({
      write(chunk, _encoding, done) {
        output += chunk;
        done();
      },
    });
    const smtpUrl = 'smtp://mailer:s3cret%2Fpass@127.0.0.1:2525';
    const log = createLogger({ level: 'info', format: 'json', secrets: [smtpUrl], destination });
    log.error({ err: new Error('Invalid login: 535 auth failed for mailer / s3cret/pass') }, 'smtp refused');
    log.info(`connecting to ${smtpUrl}`);
    expect(output).toContain('mailer / [redacted]');
    expect(output).not.toContain('s3cret');
  });
});

describe('.env.example', () => {
  it('documents exactly the variables the schema reads', async () => {
    const { readFileSync } = await import('node:fs');
    const { envSchema } = await import('../../src/app/config');
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const documented = [...example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]).sort();
    expect(documented).toEqual(Object.keys(envSchema.shape).sort());
    expect(() => parseConfig(Object.fromEntries(documented.map((key) => [key ?? '', ''])))).not.toThrow();
  });
});

describe('configuration a new user gets wrong', () => {
  it('refuses a non-http(s) HF_BASE_URL at start-up instead of retrying it', () => {
    expect(() => parseConfig({ HF_BASE_URL: 'ftp://mirror.example.org/hf' })).toThrow(
      /HF_BASE_URL must be an http:\/\/ or https:\/\/ URL.*\(HF_BASE_URL is "ftp:\/\/mirror.example.org\/hf"\)/,
    );
    expect(() => parseConfig({ DISCORD_API_BASE: 'file:///tmp/discord' })).toThrow(
      /DISCORD_API_BASE must be an http/,
    );
    expect(parseConfig({ HF_BASE_URL: 'HTTP://127.0.0.1:8080/' }).HF_BASE_URL).toBe('HTTP://127.0.0.1:8080');
  });

  it('accepts LOG_LEVEL and LOG_FORMAT in any case', () => {
    expect(parseConfig({ LOG_LEVEL: 'DEBUG', LOG_FORMAT: 'Json' })).toMatchObject({
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
    });
    expect(() => parseConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
