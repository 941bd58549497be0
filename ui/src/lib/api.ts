// The one place the UI talks to Tome's Rust core (Tauri IPC commands).
import { invoke } from '@tauri-apps/api/core';
import type { Calculator } from './bindings/Calculator';
import type { Character } from './bindings/Character';
import type { CharacterChange } from './bindings/CharacterChange';
import type { CharacterItem } from './bindings/CharacterItem';
import type { CharacterRef } from './bindings/CharacterRef';
import type { CharacterRevision } from './bindings/CharacterRevision';
import type { CharacterSummary } from './bindings/CharacterSummary';
import type { CharacterView } from './bindings/CharacterView';
import type { Derived } from './bindings/Derived';
import type { DiceRoll } from './bindings/DiceRoll';
import type { Entry } from './bindings/Entry';
import type { FieldProblem } from './bindings/FieldProblem';
import type { ErrorCode } from './bindings/ErrorCode';
import type { ErrorPayload } from './bindings/ErrorPayload';
import type { Kind } from './bindings/Kind';
import type { ListItem } from './bindings/ListItem';
import type { Outcome } from './bindings/Outcome';
import type { PdfOptions } from './bindings/PdfOptions';
import type { SearchHit } from './bindings/SearchHit';
import type { SheetLayout } from './bindings/SheetLayout';
import type { System } from './bindings/System';
import type { Table } from './bindings/Table';
import type { TableRoll } from './bindings/TableRoll';

/** The backend's codes, plus `unknown` for anything that did not come from it. */
export type UiErrorCode = ErrorCode | 'unknown';

const CODES: readonly ErrorCode[] = ['not_found', 'invalid_input', 'conflict', 'content_invalid', 'database', 'io'];

/**
 * What a PDF is printed from: saved characters by id (each starts on a new page, in this
 * order), or sheets as they are on screen, saved or not.
 */
export type PdfSource = { ids: number[] } | { characters: Character[] };

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

  // ---- Characters ----

  /** Every character, by name. */
  characters: () => call<CharacterSummary[]>('characters'),
  /** A saved character with its derived stats; `not_found` when there is none. */
  characterView: (id: number) => call<CharacterView>('character_view', { id }),
  /** A new, empty character; `invalid_input` for a blank name, `not_found` for an unknown system. */
  createCharacter: (system: string, name: string) => call<Character>('create_character', { system, name }),
  /**
   * Saves a character made from its `revision` and answers with the stored character and
   * its derived stats. `invalid_input` when a value breaks the sheet's rules; `conflict`
   * when the character was saved elsewhere since that revision.
   */
  saveCharacter: (character: Character) => call<CharacterView>('save_character', { character }),
  deleteCharacter: (id: number) => call<null>('delete_character', { id }),
  /** A character's revisions, oldest first. */
  characterRevisions: (id: number) => call<CharacterRevision[]>('character_revisions', { id }),
  /** What changed from revision `from` to revision `to`. */
  characterDiff: (id: number, from: number, to: number) => call<CharacterChange[]>('character_diff', { id, from, to }),
  /** Makes revision `number` current again, as a new revision. */
  restoreCharacter: (id: number, number: number) => call<CharacterView>('restore_character', { id, number }),
  /** The sheet of a game system: its sections, fields, families and lists. */
  sheetLayout: (system: string) => call<SheetLayout>('sheet_layout', { system }),
  /** What the rules derive from a sheet, saved or not (never fails on what was typed). */
  deriveCharacter: (character: Character) => call<Derived>('derive_character', { character }),
  /** A new item for a sheet: one of the entry, not equipped. */
  characterItem: (entryId: string) => call<CharacterItem>('character_item', { entryId }),
  /** A new condition or spell reference for a sheet. */
  characterRef: (entryId: string) => call<CharacterRef>('character_ref', { entryId }),
  /**
   * Asks where to save the character file (the native save dialog, `fileName` suggested)
   * and writes it there. Answers with the path, or `null` when the user cancelled; `io`
   * when it cannot be written.
   */
  exportCharacterFile: (id: number, fileName: string) => call<string | null>('export_character_file', { id, fileName }),
  /** Every problem an import of `text` would report; empty when it would succeed. */
  checkCharacterFile: (text: string) => call<FieldProblem[]>('check_character_file', { text }),
  /** Imports a character file's text as a new character. */
  importCharacter: (text: string) => call<Character>('import_character', { text }),

  // ---- Printable sheets ----

  /** The whole PDF, for the print preview. `not_found` for an unknown id. */
  pdfPreview: async (source: PdfSource, options: PdfOptions): Promise<ArrayBuffer> =>
    toArrayBuffer(await call<unknown>('pdf_preview', { source, options })),
  /**
   * Makes the PDF, asks where to save it (the native save dialog, `fileName` suggested)
   * and writes it there. Answers with the path, or `null` when the user cancelled; `io`
   * when it cannot be written.
   */
  exportPdf: (source: PdfSource, options: PdfOptions, fileName: string) =>
    call<string | null>('export_pdf', { source, options, fileName }),
};

/** Raw bytes from a command: an ArrayBuffer from the shell, a typed array or a list of numbers otherwise. */
function toArrayBuffer(value: unknown): ArrayBuffer {
  if (value instanceof ArrayBuffer) return value;
  if (Object.prototype.toString.call(value) === '[object ArrayBuffer]') return value as ArrayBuffer;
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice().buffer;
  if (Array.isArray(value)) return Uint8Array.from(value as number[]).buffer;
  throw new TomeError('unknown', 'the backend did not answer with bytes');
}
