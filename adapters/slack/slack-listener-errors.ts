/**
 * What happens when a listener fails, or Bolt cannot authorize a request and runs none: a workspace
 * without an installation, or a stored token the encryption key cannot open. That is one log line saying
 * why (no stack), and, for a command or a click, a short private answer on its response_url, so the person
 * does not wait for a reply that will never come.
 */
import { isPaperboyError } from '../../src/errors';
import type { Logger } from '../../src/logging/logger';

const unreadableToken =
  'paperboy cannot use its access to this workspace right now (the server cannot read the stored token). ' +
  'The person running paperboy has been told; nothing was done.';
const notInstalled = 'paperboy is not installed in this workspace any more: install it again to use /papers.';

/** What Bolt's extended error handler is given (Bolt does not export the type). */
interface ListenerFailure {
  error: Error & { code?: string };
  body: unknown;
}

export function listenerErrorHandler(log: Logger) {
  return async ({ error, body }: ListenerFailure): Promise<void> => {
    if (error.code !== 'slack_bolt_authorization_error') {
      log.error({ err: error }, 'slack listener failed');
      return;
    }
    const original = (error as { original?: unknown }).original;
    const cause = (original as { original?: unknown } | undefined)?.original ?? original;
    const reason = cause instanceof Error ? cause.message : error.message;
    const unreadable = isPaperboyError(cause);
    if (unreadable) log.error({ reason }, 'slack request refused: the stored token cannot be read');
    else log.warn({ reason }, 'slack request refused: the workspace has no installation');
    await answerPrivately(body, unreadable ? unreadableToken : notInstalled, log);
  };
}

async function answerPrivately(body: unknown, text: string, log: Logger): Promise<void> {
  const url = (body as { response_url?: unknown } | undefined)?.response_url;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return;
  try {
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ response_type: 'ephemeral', text }),
      signal: AbortSignal.timeout(5_000),
    });
  } catch (error) {
    log.warn({ err: error }, 'slack respond() failed');
  }
}
