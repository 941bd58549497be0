// Development only: lets `npm run dev` run in a plain browser, without Tauri, by
// replaying the recording of the real core the tests use (src/test/fixture.json, made
// by `make ui-fixture`). Only what the recording holds can be answered: anything else
// fails with a message naming the call.
import { mockIPC } from '@tauri-apps/api/mocks';
import fixture from '../test/fixture.json?raw';
import { Replay, type Recording } from './fixture-backend';

export function installFixtureBackend(): void {
  const replay = new Replay(JSON.parse(fixture) as Recording);
  mockIPC((cmd, args) => replay.answer(cmd, (args ?? {}) as Record<string, unknown>));
  console.info('Tome: no Tauri backend, replaying the recording in src/test/fixture.json');
}
