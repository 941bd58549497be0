// Answers Tome's IPC commands from a recording of the real core, for the tests and for
// `npm run dev` in a plain browser. The recording (`src/test/fixture.json`) is made by
// `tests/ui_fixture.rs` (`make ui-fixture`), which runs the shell's commands on the
// shipped content in scripted scenarios; see that file for how it is laid out. Nothing
// here knows anything about the rules: it looks answers up, and says so when a call
// was never recorded.

/** One recorded answer: a value, an error payload, or bytes (`bytes` indexes the recording's). */
export type RecordedAnswer = { ok: unknown } | { err: unknown } | { bytes: number };

export interface RecordedCall {
  cmd: string;
  args: Record<string, unknown>;
  /** For a write that succeeded: the state it leads to. */
  next?: number;
  /** A read also answered in the states below this one. */
  below?: boolean;
  /** Indexes of the recording's `answers`, given in turn (dice give a new answer each time). */
  answers: number[];
}

export interface RecordedState {
  parent: number | null;
  calls: RecordedCall[];
}

export interface Recording {
  states: RecordedState[];
  /** Each distinct answer once. */
  answers: RecordedAnswer[];
  /** Base64. */
  bytes: string[];
}

/** The arguments as compared: a text holding a JSON object (a character file) counts as that object. */
function normalized(value: unknown): unknown {
  if (typeof value === 'string' && value.trimStart().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return ['$json', normalized(parsed)];
    } catch {
      // not JSON: compared as text
    }
    return value;
  }
  if (Array.isArray(value)) return value.map(normalized);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalized(v)]));
  }
  return value;
}

/** JSON with object keys sorted, no spaces (as `canonical` in tests/ui_fixture.rs). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * How a call is looked up: its command and its arguments, an argument given as `null`
 * counting as one left out (the shell reads both as `None`), as `key` in
 * tests/ui_fixture.rs does.
 */
export function callKey(cmd: string, args: Record<string, unknown> = {}): string {
  const given = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined));
  return `${cmd} ${canonical(normalized(given))}`;
}

function decode(base64: string): ArrayBuffer {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes.buffer;
}

/**
 * A replay of a recording. It starts in the fresh database's state; a recorded write
 * moves it to the state the write led to. A call is answered from the current state, or
 * for a read marked `below`, from the nearest state above that has it (the recording
 * made sure that is the answer the core gives here).
 */
export class Replay {
  readonly #states: { parent: number | null; calls: Map<string, RecordedCall> }[];
  readonly #answers: RecordedAnswer[];
  readonly #bytes: string[];
  #state = 0;
  /** How many answers each recorded call has given. */
  #turns = new Map<RecordedCall, number>();
  /** Every call that was not in the recording, described. */
  readonly misses: string[] = [];

  constructor(recording: Recording) {
    this.#answers = recording.answers;
    this.#bytes = recording.bytes;
    this.#states = recording.states.map((s) => ({
      parent: s.parent,
      calls: new Map(s.calls.map((c) => [callKey(c.cmd, c.args), c])),
    }));
  }

  /** Back to the fresh database, every call forgotten. */
  reset(): void {
    this.#state = 0;
    this.#turns.clear();
    this.misses.length = 0;
  }

  /** The state the replay is in (for messages). */
  get state(): number {
    return this.#state;
  }

  #find(key: string): RecordedCall | undefined {
    const here = this.#states[this.#state];
    const call = here.calls.get(key);
    if (call) return call;
    for (let s = here.parent; s !== null; s = this.#states[s].parent) {
      const above = this.#states[s].calls.get(key);
      if (above?.below) return above;
    }
    return undefined;
  }

  /** The recorded answer to a call: its value, or it throws the recorded error payload. */
  answer(cmd: string, args: Record<string, unknown> = {}): unknown {
    const key = callKey(cmd, args);
    const call = this.#find(key);
    if (!call) {
      const miss = `not in the UI fixture (state ${this.#state}): ${cmd} ${JSON.stringify(args)}`;
      if (!this.misses.includes(miss)) this.misses.push(miss);
      throw new Error(`${miss}. Add the call to a scenario in tests/ui_fixture.rs and run \`make ui-fixture\`.`);
    }
    const turn = this.#turns.get(call) ?? 0;
    this.#turns.set(call, turn + 1);
    const answer = this.#answers[call.answers[turn % call.answers.length]];
    if (call.next !== undefined) this.#state = call.next;
    if ('err' in answer) throw structuredClone(answer.err);
    if ('bytes' in answer) return decode(this.#bytes[answer.bytes]);
    return structuredClone(answer.ok);
  }
}
