/**
 * A person without root, for permission tests: root ignores permission bits, so when the tests run as
 * root (CI's container) the CLI runs as `nobody` (runCli's `user`, a setuid in the child, which also drops
 * root's groups) and the files it must own are handed to it; otherwise the runner is already such a person.
 */
import { chmodSync, chownSync } from 'node:fs';

const asRoot = process.getuid?.() === 0;

/** What `runCli(…, { user })` takes; undefined when the runner is not root. */
export const unprivileged = asRoot ? { uid: 65534, gid: 65534 } : undefined;

/** Lets the unprivileged user pass through a folder the test made (mkdtemp makes them private). */
export const openToOthers = (folder: string) => chmodSync(folder, 0o755);

/** Makes `paths` the unprivileged user's own, as files a person created would be. */
export function handOver(...paths: string[]): void {
  if (unprivileged) for (const path of paths) chownSync(path, unprivileged.uid, unprivileged.gid);
}
