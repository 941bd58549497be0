// Encounters as the tracker shows them. The core's view of a combatant is a map of what
// its system tracks (`wounds`, `hp`, `lives`, `effects`…); the tracker writes every
// system's the same way from that map, so a new system needs nothing here.
import type { EncounterView } from './bindings/EncounterView';
import type { LogEntry } from './bindings/LogEntry';

/** One combatant as the core describes it. */
export type CombatantView = Record<string, unknown>;

/** A condition on a combatant, as the view lists it. */
export interface ConditionView {
  name: string;
  id: string | null;
  /** Rounds, turns or seconds left; `null` for "until removed". */
  remaining: number | null;
  /** How it counts down: `rounds`, `end_of_turn_of`, `seconds` or `until_removed`. */
  kind: string;
}

/** A fact of a combatant's state, with how it reads. */
export interface Fact {
  key: string;
  label: string;
  text: string;
  /** Marks something the GM should notice: a wound penalty, Bloodied, 0 HP, death. */
  alert: boolean;
}

/** Keys every system's view has, shown apart from the facts. */
const SHOWN_APART = new Set(['name', 'hidden', 'initiative', 'conditions', 'character', 'effects', 'pools', 'down', 'reacts']);
/** Counters that say nothing at zero (other zeros, 0 HP or penalty 0, are news). */
const QUIET_ZERO = new Set(['disengage_attempts', 'fatigue_levels_lost', 'reactive_ap', 'shield_hp']);
/** True values that are alarms. */
const ALARMS = new Set(['dead', 'bloodied', 'incapacitated', 'left', 'split', 'drained']);

/** The systems' abbreviations, written as the documents write them. */
const ABBREVIATIONS = new Set(['hp', 'ap', 'sp', 'spp', 'wp', 'td', 'ta', 'dr', 'dt', 'awr', 'cor', 'end']);

export function keyLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(' ')
    .map((w) => (ABBREVIATIONS.has(w) ? w.toUpperCase() : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A nested value in words, leaving out what is zero, false or empty; `null` when nothing is left. */
export function compact(value: unknown): string | null {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return null;
  if (value === true) return '';
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map(compact).filter((p): p is string => p !== null && p !== '');
    return parts.length === 0 ? null : parts.join('; ');
  }
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => {
        const t = compact(v);
        if (t === null) return null;
        return t === '' ? keyLabel(k).toLowerCase() : `${keyLabel(k).toLowerCase()} ${t}`;
      })
      .filter((p): p is string => p !== null);
    return parts.length === 0 ? null : parts.join(', ');
  }
  return String(value);
}

/** What a combatant's system tracks, in the order the core gives it. */
export function facts(c: CombatantView): Fact[] {
  const out: Fact[] = [];
  for (const [key, value] of Object.entries(c)) {
    if (SHOWN_APART.has(key) || value === null || value === undefined) continue;
    if (value === 0 && QUIET_ZERO.has(key)) continue;
    if (typeof value === 'boolean') {
      if (value) out.push({ key, label: keyLabel(key), text: '', alert: ALARMS.has(key) });
      continue;
    }
    if (typeof value === 'number') {
      const alert = (key === 'penalty' && value < 0) || (key === 'hp' && value === 0) || (key === 'death_points' && value > 0);
      out.push({ key, label: keyLabel(key), text: String(value), alert });
      continue;
    }
    const text = compact(value);
    if (text === null) continue;
    out.push({ key, label: keyLabel(key), text, alert: false });
  }
  return out;
}

/** What the combatant's conditions do, in words (MythCraft's `effects.lines`). */
export function effectLines(c: CombatantView): string[] {
  const effects = c.effects as { lines?: unknown } | undefined;
  return Array.isArray(effects?.lines) ? effects.lines.filter((l): l is string => typeof l === 'string') : [];
}

export function conditionsOf(c: CombatantView): ConditionView[] {
  const list = Array.isArray(c.conditions) ? (c.conditions as Record<string, unknown>[]) : [];
  return list.map((x) => ({
    name: String(x.name ?? ''),
    id: typeof x.id === 'string' ? x.id : null,
    remaining: typeof x.remaining === 'number' ? x.remaining : null,
    kind: typeof x.duration === 'object' && x.duration !== null ? String((x.duration as { kind?: unknown }).kind ?? '') : '',
  }));
}

/** An attack a combatant brought from its adversary, with what the core says it fills in of an action's form. */
export interface AttackView {
  name: string;
  numbers: string;
  /** The action its numbers fill in (`attack`), if any. */
  action: string | null;
  /** Those inputs, by parameter name. */
  inputs: Record<string, string>;
}

/** The combatant's attacks from the library that fill in `action` (all of them when `action` is null). */
export function attacksOf(c: CombatantView | undefined, action: string | null = null): AttackView[] {
  const list = c && Array.isArray(c.attacks) ? (c.attacks as Record<string, unknown>[]) : [];
  return list
    .map((x) => ({
      name: String(x.name ?? ''),
      numbers: String(x.numbers ?? ''),
      action: typeof x.action === 'string' ? x.action : null,
      inputs: typeof x.inputs === 'object' && x.inputs !== null ? Object.fromEntries(Object.entries(x.inputs).map(([k, v]) => [k, String(v)])) : {},
    }))
    .filter((a) => action === null || a.action === action);
}

/** A condition timed in seconds whose time has run out (the core removes it with the next change). */
export function isTimeUp(x: ConditionView): boolean {
  return x.kind === 'seconds' && x.remaining === 0;
}

/** How long a condition has left, in words. */
export function remainingText(x: ConditionView): string {
  if (x.remaining === null) return 'until removed';
  switch (x.kind) {
    case 'seconds':
      return x.remaining === 0 ? 'time is up' : `${x.remaining} s`;
    case 'end_of_turn_of':
      return x.remaining === 1 ? 'to end of turn' : `${x.remaining} turn ends`;
    default:
      return x.remaining === 1 ? '1 round' : `${x.remaining} rounds`;
  }
}

/** The combatants in acting order (joining order before the start, or with no turn order). */
export function inOrder(v: EncounterView): CombatantView[] {
  const all = v.combatants as CombatantView[];
  if (v.order.length === 0) return all;
  const byName = new Map(all.map((c) => [String(c.name), c]));
  const ordered = v.order.map((n) => byName.get(n)).filter((c): c is CombatantView => c !== undefined);
  // Anyone not in the order (none, normally) still shows, last.
  return [...ordered, ...all.filter((c) => !v.order.includes(String(c.name)))];
}

/** A number field's value (a number, or text as typed), or `null` when blank or not a number. */
export function numberOf(v: number | string | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  const t = String(v).trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** The rolls typed in the start form, as `[name, roll]` pairs; blank ones are left to Tome. */
export function typedRolls(rolls: Record<string, number | string | null>): [string, number][] {
  const out: [string, number][] = [];
  for (const [name, raw] of Object.entries(rolls)) {
    const n = numberOf(raw);
    if (n !== null) out.push([name, n]);
  }
  return out;
}

/** How many of the log's last entries the tracker reads on opening; earlier ones on request. */
export const LOG_TAIL = 200;

/**
 * The log after a change, from the log held before it and the entry the answer says is
 * now last: one entry added (a change, a redo) or the log cut back (an undo). The log held
 * may be the last part of the whole (its first entry's `seq` above 1). Null when the two do
 * not line up (changed elsewhere meanwhile, or undone past the first entry held): then the
 * log is read again. Entries kept are the same objects, so a keyed list draws only the new one.
 */
export function followLog(log: LogEntry[], latest: LogEntry | null): LogEntry[] | null {
  if (latest === null) return [];
  const n = latest.seq;
  const first = log.length > 0 ? log[0].seq : 1;
  const last = log.length > 0 ? log[log.length - 1].seq : 0;
  if (n === last + 1) return [...log, latest];
  const at = n - first;
  if (at >= 0 && n <= last && JSON.stringify(log[at]) === JSON.stringify(latest)) return n === last ? log : log.slice(0, at + 1);
  return null;
}

/**
 * Hands back the object it gave before under a key when the new one holds the same
 * content, so a keyed list redraws only the items that changed (each answer from the
 * core is all new objects).
 */
export class SameAsBefore<T> {
  #seen = new Map<string | number, { json: string; value: T }>();

  keep(key: string | number, value: T): T {
    const json = JSON.stringify(value);
    const before = this.#seen.get(key);
    if (before && before.json === json) return before.value;
    this.#seen.set(key, { json, value });
    return value;
  }
}
