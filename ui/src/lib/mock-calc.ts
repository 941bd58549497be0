// Stand-ins for the core's `calculators` and `calculate` commands (tests and
// `npm run dev` outside Tauri). Ars Magica's Encumbrance is the core's own; the
// other two are samples that use every kind of parameter (entry, choice, flag, list,
// text), so the generated form can be tried without the Rust side.
import type { Calculator } from './bindings/Calculator';
import type { ErrorPayload } from './bindings/ErrorPayload';
import type { Outcome } from './bindings/Outcome';
import type { Param } from './bindings/Param';
import type { Term } from './bindings/Term';
import { mockEntries } from './mock-data';

export const mockCalculators: Calculator[] = [
  {
    system: 'ars-magica',
    name: 'encumbrance',
    summary: 'Burden from total Load, and Encumbrance after Strength',
    params: [
      { name: 'load', help: 'total Load carried', kind: { type: 'int', min: 0, max: 200 }, required: true, default: null },
      { name: 'strength', help: 'Strength characteristic', kind: { type: 'int', min: -10, max: 10 }, required: true, default: null },
    ],
    rule: 'ars-magica/rule/encumbrance',
  },
  {
    system: 'ars-magica',
    name: 'soak',
    summary: 'Soak total from Stamina, armor and other bonuses (sample)',
    params: [
      { name: 'stamina', help: 'Stamina characteristic', kind: { type: 'int', min: -10, max: 10 }, required: false, default: '0' },
      { name: 'armor', help: 'the armor worn, by name', kind: { type: 'entry', kind: 'armor' }, required: false, default: null },
      { name: 'coverage', help: 'how much of the body the armor covers', kind: { type: 'choice', options: ['partial', 'full'] }, required: false, default: 'full' },
      { name: 'tough', help: 'has the Tough Virtue (+3)', kind: { type: 'flag' }, required: false, default: null },
      { name: 'bonuses', help: 'other Soak bonuses', kind: { type: 'int-list', min: -5, max: 5 }, required: false, default: null },
    ],
    rule: 'ars-magica/rule/attack-total',
  },
  {
    system: 'mythcraft',
    name: 'movement',
    summary: 'How far a creature moves in a turn (sample)',
    params: [
      { name: 'speed', help: 'Speed in feet', kind: { type: 'int', min: 0, max: 120 }, required: true, default: '30' },
      { name: 'terrain', help: 'the ground underfoot', kind: { type: 'choice', options: ['normal', 'difficult'] }, required: false, default: 'normal' },
      { name: 'who', help: 'whose movement, for the breakdown', kind: { type: 'text' }, required: false, default: null },
    ],
    rule: null,
  },
];

const invalid = (message: string): ErrorPayload => ({ code: 'invalid_input', message });

/** Checks and reads raw values like the core's `Inputs`. */
class Inputs {
  constructor(
    private params: Param[],
    private values: Record<string, string>,
  ) {
    for (const name of Object.keys(values)) {
      if (!params.some((p) => p.name === name)) {
        throw invalid(`unknown parameter --${name} (this calculator takes: --${params.map((p) => p.name).join(', --')})`);
      }
    }
    for (const p of params) {
      if (p.required && !(p.name in values) && p.default === null) throw invalid(`--${p.name} is required: ${p.help}`);
      if (this.raw(p.name) === null) continue;
      if (p.kind.type === 'int') this.int(p.name);
      if (p.kind.type === 'int-list') this.ints(p.name);
      if (p.kind.type === 'choice') this.choice(p.name);
    }
  }

  private param(name: string): Param {
    return this.params.find((p) => p.name === name)!;
  }

  raw(name: string): string | null {
    return this.values[name] ?? this.param(name).default;
  }

  int(name: string): number {
    const raw = this.raw(name);
    const { kind } = this.param(name);
    if (kind.type !== 'int') throw new Error(`--${name} is not a number`);
    if (raw === null) throw invalid(`--${name} is required: ${this.param(name).help}`);
    const t = raw.trim().replace(/^\+/, '');
    if (!/^-?\d+$/.test(t)) throw invalid(`--${name} must be a whole number from ${kind.min} to ${kind.max}, not \`${raw}\``);
    const n = Number(t);
    if (n < kind.min || n > kind.max) throw invalid(`--${name} must be from ${kind.min} to ${kind.max}, not ${n}`);
    return n;
  }

  ints(name: string): number[] {
    const raw = this.raw(name);
    const { kind } = this.param(name);
    if (raw === null || kind.type !== 'int-list') return [];
    return raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .map((s) => {
        const t = s.replace(/^\+/, '');
        if (!/^-?\d+$/.test(t)) {
          throw invalid(`--${name} takes whole numbers from ${kind.min} to ${kind.max}, separated by commas; \`${s}\` is not one`);
        }
        const n = Number(t);
        if (n < kind.min || n > kind.max) throw invalid(`--${name}: each value must be from ${kind.min} to ${kind.max}, not ${n}`);
        return n;
      });
  }

  flag(name: string): boolean {
    const raw = this.raw(name);
    return raw !== null && !['false', '0', 'no'].includes(raw);
  }

  choice(name: string): string | null {
    const raw = this.raw(name);
    const { kind } = this.param(name);
    if (raw === null || kind.type !== 'choice') return null;
    const found = kind.options.find((o) => o.toLowerCase() === raw.toLowerCase());
    if (!found) throw invalid(`--${name} must be one of ${kind.options.join(', ')}, not \`${raw}\``);
    return found;
  }

  text(name: string): string | null {
    const raw = this.raw(name)?.trim();
    return raw ? raw : null;
  }

  /** An entry by id or name (or alias) within the system; not_found with close names. */
  entry(name: string, system: string): (typeof mockEntries)[number] | null {
    const raw = this.text(name);
    const { kind } = this.param(name);
    if (raw === null || kind.type !== 'entry') return null;
    const wanted = raw.toLowerCase();
    const pool = mockEntries.filter((e) => e.system === system && e.kind === kind.kind);
    const found = pool.find(
      (e) => e.id === raw || e.name.toLowerCase() === wanted || e.aliases.some((a) => a.toLowerCase() === wanted),
    );
    if (found) return found;
    const close = pool.filter((e) => e.name.toLowerCase().startsWith(wanted.slice(0, 2))).map((e) => e.name);
    const hint = close.length === 1 ? `; did you mean \`${close[0]}\`?` : close.length > 1 ? `; did you mean one of: ${close.join(', ')}?` : '';
    throw { code: 'not_found', message: `no ${kind.kind} with id \`${raw}\`${hint}` } satisfies ErrorPayload;
  }
}

const BURDEN_STEPS = [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55];

function encumbrance(i: Inputs): Outcome {
  const load = i.int('load');
  const strength = i.int('strength');
  let burden = 0;
  BURDEN_STEPS.forEach((step, b) => {
    if (load >= step) burden = b;
  });
  const terms: Term[] = [{ label: `Burden for Load ${load}`, value: burden, op: 'add', rule: 'ars-magica/table/encumbrance-table' }];
  if (strength > 0) terms.push({ label: 'Strength', value: -strength, op: 'add', rule: 'ars-magica/rule/encumbrance' });
  else terms.push({ label: 'Strength (zero or less: no reduction)', value: String(strength), op: 'note', rule: 'ars-magica/rule/encumbrance' });
  const enc = strength <= 0 ? burden : Math.max(0, burden - strength);
  return { fields: [['burden', burden], ['encumbrance', enc]], terms, warnings: [] };
}

function soak(i: Inputs): Outcome {
  const stamina = i.int('stamina');
  const terms: Term[] = [{ label: 'Stamina', value: stamina, op: 'add', rule: null }];
  let total = stamina;
  let load: number | null = null;
  const armor = i.entry('armor', 'ars-magica');
  const coverage = i.choice('coverage') ?? 'full';
  if (armor && armor.detail && 'partial' in armor.detail) {
    const part = coverage === 'full' ? armor.detail.full : armor.detail.partial;
    if (part) {
      total += part.prot;
      load = part.load;
      terms.push({ label: `${armor.name}, ${coverage}`, value: part.prot, op: 'add', rule: armor.id });
    }
  }
  if (i.flag('tough')) {
    total += 3;
    terms.push({ label: 'Tough', value: 3, op: 'add', rule: null });
  }
  const warnings: string[] = [];
  const bonuses = i.ints('bonuses');
  for (const b of bonuses) {
    total += b;
    terms.push({ label: 'Other bonus', value: b, op: 'add', rule: null });
  }
  if (bonuses.reduce((a, b) => a + b, 0) > 5) warnings.push('Other bonuses above +5 are unusual: check them with your storyguide.');
  return { fields: [['soak', total], ['armor_load', load]], terms, warnings };
}

function movement(i: Inputs): Outcome {
  const speed = i.int('speed');
  const difficult = i.choice('terrain') === 'difficult';
  const who = i.text('who');
  const walk = difficult ? Math.floor(speed / 2) : speed;
  const terms: Term[] = [{ label: who ? `Speed of ${who}` : 'Speed', value: speed, op: 'add', rule: null }];
  if (difficult) terms.push({ label: 'Difficult terrain', value: 'halved', op: 'note', rule: null });
  const warnings = speed === 0 ? ['Speed 0: the creature cannot move.'] : [];
  return { fields: [['walk_ft', walk], ['run_ft', walk * 2]], terms, warnings };
}

const RUN: Record<string, (i: Inputs) => Outcome> = {
  'ars-magica/encumbrance': encumbrance,
  'ars-magica/soak': soak,
  'mythcraft/movement': movement,
};

/** Answers `calculate`; throws an ErrorPayload like the core. */
export function mockCalculate(system: string, name: string, values: Record<string, string>): Outcome {
  const calc = mockCalculators.find((c) => c.system === system && c.name === name);
  if (!calc) {
    const names = mockCalculators.filter((c) => c.system === system).map((c) => c.name);
    const hint = names.length ? `; did you mean one of: ${names.join(', ')}?` : '';
    throw { code: 'not_found', message: `no calculator with id \`${system}/${name}\`${hint}` } satisfies ErrorPayload;
  }
  return RUN[`${system}/${name}`](new Inputs(calc.params, values));
}
