// The system's own action as the game master fills it in, before it is sent: which action,
// by whom, its fields, the attack whose numbers are in them. The page's `Tracker` holds
// one, so it outlives the form that shows it.
import { api, toTomeError } from '../../api';
import type { Action } from '../../bindings/Action';
import type { ProposalItem } from '../../bindings/ProposalItem';
import type { ShareStatus } from '../../bindings/ShareStatus';
import { initialValues, toValues, type FormValues } from '../../calc';
import { attacksOf, keyLabel, type AttackView, type CombatantView } from '../../encounter';
import { BOARD_ACTIONS } from '../DuelBoard.svelte';
import type { Tracker } from './tracker.svelte';

export class ActionDraft {
  readonly #t: Tracker;
  actionName = $state('');
  actionWho = $state('');
  actionForm = $state<FormValues>({});
  /** The attack whose numbers are in the form, and those numbers as put there (a field typed over since is kept). */
  attackPicked = $state('');
  #attackFilled: Record<string, string> = {};
  // The action's optional fields wait behind "More" until asked for, so the common case
  // (a MythCraft or Ars Magica attack) fits the bar at 800×600; one holding a value, or
  // one a refusal is about, stays in view.
  moreOpen = $state(false);
  /** The player's action being changed before it is accepted (its number), if any. */
  editing = $state<number | null>(null);
  /** Dice asked of a phone for a field of this form: the field, by the ask's number. */
  asked = $state<Record<number, string>>({});

  readonly formActions = $derived.by<Action[]>(() =>
    (this.#t.kit?.actions ?? []).filter((a) => !(this.#t.duelBoard && BOARD_ACTIONS.includes(a.name))),
  );
  readonly action = $derived.by<Action | null>(() => this.formActions.find((a) => a.name === this.actionName) ?? null);
  /** The acting combatant's attacks from the library that fill in the chosen action (the core says with what). */
  readonly actorAttacks = $derived.by(() =>
    this.action ? attacksOf(this.#t.rows.find((r) => String(r.name) === this.actionWho), this.action.name) : [],
  );
  // Whoever attacks brings its first attack's numbers; another attacker's are taken back
  // out. Keyed by words, so a change to the fight (a new view) leaves the form alone.
  readonly attackKey = $derived.by(() =>
    this.action ? `${this.action.name}|${this.actionWho}|${this.actorAttacks.map((a) => a.name).join('|')}` : '',
  );
  /** By names someone other than whoever's turn it is: said beside it, never silent. */
  readonly outOfTurn = $derived.by(() => this.#t.acting !== null && this.actionWho !== '' && this.actionWho !== this.#t.acting);
  readonly hiddenParams = $derived.by(() => (this.action ? this.action.params.filter((p) => !this.inView(p)).length : 0));

  constructor(t: Tracker) {
    this.#t = t;
  }

  /** Fills the action's form from one of the actor's attacks (or clears what the last one filled in). */
  useAttack(at: AttackView | undefined) {
    if (!this.action) return;
    const start = initialValues(this.action.params);
    const next = { ...this.actionForm };
    for (const [k, v] of Object.entries(this.#attackFilled)) if (next[k] === v) next[k] = start[k] ?? '';
    Object.assign(next, at?.inputs ?? {});
    this.#attackFilled = { ...(at?.inputs ?? {}) };
    this.attackPicked = at?.name ?? '';
    this.actionForm = next;
  }

  inView(p: Action['params'][number]): boolean {
    if (p.required || this.moreOpen || this.fieldProblem(p.name) !== null) return true;
    // An action asking nothing it needs (a defense, a cover) shows what it may take.
    if (this.action && !this.action.params.some((x) => x.required)) return true;
    const v = this.actionForm[p.name];
    return v !== undefined && v !== null && v !== '' && v !== false && String(v) !== (p.default ?? '');
  }

  pickAction(name: string) {
    const t = this.#t;
    this.actionName = name;
    this.moreOpen = false;
    // The fields open above the bar: whoever acts stays in view over them.
    if (name !== '') t.showActor();
    const a = t.kit?.actions.find((x) => x.name === name);
    this.actionForm = a ? initialValues(a.params) : {};
    this.#attackFilled = {};
    if (a?.combatant && !this.actionWho) this.actionWho = t.acting ?? t.target ?? t.names[0] ?? '';
  }

  /** What a refusal of the action says about its field `name` (the core names the field it is about). */
  fieldProblem(name: string): string | null {
    return this.#t.refused?.problems.find((p) => p.field === name)?.message ?? null;
  }

  /** The combatants ticked in a field of several (a comma list, as the core reads it). */
  ticked(param: string): string[] {
    return String(this.actionForm[param] ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n !== '');
  }

  tick(param: string, name: string, on: boolean) {
    const now = this.ticked(param).filter((n) => n !== name);
    // In the list's order, whatever the order of the clicks.
    const kept = this.#t.names.filter((n) => (n === name ? on : now.includes(n)));
    this.actionForm[param] = kept.join(', ');
  }

  /**
   * Whose phone a die field is asked of: the action's target when a player's character
   * (a defender's Defense or Soak), else the one acting when it is.
   */
  phoneFor(): { name: string; character: number } | null {
    const t = this.#t;
    const pc = (name: string) => {
      const row = t.rows.find((r) => String(r.name) === name) as CombatantView | undefined;
      const character = row?.character;
      return typeof character === 'number' ? { name, character } : null;
    };
    return pc(String(this.actionForm['target'] ?? '')) ?? pc(this.actionWho);
  }

  /** Asks a player's phone for the die of field `param` (the answer fills it in). */
  async askPhone(param: Action['params'][number]) {
    const t = this.#t;
    const who = this.phoneFor();
    if (!who || !param.die || !this.action) return;
    try {
      const item = await api.shareAskRoll({
        label: `${param.label} (${keyLabel(this.action.name)} by ${this.actionWho})`,
        dice: param.die,
        to: who.character,
        calculator: null,
      });
      this.asked = { ...this.asked, [item.id]: param.name };
      t.refused = null;
      await t.followTable();
    } catch (e) {
      t.refused = toTomeError(e);
    }
  }

  /** The field asked of a phone that is still waiting for its answer, by field. */
  waitingFor(param: string): boolean {
    return Object.values(this.asked).includes(param);
  }

  /** Fills in each field whose phone answered, and stops asking it. */
  takeAnswers(asks: ShareStatus['asks']) {
    for (const [id, param] of Object.entries(this.asked)) {
      const item = asks.find((a) => a.id === Number(id));
      const answer = item?.answers[0];
      if (!item || answer) {
        const rest = { ...this.asked };
        delete rest[Number(id)];
        this.asked = rest;
      }
      if (answer) {
        this.actionForm[param] = String(answer.roll);
        void api.shareCloseAsk(Number(id)).catch(() => {});
      }
    }
  }

  /** Opens a player's action in the form, filled as they sent it, for the game master to change. */
  edit(p: ProposalItem) {
    this.pickAction(p.action);
    this.actionWho = p.actor;
    const a = this.action;
    const form: FormValues = a ? initialValues(a.params) : {};
    for (const [k, v] of Object.entries(p.inputs)) {
      const param = a?.params.find((x) => x.name === k);
      form[k] = param?.kind.type === 'flag' ? v === 'true' : v;
    }
    this.actionForm = form;
    this.moreOpen = true;
    this.editing = p.id;
  }

  async run() {
    const t = this.#t;
    const action = this.action;
    if (!action) return;
    const who = action.combatant ? this.actionWho : null;
    const values = toValues(action.params, this.actionForm);
    const editing = this.editing;
    const send =
      editing !== null
        ? () => api.shareEditProposal(editing, action.name, values)
        : () => api.encounterAct(t.id, action.name, who, values);
    if (await t.change(send)) {
      this.editing = null;
      if (editing !== null) void t.followTable();
      this.actionForm = initialValues(action.params);
      this.#attackFilled = {};
      this.useAttack(this.actorAttacks.find((a) => a.name === this.attackPicked) ?? this.actorAttacks[0]);
    }
  }
}
