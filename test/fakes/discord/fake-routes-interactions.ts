/**
 * Interaction routes: the initial callback (within 3 s, once), webhook follow-ups and `@original` edits
 * (15 minutes), and application command GET / bulk PUT.
 */
import type { FakeReply } from './fake-faults';
import { applyEdit } from './fake-routes-channels';
import type { FakeMessage, InteractionRecord, Json } from './fake-types';
import { choicesProblems, invalidFormBody, messageProblems, type Problem } from './fake-validate';
import { emit, error, type FakeWorld, noContent, ok, type Route, type RouteRequest } from './fake-world';

const WEBHOOK_LIFETIME_MS = 15 * 60_000;
const EPHEMERAL = 64;
const LOADING = 128;
const unknownInteraction = () => error(404, 10062, 'Unknown interaction');
const invalid = (problems: Problem[]) => ({ status: 400, body: invalidFormBody(problems) });

function replyMessage(world: FakeWorld, record: InteractionRecord, data: Json, flags: number): FakeMessage {
  const message = world.store.addMessage({
    channel_id: record.channelId,
    author: world.botUser,
    type: record.type === 2 ? 20 : 0,
    content: typeof data.content === 'string' ? data.content : '',
    embeds: (data.embeds ?? []) as FakeMessage['embeds'],
    components: (data.components ?? []) as FakeMessage['components'],
    flags,
    webhook_id: world.applicationId,
    application_id: world.applicationId,
    interaction_metadata: {
      id: record.id,
      type: record.type,
      user: { id: record.userId },
      authorizing_integration_owners: {},
    },
  });
  if ((flags & EPHEMERAL) === 0) world.dispatch('MESSAGE_CREATE', message);
  return message;
}

function callback({ params: [id = '', token = ''], body, query }: RouteRequest, world: FakeWorld) {
  const record = world.store.interactions.get(id);
  if (!record || record.token !== token) return unknownInteraction();
  if (record.outputs.some((output) => output.kind === 'callback'))
    return error(400, 40060, 'Interaction has already been acknowledged.');
  if (world.now() - record.createdAt > world.interactionDeadlineMs) return unknownInteraction();
  const type = Number(body.type);
  const data = (body.data ?? {}) as Json;
  const ephemeral = Number(data.flags ?? 0) & EPHEMERAL;
  const source = record.sourceMessageId ? world.store.message(record.sourceMessageId) : undefined;
  if (type === 4) {
    const problems = messageProblems(data, { create: true });
    if (problems.length > 0) return invalid(problems);
    const message = replyMessage(world, record, data, ephemeral);
    record.originalId = message.id;
    emit(world, record, { kind: 'callback', callbackType: 4, message });
  } else if (type === 5) {
    const message = replyMessage(world, record, {}, ephemeral | LOADING);
    record.originalId = message.id;
    emit(world, record, { kind: 'callback', callbackType: 5, message });
  } else if ((type === 6 || type === 7) && source) {
    if (type === 7) {
      const problems = messageProblems(data, { create: false });
      if (problems.length > 0) return invalid(problems);
      applyEdit(source, data, world.now());
    }
    record.originalId = source.id;
    emit(world, record, { kind: 'callback', callbackType: type, message: source });
  } else if (type === 8 && record.type === 4) {
    const problems = choicesProblems(data.choices);
    if (problems.length > 0) return invalid(problems);
    emit(world, record, {
      kind: 'callback',
      callbackType: 8,
      choices: data.choices as { name: string; value: string }[],
    });
  } else {
    return invalid([
      {
        path: 'type',
        code: 'BASE_TYPE_CHOICES',
        message: `Value must be one of a valid type for this interaction.`,
      },
    ]);
  }
  if (query.with_response !== 'true') return noContent();
  const message = record.originalId ? world.store.message(record.originalId) : undefined;
  return ok({
    interaction: { id: record.id, type: record.type },
    resource: { type, ...(message ? { message } : {}) },
  });
}

/** The interaction a webhook token belongs to, or the error Discord gives for a dead token. */
function webhookOf(world: FakeWorld, appId: string, token: string): InteractionRecord | FakeReply {
  const record = [...world.store.interactions.values()].find((entry) => entry.token === token);
  if (!record || appId !== world.applicationId) return error(404, 10015, 'Unknown Webhook');
  if (world.now() - record.createdAt > WEBHOOK_LIFETIME_MS) return error(401, 50027, 'Invalid Webhook Token');
  if (!record.outputs.some((output) => output.kind === 'callback'))
    return error(404, 10015, 'Unknown Webhook');
  return record;
}

const isRecord = (value: InteractionRecord | FakeReply): value is InteractionRecord => 'token' in value;

function followUp({ params: [appId = '', token = ''], body, query }: RouteRequest, world: FakeWorld) {
  const record = webhookOf(world, appId, token);
  if (!isRecord(record)) return record;
  const problems = messageProblems(body, { create: true });
  if (problems.length > 0) return invalid(problems);
  const message = replyMessage(world, record, body, Number(body.flags ?? 0) & EPHEMERAL);
  emit(world, record, { kind: 'followup', message });
  return query.wait === 'false' ? noContent() : ok(message);
}

function webhookMessage(
  { method, params: [appId = '', token = '', rawId = ''], body }: RouteRequest,
  world: FakeWorld,
) {
  const record = webhookOf(world, appId, token);
  if (!isRecord(record)) return record;
  const id = decodeURIComponent(rawId) === '@original' ? record.originalId : rawId;
  const message = id ? world.store.message(id) : undefined;
  if (!message) return error(404, 10008, 'Unknown Message');
  if (method === 'GET') return ok(message);
  if (method === 'DELETE') {
    world.store.deleteMessage(message.id);
    emit(world, record, { kind: 'delete', message });
    return noContent();
  }
  const problems = messageProblems(body, { create: false });
  if (problems.length > 0) return invalid(problems);
  applyEdit(message, body, world.now());
  emit(world, record, { kind: 'edit', message });
  return ok(message);
}

export const interactionRoutes: Route[] = [
  { method: 'POST', pattern: /^\/interactions\/(\d+)\/([^/]+)\/callback$/, auth: false, handle: callback },
  { method: 'POST', pattern: /^\/webhooks\/(\d+)\/([^/]+)$/, auth: false, handle: followUp },
  ...['GET', 'PATCH', 'DELETE'].map((method) => ({
    method,
    pattern: /^\/webhooks\/(\d+)\/([^/]+)\/messages\/([^/]+)$/,
    auth: false,
    handle: webhookMessage,
  })),
];
