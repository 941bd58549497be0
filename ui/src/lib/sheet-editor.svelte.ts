// The state of one open character sheet: the draft being edited, what the rules derive
// from it (asked again shortly after every change, answers to older drafts dropped),
// autosave (shortly after the last change, one save at a time), undo and redo over the
// draft, and what to do when the core refuses a save.
import { api, toTomeError, type TomeError, type UiErrorCode } from './api';
import type { Character } from './bindings/Character';
import type { CharacterView } from './bindings/CharacterView';
import type { Derived } from './bindings/Derived';
import type { Problem } from './bindings/Problem';
import type { RecoveryDue } from './bindings/RecoveryDue';
import type { SheetLayout } from './bindings/SheetLayout';
import { History, problemText, sameSheet } from './sheet';

export type SaveStatus =
  /** The draft is what is stored. */
  | { state: 'saved' }
  /** Changes wait for the autosave. */
  | { state: 'pending' }
  | { state: 'saving' }
  /** The core refused the draft (a value out of range…): the draft is kept as typed. */
  | { state: 'refused'; reason: string; problems: Problem[] }
  /** The save could not be made (the database, a deleted character…). */
  | { state: 'failed'; code: UiErrorCode; reason: string };

/** The character was saved elsewhere since this sheet read it: reloaded, the draft set aside. */
export interface Conflict {
  /** The draft as it was when the save was refused. */
  mine: Character;
  /** The revision that was saved elsewhere. */
  revision: number;
}

export interface EditorOptions {
  /** Milliseconds after a change before the derived stats are asked for. */
  deriveDelay?: number;
  /** Milliseconds after the last change before it is saved. */
  saveDelay?: number;
  now?: () => number;
}

export class SheetEditor {
  readonly id: number;
  readonly deriveDelay: number;
  readonly saveDelay: number;
  readonly #now: () => number;

  status = $state<'loading' | 'ready' | 'error'>('loading');
  loadError = $state.raw<TomeError | null>(null);
  layout = $state.raw<SheetLayout | null>(null);
  /** The character as last stored. */
  saved = $state.raw<Character | null>(null);
  /** The character as edited. */
  draft = $state.raw<Character | null>(null);
  derived = $state.raw<Derived | null>(null);
  /** The recovery track as last stored, for a system whose sheets keep one. */
  recovery = $state.raw<RecoveryDue | null>(null);
  /** A derive request is waiting or on its way. */
  deriving = $state(false);
  save = $state.raw<SaveStatus>({ state: 'saved' });
  conflict = $state.raw<Conflict | null>(null);
  canUndo = $state(false);
  canRedo = $state(false);

  #history = new History<Character>();
  #deriveTimer: ReturnType<typeof setTimeout> | undefined;
  #saveTimer: ReturnType<typeof setTimeout> | undefined;
  #deriveSeq = 0;
  /** One more for every change to the draft. */
  #edits = 0;
  #saving: Promise<void> | null = null;
  #saveAgain = false;
  #closed = false;

  constructor(id: number, options: EditorOptions = {}) {
    this.id = id;
    this.deriveDelay = options.deriveDelay ?? 150;
    this.saveDelay = options.saveDelay ?? 800;
    this.#now = options.now ?? (() => Date.now());
  }

  async load(): Promise<void> {
    this.status = 'loading';
    this.loadError = null;
    try {
      const view = await api.characterView(this.id);
      const layout = await api.sheetLayout(view.character.system);
      if (this.#closed) return;
      this.layout = layout;
      this.saved = view.character;
      this.draft = view.character;
      this.derived = view.derived;
      this.recovery = view.recovery;
      this.save = { state: 'saved' };
      this.status = 'ready';
    } catch (e) {
      this.loadError = toTomeError(e);
      this.status = 'error';
    }
  }

  /** The revision the draft was made from. */
  get revision(): number {
    return this.saved?.revision ?? 0;
  }

  /** Whether the draft holds changes that are not stored. */
  get dirty(): boolean {
    return this.draft !== null && this.saved !== null && !sameSheet(this.draft, this.saved);
  }

  /**
   * Changes the draft. Changes in one `group` (one field being typed in) made close
   * together undo as one step.
   */
  edit(change: (c: Character) => Character, group: string | null = null): void {
    const draft = this.draft;
    if (!draft || this.#closed) return;
    const next = change(draft);
    if (next === draft) return;
    this.#history.record(draft, group, this.#now());
    this.#set(next);
  }

  undo(): void {
    if (!this.draft) return;
    const prev = this.#history.undo(this.draft);
    if (prev) this.#set(prev);
  }

  redo(): void {
    if (!this.draft) return;
    const next = this.#history.redo(this.draft);
    if (next) this.#set(next);
  }

  /** Ends the undo step being typed (the field lost focus). */
  seal(): void {
    this.#history.seal();
  }

  #set(next: Character): void {
    this.draft = next;
    this.#edits++;
    this.canUndo = this.#history.canUndo;
    this.canRedo = this.#history.canRedo;
    this.#scheduleDerive();
    this.#scheduleSave();
  }

  #scheduleDerive(): void {
    clearTimeout(this.#deriveTimer);
    this.deriving = true;
    this.#deriveTimer = setTimeout(() => this.#derive(), this.deriveDelay);
  }

  #derive(): void {
    this.#deriveTimer = undefined;
    const draft = this.draft;
    if (!draft || this.#closed) return;
    const seq = ++this.#deriveSeq;
    api.deriveCharacter(draft).then(
      (derived) => {
        if (seq !== this.#deriveSeq || this.#closed) return;
        this.derived = derived;
        this.deriving = false;
      },
      () => {
        // The stats stay as they were; the next change asks again.
        if (seq === this.#deriveSeq) this.deriving = false;
      },
    );
  }

  #scheduleSave(): void {
    clearTimeout(this.#saveTimer);
    if (this.saved && this.draft && sameSheet(this.draft, this.saved) && !this.#saving) {
      // Back to what is stored (an undo): nothing to save.
      this.#saveTimer = undefined;
      this.save = { state: 'saved' };
      return;
    }
    if (this.save.state !== 'saving') this.save = { state: 'pending' };
    this.#saveTimer = setTimeout(() => void this.saveNow(), this.saveDelay);
  }

  /** Saves the draft now (the autosave calls this); one save at a time. */
  saveNow(): Promise<void> {
    clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
    if (this.#saving) {
      this.#saveAgain = true;
      return this.#saving;
    }
    const draft = this.draft;
    const saved = this.saved;
    if (!draft || !saved) return Promise.resolve();
    if (sameSheet(draft, saved)) {
      this.save = { state: 'saved' };
      return Promise.resolve();
    }
    const sent: Character = { ...draft, revision: saved.revision };
    const edits = this.#edits;
    this.save = { state: 'saving' };
    this.#saving = (async () => {
      try {
        const view = await api.saveCharacter(sent);
        this.saved = view.character;
        this.recovery = view.recovery;
        if (this.#edits === edits) {
          // The draft is what was saved: its stats are the ones saved with it.
          this.derived = view.derived;
          clearTimeout(this.#deriveTimer);
          this.#deriveSeq++;
          this.deriving = false;
          this.save = { state: 'saved' };
        } else {
          this.save = { state: 'pending' };
        }
      } catch (e) {
        await this.#refused(toTomeError(e), sent);
      } finally {
        this.#saving = null;
        if (this.#saveAgain) {
          this.#saveAgain = false;
          if (!this.#closed) void this.saveNow();
        }
      }
    })();
    return this.#saving;
  }

  /** Works out why a save failed, branching on the code only. */
  async #refused(error: TomeError, sent: Character): Promise<void> {
    if (error.code === 'conflict') {
      // Saved elsewhere since `sent.revision`: show the stored character, keep the
      // draft aside (and one undo away).
      const fresh = await api.characterView(this.id).catch(() => null);
      if (!fresh) {
        this.save = { state: 'failed', code: error.code, reason: 'this character was changed elsewhere and could not be reloaded' };
        return;
      }
      const mine = this.draft ?? sent;
      clearTimeout(this.#saveTimer);
      this.#saveTimer = undefined;
      this.#saveAgain = false;
      this.#history.record(mine);
      this.saved = fresh.character;
      this.draft = fresh.character;
      this.derived = fresh.derived;
      this.#deriveSeq++;
      this.deriving = false;
      this.#edits++;
      this.canUndo = this.#history.canUndo;
      this.canRedo = this.#history.canRedo;
      this.conflict = { mine, revision: fresh.character.revision };
      this.save = { state: 'saved' };
      return;
    }
    if (error.code === 'invalid_input') {
      // The refusal carries every problem with its field, said here in the sheet's words;
      // a refusal without any (a sheet too large to save) says why in its message.
      const problems = error.problems;
      const reason = problems.length > 0 ? problems.map((p) => problemText(p, sent, this.layout, this.derived)).join('; ') : error.message;
      this.save = { state: 'refused', reason, problems };
      return;
    }
    if (error.code === 'not_found') {
      this.save = { state: 'failed', code: error.code, reason: 'this character no longer exists (deleted elsewhere?)' };
      return;
    }
    this.save = { state: 'failed', code: error.code, reason: error.message };
  }

  /** After a conflict: the set-aside draft becomes the draft again (saved over the newer revision). */
  reapply(): void {
    const c = this.conflict;
    if (!c) return;
    this.conflict = null;
    this.edit(() => ({ ...c.mine, revision: this.revision }));
  }

  dismissConflict(): void {
    this.conflict = null;
  }

  /**
   * The sheet was saved elsewhere (a restore from the history view, a Recovery roll):
   * take the stored character as it is now.
   */
  adopt(view: CharacterView): void {
    const { character, derived } = view;
    this.recovery = view.recovery;
    this.saved = character;
    this.#history.record(this.draft ?? character);
    this.draft = character;
    this.derived = derived;
    this.#edits++;
    this.canUndo = this.#history.canUndo;
    this.canRedo = this.#history.canRedo;
    this.save = { state: 'saved' };
  }

  /** Stops the timers; changes still waiting are saved at once unless `save` is false. */
  close(save = true): Promise<void> {
    clearTimeout(this.#deriveTimer);
    if (!save) this.#saveAgain = false;
    const pending = save && (this.#saveTimer !== undefined || this.#saveAgain);
    clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
    const done = pending ? this.saveNow() : (this.#saving ?? Promise.resolve());
    this.#closed = true;
    return done;
  }
}
