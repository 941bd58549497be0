// Calculators: the form's values as the `calculate` command takes them (the core labels
// every key: `Calculator.title`, `Param.label`, `Outcome.labels`). Everything here works
// from a calculator's spec, so a new calculator in the Rust core needs nothing in the UI.
import type { Outcome } from './bindings/Outcome';
import type { Param } from './bindings/Param';

/** A result field's value, as `Outcome.fields` carries it. */
export type FieldValue = Outcome['fields'][number][1];

/** A result value as text: numbers as they are, lists comma-separated, yes/no, — for none. */
export function valueText(value: FieldValue): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.join(', ');
  return String(value);
}

/** What a form control holds: text for most, on/off for a flag. */
export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;

const FALSE_WORDS = ['false', '0', 'no'];

/** Whether a flag's default turns it on (the core reads any value but false/0/no as on). */
function flagDefault(param: Param): boolean {
  return param.default !== null && !FALSE_WORDS.includes(param.default.trim().toLowerCase());
}

/** The form as it starts: every default filled in, flags set by theirs. */
export function initialValues(params: readonly Param[]): FormValues {
  const values: FormValues = {};
  for (const p of params) {
    values[p.name] = p.kind.type === 'flag' ? flagDefault(p) : (p.default ?? '');
  }
  return values;
}

/**
 * The `values` for `calculate`: what is filled in, as typed (the core checks it and says
 * what is wrong). Empty fields are left out, so the core uses their defaults; a flag is
 * sent when on, or as "false" when its default would turn it on.
 */
export function toValues(params: readonly Param[], form: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of params) {
    const v = form[p.name];
    if (p.kind.type === 'flag') {
      if (v === true) out[p.name] = 'true';
      else if (flagDefault(p)) out[p.name] = 'false';
      continue;
    }
    const text = typeof v === 'string' ? v.trim() : '';
    if (text !== '') out[p.name] = text;
  }
  return out;
}

/** The required parameters that are empty and have no default: nothing to work out yet. */
export function missing(params: readonly Param[], form: FormValues): Param[] {
  return params.filter((p) => {
    if (!p.required || p.default !== null || p.kind.type === 'flag') return false;
    const v = form[p.name];
    return typeof v !== 'string' || v.trim() === '';
  });
}

/** What a parameter accepts, for its label: "-10 to 10", "each 1 to 6, comma-separated". */
export function rangeText(param: Param): string | null {
  switch (param.kind.type) {
    case 'int':
      // A bound past what a number holds exactly (a seed's 2^63 − 1) is no limit to a person.
      return param.kind.max > Number.MAX_SAFE_INTEGER ? `${param.kind.min} or more` : `${param.kind.min} to ${param.kind.max}`;
    case 'int-list':
      return `each ${param.kind.min} to ${param.kind.max}, comma-separated`;
    case 'named':
      return `NAME=N, each ${param.kind.min} to ${param.kind.max}, comma-separated`;
    default:
      return null;
  }
}

/** Whether a typed value is plainly outside what the parameter accepts (for `aria-invalid`). */
export function outOfRange(param: Param, value: FormValue | undefined): boolean {
  if (typeof value !== 'string' || value.trim() === '') return false;
  const { kind } = param;
  if (kind.type !== 'int' && kind.type !== 'int-list') return false;
  // An empty list item (`10,,12`) is refused by the core, so it is marked here too.
  const parts = kind.type === 'int' ? [value] : value.split(',');
  return parts.some((s) => {
    const t = s.trim().replace(/^\+/, '');
    if (!/^-?\d+$/.test(t)) return true;
    const x = Number(t);
    return x < kind.min || x > kind.max;
  });
}
