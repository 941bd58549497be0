import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import App from '../App.svelte';
import { api, TomeError } from '../lib/api';
import type { DiceRoll } from '../lib/bindings/DiceRoll';
import DicePanel from '../lib/components/DicePanel.svelte';
import { commonDice } from '../lib/dice';
import { catalog } from '../lib/catalog.svelte';
import type { System } from '../lib/bindings/System';
import { backend, expectSaid, installBackend, settle } from './backend';

/** A roll as the core answers it, words included (the core's own tests check the words). */
const roll = (
  dice: string,
  faces: number[],
  total: number,
  words: { line: string; botch?: string; doubling?: string },
  botch_dice: number[] = [],
  botches = 0,
): DiceRoll => ({
  dice,
  faces,
  total,
  botch_dice,
  botches,
  line: words.line,
  botch: words.botch ?? null,
  doubling: words.doubling ?? null,
  text: words.botch ? `${words.line} · ${words.botch}` : words.line,
});

const button = (spec: string) => document.querySelector<HTMLButtonElement>(`[data-testid="dice-button"][data-dice="${spec}"]`)!;
const specs = () => screen.getAllByTestId('dice-button').map((b) => b.dataset.dice);
const result = () => screen.getByTestId('dice-result');
const history = () => screen.queryAllByTestId('dice-history-item').map((li) => li.textContent?.trim());

async function typeAndRoll(text: string) {
  const input = screen.getByTestId('dice-input');
  await fireEvent.input(input, { target: { value: text } });
  await fireEvent.submit(input.closest('form')!);
  await settle();
}

describe('dice buttons', () => {
  it('puts Ars Magica’s dice first on its pages', () => {
    // Each system's own dice come from the core's SystemStyle, as the catalog lists it.
    catalog.systems = backend<System[]>('systems');
    expect(commonDice(null).map((d) => d.spec)).toEqual(['d6', '2d6', '3d6', 'd20', 'stress', 'simple']);
    expect(commonDice('mythcraft').map((d) => d.spec)).toEqual(['d6', '2d6', '3d6', 'd20', 'stress', 'simple']);
    expect(commonDice('ars-magica').map((d) => d.spec)).toEqual(['stress', 'simple', 'd6', '2d6', '3d6', 'd20']);
    // A player's phone at a MythCraft fight: no other system's own dice.
    expect(commonDice('mythcraft', false).map((d) => d.spec)).toEqual(['d6', '2d6', '3d6', 'd20']);
    expect(commonDice('ars-magica', false).map((d) => d.spec)).toEqual(['stress', 'simple', 'd6', '2d6', '3d6', 'd20']);
  });
});

describe('dice api and the recorded core', () => {
  it('sends roll_dice with the spec and rejects a bad spec with invalid_input', async () => {
    const calls = installBackend();
    const r = await api.rollDice('3d6');
    expect(calls).toEqual([{ cmd: 'roll_dice', args: { dice: '3d6' } }]);
    expect(r.dice).toBe('3d6');
    expect(r.faces).toHaveLength(3);
    expect(r.total).toBe(r.faces.reduce((a, b) => a + b, 0));
    const error = await api.rollDice('3x6').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TomeError);
    expect((error as TomeError).code).toBe('invalid_input');
  });

  // The rolls the core made for the fixture (60 stress and 20 simple dice): what the
  // panel reads of them holds.
  it('rolls as the panel reads them: d20 is 1d20, stress doubles on 1s', () => {
    const rollOf = (dice: string) => backend<DiceRoll>('roll_dice', { dice });
    expect(rollOf('d20').dice).toBe('1d20');
    const seen = { botch: 0, doubled: 0 };
    for (let i = 0; i < 60; i++) {
      const s = rollOf('stress');
      const last = s.faces[s.faces.length - 1];
      if (s.faces.length === 1 && last === 0) {
        seen.botch++;
        expect(s.total).toBe(0);
        expect(s.botch_dice).toHaveLength(1);
      } else if (s.faces.length > 1) {
        seen.doubled++;
        expect(s.faces.slice(0, -1).every((f) => f === 1)).toBe(true);
        expect(s.total).toBe(2 ** (s.faces.length - 1) * (last === 0 ? 10 : last));
      } else {
        expect(s.total).toBe(last);
      }
      if (i < 20) {
        const simple = rollOf('simple').total;
        expect(simple >= 1 && simple <= 10).toBe(true);
      }
    }
    expect(seen.botch, 'the recording has a botch').toBeGreaterThan(0);
    expect(seen.doubled, 'the recording has a doubled roll').toBeGreaterThan(0);
    expect(() => rollOf('0d6')).toThrow();
    expect(() => rollOf('2d1')).toThrow();
  });
});

describe('dice panel', () => {
  it('rolls a common roll and shows each die and the total', async () => {
    const calls = installBackend({ roll_dice: () => roll('3d6', [4, 1, 4], 9, { line: '3d6: 4 + 1 + 4 = 9' }) });
    render(DicePanel, { system: null });
    expect(specs()).toEqual(['d6', '2d6', '3d6', 'd20', 'stress', 'simple']);
    expect(screen.queryByTestId('dice-result')).toBeNull();

    await fireEvent.click(button('3d6'));
    await settle();
    expect(calls).toEqual([{ cmd: 'roll_dice', args: { dice: '3d6' } }]);
    const shown = result();
    expect(shown.textContent).toContain('3d6: 4 + 1 + 4 = 9');
    expect(shown.dataset.dice).toBe('3d6');
    expect(shown.dataset.total).toBe('9');
    expect(screen.queryByTestId('dice-botch')).toBeNull();
  });

  it('shows an exploded stress die’s 1s and the doubled total', async () => {
    installBackend({ roll_dice: () => roll('stress', [1, 1, 3], 12, { line: 'stress: 1 → 1 → 3 = 12', doubling: 'each 1 doubles: 3 × 4' }) });
    render(DicePanel, { system: 'ars-magica' });
    await fireEvent.click(button('stress'));
    await settle();
    expect(result().textContent).toContain('1 → 1 → 3 = 12');
    expect(result().textContent).toContain('3 × 4');
  });

  it('shows the botch dice after a stress 0, and whether it botched', async () => {
    let next = roll('stress', [0], 0, { line: 'stress: 0 = 0', botch: 'botch die 0 → botch!' }, [0], 1);
    const calls = installBackend({ roll_dice: () => next });
    render(DicePanel, { system: 'ars-magica' });
    await fireEvent.click(button('stress'));
    await settle();
    expect(calls.at(-1)).toEqual({ cmd: 'roll_dice', args: { dice: 'stress' } });
    expect(result().textContent).toContain('stress: 0 = 0');
    expect(result().dataset.botches).toBe('1');
    expect(result().textContent?.replace(/\s+/g, ' ').trim()).toBe('stress: 0 = 0 botch die 0 → botch!');
    const botch = screen.getByTestId('dice-botch');
    expect(botch.textContent).toBe('botch die 0 → botch!');
    expect(botch.classList.contains('botched')).toBe(true);

    next = roll('stress', [0], 0, { line: 'stress: 0 = 0', botch: 'botch die 7 → no botch' }, [7], 0);
    await fireEvent.click(button('stress'));
    await settle();
    expect(result().dataset.botches).toBe('0');
    expect(screen.getByTestId('dice-botch').textContent).toBe('botch die 7 → no botch');
    expect(screen.getByTestId('dice-botch').classList.contains('botched')).toBe(false);
  });

  it('rolls any NdM typed in the box', async () => {
    const calls = installBackend({ roll_dice: () => roll('4d8', [8, 2, 5, 1], 16, { line: '4d8: 8 + 2 + 5 + 1 = 16' }) });
    render(DicePanel, { system: null });
    await typeAndRoll(' 4d8 ');
    expect(calls).toEqual([{ cmd: 'roll_dice', args: { dice: '4d8' } }]);
    expect(result().textContent).toContain('4d8: 8 + 2 + 5 + 1 = 16');
    // An empty box sends nothing.
    await typeAndRoll('   ');
    expect(calls).toHaveLength(1);
  });

  it('rolls a sum typed in the box, every die shown with the number added', async () => {
    installBackend();
    render(DicePanel, { system: null });
    await typeAndRoll('2d6+3');
    const r = result();
    expect(r.dataset.dice).toBe('2d6+3');
    const faces = /^2d6\+3: (\d) \+ (\d) \+ 3 = (\d+)$/.exec(r.querySelector('.line')!.textContent!.trim());
    expect(faces, r.textContent!).not.toBeNull();
    expect(Number(faces![3])).toBe(Number(faces![1]) + Number(faces![2]) + 3);
    expect(Number(r.dataset.total)).toBe(Number(faces![3]));
    await typeAndRoll('3d6+d6');
    expect(result().dataset.dice).toBe('3d6+1d6');
    expect(screen.queryByTestId('dice-error')).toBeNull();
  });

  it('explains an invalid spec by its code, keeping the last roll', async () => {
    installBackend();
    render(DicePanel, { system: null });
    await typeAndRoll('2d6');
    const before = result().textContent;
    expect(before).toContain('2d6:');

    await typeAndRoll('3x6');
    const error = screen.getByTestId('dice-error');
    expectSaid(error, 'invalid_input', 'Not a roll Tome knows');
    expect(error.textContent).toContain('Dice `3x6` must look like "3d6", "d20", "2d6+3" or "3d6+d6"');
    const input = screen.getByTestId('dice-input');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('dice-error');
    expect(result().textContent).toBe(before);

    // Typing again clears it.
    await fireEvent.input(input, { target: { value: '3d6' } });
    expect(screen.queryByTestId('dice-error')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('says it could not roll when the failure is not the spec', async () => {
    installBackend({
      roll_dice: () => {
        throw { code: 'io', message: 'no randomness available' };
      },
    });
    render(DicePanel, { system: null });
    await fireEvent.click(button('d20'));
    await settle();
    const error = screen.getByTestId('dice-error');
    expectSaid(error, 'io', 'Could not roll');
    expect(error.textContent).toContain('No randomness available');
    expect(screen.getByTestId('dice-input').getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps the last 5 rolls, newest first', async () => {
    let n = 0;
    installBackend({
      roll_dice: () => {
        n++;
        return roll('1d20', [n], n, { line: `1d20: ${n}` });
      },
    });
    render(DicePanel, { system: null });
    for (let i = 0; i < 7; i++) {
      await fireEvent.click(button('d20'));
      await settle();
    }
    expect(result().textContent).toContain('1d20: 7');
    expect(history()).toEqual(['1d20: 7', '1d20: 6', '1d20: 5', '1d20: 4', '1d20: 3']);
    const items = screen.getAllByTestId('dice-history-item');
    expect(items[0].getAttribute('aria-current')).toBe('true');
    expect(items[1].getAttribute('aria-current')).toBeNull();
  });
});

describe('dice on the calculators pages', () => {
  it('shows the panel at #/calc and #/calc/<system>, Ars Magica’s dice first on its page', async () => {
    installBackend();
    window.location.hash = '#/calc';
    render(App);
    const panel = await screen.findByTestId('dice-panel');
    expect(panel.closest('[data-testid="calc-list"]')).not.toBeNull();
    expect(specs()).toEqual(['d6', '2d6', '3d6', 'd20', 'stress', 'simple']);

    window.location.hash = '#/calc/ars-magica';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await waitFor(() => expect(screen.getByTestId('dice-panel').dataset.system).toBe('ars-magica'));
    expect(specs()).toEqual(['stress', 'simple', 'd6', '2d6', '3d6', 'd20']);

    window.location.hash = '#/calc/mythcraft';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await waitFor(() => expect(screen.getByTestId('dice-panel').dataset.system).toBe('mythcraft'));
    expect(specs()).toEqual(['d6', '2d6', '3d6', 'd20', 'stress', 'simple']);

    // It rolls through the (mock) core.
    await fireEvent.click(button('simple'));
    await waitFor(() => expect(result().textContent?.trim()).toMatch(/^simple: (10|[1-9])$/));
  });

  it('still rolls when the calculators could not be loaded', async () => {
    const calls = installBackend({
      calculators: () => {
        throw { code: 'database', message: 'database is locked' };
      },
    });
    window.location.hash = '#/calc/ars-magica';
    render(App);
    await screen.findByTestId('error-panel');
    const panel = await screen.findByTestId('dice-panel');
    expect(panel.dataset.system).toBe('ars-magica');
    await fireEvent.click(button('3d6'));
    await waitFor(() => expect(result().textContent?.trim()).toMatch(/^3d6: \d \+ \d \+ \d = \d+$/));
    // A failed load waits for Try again instead of asking again by itself.
    await settle();
    expect(calls.filter((c) => c.cmd === 'calculators')).toHaveLength(1);
  });
});
