// Which words link where is the core's to decide (src/mentions.rs, tested there); the
// entry view renders the links it is given.
import { render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import App from '../App.svelte';
import { installBackend } from './backend';

describe('entry view', () => {
  it('links the mentions in the summary and the body to their entries', async () => {
    installBackend();
    window.location.hash = '#/entry/mlaf/position/siren';
    render(App);
    const view = await screen.findByTestId('entry-view');
    const summary = view.querySelector('.summary')!;
    const song = summary.querySelector<HTMLAnchorElement>('a[data-entry-link]')!;
    expect(song.textContent).toBe('Siren Song');
    expect(song.getAttribute('href')).toBe('#/entry/mlaf/spell/siren-song');
    expect(song.dataset.id).toBe('mlaf/spell/siren-song');
    expect(summary.textContent).toBe('The Amazon team\'s spellcaster: a nimble singer who starts with Dodge and the hypnotising Siren Song.');

    const prose = view.querySelector('.prose')!;
    const bodyLinks = [...prose.querySelectorAll<HTMLAnchorElement>('a[data-entry-link]')].map((a) => `${a.textContent} → ${a.dataset.id}`);
    expect(bodyLinks).toEqual([
      'Level 1 → mlaf/rule/spellcasters',
      'Siren Song → mlaf/spell/siren-song',
      'Star Player Roll → mlaf/rule/star-player-rolls',
      'Spell Table → mlaf/table/spell-table',
      'Siren Song → mlaf/spell/siren-song',
    ]);
    // Each mention is also under "See also", after the seed's own links.
    await waitFor(() => {
      const seeAlso = screen.getByRole('region', { name: 'See also' });
      expect([...seeAlso.querySelectorAll('a')].map((a) => a.dataset.id)).toEqual([
        'mlaf/rule/spellcasters',
        'mlaf/spell/siren-song',
        'mlaf/rule/star-player-rolls',
        'mlaf/table/spell-table',
      ]);
    });
  });
});
