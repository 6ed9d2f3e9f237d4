import type { CommandService } from '../../commands/command-service';

/** Passes every call through and notes the event id of each reaction once the core has taken it. */
export class ObservedCommands implements CommandService {
  readonly handed = new Set<string>();
  private readonly waiters = new Map<string, () => void>();
  constructor(private readonly inner: CommandService) {}
  get specs() {
    return this.inner.specs;
  }
  execute: CommandService['execute'] = (invocation, context) => this.inner.execute(invocation, context);
  executeText: CommandService['executeText'] = (text, context) => this.inner.executeText(text, context);
  resume: CommandService['resume'] = (token, context) => this.inner.resume(token, context);
  suggestTimezones: CommandService['suggestTimezones'] = (prefix, limit) =>
    this.inner.suggestTimezones(prefix, limit);
  react: CommandService['react'] = async (event) => {
    try {
      return await this.inner.react(event);
    } finally {
      const id = event.eventId ?? '';
      this.handed.add(id);
      this.waiters.get(id)?.();
    }
  };

  /** Resolves once the core has finished with the event (fails after `timeoutMs`). */
  waitFor(eventId: string, timeoutMs = 5_000): Promise<void> {
    if (this.handed.has(eventId)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`reaction ${eventId} never reached the core`)),
        timeoutMs,
      );
      this.waiters.set(eventId, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
