import { describe, expect, it } from 'vitest';
import { linkTarget, renderMarkdown } from '../lib/markdown';

function dom(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('markdown sanitizer', () => {
  it('keeps the formatting of a real body', () => {
    const html = renderMarkdown('- Counts as both **Frightened** and **Shaken**.\n- Flees.');
    const el = dom(html);
    expect(el.querySelectorAll('li')).toHaveLength(2);
    expect(el.querySelector('strong')?.textContent).toBe('Frightened');
  });

  it('strips <script> elements and their content', () => {
    const el = dom(renderMarkdown('Before\n\n<script>alert("owned")</script>\n\nAfter'));
    expect(el.querySelector('script')).toBeNull();
    expect(el.textContent).not.toContain('owned');
    expect(el.textContent).toContain('After');
  });

  it('strips event handlers such as onerror, and images altogether', () => {
    const html = renderMarkdown('<img src=x onerror="alert(1)"> <b onclick="alert(2)">bold</b> <p onmouseover="x()">p</p>');
    expect(html).not.toMatch(/onerror|onclick|onmouseover|<img/i);
    expect(dom(html).querySelector('b')?.textContent).toBe('bold');
  });

  it('drops javascript: and remote links but keeps their text', () => {
    const el = dom(
      renderMarkdown('[click](javascript:alert(1)) <a href="java&#09;script:alert(1)">tab</a> [web](https://example.com) <a href="JAVASCRIPT:x">raw</a>'),
    );
    const links = [...el.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([null, null, null, null]);
    expect(el.textContent).toContain('click');
    expect(el.innerHTML).not.toMatch(/javascript|example\.com/i);
  });

  it('strips style, iframe, object and form elements', () => {
    const html = renderMarkdown('<style>body{display:none}</style><iframe src="x"></iframe><object data="x"></object><form><input></form>ok');
    expect(html).not.toMatch(/<style|<iframe|<object|<form|<input|display:none/i);
    expect(dom(html).textContent).toContain('ok');
  });

  it('turns links to entries into entry links', () => {
    const el = dom(renderMarkdown('See [Frightened](#/entry/mythcraft/condition/frightened) and [Shaken](mythcraft/condition/shaken).'));
    const links = [...el.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '#/entry/mythcraft/condition/frightened',
      '#/entry/mythcraft/condition/shaken',
    ]);
    for (const a of links) expect(a.hasAttribute('data-entry-link')).toBe(true);
    expect(links[1].dataset.id).toBe('mythcraft/condition/shaken');
  });

  it('does not let a body forge entry-link attributes', () => {
    const el = dom(renderMarkdown('<a href="https://evil.example" data-entry-link data-id="x/y/z">x</a>'));
    const a = el.querySelector('a')!;
    expect(a.hasAttribute('data-entry-link')).toBe(false);
    expect(a.hasAttribute('href')).toBe(false);
  });

  it('keeps in-app and relative links', () => {
    expect(linkTarget('#/browse/mlaf/spell')).toEqual({ href: '#/browse/mlaf/spell', entryId: null });
    expect(linkTarget('notes.html')).toEqual({ href: 'notes.html', entryId: null });
    expect(linkTarget('//evil.example/x')).toBeNull();
    expect(linkTarget('data:text/html,hi')).toBeNull();
  });

  it('demotes headings below the page title', () => {
    const el = dom(renderMarkdown('# Heading\n\ntext'));
    expect(el.querySelector('h1')).toBeNull();
    expect(el.querySelector('h2')?.textContent).toBe('Heading');
  });
});
