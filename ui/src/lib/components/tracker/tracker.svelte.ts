// What the tracker's parts share: the encounter as the core last answered it, its log,
// the selected combatant, what the last change did or why it was refused, and the one way
// to change the fight (`change`). EncounterTracker makes one and hands it to every part.
import { tick as settled } from 'svelte';
import { api, toTomeError, type TomeError } from '../../api';
import type { AdversarySummary } from '../../bindings/AdversarySummary';
import type { CharacterSummary } from '../../bindings/CharacterSummary';
import type { EncounterKit } from '../../bindings/EncounterKit';
import type { EncounterView } from '../../bindings/EncounterView';
import type { Event } from '../../bindings/Event';
import type { LogEntry } from '../../bindings/LogEntry';
import type { Party } from '../../bindings/Party';
import type { ProposalItem } from '../../bindings/ProposalItem';
import type { ShareStatus } from '../../bindings/ShareStatus';
import { catalog } from '../../catalog.svelte';
import { conditionsOf, followLog, inOrder, isTimeUp, LOG_TAIL, SameAsBefore, type CombatantView } from '../../encounter';
import { setTitle } from '../../title';
import { ActionDraft } from './action-draft.svelte';

/** What an undo, a redo or a save to the library did, said until the next change. */
export type Stepped = { how: 'Undone' | 'Redone' | 'Saved'; lines: string[] };

export class Tracker {
  /** The encounter's id, read when used (the page may be handed another one). */
  readonly #id: () => number;
  view = $state.raw<EncounterView | null>(null);
  kit = $state.raw<EncounterKit | null>(null);
  log = $state.raw<LogEntry[]>([]);
  loadError = $state.raw<TomeError | null>(null);
  /** The last change refused, said beside the controls (nothing changed). */
  refused = $state.raw<TomeError | null>(null);
  /** What the last undo or redo did, said in place of the log's latest entry until the next change. */
  stepped = $state.raw<Stepped | null>(null);
  /** A change is on its way (one at a time). */
  inFlight = false;
  /** …and has taken long enough to show. */
  busy = $state(false);
  /** The selected combatant: the one the bar's damage, healing and conditions go to. */
  target = $state('');
  characters = $state.raw<CharacterSummary[]>([]);
  /** The parties of the encounter's system, to add in one step. */
  parties = $state.raw<Party[]>([]);
  /** The library's adversaries that fight in this kind of encounter, to add with a count. */
  adversaries = $state.raw<AdversarySummary[]>([]);
  /** This fight's setting: newcomers join hidden unless the add says otherwise (player characters join shown). */
  newcomersHidden = $state(false);
  /** The game master's own choice for the adds, once the box is touched (else the setting). */
  hiddenChoice = $state<boolean | null>(null);
  /** The add-combatants panel: open on an empty encounter, then as the GM leaves it. */
  addOpen = $state<boolean | null>(null);
  /** Actions players sent from their phones for this encounter, oldest first (while sharing). */
  proposals = $state.raw<ProposalItem[]>([]);
  /** Sharing asks the phones for this encounter's initiative; what they sent, by combatant. */
  askingHere = $state(false);
  /** The game master shares the table now. */
  sharing = $state(false);
  /** Rolls asked of the phones, with their answers. */
  asks = $state.raw<ShareStatus['asks']>([]);
  phoneRolls = $state.raw<ShareStatus['initiative']>([]);
  /** This fight asks the game master for each roll a phone sends (initiative included). */
  rollsHeld = $state(false);
  /** The system's action as the bar's form holds it, kept while its form is closed or gone. */
  readonly draft: ActionDraft = new ActionDraft(this);

  // The rows drawn before, handed back where nothing in them changed, so a turn redraws
  // the two rows it touches, not twenty.
  readonly #sameRow = new SameAsBefore<CombatantView>();
  readonly rows = $derived(this.view ? inOrder(this.view).map((c) => this.#sameRow.keep(String(c.name), c)) : []);
  readonly names = $derived(this.rows.map((c) => String(c.name)));
  readonly started = $derived((this.view?.round ?? 0) > 0);
  /**
   * Whose turn it is. When it changes (Start, Next, Undo, Redo), the action's By follows
   * it and the acting row is brought into view above the bar (issue 44): By never stays
   * on whoever acted last.
   */
  readonly acting = $derived(this.view?.current ?? null);
  /** The duel board makes its own actions (arms, the clash): the generic form has the rest. */
  readonly duelBoard = $derived(this.view?.mode === 'duel' && this.rows.length === 2);
  readonly latest = $derived(this.log.length > 0 ? this.log[this.log.length - 1] : null);
  /** Timed conditions whose seconds have run out on screen; the core removes them, and logs it, with the next change. */
  readonly timeUp = $derived(
    this.rows.flatMap((c) => conditionsOf(c).filter(isTimeUp).map((x) => `${x.name} on ${String(c.name)}`)),
  );
  /** The encounter's system, by its name. */
  readonly systemName = $derived.by(() => {
    const sys = this.view?.system ?? '';
    return catalog.systems.find((s) => s.id === sys)?.name ?? sys;
  });

  constructor(id: () => number) {
    this.#id = id;
  }

  get id(): number {
    return this.#id();
  }

  /** Reads what the phones sent for this encounter (nothing when not sharing). */
  async followTable() {
    const status = await api.shareStatus().catch(() => null);
    const id = this.id;
    this.sharing = status !== null;
    const mine = (status?.proposals ?? []).filter((p) => p.encounter === id);
    // Unchanged lists keep their identity, so the strip does not redraw every second.
    if (JSON.stringify(mine) !== JSON.stringify(this.proposals)) this.proposals = mine;
    this.askingHere = status?.asking === id;
    const asks = status?.asks ?? [];
    if (JSON.stringify(asks) !== JSON.stringify(this.asks)) {
      this.asks = asks;
      this.draft.takeAnswers(asks);
      this.#takeReactions(asks);
    }
    this.rollsHeld = status?.rolls_held.includes(id) ?? false;
    const rolls = this.askingHere ? (status?.initiative ?? []) : [];
    if (JSON.stringify(rolls) !== JSON.stringify(this.phoneRolls)) this.phoneRolls = rolls;
  }

  /**
   * What each player asked to react said, by combatant: `null` while the phone has not
   * answered, else the answer ("React", "Let it pass"); for the turn it was asked in.
   */
  reactions = $state<Record<string, string | null>>({});
  #reactionTurn: string | null = null;

  /** Asks a player's phone whether their character reacts now (the core checks the rules and words the ask). */
  async askReaction(name: string) {
    try {
      const f = await api.encounterReactionField(this.id, name);
      await api.shareAskRoll({ label: f.label, dice: f.dice, to: f.character, calculator: null, form: f.form });
      this.#reactionTurn = this.view?.current ?? null;
      this.reactions = { ...this.reactions, [name]: null };
      this.refused = null;
      await this.followTable();
    } catch (e) {
      this.refused = toTomeError(e);
    }
  }

  /** Takes the phones' answers to "react?" (closing each ask), and forgets them when the turn moves on. */
  #takeReactions(asks: ShareStatus['asks']) {
    if ((this.view?.current ?? null) !== this.#reactionTurn && Object.keys(this.reactions).length > 0) this.reactions = {};
    for (const a of asks) {
      const answer = a.answers[0];
      if (a.ask.form.type !== 'react' || !answer || !(answer.name in this.reactions)) continue;
      this.reactions = { ...this.reactions, [answer.name]: answer.text };
      void api.shareCloseAsk(a.id).catch(() => {});
    }
  }

  /** Accepts a player's action as sent. */
  async acceptProposal(p: ProposalItem) {
    await this.change(() => api.shareAcceptProposal(p.id));
    await this.followTable();
  }

  /** Declines a player's action, with an optional word back to their phone. */
  async declineProposal(p: ProposalItem, word: string) {
    try {
      await api.shareDeclineProposal(p.id, word.trim() === '' ? null : word.trim());
      this.refused = null;
    } catch (e) {
      this.refused = toTomeError(e);
    }
    await this.followTable();
  }

  async load() {
    const id = this.id;
    this.loadError = null;
    try {
      const [v, k, l] = await Promise.all([api.encounter(id), api.encounterKit(id), api.encounterLog(id, LOG_TAIL)]);
      this.view = v;
      this.kit = k;
      this.log = l;
      this.addOpen ??= v.combatants.length === 0;
      setTitle(v.name);
      // The acting combatant is selected first: its controls are the ones a turn needs.
      if (!this.target && v.combatants.length > 0) this.target = v.current ?? String((v.combatants[0] as CombatantView).name);
      const [chars, groups, library] = await Promise.all([api.characters(), api.parties(), api.adversaries()]);
      this.characters = chars.filter((c) => c.system === v.system);
      this.parties = groups.filter((p) => p.system === v.system);
      this.adversaries = library.filter((a) => a.system === v.system && a.mode === v.mode);
      this.newcomersHidden = await api.newcomersHidden(id);
    } catch (e) {
      this.loadError = toTomeError(e);
    }
  }

  /**
   * Runs one change; a refusal is shown and nothing else moves. One at a time; the
   * controls show it (disabled) only when a change takes long, since redrawing them for
   * every quick change would cost a frame of its own.
   */
  async change(run: () => Promise<EncounterView>): Promise<boolean> {
    if (this.inFlight) return false;
    this.inFlight = true;
    this.refused = null;
    this.stepped = null;
    const slow = setTimeout(() => (this.busy = true), 250);
    let next: EncounterView;
    try {
      next = await run();
    } catch (e) {
      this.refused = toTomeError(e);
      return false;
    } finally {
      clearTimeout(slow);
      this.busy = false;
      this.inFlight = false;
    }
    // The new state and its log entry paint together, in one frame.
    this.view = next;
    await this.followView(next);
    return true;
  }

  /**
   * Brings the log in line with a view: from the entry it names as last when that follows
   * on from the log held (every change made here), else by reading the whole log again.
   */
  async followView(v: EncounterView) {
    const next = followLog(this.log, v.latest);
    if (next) {
      this.log = next;
      return;
    }
    try {
      this.log = await api.encounterLog(this.id, LOG_TAIL);
    } catch (e) {
      this.refused = toTomeError(e);
    }
  }

  readonly event = (e: Event) => this.change(() => api.encounterChange(this.id, e));

  async showWholeLog() {
    try {
      this.log = await api.encounterLog(this.id);
    } catch (e) {
      this.refused = toTomeError(e);
    }
  }

  async undo() {
    const undoing = this.latest;
    // What the real clock ended as the change came stays ended: only the change is undone.
    const undone = undoing?.lines.slice(undoing.clock ?? 0);
    if ((await this.change(() => api.encounterUndo(this.id))) && undone) this.stepped = { how: 'Undone', lines: undone };
  }

  async redo() {
    if ((await this.change(() => api.encounterRedo(this.id))) && this.latest) this.stepped = { how: 'Redone', lines: this.latest.lines };
  }

  /** Selects the combatant `delta` places from the selected one in the list (J, K). */
  selectNext(delta: 1 | -1) {
    const names = this.names;
    if (names.length === 0) return;
    const at = names.indexOf(this.target);
    this.target = names[at < 0 ? 0 : (at + delta + names.length) % names.length];
  }

  /** A quick combatant typed mid-fight goes to the library in one step, ready for the next fight. */
  async saveToLibrary(name: string) {
    this.refused = null;
    this.stepped = null;
    try {
      const saved = await api.encounterSaveAdversary(this.id, name);
      const library = await api.adversaries();
      this.adversaries = library.filter((a) => a.system === this.view?.system && a.mode === this.view?.mode);
      this.stepped = { how: 'Saved', lines: [`${saved.adversary.name} is in your adversaries, with ${name}'s stats`] };
    } catch (e) {
      this.refused = toTomeError(e);
    }
  }

  /** Says why something outside `change` failed, where a refused change is said. */
  fail(e: unknown) {
    this.refused = toTomeError(e);
  }

  /**
   * Brings whoever acts into view above the bar, once the page has drawn; with an action's
   * fields open, above them (they sit over the page, so the bar's room at the page's end
   * does not count them).
   */
  showActor() {
    const now = this.acting;
    void settled().then(() => {
      const row = [...document.querySelectorAll<HTMLElement>('[data-testid="combatant"]')].find((r) => r.dataset.name === now);
      const fields = document.querySelector('[data-testid="action-fields"]');
      const main = document.getElementById('main');
      if (!row) return;
      if (!fields || !main) {
        row.scrollIntoView?.({ block: 'nearest' });
        return;
      }
      const { top, bottom } = row.getBoundingClientRect();
      const below = fields.getBoundingClientRect().top;
      const above = main.getBoundingClientRect().top;
      if (bottom > below) main.scrollBy({ top: Math.min(bottom - below + 8, top - above) });
      else if (top < above) main.scrollBy({ top: top - above - 8 });
    });
  }
}
