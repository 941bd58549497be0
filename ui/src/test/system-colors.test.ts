import { describe, expect, it } from 'vitest';
import type { System } from '../lib/bindings/System';
import { backend } from './backend';
import { applySystemColors, diceOwner, systemCss } from '../lib/system-colors';

describe('system colours from the core', () => {
  const mockSystems = backend<System[]>('systems');
  it('gives every system a rule for each theme, from its style', () => {
    const css = systemCss(mockSystems);
    for (const s of mockSystems) {
      expect(css).toContain(`.sys-${s.id} { --c: ${s.style!.colors.light}; --cb: ${s.style!.colors.light_bg}; }`);
      expect(css).toContain(`:root[data-theme='dark'] .sys-${s.id} { --c: ${s.style!.colors.dark};`);
    }
  });

  it('refuses anything that is not a colour or an id, so no CSS can be slipped in', () => {
    const evil: System = {
      ...mockSystems[0],
      id: 'x } body { display: none',
    };
    const sneaky: System = {
      ...mockSystems[1],
      style: { ...mockSystems[1].style!, colors: { ...mockSystems[1].style!.colors, light: 'red; } * { color: red' } },
    };
    expect(systemCss([evil, sneaky])).toBe('');
  });

  it('puts one style element in the head and replaces it on the next call', () => {
    applySystemColors(mockSystems);
    applySystemColors(mockSystems.slice(0, 1));
    const els = document.head.querySelectorAll('style#system-colors');
    expect(els).toHaveLength(1);
    expect(els[0].textContent).toContain('.sys-ars-magica');
    expect(els[0].textContent).not.toContain('.sys-mythcraft');
  });

  it('finds the system whose own dice a roll is', () => {
    expect(diceOwner(mockSystems, 'stress')).toBe('ars-magica');
    expect(diceOwner(mockSystems, 'd20')).toBeUndefined();
  });
});
