import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The demo founder is shared by journeys running in two workers. A journey that unsubscribes
 * one of its investors (and resubscribes them after) changes every audience count of that
 * founder meanwhile, so such journeys take turns: `withDemoAudience` runs its body while holding
 * a lock that the other workers of this run wait for. The lock is a directory (created
 * atomically) holding the owner's process id; a lock whose owner is gone is taken over.
 */
const lockDir = () => join(tmpdir(), `raisespark-e2e-${process.env.E2E_PORT ?? 4173}-demo-audience.lock`);

function ownerAlive(dir: string): boolean {
  try {
    const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // No pid yet: the owner is between creating the lock and writing it, unless that was long ago.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      try {
        return Date.now() - statSync(dir).mtimeMs < 10_000;
      } catch {
        return false;
      }
    }
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function withDemoAudience<T>(body: () => Promise<T>, { waitMs = 100_000 } = {}): Promise<T> {
  const dir = lockDir();
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!ownerAlive(dir)) {
        rmSync(dir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() - started > waitMs) throw new Error(`the demo founder's audience stayed locked for ${waitMs} ms (${dir})`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await body();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
