// The one place the UI talks to Tome's Rust core (Tauri IPC commands). The commands'
// names, arguments and answers come from the generated map (bindings/commands.ts).
import { invoke } from '@tauri-apps/api/core';
import type { Adversary } from './bindings/Adversary';
import type { Character } from './bindings/Character';
import type { Commands } from './bindings/commands';
import type { Duration } from './bindings/Duration';
import type { Event } from './bindings/Event';
import type { RollAsk } from './bindings/RollAsk';
import type { ErrorCode } from './bindings/ErrorCode';
import type { ErrorPayload } from './bindings/ErrorPayload';
import type { Kind } from './bindings/Kind';
import type { PdfOptions } from './bindings/PdfOptions';
import type { PdfSource } from './bindings/PdfSource';
import type { Problem } from './bindings/Problem';
import type { RecoveryRoll } from './bindings/RecoveryRoll';
import type { SessionPick } from './bindings/SessionPick';

/** The backend's codes, plus `unknown` for anything that did not come from it. */
export type UiErrorCode = ErrorCode | 'unknown';

const CODES: readonly ErrorCode[] = [
  'not_found',
  'invalid_input',
  'conflict',
  'content_invalid',
  'database',
  'io',
  'internal',
];

/** What a PDF is printed from (generated from the core's `PdfSource`). */
export type { PdfSource };

/**
 * A failed call: the core's `ErrorPayload`, the one error shape of every command. The UI
 * branches on `code`, never on `message`.
 */
export class TomeError extends Error {
  readonly code: UiErrorCode;
  /**
   * Every problem of a refused input, each with its place: a pack's (`content_invalid`) by
   * file and line, a character's (`invalid_input`) by field. Empty otherwise.
   */
  readonly problems: Problem[];
  /** For `not_found`: what may have been meant (entry ids for an entry). Empty otherwise. */
  readonly suggestions: string[];
  constructor(code: UiErrorCode, message: string, problems: Problem[] = [], suggestions: string[] = []) {
    super(message);
    this.name = 'TomeError';
    this.code = code;
    this.problems = problems;
    this.suggestions = suggestions;
  }
}

function isErrorPayload(value: unknown): value is ErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && (CODES as readonly string[]).includes(v.code) && typeof v.message === 'string';
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The problems a refusal carries, if it carries any (kept as text, whatever they hold). */
function problemsOf(value: unknown): Problem[] {
  const list = (value as { problems?: unknown }).problems;
  if (!Array.isArray(list)) return [];
  return list
    .filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null)
    .map((p) => ({
      file: text(p.file),
      line: typeof p.line === 'number' ? p.line : null,
      field: text(p.field),
      message: String(p.message ?? ''),
    }));
}

/** The suggestions of a `not_found`, if it carries any. */
function suggestionsOf(value: unknown): string[] {
  const list = (value as { suggestions?: unknown }).suggestions;
  return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
}

function fromPayload(payload: ErrorPayload): TomeError {
  return new TomeError(payload.code, payload.message, problemsOf(payload), suggestionsOf(payload));
}

/** Turns whatever a rejected call produced into a TomeError. */
export function toTomeError(error: unknown): TomeError {
  if (error instanceof TomeError) return error;
  if (isErrorPayload(error)) return fromPayload(error);
  if (typeof error === 'string') {
    // Tauri rejects with a string when it never reached the command (e.g. bad arguments).
    try {
      const parsed: unknown = JSON.parse(error);
      if (isErrorPayload(parsed)) return fromPayload(parsed);
    } catch {
      // not JSON: fall through
    }
    return new TomeError('unknown', error);
  }
  if (error instanceof Error) return new TomeError('unknown', error.message);
  return new TomeError('unknown', String(error));
}

/** A command of the shell; its arguments and answer come from the generated map (src/ipc.rs). */
type Command = keyof Commands;

/** Told of every `database` error a call answers (see `onDatabaseError`). */
let databaseErrorListener: ((error: TomeError) => void) | null = null;

/**
 * Calls `listener` whenever a command answers `database`: the core closes a file in which
 * it found damage, and the start-up screen's ways out (restore the newest backup…) are
 * then what the app has to offer. The listener asks the shell whether that is so.
 */
export function onDatabaseError(listener: ((error: TomeError) => void) | null): void {
  databaseErrorListener = listener;
}

/** How a command reaches the core: the shell's IPC; see `useTransport`. */
type Transport = (command: Command, args: Record<string, unknown>) => Promise<unknown>;

const ipc: Transport = (command, args) => invoke(command, args);
let transport: Transport = ipc;

/**
 * Sends every command through `next` in place of the shell's IPC: the table's pages (a
 * phone at the game master's `tome share`) reach the core over HTTP, so the app's
 * components (entries, roll tables, link previews) work there unchanged. A transport
 * rejects with the core's `ErrorPayload`, as IPC does. `null`: the shell's IPC again.
 */
export function useTransport(next: Transport | null): void {
  transport = next ?? ipc;
}

async function call<C extends Command>(command: C, args: Commands[C]['args']): Promise<Commands[C]['answer']> {
  try {
    return (await transport(command, args as Record<string, unknown>)) as Commands[C]['answer'];
  } catch (error) {
    const failed = toTomeError(error);
    if (failed.code === 'database') databaseErrorListener?.(failed);
    throw failed;
  }
}

export const api = {
  systems: () => call('systems', {}),
  listEntries: (kind: Kind, system: string | null = null) => call('list_entries', { kind, system }),
  /** One entry; `not_found` with the ids of entries named like it in `TomeError.suggestions`. */
  /** An entry; a search hit on the game master's adversaries (`SYSTEM/adversary/N`) is their stat block, which the core writes as one. */
  showEntry: (id: string) => (id.split('/')[1] === 'adversary' ? call('adversary_entry', { id }) : call('show_entry', { id })),
  getTable: (id: string) => call('get_table', { id }),
  rollTable: (id: string) => call('roll_table', { id }),
  search: (query: string, options: { system?: string | null; kind?: Kind | null; limit?: number | null } = {}) =>
    call('search', {
      query,
      system: options.system ?? null,
      kind: options.kind ?? null,
      limit: options.limit ?? null,
    }),
  /** Every rules calculator of every system, with its parameters described. */
  calculators: () => call('calculators', {}),
  /**
   * Runs one calculator. `values` are raw strings by parameter name, as typed; absent
   * ones take their default. Bad input rejects with `invalid_input` (the message names
   * the parameter and what it accepts), an unknown entry with `not_found`.
   */
  calculate: (system: string, name: string, values: Record<string, string>) =>
    call('calculate', { system, name, values }),
  /**
   * Rolls `dice`: "NdM" or "dM" ("3d6", "d20"), or Ars Magica's "stress" (one botch die
   * on a 0) or "simple" die. Anything else rejects with `invalid_input`, saying what is
   * accepted.
   */
  rollDice: (dice: string) => call('roll_dice', { dice }),

  // ---- Characters ----

  /** Every character, by name. */
  characters: () => call('characters', {}),
  /** A saved character with its derived stats; `not_found` when there is none. */
  characterView: (id: number) => call('character_view', { id }),
  /** A new, empty character; `invalid_input` for a blank name, `not_found` for an unknown system. */
  createCharacter: (system: string, name: string) => call('create_character', { system, name }),
  /**
   * Saves a character made from its `revision` and answers with the stored character and
   * its derived stats. `invalid_input` when a value breaks the sheet's rules (every problem,
   * with its field, in `TomeError.problems`); `conflict` when the character was saved
   * elsewhere since that revision.
   */
  saveCharacter: (character: Character) => call('save_character', { character }),
  deleteCharacter: (id: number) => call('delete_character', { id }),
  /** A character's revisions, oldest first. */
  characterRevisions: (id: number) => call('character_revisions', { id }),
  /** What changed from revision `from` to revision `to`. */
  characterDiff: (id: number, from: number, to: number) => call('character_diff', { id, from, to }),
  /** Makes revision `number` current again, as a new revision. */
  restoreCharacter: (id: number, number: number) => call('restore_character', { id, number }),
  /** One Recovery roll for a wounded character, saved as a revision; `invalid_input` for a system without a recovery track or a value out of range. */
  characterRecover: (id: number, roll: RecoveryRoll) => call('character_recover', { id, roll }),
  /** The sheet of a game system: its sections, fields, families and lists. */
  sheetLayout: (system: string) => call('sheet_layout', { system }),
  /** The field key of the family member a player names; `invalid_input` when the name has no letter. */
  memberKey: (system: string, prefix: string, name: string) => call('member_key', { system, prefix, name }),
  /** What the rules derive from a sheet, saved or not (never fails on what was typed). */
  deriveCharacter: (character: Character) => call('derive_character', { character }),
  /** A new item for a sheet: one of the entry, not equipped. */
  characterItem: (entryId: string) => call('character_item', { entryId }),
  /** A new condition or spell reference for a sheet. */
  characterRef: (entryId: string) => call('character_ref', { entryId }),
  /**
   * Asks where to save the character file (the native save dialog, `fileName` suggested)
   * and writes it there. Answers with the path, or `null` when the user cancelled; `io`
   * when it cannot be written.
   */
  exportCharacterFile: (id: number, fileName: string) => call('export_character_file', { id, fileName }),
  /**
   * As `exportCharacterFile`, as an actor of the system's Foundry VTT system (its
   * `System.foundry`); `invalid_input` for a system with none.
   */
  exportCharacterFoundryFile: (id: number, fileName: string) => call('export_character_foundry_file', { id, fileName }),
  /** Every problem an import of `text` would report; empty when it would succeed. */
  checkCharacterFile: (text: string) => call('check_character_file', { text }),
  /** Imports a character file's text as a new character. */
  importCharacter: (text: string) => call('import_character', { text }),

  // ---- Printable sheets ----

  /** The whole PDF, for the print preview. `not_found` for an unknown id. */
  pdfPreview: async (source: PdfSource, options: PdfOptions): Promise<ArrayBuffer> =>
    toArrayBuffer(await call('pdf_preview', { source, options })),
  /**
   * Makes the PDF, asks where to save it (the native save dialog, `fileName` suggested)
   * and writes it there. Answers with the path, or `null` when the user cancelled; `io`
   * when it cannot be written.
   */
  exportPdf: (source: PdfSource, options: PdfOptions, fileName: string) =>
    call('export_pdf', { source, options, fileName }),

  // ---- Your own content: homebrew packs and rulebook text ----

  /** Every installed pack. */
  packs: () => call('packs', {}),
  /**
   * Asks for a pack (the native folder picker when `folder`, else the file picker for a
   * single `.toml`) and imports it. Answers with what the import did, or `null` when the
   * user cancelled; an invalid pack rejects with `content_invalid` and every problem in
   * `TomeError.problems` (nothing is imported).
   */
  importPack: (folder: boolean) => call('import_pack', { folder }),
  /** Removes a pack and its entries; `invalid_input` while a character uses one of them. */
  removePack: (name: string) => call('remove_pack', { name }),
  /** Every imported rules document. */
  docs: () => call('docs', {}),
  /**
   * Asks for a rules document (`.txt` or `.md`, the native file picker) and imports it for
   * `system` under `title` (or one made from the file's name). `null` when the user
   * cancelled; `invalid_input` for a file that cannot be read as text.
   */
  importText: (system: string, title: string | null) => call('import_text', { system, title }),
  /** Removes an imported document and its sections. */
  removeDoc: (id: string) => call('remove_doc', { id }),
  /** Lets the table's phones read an imported document (`shared`), or keeps it from them. */
  setDocShared: (id: string, shared: boolean) => call('set_doc_shared', { id, shared }),

  // ---- Encounters ----

  /** Every encounter, the last changed first. */
  encounters: () => call('encounters', {}),
  /** A new encounter of `system` (its usual kind, or `mode`). */
  createEncounter: (system: string, name: string, mode: string | null = null) =>
    call('create_encounter', { system, name, mode }),
  deleteEncounter: (id: number) => call('delete_encounter', { id }),
  encounter: (id: number) => call('encounter', { id }),
  /** The stats a quick combatant takes, the system's own actions, and how turns go. */
  encounterKit: (id: number) => call('encounter_kit', { id }),
  /**
   * Quick combatants. `hidden`: join hidden from the players, or shown; left out, as the
   * fight's setting says (`newcomersHidden`).
   */
  encounterAddNpc: (id: number, name: string, count: number, stats: Record<string, number>, hidden?: boolean) =>
    call('encounter_add_npc', { id, name, count, stats, hidden: hidden ?? null }),
  /** A copy of a combatant, with the same stats, named as the next of its kind. */
  encounterDuplicate: (id: number, name: string) => call('encounter_duplicate', { id, name }),
  /** Saves a combatant (one typed mid-fight) to the adversaries library, named after it without its number or `as`. */
  encounterSaveAdversary: (id: number, name: string, as: string | null = null) =>
    call('encounter_save_adversary', { id, name, adversaryName: as }),
  encounterAddCharacter: (id: number, character: number, hidden?: boolean) =>
    call('encounter_add_character', { id, character, hidden: hidden ?? null }),
  /**
   * Whether newcomers to encounter `id` join hidden from the players unless the add says
   * (the fight's own setting; player characters join shown all the same).
   */
  newcomersHidden: (id: number) => call('newcomers_hidden', { id }),
  setNewcomersHidden: (id: number, hidden: boolean) => call('set_newcomers_hidden', { id, hidden }),
  /** Whether the fight offers to show a hidden combatant seen at work by the players. */
  encounterOfferReveal: (id: number, on: boolean) => call('encounter_offer_reveal', { id, on }),
  /** Whether a player's phone is told the totals their accepted action was compared with. */
  encounterTableTotals: (id: number, on: boolean) => call('encounter_table_totals', { id, on }),
  /** Rolls initiative: the rolls typed are used, Tome rolls the rest (and tie re-rolls). */
  encounterStart: (id: number, rolls: [string, number][], tieRolls: [string, number][] = []) =>
    call('encounter_start', { id, rolls, tieRolls }),
  /** One change; `invalid_input` or `not_found` says why it does not fit, and nothing changes. */
  encounterChange: (id: number, event: Event) => call('encounter_change', { id, event }),
  /**
   * Adds (or removes) a condition. A name the reference does not know answers `not_found`
   * with suggestions, unless `custom` keeps it as the game master's own.
   */
  encounterCondition: (id: number, name: string, condition: string, duration: Duration, remove = false, custom = false) =>
    call('encounter_condition', { id, name, condition, duration, remove, custom }),
  encounterAct: (id: number, action: string, name: string | null, inputs: Record<string, string>) =>
    call('encounter_act', { id, action, name, inputs }),
  /** Asking a player's phone whether their character reacts now, out of turn (refused where the rules do not allow it). */
  encounterReactionField: (id: number, name: string) => call('encounter_reaction_field', { id, name }),
  /** The fields of an action (filled so far) a player's phone may be asked for: whose phone, and how it answers. */
  encounterPhoneFields: (id: number, action: string, name: string | null, inputs: Record<string, string>) =>
    call('encounter_phone_fields', { id, action, name, inputs }),
  encounterUndo: (id: number) => call('encounter_undo', { id }),
  encounterRedo: (id: number) => call('encounter_redo', { id }),
  /** The whole log, or with `last` its last entries only (a long fight opens as fast as a short one). */
  encounterLog: (id: number, last: number | null = null) => call('encounter_log', { id, last }),
  /** What lasts for each linked character; with `apply`, written as new revisions. */
  encounterEnd: (id: number, apply: boolean) => call('encounter_end', { id, apply }),
  /** Next fight, same party: a new encounter with the parties that joined `id` (as saved now) and its other saved characters. */
  encounterNextFight: (id: number, name: string | null = null) => call('encounter_next_fight', { id, name }),
  /** Run this fight again: a new prepared (not started) encounter with the same combatants, stats, hidden state and parties, fresh HP, conditions and log. */
  encounterAgain: (id: number, name: string | null = null) => call('encounter_again', { id, name }),
  /** Every character of a party joins, in one change. */
  encounterAddParty: (id: number, party: number, hidden?: boolean) => call('encounter_add_party', { id, party, hidden: hidden ?? null }),
  /** `count` numbered copies of a library adversary (by name), each with its own stats, in one change. */
  encounterAddAdversary: (id: number, adversary: string, count: number, hidden?: boolean) =>
    call('encounter_add_adversary', { id, adversary, count, hidden: hidden ?? null }),
  /** The game master's library of adversaries, by system and name. */
  adversaries: () => call('adversaries', {}),
  /** An adversary's stat block with what its system's rules derive from it, and why. */
  adversaryView: (id: number) => call('adversary_view', { id }),
  /** Checks a stat block as a save would, saving nothing; `invalid_input` with every problem by field. */
  checkAdversary: (adversary: Adversary) => call('check_adversary', { adversary }),
  /** Saves a new adversary; `invalid_input` with every problem by field. */
  createAdversary: (adversary: Adversary) => call('create_adversary', { adversary }),
  /** Saves an adversary as a new revision; `conflict` when it was saved elsewhere since it was read. */
  saveAdversary: (adversary: Adversary) => call('save_adversary', { adversary }),
  /** Deletes an adversary and its revisions (fights keep their copies). */
  deleteAdversary: (id: number) => call('delete_adversary', { id }),
  /** The stats an adversary of `system` holds for the kind of encounter `mode` (empty: the usual one), with their ranges and defaults. */
  adversaryStats: (system: string, mode: string) => call('adversary_stats', { system, mode }),
  /** An adversary's revisions, oldest first, each with what it changed. */
  adversaryRevisions: (id: number) => call('adversary_revisions', { id }),
  /** Makes revision `number` current again, as a new revision; `invalid_input` when today's rules refuse it. */
  restoreAdversary: (id: number, number: number) => call('restore_adversary', { id, number }),
  /** Asks where to save the adversary file (the native dialog) and writes it: the path, or null when cancelled. */
  exportAdversaryFile: (id: number, fileName: string) => call('export_adversary_file', { id, fileName }),
  /** As `exportAdversaryFile`, as an actor of the system's Foundry VTT system. */
  exportAdversaryFoundryFile: (id: number, fileName: string) => call('export_adversary_foundry_file', { id, fileName }),
  /** Imports an adversary file's text, whole or not at all; `invalid_input` with every problem. */
  importAdversary: (text: string) => call('import_adversary', { text }),

  // ---- Parties and the session log ----

  parties: () => call('parties', {}),
  createParty: (system: string, name: string) => call('create_party', { system, name }),
  partyAdd: (party: number, characters: number[]) => call('party_add', { party, characters }),
  partyRemove: (party: number, characters: number[]) => call('party_remove', { party, characters }),
  deleteParty: (party: number) => call('delete_party', { party }),
  /** Writes the picked encounters as one Markdown session log where the user says: the path, or null. */
  exportSessionLog: (pick: SessionPick, fileName: string) => call('export_session_log', { pick, fileName }),

  // ---- The game master's screen ----

  /** The GM's screen of a system: their own, or the shipped one. */
  screen: (system: string) => call('screen', { system }),
  /** Pins an entry (by id) or a `system/kind` list as a new panel at the end. */
  screenPin: (system: string, item: string) => call('screen_pin', { system, item }),
  /** Takes a panel (by number, from 1) or an item (by id) off. */
  screenUnpin: (system: string, what: string) => call('screen_unpin', { system, what }),
  /** Moves panel `from` to place `to` (from 1). */
  screenMove: (system: string, from: number, to: number) => call('screen_move', { system, from, to }),
  screenReset: (system: string) => call('screen_reset', { system }),

  /** The players' screen of an encounter (the player view's window may call nothing else). */
  playerView: (id: number) => call('player_view', { id }),
  /** Opens the player view of an encounter in its own window, for a second screen. */
  openPlayerView: (id: number) => call('open_player_view', { id }),

  // ---- Sharing with the table ----

  /** This machine's local network addresses, the likeliest first. */
  shareAddresses: () => call('share_addresses', {}),
  /** Starts sharing (or answers how it is shared already). */
  shareStart: (address: string | null, port: number | null, encounter: number | null) =>
    call('share_start', { address, port, encounter }),
  /** How sharing stands; `null` when it is off. */
  shareStatus: () => call('share_status', {}),
  /** Shows `encounter` to the table from now on (`null`: the latest started one); nobody is disconnected. */
  shareShow: (encounter: number | null) => call('share_show', { encounter }),
  shareStop: () => call('share_stop', {}),
  shareNewCode: () => call('share_new_code', {}),
  shareRename: (device: number, name: string) => call('share_rename', { device, name }),
  shareAssign: (device: number, character: number | null) => call('share_assign', { device, character }),
  shareRevoke: (device: number) => call('share_revoke', { device }),
  shareRevokeAll: () => call('share_revoke_all', {}),
  /** Imports a character waiting in the inbox, added to `encounter` when given. */
  shareAccept: (item: number, encounter: number | null) => call('share_accept', { item, encounter }),
  shareDecline: (item: number) => call('share_decline', { item }),
  /** Accepts an action a player sent from their phone, as prepared. */
  shareAcceptProposal: (id: number) => call('share_accept_proposal', { id }),
  /** Accepts a player's action as the game master changed it. */
  shareEditProposal: (id: number, action: string | null, inputs: Record<string, string>) =>
    call('share_edit_proposal', { id, action, inputs }),
  /** Declines a player's action, with an optional word back to their phone. */
  shareDeclineProposal: (id: number, word: string | null) => call('share_decline_proposal', { id, word }),
  /** Asks the phones in an encounter not yet started for their initiative (`null`: stops asking). */
  shareAskInitiative: (encounter: number | null) => call('share_ask_initiative', { encounter }),
  /** Asks one player's phone for its initiative once more (Tome's first roll is otherwise the roll). */
  shareAskInitiativeAgain: (name: string) => call('share_ask_initiative_again', { name }),
  /** Starts an encounter with the initiative the phones sent; Tome rolls the rest. */
  shareStartFight: (encounter: number) => call('share_start_fight', { encounter }),
  /** Asks the phones for a roll: one character's (`to`) or everyone's, through a calculator when given. */
  shareAskRoll: (ask: RollAsk) => call('share_ask_roll', { ask }),
  /** Stops asking a roll. */
  shareCloseAsk: (id: number) => call('share_close_ask', { id }),
  /** Whether players' free rolls in `encounter` go to its log as they come, or wait for the game master. */
  shareTrustRolls: (encounter: number, trust: boolean) => call('share_trust_rolls', { encounter, trust }),

  // ---- Start-up and closing ----

  /** Why the database could not be opened at start-up, with the ways out; `null` when it is open. */
  startupProblem: () => call('startup_problem', {}),
  /**
   * What the checks Tome ran by itself (at open, and weekly) repaired since last asked, each
   * once; the shell sends `tome://checked` when the weekly one has something to tell.
   */
  repairNotice: () => call('repair_notice', {}),
  /** Tries again to open the database. */
  retryOpen: () => call('retry_open', {}),
  /** Replaces the unusable database with its newest backup (keeping it) and opens that. */
  restoreNewestBackup: () => call('restore_newest_backup', {}),
  /** Asks for another database file and opens it for this session; `false` when cancelled. */
  openOtherDatabase: () => call('open_other_database', {}),
  quit: () => call('quit', {}),
  /** What was pending is saved: the window may close. */
  closeReady: () => call('close_ready', {}),
};

/** Raw bytes from a command: an ArrayBuffer from the shell, a typed array or a list of numbers otherwise. */
function toArrayBuffer(value: unknown): ArrayBuffer {
  if (value instanceof ArrayBuffer) return value;
  if (Object.prototype.toString.call(value) === '[object ArrayBuffer]') return value as ArrayBuffer;
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice().buffer;
  if (Array.isArray(value)) return Uint8Array.from(value as number[]).buffer;
  throw new TomeError('unknown', 'the backend did not answer with bytes');
}
