// The table's fight board opens a condition's rule card, the players' window shows it,
// and the game master's Share panel (start, QR, devices, inbox, which fight is shown).
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { CharacterSummary } from '../lib/bindings/CharacterSummary';
import type { PlayerView } from '../lib/bindings/PlayerView';
import type { ShareStatus } from '../lib/bindings/ShareStatus';
import PlayerBoard from '../lib/components/PlayerBoard.svelte';
import { backend, installBackend, settle, shareStatus, type Override } from './backend';

const view: PlayerView = {
  id: 1,
  name: 'Ambush',
  system: 'mythcraft',
  round: 1,
  current: 'Vex',
  whose: "Vex's",
  log: [],
  hidden_turn: false,
  about: [],
  rolls: [],
  combatants: [
    {
      name: 'Vex',
      pc: true,
      status: [],
      conditions: [
        { name: 'Frightened', id: 'mythcraft/condition/frightened', remaining: '1 round' },
        { name: 'Marked by the witch', id: null, remaining: null },
      ],
    },
  ],
};

describe('the fight board during a hidden combatant’s turn', () => {
  // Issue 39: it read an empty "Round 1"; it says someone else acts, never who.
  it("reads someone else's turn, with no one marked as acting or next", () => {
    render(PlayerBoard, { view: { ...view, current: null, hidden_turn: true } });
    expect(screen.getByTestId('player-round').textContent?.replace(/\s+/g, ' ').trim()).toBe("Round 1 · someone else's turn");
    expect(screen.queryByTestId('player-next')).toBeNull();
    expect(document.querySelector('[aria-current="step"]')).toBeNull();
  });
});

describe('the latest rolls on the fight board (issue 42)', () => {
  it('lists the open rolls newest first, and nothing when there are none', () => {
    const { unmount } = render(PlayerBoard, { view: { ...view, rolls: ['Vex rolled 3d6: 4 + 1 + 4 = 9', 'Vex rolled 1d20: 17'] } });
    expect(screen.getAllByTestId('player-roll').map((r) => r.textContent)).toEqual(['Vex rolled 1d20: 17', 'Vex rolled 3d6: 4 + 1 + 4 = 9']);
    unmount();
    render(PlayerBoard, { view });
    expect(screen.queryByTestId('player-rolls')).toBeNull();
  });
});

describe('conditions on the fight board', () => {
  it('open their rule card where the page can show one, and stay words where it cannot', async () => {
    const opened = vi.fn();
    render(PlayerBoard, { view, onCondition: opened });
    const chips = screen.getAllByTestId('player-condition');
    expect(chips.map((c) => c.tagName)).toEqual(['BUTTON', 'SPAN']);
    expect(chips[0].textContent).toContain('1 round');
    await fireEvent.click(chips[0]);
    expect(opened).toHaveBeenCalledWith('mythcraft/condition/frightened');
  });

  it('are words only on a page that gives no way to open one', () => {
    render(PlayerBoard, { view });
    expect(screen.getAllByTestId('player-condition').every((c) => c.tagName === 'SPAN')).toBe(true);
  });

  it("open on the players' window as a card with the rule's summary and source, asking only for that entry", async () => {
    const { default: PlayerScreen } = await import('../lib/components/PlayerScreen.svelte');
    const calls = installBackend({ player_view: () => view });
    window.location.hash = '#/player/1';
    render(PlayerScreen);
    await settle(10);
    await fireEvent.click(screen.getAllByTestId('player-condition')[0]);
    await settle(10);
    const card = screen.getByTestId('player-card');
    const frightened = backend<{ name: string; summary: string; source: { document: string } }>('show_entry', {
      id: 'mythcraft/condition/frightened',
    });
    expect(card.textContent).toContain(frightened.name);
    expect(screen.getByTestId('entry-summary').textContent?.length).toBeGreaterThan(10);
    expect(screen.getByTestId('entry-source').textContent).toContain(frightened.source.document);
    // Its window is granted these two reads alone (capabilities/player.json).
    expect(new Set(calls.map((c) => c.cmd))).toEqual(new Set(['player_view', 'show_entry']));
    expect(window.location.hash).toBe('#/player/1');
    await fireEvent.click(screen.getByTestId('player-card-close'));
    expect(screen.queryByTestId('player-card')).toBeNull();
  });
});


/** A sharing server in the panel's eyes: what each command does to its status. */
function sharing(initial: ShareStatus, extra: Record<string, Override> = {}) {
  let now: ShareStatus | null = null;
  let characters: CharacterSummary[] = [];
  const summary = (id: number, name: string) => ({ ...backend<CharacterSummary[]>('characters')[0], id, name });
  const calls = installBackend({
    share_addresses: () => [{ ip: '192.168.1.20', interface: 'wlan0' }],
    characters: () => characters,
    share_start: () => (now = initial),
    share_status: () => now,
    share_stop: () => (now = null),
    share_new_code: () => (now = { ...now!, code: 'XYZ789' }),
    share_show: (args) => (now = { ...now!, chosen: args.encounter as number, showing: { id: args.encounter as number, name: 'Next fight' } }),
    share_rename: (args) => {
      now = { ...now!, devices: now!.devices.map((d) => (d.id === args.device ? { ...d, name: args.name as string } : d)) };
      return now.devices[0];
    },
    share_revoke: (args) => {
      now = { ...now!, devices: now!.devices.filter((d) => d.id !== args.device) };
      return null;
    },
    share_revoke_all: () => {
      now = { ...now!, devices: [] };
      return null;
    },
    share_accept: (args) => {
      // The sender is given the new character, which the list must then name.
      characters = [summary(7, 'Brin')];
      now = { ...now!, inbox: now!.inbox.filter((i) => i.id !== args.item), devices: now!.devices.map((d) => ({ ...d, character: 7 })) };
      return { id: 7, name: 'Brin' };
    },
    set_newcomers_hidden: () => null,
    share_decline: (args) => {
      const item = now!.inbox.find((i) => i.id === args.item);
      now = { ...now!, inbox: now!.inbox.filter((i) => i.id !== args.item) };
      return item;
    },
    ...extra,
  });
  return calls;
}

const ann = { id: 1, name: 'Ann', character: null, joined_secs: 3, connected: true };
const bob = { id: 2, name: 'Bob', character: null, joined_secs: 9, connected: false };
const brin = { id: 4, name: 'Brin', system: 'mythcraft', device: 1, from: 'Ann' };

async function panel(encounter = 1) {
  const { default: SharePanel } = await import('../lib/components/SharePanel.svelte');
  render(SharePanel, { encounter });
  await settle(10);
  await fireEvent.click(screen.getByTestId('share-start'));
  await settle(10);
}

describe('the Share with the table panel', () => {
  it('starts sharing with a QR (an image with its address), the code, a new code, and stops', async () => {
    const calls = sharing(shareStatus());
    await panel();
    const qr = screen.getByTestId('share-qr');
    expect(qr.getAttribute('role')).toBe('img');
    expect(qr.getAttribute('aria-label')).toContain('http://192.168.1.20:7878');
    expect(screen.getByTestId('share-code').textContent).toBe('ABC234');
    expect(calls.find((c) => c.cmd === 'share_start')?.args).toEqual({ address: '192.168.1.20', port: null, encounter: 1 });
    expect(screen.queryByTestId('share-no-pages')).toBeNull();
    await fireEvent.click(screen.getByText('New code'));
    await settle(10);
    expect(screen.getByTestId('share-code').textContent).toBe('XYZ789');
    await fireEvent.click(screen.getByTestId('share-stop'));
    await settle(10);
    expect(screen.getByTestId('share-start')).not.toBeNull();
  });

  // Issue 39: the game master chooses whether newcomers join hidden, and sees which is on;
  // the code's time left counts down where they look. Issue 61: the setting is this
  // fight's (the panel's encounter), not the table's.
  it("says whether newcomers to this fight join hidden and switches it, and counts the code down", async () => {
    const calls = sharing(shareStatus({ code_secs: 125 }));
    await panel(3);
    const box = screen.getByTestId('share-newcomers-hidden') as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.parentElement?.textContent).toContain('Newcomers to this fight join hidden: off');
    await fireEvent.click(box);
    await settle(10);
    expect(calls.find((c) => c.cmd === 'set_newcomers_hidden')?.args).toEqual({ id: 3, hidden: true });
    expect(screen.getByTestId('share-newcomers-hidden').parentElement?.textContent).toContain('Newcomers to this fight join hidden: on');
    expect(screen.getByTestId('share-code-left').textContent).toContain('2:05');
  });

  it('warns when this Tome has no table pages to serve', async () => {
    sharing(shareStatus({ pages: false }));
    await panel();
    expect(screen.getByTestId('share-no-pages').textContent).toContain('without the table');
  });

  // Issue 71: a full table makes room from devices without a character, and says which.
  it('names the devices that made room for newcomers, and says nothing when none did', async () => {
    const spam = { id: 12, name: 'Spam 3', character: null, joined_secs: 5, connected: true };
    sharing(shareStatus({ displaced: [spam] }));
    await panel();
    expect(screen.getByTestId('share-displaced').textContent).toContain('Spam 3 (device 12)');
  });

  it('says which fight the table sees and switches to this one without stopping', async () => {
    const calls = sharing(shareStatus());
    await panel(2);
    expect(screen.getByTestId('share-showing').textContent).toContain('Ambush');
    await fireEvent.click(screen.getByTestId('share-show'));
    await settle(10);
    expect(calls.find((c) => c.cmd === 'share_show')?.args).toEqual({ encounter: 2 });
    expect(calls.some((c) => c.cmd === 'share_stop')).toBe(false);
    expect(screen.getByTestId('share-showing').textContent).toContain('Next fight');
    expect(screen.queryByTestId('share-show')).toBeNull();
  });

  it('lists devices as connected or with the page closed, renames and revokes them', async () => {
    const calls = sharing(shareStatus({ devices: [ann, bob] }));
    await panel();
    const rows = screen.getAllByTestId('share-device');
    expect(rows.map((r) => r.dataset.connected)).toEqual(['true', 'false']);
    expect(rows.map((r) => r.querySelector('[data-testid="share-device-live"]')?.textContent)).toEqual(['Connected', 'Page closed']);
    const name = screen.getByLabelText('Name of device 1') as HTMLInputElement;
    await fireEvent.change(name, { target: { value: 'Ann (bard)' } });
    await settle(10);
    expect(calls.find((c) => c.cmd === 'share_rename')?.args).toEqual({ device: 1, name: 'Ann (bard)' });
    // Issue 44: revoking asks first.
    await fireEvent.click(screen.getAllByTestId('share-revoke')[1]);
    await settle(10);
    expect(calls.some((c) => c.cmd === 'share_revoke')).toBe(false);
    expect(screen.getAllByTestId('share-device')).toHaveLength(2);
    await fireEvent.click(screen.getByTestId('share-revoke-yes'));
    await settle(10);
    expect(screen.getAllByTestId('share-device')).toHaveLength(1);
    expect(screen.queryByText('Revoke all')).toBeNull();
  });

  it('accepts a sent character without adding it to the fight, and names it on the device that sent it', async () => {
    const calls = sharing(shareStatus({ devices: [ann], inbox: [brin] }));
    await panel();
    await fireEvent.click(screen.getByTestId('share-accept'));
    await settle(12);
    expect(calls.find((c) => c.cmd === 'share_accept')?.args).toEqual({ item: 4, encounter: null });
    await waitFor(() => {
      const select = screen.getByLabelText('Character shown on Ann') as HTMLSelectElement;
      expect(select.selectedOptions[0]?.textContent).toBe('Brin');
    });
  });

  it('accepts and adds to this fight, or declines', async () => {
    const calls = sharing(shareStatus({ devices: [ann], inbox: [brin, { ...brin, id: 5, name: 'Cato' }] }));
    await panel(3);
    await fireEvent.click(screen.getAllByTestId('share-accept-add')[0]);
    await settle(10);
    expect(calls.find((c) => c.cmd === 'share_accept')?.args).toEqual({ item: 4, encounter: 3 });
    await fireEvent.click(screen.getByTestId('share-decline'));
    await settle(10);
    expect(calls.find((c) => c.cmd === 'share_decline')?.args).toEqual({ item: 5 });
    expect(screen.getByText('No character is waiting.')).not.toBeNull();
  });
});

describe('asking the phones for a roll (issue 42)', () => {
  const param = (name: string, label: string, over: Record<string, unknown> = {}) => ({
    name,
    label,
    help: '',
    kind: { type: 'int', min: 0, max: 40 },
    option_labels: [],
    choices: [],
    required: true,
    default: null,
    rolled: false,
    die: null,
    ...over,
  });
  const bleeding = {
    system: 'mythcraft',
    name: 'bleeding',
    title: 'Bleeding check',
    summary: 'Whether a bleeding creature keeps bleeding',
    rule: null,
    params: [param('damage', 'Damage'), param('check', 'Check', { kind: { type: 'int', min: 1, max: 20 }, die: '1d20' })],
  };

  it("goes through the fight's system's calculator, the roll into its die field and the rest the same for all", async () => {
    const { calculators } = await import('../lib/calculators.svelte');
    calculators.reset();
    const calls = sharing(shareStatus({ devices: [{ ...ann, character: 7 }] }), {
      calculators: () => [bleeding],
      characters: () => [{ ...backend<CharacterSummary[]>('characters')[0], id: 7, name: 'Vex' }],
      share_ask_roll: () => ({ id: 1 }),
    });
    const { default: SharePanel } = await import('../lib/components/SharePanel.svelte');
    render(SharePanel, { encounter: 1, system: 'mythcraft' });
    await settle(10);
    await fireEvent.click(screen.getByTestId('share-start'));
    await settle(10);
    const to = screen.getByTestId('share-ask-to') as HTMLSelectElement;
    expect(Array.from(to.options).map((o) => o.textContent)).toEqual(['Every phone with a character', 'Vex (Ann)']);
    await fireEvent.change(to, { target: { value: '7' } });
    await fireEvent.change(screen.getByTestId('share-ask-calc'), { target: { value: 'bleeding' } });
    await settle(4);
    // The calculator's die field takes the roll: its die is asked, its name says what for.
    expect((screen.getByTestId('share-ask-roll-param') as HTMLSelectElement).value).toBe('check');
    expect((screen.getByTestId('share-ask-dice') as HTMLInputElement).value).toBe('1d20');
    expect((screen.getByTestId('share-ask-label') as HTMLInputElement).value).toBe('Bleeding check');
    const fields = screen.getByTestId('share-ask-fields');
    expect(fields.querySelector('[data-param="check"]')).toBeNull();
    await fireEvent.input(fields.querySelector('[data-param="damage"]')!, { target: { value: '3' } });
    await fireEvent.submit(screen.getByTestId('share-ask'));
    await settle(10);
    expect(calls.find((c) => c.cmd === 'share_ask_roll')?.args).toEqual({
      ask: { label: 'Bleeding check', dice: '1d20', to: 7, calculator: { system: 'mythcraft', name: 'bleeding', inputs: { damage: '3' }, roll: 'check' }, form: { type: 'dice' } },
    });
  });
});

describe('the top bar while sharing', () => {
  // Issue 44: sharing went on after the game master left the encounter, with no sign of
  // it anywhere. Every page says so, with the devices connected and Stop.
  it('says sharing is on, how many devices are connected, links the fight shown, and stops it', async () => {
    let now: ShareStatus | null = shareStatus({ devices: [ann, bob] });
    const calls = installBackend({
      share_status: () => now,
      share_stop: () => {
        now = null;
        return null;
      },
    });
    const { default: SharingBadge } = await import('../lib/components/SharingBadge.svelte');
    render(SharingBadge);
    await settle(10);
    const badge = screen.getByTestId('sharing-badge');
    expect(badge.textContent).toContain('Sharing');
    expect(screen.getByTestId('sharing-devices').textContent).toBe('2 devices');
    expect(badge.querySelector('a')?.getAttribute('href')).toBe('#/encounter/1');
    await fireEvent.click(screen.getByTestId('sharing-stop'));
    await settle(10);
    expect(calls.some((c) => c.cmd === 'share_stop')).toBe(true);
    expect(screen.queryByTestId('sharing-badge')).toBeNull();
  });
});
