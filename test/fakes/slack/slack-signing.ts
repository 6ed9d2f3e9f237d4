/**
 * Sends HTTP requests exactly as Slack does: `X-Slack-Signature: v0=<hex HMAC-SHA256 of "v0:ts:body">` and
 * `X-Slack-Request-Timestamp`, with form bodies as a plain string under exactly
 * `application/x-www-form-urlencoded` (Bolt refuses `; charset=utf-8`). Options break each part on purpose.
 */
import { createHmac } from 'node:crypto';

export const formContentType = 'application/x-www-form-urlencoded';

export function slackSignature(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

export interface SignedRequestOptions {
  /** Signing secret; null sends the request without signature headers. */
  secret: string | null;
  contentType: string;
  /** Unix seconds; now by default. */
  timestamp?: number;
  /** Replaces the computed signature (a wrong one). */
  signature?: string;
  retryNum?: number;
  retryReason?: string;
}

export interface SignedResponse {
  status: number;
  body: string;
}

export async function sendSignedRequest(
  url: string,
  body: string,
  options: SignedRequestOptions,
): Promise<SignedResponse> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1_000);
  const headers: Record<string, string> = { 'content-type': options.contentType };
  if (options.secret !== null) {
    headers['x-slack-request-timestamp'] = String(timestamp);
    headers['x-slack-signature'] = options.signature ?? slackSignature(options.secret, timestamp, body);
  }
  if (options.retryNum !== undefined) headers['x-slack-retry-num'] = String(options.retryNum);
  if (options.retryReason !== undefined) headers['x-slack-retry-reason'] = options.retryReason;
  const response = await fetch(url, { method: 'POST', headers, body });
  return { status: response.status, body: await response.text() };
}

/** A form body as Slack encodes it. */
export const formBody = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();
