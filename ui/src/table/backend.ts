// The table pages' one way to the game master's Tome: `fetch` and the push stream
// (Server-Sent Events) of the sharing server, in place of the app's Tauri `invoke`. The
// device's token travels in an HttpOnly cookie the pages never see.
import type { Device } from '../lib/bindings/Device';
import type { DiceRoll } from '../lib/bindings/DiceRoll';
import type { ErrorPayload } from '../lib/bindings/ErrorPayload';
import type { PlayerView } from '../lib/bindings/PlayerView';
import type { SearchHit } from '../lib/bindings/SearchHit';
import type { MyCharacter } from '../lib/bindings/MyCharacter';
import type { PlayerAction } from '../lib/bindings/PlayerAction';
import type { InitiativeAnswer } from '../lib/bindings/InitiativeAnswer';
import type { MyProposal } from '../lib/bindings/MyProposal';
import type { ProposalPreview } from '../lib/bindings/ProposalPreview';
import type { MyAsk } from '../lib/bindings/MyAsk';

/** A refused request: the HTTP status and the core's message, and the form's field it
 * is about when it is about one (so the form shows it beside that field). */
export class TableError extends Error {
  readonly status: number;
  readonly field: string | null;
  constructor(status: number, message: string, field: string | null = null) {
    super(message);
    this.name = 'TableError';
    this.status = status;
    this.field = field;
  }
}

async function answer<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) {
    let message = `the game master's Tome answered ${response.status}`;
    let field: string | null = null;
    try {
      const payload = JSON.parse(text) as { message?: unknown; problems?: { field?: string; message?: string }[] };
      if (typeof payload.message === 'string') message = payload.message;
      // A refusal about one field is said beside it, in the field's words alone.
      const first = (payload.problems ?? [])[0];
      if (first?.field && first.message) [field, message] = [first.field, first.message];
    } catch {
      // Not JSON: the status says enough.
    }
    throw new TableError(response.status, message, field);
  }
  return (text === '' ? null : JSON.parse(text)) as T;
}

async function read<T>(path: string): Promise<T> {
  return answer<T>(await fetch(path, { credentials: 'same-origin' }));
}

/** A write of JSON to the game master's Tome. */
async function post<T>(path: string, body: unknown): Promise<T> {
  return answer<T>(
    await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

export const table = {
  join: (code: string, name: string) => post<void>('/api/join', { code, name }),
  device: () => read<Device>('/api/device'),
  /** This device if it has joined (a valid cookie), else `null`: asked without a refusal. */
  whoami: () => read<Device | null>('/api/whoami'),
  /** Whether this page may follow the table now; refused with why (a stream refused by
   * the game master's Tome shows the browser no words). Opens nothing. */
  streamRoom: () => read<Record<string, never>>('/api/stream'),
  view: () => read<PlayerView | null>('/api/view'),
  /** Hits of every system, or of `system` alone. */
  search: (q: string, system: string | null = null) =>
    read<SearchHit[]>(`/api/search?q=${encodeURIComponent(q)}${system ? `&system=${encodeURIComponent(system)}` : ''}`),
  /** A roll of any dice, made by the game master's Tome (for the GM alone when `secret`). */
  dice: (dice: string, secret: boolean) => post<DiceRoll>('/api/dice', { dice, secret }),
  /** The actions this device's player may send for their character in the fight shown. */
  actions: () => read<PlayerAction[]>('/api/actions'),
  /** An action for the game master to accept: for this device's own character only. */
  act: (action: string, inputs: Record<string, string>) => post<MyProposal>('/api/act', { action, inputs }),
  /** Takes back this device's waiting action `id` (its number on this phone). */
  withdraw: (id: number) => post<MyProposal>('/api/withdraw', { id }),
  /** What an action would do if sent now, in the table's words: nothing is sent. */
  preview: (action: string, inputs: Record<string, string>) => post<ProposalPreview>('/api/preview', { action, inputs }),
  /** The initiative the game master asked for: `roll` as read off the die, or `null` for Tome to roll. */
  initiative: (roll: number | null) => post<InitiativeAnswer>('/api/initiative', { roll }),
  /** An answer to a roll the game master asked: `roll` as the die landed (or the successes counted), or `null` for Tome to roll. */
  answer: (ask: number, roll: number | null) => post<MyAsk>('/api/answer', { ask, roll }),
  /** An answer to a choice the game master asked: one of its options. */
  answerChoice: (ask: number, choice: string) => post<MyAsk>('/api/answer', { ask, choice }),
  /** A character file for the game master's inbox: its name and system as the file says. */
  send: async (file: Blob): Promise<{ name: string; system: string }> =>
    answer<{ name: string; system: string }>(
      await fetch('/api/inbox', { method: 'POST', credentials: 'same-origin', body: file }),
    ),
};

/**
 * The app's commands the table's pages use, over HTTP (installed with `useTransport`, so
 * the app's entry, roll table and link preview components work here): an entry, a table,
 * and a roll of a table's dice (made by the core; nothing is written). Anything else is
 * refused as the core refuses, with an `ErrorPayload`.
 */
export async function tableTransport(command: string, args: Record<string, unknown>): Promise<unknown> {
  const id = encodeURIComponent(String(args.id ?? ''));
  let response: Response;
  switch (command) {
    case 'show_entry':
      response = await fetch(`/api/entry?id=${id}`, { credentials: 'same-origin' });
      break;
    case 'systems':
      response = await fetch('/api/systems', { credentials: 'same-origin' });
      break;
    case 'get_table':
      response = await fetch(`/api/table?id=${id}`, { credentials: 'same-origin' });
      break;
    case 'roll_table':
      response = await fetch(`/api/roll?id=${id}`, { method: 'POST', credentials: 'same-origin' });
      break;
    default: {
      const refused: ErrorPayload = {
        code: 'invalid_input',
        message: `${command} is the game master's, not the table's`,
        problems: [],
        suggestions: [],
      };
      throw refused;
    }
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = { code: 'internal', message: `the game master's Tome answered ${response.status}` };
  }
  if (!response.ok) throw body;
  return body;
}

/** Why a device's page stopped following the table for good. */
export type Ended = 'revoked' | 'stopped' | 'displaced';

export interface Follow {
  view: (v: PlayerView | null) => void;
  mine: (m: MyCharacter | null) => void;
  /** The game master renamed this device. */
  device: (d: Device) => void;
  /** The game master disconnected this device, or stopped sharing, or a player's phone
   * took this device's place (it had no character and the table was full). */
  ended: (why: Ended) => void;
  /** The connection dropped; the browser tries again by itself. */
  lost: () => void;
  /**
   * The server refused the stream (the browser stops trying): sharing restarted and
   * this device's cookie is no longer known, or it has too many streams open.
   */
  closed: () => void;
}

/** Follows the game master's changes as they are pushed; returns a function that stops. */
export function follow(on: Follow): () => void {
  const source = new EventSource('/api/events', { withCredentials: true });
  source.addEventListener('view', (e) => on.view(JSON.parse((e as MessageEvent<string>).data) as PlayerView | null));
  source.addEventListener('mine', (e) => on.mine(JSON.parse((e as MessageEvent<string>).data) as MyCharacter | null));
  source.addEventListener('device', (e) => on.device(JSON.parse((e as MessageEvent<string>).data) as Device));
  for (const why of ['revoked', 'stopped', 'displaced'] as const) {
    source.addEventListener(why, () => {
      source.close();
      on.ended(why);
    });
  }
  source.onerror = () => (source.readyState === EventSource.CLOSED ? on.closed() : on.lost());
  return () => source.close();
}
