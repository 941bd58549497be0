// The system's own action as the game master fills it in, before it is sent: which action,
// by whom, its fields, the attack whose numbers are in them. The page's `Tracker` holds
// one, so it outlives the form that shows it.
import { api, toTomeError } from '../../api';
import type { Action } from '../../bindings/Action';
import type { PhoneField } from '../../bindings/PhoneField';
import type { ProposalItem } from '../../bindings/ProposalItem';
import type { ShareStatus } from '../../bindings/ShareStatus';
import { initialValues, toValues, type FormValues } from '../../calc';
import { attacksOf, type AttackView } from '../../encounter';
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
  /**
   * Fields asked of a phone, by the ask's number: the field, whose phone, whether the
   * answer goes in as `NAME=N`, and whether it is the duel board's clash (whose builder
   * takes it) rather than this form's.
   */
  asked = $state<Record<number, { param: string; name: string; named: boolean; duel: boolean }>>({});
  /** Successes duelists' phones sent for the duel board's next clash, by name, until the board takes them. */
  duelAnswered = $state<Record<string, string>>({});
  /** The fields the core says a player's phone may be asked for, as the form is now. */
  phoneFields = $state<PhoneField[]>([]);
  #fieldsAsked = 0;

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
    if (p.required || p.first || this.moreOpen || this.fieldProblem(p.name) !== null) return true;
    // A field a player's phone may be asked for is offered where the game master sees it.
    if (this.fieldsFor(p.name).length > 0) return true;
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
   * The fields of the action as filled now that a player's phone may be asked for, with
   * whose phone and how it answers: the core says (a defender's Defense die, an Amtgard
   * player's hit location, a duelist's clash pool). Asked again as the form changes.
   */
  async refreshPhoneFields() {
    const t = this.#t;
    const action = this.action;
    const asking = ++this.#fieldsAsked;
    if (!action || !t.sharing) {
      this.phoneFields = [];
      return;
    }
    const who = action.combatant ? this.actionWho || null : null;
    try {
      const fields = await api.encounterPhoneFields(t.id, action.name, who, toValues(action.params, this.actionForm));
      if (asking === this.#fieldsAsked) this.phoneFields = fields;
    } catch {
      // A form the core cannot read yet (a name half typed) asks nobody.
      if (asking === this.#fieldsAsked) this.phoneFields = [];
    }
  }

  /** The phones that may be asked for field `param`. */
  fieldsFor(param: string): PhoneField[] {
    return this.phoneFields.filter((f) => f.param === param);
  }

  /** Asks a player's phone for a field (the answer fills it in: this form's, or the duel board's clash). */
  async askPhone(field: PhoneField, duel = false) {
    const t = this.#t;
    try {
      const item = await api.shareAskRoll({ label: field.label, dice: field.dice, to: field.character, calculator: null, form: field.form });
      this.asked = { ...this.asked, [item.id]: { param: field.param, name: field.name, named: field.named, duel } };
      t.refused = null;
      await t.followTable();
    } catch (e) {
      t.refused = toTomeError(e);
    }
  }

  /** Whether `name`'s phone is asked for field `param` (of this form, or of the duel board) and has not answered yet. */
  waitingFor(param: string, name: string, duel = false): boolean {
    return Object.values(this.asked).some((a) => a.param === param && a.name === name && a.duel === duel);
  }

  /** The duel board took `name`'s successes into its builder. */
  takenByDuel(name: string) {
    const rest = { ...this.duelAnswered };
    delete rest[name];
    this.duelAnswered = rest;
  }

  /** Fills in each field whose phone answered, and stops asking it. */
  takeAnswers(asks: ShareStatus['asks']) {
    for (const [id, at] of Object.entries(this.asked)) {
      const item = asks.find((a) => a.id === Number(id));
      const answer = item?.answers[0];
      if (!item || answer) {
        const rest = { ...this.asked };
        delete rest[Number(id)];
        this.asked = rest;
      }
      if (answer && at.duel) {
        this.duelAnswered = { ...this.duelAnswered, [at.name]: answer.value };
        void api.shareCloseAsk(Number(id)).catch(() => {});
      } else if (answer) {
        this.actionForm[at.param] = at.named ? withNamed(String(this.actionForm[at.param] ?? ''), at.name, answer.value) : answer.value;
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

/** `list` (`Ada=3, Bram=1`) with `name`'s value set to `value`, in place or added at the end. */
export function withNamed(list: string, name: string, value: string): string {
  const parts = list
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const key = name.toLowerCase();
  const at = parts.findIndex((p) => p.split('=')[0]?.trim().toLowerCase() === key);
  const entry = `${name}=${value}`;
  if (at >= 0) parts[at] = entry;
  else parts.push(entry);
  return parts.join(', ');
}
