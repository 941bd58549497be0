import { render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import App from '../App.svelte';
import type { Mention } from '../lib/bindings/Mention';
import { renderMarkdown } from '../lib/markdown';
import { mentionParts } from '../lib/mentions';
import { installBackend } from './backend';

const PRONE: Mention = { id: 'mythcraft/condition/prone', name: 'Prone' };

function body(markdown: string, mentions: Mention[]): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = renderMarkdown(markdown, mentions);
  return div;
}

const links = (el: HTMLElement) =>
  [...el.querySelectorAll<HTMLAnchorElement>('a[data-entry-link]')].map((a) => [a.textContent, a.dataset.id]);

describe('mention links in bodies', () => {
  it('links the whole, capitalized word, not "Proneness" nor "prone"', () => {
    const el = body('The target falls Prone. Its Proneness passes; a prone ally, unProne, stays put.', [PRONE]);
    expect(links(el)).toEqual([['Prone', PRONE.id]]);
    const a = el.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('#/entry/mythcraft/condition/prone');
    expect(a.hasAttribute('data-entry-link')).toBe(true);
    // The rest reads exactly as before, unlinked.
    expect(el.textContent?.trim()).toBe('The target falls Prone. Its Proneness passes; a prone ally, unProne, stays put.');
  });

  it('never links inside an existing link, code or a heading', () => {
    const el = body(
      [
        '## Prone',
        '',
        'See [Prone creatures](#/entry/mythcraft/rule/prone-creatures) and `Prone` in code.',
        '',
        'Then it falls Prone.',
      ].join('\n'),
      [PRONE],
    );
    expect(el.querySelector('h3')?.textContent).toBe('Prone'); // "##" is demoted below the page's h2s
    expect(el.querySelector('h3')?.querySelector('a')).toBeNull();
    expect(el.querySelector('code')?.querySelector('a')).toBeNull();
    expect(el.querySelectorAll('a a')).toHaveLength(0);
    expect(links(el)).toEqual([
      ['Prone creatures', 'mythcraft/rule/prone-creatures'],
      ['Prone', PRONE.id],
    ]);
    expect(el.querySelectorAll('p')[1].querySelector('a')?.textContent).toBe('Prone');
  });

  it('links the first mention in each paragraph and list item', () => {
    const el = body('It is knocked Prone; while Prone it crawls.\n\n- Stand up from Prone.\n- Still Prone here.', [PRONE]);
    expect(el.querySelectorAll('p a')).toHaveLength(1);
    expect([...el.querySelectorAll('li')].map((li) => li.querySelectorAll('a').length)).toEqual([1, 1]);
  });

  it('does not link an entry a paragraph already links by hand', () => {
    const el = body('Falls [Prone](#/entry/mythcraft/condition/prone): a Prone target is easier to hit.', [PRONE]);
    expect(el.querySelectorAll('a')).toHaveLength(1);
  });

  it('prefers the longest name, and skips a one-word name that only starts a sentence', () => {
    const mentions: Mention[] = [
      { id: 'm/rule/hp', name: 'HP' },
      { id: 'm/rule/shield-hp', name: 'Shield HP' },
      { id: 'm/rule/damage', name: 'Damage' },
    ];
    const el = body('Damage hits Shield HP first, then HP. Resist halves Damage.', mentions);
    expect(links(el)).toEqual([
      ['Shield HP', 'm/rule/shield-hp'],
      ['HP', 'm/rule/hp'],
      ['Damage', 'm/rule/damage'],
    ]);
    expect(el.textContent?.trim()).toBe('Damage hits Shield HP first, then HP. Resist halves Damage.');
  });

  it('inside bold text and next to punctuation and non-ASCII words', () => {
    const gaze: Mention = { id: 'mlaf/spell/medusas-gaze', name: 'Medusa’s Gaze' };
    const el = body('Counts as **Frightened**, then (Medusa’s Gaze). Medusa’s Gazes do not count.', [
      { id: 'mythcraft/condition/frightened', name: 'Frightened' },
      gaze,
    ]);
    expect(links(el)).toEqual([
      ['Frightened', 'mythcraft/condition/frightened'],
      ['Medusa’s Gaze', gaze.id],
    ]);
    expect(el.querySelector('strong > a')?.textContent).toBe('Frightened');
  });

  it('treats names and text as text: nothing in them becomes markup', () => {
    const el = body('Throw Salt &amp; <b>Iron</b> now, or Salt & Iron later.', [
      { id: 'x/rule/salt-iron', name: 'Salt & Iron' },
      { id: 'x/rule/bad', name: '<img src=x onerror=alert(1)>' },
      { id: 'javascript:alert(1)', name: 'Throw' },
    ]);
    expect(links(el)).toEqual([['Salt & Iron', 'x/rule/salt-iron']]);
    expect(el.querySelector('img')).toBeNull();
  });
});

describe('mention links in plain text', () => {
  it('cuts a summary into text and links', () => {
    expect(mentionParts('Falls Prone, not prone.', [PRONE])).toEqual([
      { text: 'Falls ', id: null },
      { text: 'Prone', id: PRONE.id },
      { text: ', not prone.', id: null },
    ]);
    expect(mentionParts('Nothing here.', [])).toEqual([{ text: 'Nothing here.', id: null }]);
  });
});

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
