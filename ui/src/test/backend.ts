// Test helpers: a mocked Tauri backend over the sample data, with a log of calls
// and per-command overrides.
import { mockIPC } from '@tauri-apps/api/mocks';
import { tick } from 'svelte';
import { mockHandler } from '../lib/mock-backend';

export interface Call {
  cmd: string;
  args: Record<string, unknown>;
}

export type Override = (args: Record<string, unknown>) => unknown;

export function installBackend(overrides: Record<string, Override> = {}): Call[] {
  const calls: Call[] = [];
  mockIPC((cmd, payload) => {
    const args = (payload ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args });
    const override = overrides[cmd];
    return override ? override(args) : mockHandler(cmd, args);
  });
  return calls;
}

/** Lets pending promises (mocked IPC answers) settle and Svelte update the DOM. */
export async function settle(rounds = 6): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await Promise.resolve();
    await tick();
  }
}

/** A promise with its resolve and reject at hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
