// Test helpers: the Tauri backend replayed from the recording of the real core
// (`fixture.json`, made by tests/ui_fixture.rs: `make ui-fixture`), with a log of calls
// and per-command overrides.
import { mockIPC } from '@tauri-apps/api/mocks';
import { tick } from 'svelte';
import { expect } from 'vitest';
import { Replay, type Recording } from '../lib/fixture-backend';
import type { ShareStatus } from '../lib/bindings/ShareStatus';
import fixture from './fixture.json?raw';

/** The replay every test starts afresh (see test-setup.ts). */
export const replay = new Replay(JSON.parse(fixture) as Recording);

/**
 * Makes a call on the replayed backend straight away, as another window or the tests'
 * own set-up would (a write moves the replay on, as the app's own writes do).
 */
export function backend<T = unknown>(cmd: string, args: Record<string, unknown> = {}): T {
  return replay.answer(cmd, args) as T;
}

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
    return override ? override(args) : replay.answer(cmd, args);
    // Events (`listen`, `emit`) stay in the page, as the shell's would: a test emits
    // `tome://changed` as the core's change hook does.
  }, { shouldMockEvents: true });
  return calls;
}

/** Lets pending promises (mocked IPC answers) settle and Svelte update the DOM. */
export async function settle(rounds = 6): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await Promise.resolve();
    await tick();
  }
}

/** A failure as the page says it: its code (`data-code`) and the words it holds. */
export function expectSaid(said: HTMLElement, code: string, words: string): void {
  expect(said.dataset.code).toBe(code);
  expect(said.textContent).toContain(words);
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

/** What sharing reports, at its defaults for the tests, with `over` in place. */
export function shareStatus(over: Partial<ShareStatus> = {}): ShareStatus {
  return {
    url: 'http://192.168.1.20:7878',
    join_url: 'http://192.168.1.20:7878/#join=ABC234',
    code: 'ABC234',
    code_secs: 300,
    qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>',
    caution: null,
    devices: [],
    inbox: [],
    proposals: [],
    asking: null,
    initiative: [],
    asks: [],
    rolls_held: [],
    pages: true,
    chosen: 1,
    showing: { id: 1, name: 'Ambush' },
    newcomers_hidden: false,
    full: false,
    displaced: [],
    ...over,
  };
}
