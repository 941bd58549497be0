// Each system's mark in the app (badges, cards, headings) comes from the core's
// `SystemStyle.colors`: this turns them into the `.sys-<id>` rules the components'
// classes pick up, for both themes. Nothing here knows any system by name.
import type { System } from './bindings/System';

const COLOR = /^#[0-9a-fA-F]{3,8}$/;
const ID = /^[a-z0-9-]+$/;

/** CSS for every system with colours: `.sys-<id>` sets `--c` and `--cb`, dark theme included. */
export function systemCss(systems: readonly System[]): string {
  const rules: string[] = [];
  for (const s of systems) {
    const c = s.style?.colors;
    if (!c || !ID.test(s.id) || ![c.light, c.light_bg, c.dark, c.dark_bg].every((v) => COLOR.test(v))) continue;
    rules.push(`.sys-${s.id} { --c: ${c.light}; --cb: ${c.light_bg}; }`);
    rules.push(`:root[data-theme='dark'] .sys-${s.id} { --c: ${c.dark}; --cb: ${c.dark_bg}; }`);
  }
  return rules.join('\n');
}

/** Puts (or replaces) the systems' colour rules in the document head. */
export function applySystemColors(systems: readonly System[], doc: Document = document): void {
  let el = doc.getElementById('system-colors');
  if (!el) {
    el = doc.createElement('style');
    el.id = 'system-colors';
    doc.head.append(el);
  }
  el.textContent = systemCss(systems);
}

/** The system whose own dice include `spec` (Ars Magica's stress die), for its colours. */
export function diceOwner(systems: readonly System[], spec: string): string | undefined {
  return systems.find((s) => s.style?.dice.includes(spec))?.id;
}
