/**
 * The opt-in operations port (METRICS_PORT): `/healthz` says the process is up, `/readyz` whether the bot
 * can do its work (JSON, 200 or 503), `/metrics` the Prometheus text from the bot's registry. node:http is
 * enough for three GET routes; nothing here is reachable unless the operator sets the port.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logging/logger';
import type { Metrics } from './metrics';

export interface ReadinessCheck {
  ok: boolean;
  detail: string;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, ReadinessCheck>;
}

export interface MetricsServerOptions {
  port: number;
  host: string;
  metrics: Metrics;
  readiness: () => Promise<ReadinessReport>;
  log: Logger;
}

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const log = options.log.child({ service: 'metrics' });
  const server = createServer((request, response) => {
    void answer(request, response, options).catch((error) => {
      log.error({ err: error, path: request.url }, 'metrics request failed');
      if (!response.headersSent) send(response, 500, 'text/plain', 'internal error\n');
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  log.info({ host: options.host, port }, 'health and metrics listening');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(request: IncomingMessage, response: ServerResponse, options: MetricsServerOptions) {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('allow', 'GET, HEAD');
    return send(response, 405, 'text/plain', 'only GET and HEAD\n');
  }
  switch (path) {
    case '/healthz':
      return send(response, 200, 'text/plain', 'ok\n');
    case '/readyz': {
      const report = await options.readiness();
      return send(response, report.ready ? 200 : 503, 'application/json', `${JSON.stringify(report)}\n`);
    }
    case '/metrics': {
      const registry = options.metrics.registry;
      return send(response, 200, registry.contentType, await registry.metrics());
    }
    default:
      return send(response, 404, 'text/plain', 'not found: try /healthz, /readyz or /metrics\n');
  }
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(response.req.method === 'HEAD' ? undefined : body);
}
