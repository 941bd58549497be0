// The one place the UI talks to Tome's Rust core (Tauri IPC commands).
import { invoke } from '@tauri-apps/api/core';
import type { Calculator } from './bindings/Calculator';
import type { DiceRoll } from './bindings/DiceRoll';
import type { Entry } from './bindings/Entry';
import type { ErrorCode } from './bindings/ErrorCode';
import type { ErrorPayload } from './bindings/ErrorPayload';
import type { Kind } from './bindings/Kind';
import type { ListItem } from './bindings/ListItem';
import type { Outcome } from './bindings/Outcome';
import type { SearchHit } from './bindings/SearchHit';
import type { System } from './bindings/System';
import type { Table } from './bindings/Table';
import type { TableRoll } from './bindings/TableRoll';

/** The backend's codes, plus `unknown` for anything that did not come from it. */
export type UiErrorCode = ErrorCode | 'unknown';

const CODES: readonly ErrorCode[] = ['not_found', 'invalid_input', 'content_invalid', 'database', 'io'];

/** A failed call. The UI branches on `code`, never on `message`. */
export class TomeError extends Error {
  readonly code: UiErrorCode;
  constructor(code: UiErrorCode, message: string) {
    super(message);
    this.name = 'TomeError';
    this.code = code;
  }
}

function isErrorPayload(value: unknown): value is ErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && (CODES as readonly string[]).includes(v.code) && typeof v.message === 'string';
}

/** Turns whatever a rejected call produced into a TomeError. */
export function toTomeError(error: unknown): TomeError {
  if (error instanceof TomeError) return error;
  if (isErrorPayload(error)) return new TomeError(error.code, error.message);
  if (typeof error === 'string') {
    // Tauri rejects with a string when it never reached the command (e.g. bad arguments).
    try {
      const parsed: unknown = JSON.parse(error);
      if (isErrorPayload(parsed)) return new TomeError(parsed.code, parsed.message);
    } catch {
      // not JSON: fall through
    }
    return new TomeError('unknown', error);
  }
  if (error instanceof Error) return new TomeError('unknown', error.message);
  return new TomeError('unknown', String(error));
}

async function call<T>(command: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(command, args);
  } catch (error) {
    throw toTomeError(error);
  }
}

export const api = {
  systems: () => call<System[]>('systems'),
  listEntries: (kind: Kind, system: string | null = null) => call<ListItem[]>('list_entries', { kind, system }),
  showEntry: (id: string) => call<Entry>('show_entry', { id }),
  getTable: (id: string) => call<Table>('get_table', { id }),
  rollTable: (id: string) => call<TableRoll>('roll_table', { id }),
  search: (query: string, options: { system?: string | null; kind?: Kind | null; limit?: number | null } = {}) =>
    call<SearchHit[]>('search', {
      query,
      system: options.system ?? null,
      kind: options.kind ?? null,
      limit: options.limit ?? null,
    }),
  /** Every rules calculator of every system, with its parameters described. */
  calculators: () => call<Calculator[]>('calculators'),
  /**
   * Runs one calculator. `values` are raw strings by parameter name, as typed; absent
   * ones take their default. Bad input rejects with `invalid_input` (the message names
   * the parameter and what it accepts), an unknown entry with `not_found`.
   */
  calculate: (system: string, name: string, values: Record<string, string>) =>
    call<Outcome>('calculate', { system, name, values }),
  /**
   * Rolls `dice`: "NdM" or "dM" ("3d6", "d20"), or Ars Magica's "stress" (one botch die
   * on a 0) or "simple" die. Anything else rejects with `invalid_input`, saying what is
   * accepted.
   */
  rollDice: (dice: string) => call<DiceRoll>('roll_dice', { dice }),
};
