// The user's own content in the real app: packs and rulebook text imported through the
// shell's open dialog (replaced by the debug build's TOME_E2E_OPEN_PATH seam), shown in
// search, lists, the entry view and the sheet's picker with their badges; and a pack and a
// document written to run code, which must render inert: no dialog, no script, no IPC
// call of their own, no live markup in the DOM.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { appForTests, screenshot, $, $$, eventually, cliSession, ROOT, By } from './harness.mjs';

const HOSTILE_PACK = path.join(ROOT, 'tests/fixtures/packs/hostile');
const HOSTILE_TEXT = path.join(ROOT, 'tests/fixtures/text/hostile.md');
const BROKEN_PACK = path.join(ROOT, 'tests/fixtures/packs/broken');
const HEARTH = path.join(ROOT, 'examples/packs/hearth-and-blade');
const FIRESIDE = path.join(ROOT, 'examples/packs/fireside-tables.toml');
const RULES_TEXT = path.join(ROOT, 'tests/fixtures/text/markdown-rules.md');
const BOAR_SPEAR = 'ars-magica/weapon/hearth-and-blade--boar-spear';

/** The commands the app itself calls while showing content; anything else is not the app's. */
// `share_status`: the top bar asks whether the table is shared, every page (issue 44).
const READ_COMMANDS = new Set(['systems', 'list_entries', 'show_entry', 'get_table', 'roll_table', 'search', 'packs', 'docs', 'calculators', 'share_status']);

const app = appForTests();

/** Every `alert(…)` a fixture holds: the payloads that must never run. */
function payloads(...paths) {
  const files = paths.flatMap(function walk(p) {
    return statSync(p).isDirectory() ? readdirSync(p).flatMap((f) => walk(path.join(p, f))) : [p];
  });
  return files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/alert\([^)]*\)/g)].map((m) => `${path.basename(f)}: ${m[0]}`));
}

// Installed once in the page (hash navigation never reloads it): the page's dialogs are
// replaced by recorders, and every IPC call is logged on its way out, by the custom
// protocol (fetch of ipc://localhost/<command>) and by the postMessage fallback alike
// (`__TAURI_INTERNALS__.invoke` itself is read-only, but both roads go through these).
const INSTRUMENT = `
  if (!window.__e2e) {
    const log = { dialogs: [], ipc: [], csp: [] };
    Object.defineProperty(window, '__e2e', { value: log });
    for (const name of ['alert', 'confirm', 'prompt', 'print']) {
      window[name] = function (message) { log.dialogs.push(name + ': ' + String(message)); return name === 'confirm' ? false : null; };
    }
    const record = (cmd) => log.ipc.push(String(cmd));
    const realFetch = window.fetch;
    window.fetch = function (input, init) {
      const url = typeof input === 'string' ? input : (input && input.url) || String(input);
      const m = /^ipc:\\/\\/localhost\\/([^?#]*)/.exec(url) || /^https?:\\/\\/ipc\\.localhost\\/([^?#]*)/.exec(url);
      if (m) record(decodeURIComponent(m[1]));
      return realFetch.apply(this, arguments);
    };
    try {
      const post = window.ipc.postMessage.bind(window.ipc);
      window.ipc.postMessage = (data) => {
        try { record(JSON.parse(data).cmd); } catch { record('?'); }
        return post(data);
      };
    } catch {}
    document.addEventListener('securitypolicyviolation', (e) => log.csp.push(e.violatedDirective + ' ' + e.blockedURI));
  }
  return true;
`;

const log = () => app.driver.executeScript('return { dialogs: [...window.__e2e.dialogs], ipc: [...window.__e2e.ipc], csp: [...window.__e2e.csp] }');
const clearIpc = () => app.driver.executeScript('window.__e2e.ipc.length = 0');

// What must not be in the page: live markup, handlers, script URLs. The app's own DOM has
// none of these (Svelte attaches handlers with addEventListener, never as attributes).
// `scope` narrows the check to a part of the page (where `strict` elements, like a form
// the app itself has elsewhere, must not appear either).
const UNSAFE = `
  const [scope, strict] = arguments;
  const app = document.getElementById('app');
  const root = scope ? document.querySelector(scope) : app;
  if (!root) return ['no ' + scope];
  const out = [];
  const never = 'script, iframe, frame, frameset, object, embed, base, link, meta, img, math, marquee, video, audio, source, template, foreignObject, svg script, svg a';
  for (const el of app.querySelectorAll(never)) out.push('<' + el.localName + '>');
  if (strict) for (const el of root.querySelectorAll('form, details, style, input[type=image], button[formaction]')) out.push('<' + el.localName + '> in ' + scope);
  if (strict) for (const el of root.querySelectorAll('.prose svg, .prose img')) out.push('<' + el.localName + '> in the body');
  const bad = /^(javascript|vbscript|data|blob|file):/i;
  for (const el of [app, ...app.querySelectorAll('*')]) {
    for (const a of el.attributes) {
      const name = a.name.toLowerCase();
      const value = a.value.replace(/[\\u0000-\\u0020\\u007f-\\u009f]/g, '');
      if (name.startsWith('on')) out.push(el.localName + '[' + name + ']');
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background'].includes(name) && bad.test(value)) out.push(el.localName + '[' + name + '=' + a.value + ']');
      if (name === 'style' && /url\\(|expression|javascript/i.test(a.value)) out.push(el.localName + '[style=' + a.value + ']');
    }
  }
  return out;
`;

async function assertInert(what, scope = null) {
  const found = await app.driver.executeScript(UNSAFE, scope, scope !== null);
  assert.deepEqual(found, [], `${what}: live markup in the page`);
  const { dialogs } = await log();
  assert.deepEqual(dialogs, [], `${what}: a dialog was opened by the content`);
}

async function importPack(picked, button = 'import-pack-folder') {
  app.pick(picked);
  await (await $(app.driver, `[data-testid="${button}"]`)).click();
}

async function search(text) {
  const input = await $(app.driver, '[data-testid="search-input"]');
  await input.click();
  await app.driver.executeScript('arguments[0].select()', input);
  await input.sendKeys(text);
  return eventually(async () => {
    const hits = await $$(app.driver, '[data-testid="search-result"]');
    return hits.length > 0 ? hits : null;
  }, `results for "${text}"`);
}

async function closeSearch() {
  await app.driver.executeScript(`
    const input = document.querySelector('[data-testid="search-input"]');
    input.value = '';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.blur();
  `);
}

async function hit(text, id) {
  const hits = await search(text);
  for (const h of hits) if ((await h.getAttribute('data-id')) === id) return h;
  await eventually(async () => (await $$(app.driver, `[data-testid="search-result"][data-id="${id}"]`)).length > 0, `${id} among the results for "${text}"`);
  return $(app.driver, `[data-testid="search-result"][data-id="${id}"]`);
}

async function openEntry(id) {
  await app.go(`#/entry/${id}`);
  const view = await eventually(async () => {
    const [v] = await $$(app.driver, '[data-testid="entry-view"]');
    return v && (await v.getAttribute('data-id')) === id ? v : null;
  }, `${id} open`);
  await app.settle();
  return view;
}

const text = async (css, within) => (await (within ?? app.driver).findElement(By.css(css))).getText();
/** An element's text as the DOM holds it (WebKitWebDriver reads a badge that may clip its text as ''). */
const badge = async (css, within) =>
  app.driver.executeScript('return arguments[0].textContent.trim()', await (within ?? app.driver).findElement(By.css(css)));

test('the content page lists nothing yet, and is a top-level page', async () => {
  await app.go('#/content');
  await $(app.driver, '[data-testid="content-page"]');
  assert.equal(await (await $(app.driver, '[data-testid="nav-content"]')).getAttribute('aria-current'), 'page');
  await $(app.driver, '[data-testid="packs-empty"]');
  await $(app.driver, '[data-testid="docs-empty"]');
  assert.equal(await app.driver.executeScript(INSTRUMENT), true);
  // The checks catch what they look for: a planted handler and script link, a dialog.
  await app.driver.executeScript(`
    const a = document.createElement('a');
    a.id = 'e2e-probe';
    a.setAttribute('href', 'java\tscript:void 0');
    a.setAttribute('onmouseover', 'void 0');
    document.getElementById('main').append(a);
    window.alert('probe');
  `);
  const caught = await app.driver.executeScript(UNSAFE, null, false);
  await app.driver.executeScript('document.getElementById("e2e-probe").remove()');
  assert.equal(caught.length, 2, `the probe is caught (${caught.join(', ')})`);
  assert.deepEqual((await log()).dialogs, ['alert: probe']);
  await app.driver.executeScript('window.__e2e.dialogs.length = 0');
  await assertInert('the app itself');
  // The instrumentation sees the app's own calls (else "no other calls" would prove nothing).
  await app.go('#/entry/ars-magica/weapon/sword-long');
  await eventually(async () => (await log()).ipc.includes('show_entry'), 'show_entry seen on its way to the shell');
  await app.go('#/content');
  await $(app.driver, '[data-testid="content-page"]');
});

test('a broken pack is refused whole, with every problem listed by file and line', async () => {
  let expected;
  try {
    cliSession()('pack', 'check', BROKEN_PACK);
  } catch (e) {
    expected = JSON.parse(e.stdout || e.stderr).problems;
  }
  assert.ok(expected?.length > 5, 'the CLI lists the broken pack’s problems');
  await importPack(BROKEN_PACK);
  const panel = await $(app.driver, '[data-testid="pack-error"]');
  assert.equal(await panel.getAttribute('data-code'), 'content_invalid');
  const problems = await $$(app.driver, '[data-testid="pack-problem"]');
  assert.equal(problems.length, expected.length, 'one line per problem');
  const shown = await Promise.all(problems.map((p) => p.getText()));
  // Files (and files named in a message) are shown from the folder the pack was picked in.
  const base = `${path.dirname(BROKEN_PACK)}/`;
  for (const p of expected) {
    const file = p.file.replace(base, '');
    const where = p.line === null ? file : `${file}:${p.line}`;
    const message = p.message.replaceAll(base, '');
    assert.ok(shown.some((s) => s.startsWith(where) && s.includes(message)), `problem shown: ${where}: ${message}`);
  }
  assert.ok(!shown.some((s) => s.includes(base)), 'no absolute paths');
  await $(app.driver, '[data-testid="packs-empty"]');
  await app.settle();
  await screenshot(app.driver, '40-pack-refused');
});

let hostile;
/** The id of the hostile document, once imported. */
let hostileDoc;

test('the hostile pack imports, and its manifest shows as plain text', async () => {
  const cli = cliSession();
  cli('pack', 'import', HOSTILE_PACK);
  hostile = ['weapon', 'condition', 'table', 'spell'].flatMap((kind) => cli('list', kind).filter((i) => i.pack === 'hostile'));
  assert.equal(hostile.length, 4, 'the hostile pack has four entries');

  await clearIpc();
  await importPack(HOSTILE_PACK);
  await $(app.driver, '[data-testid="pack-notice"]');
  const row = await $(app.driver, '[data-testid="pack-row"][data-name="hostile"]');
  assert.equal(await text('[data-testid="pack-title"]', row), "<script>alert('pack title')</script>Hostile Pack");
  assert.equal(await text('[data-testid="pack-version"]', row), "1.0 <b onmouseover=alert('version')>");
  assert.equal(await text('[data-testid="pack-author"]', row), "<img src=x onerror=alert('author')>");
  assert.match(await row.getText(), /\[click me\]\(javascript:alert\('description'\)\)/);
  assert.equal(await (await row.findElement(By.css('[data-testid="pack-entries"]'))).getAttribute('data-count'), '4');
  await assertInert('the packs page', '[data-testid="packs"]');
  const { ipc } = await log();
  assert.ok(ipc.includes('import_pack'), 'the page asked the shell to import');
});

test('hostile entries render inert in the entry view: no script, no dialog, no IPC of their own', async () => {
  await clearIpc();
  for (const item of hostile) {
    const view = await openEntry(item.id);
    assert.equal(await text('[data-testid="entry-name"]'), item.name, `${item.id}: the name as written`);
    assert.equal(await badge('[data-testid="pack-badge"]', view), 'pack: hostile');
    if (item.summary) assert.ok((await text('.summary', view)).includes(item.summary.trim().split('\n')[0]), `${item.id}: the summary as written`);
    if (item.kind === 'table') {
      await (await $(app.driver, '[data-testid="roll-button"]')).click();
      await $(app.driver, '[data-testid="roll-result"]');
      const cells = await text('[data-testid="roll-table"]');
      assert.ok(cells.includes("<script>alert('column')</script>"), 'a column name as written');
      assert.ok(cells.includes("<img src=x onerror=alert('cell')>"), 'a cell as written');
    }
    // Hover every link of the entry (the preview card shows the linked entry).
    for (const link of (await view.findElements(By.css('a'))).slice(0, 12)) {
      await app.driver.actions({ async: true }).move({ origin: link }).perform();
    }
    await app.settle();
    await assertInert(item.id, '[data-testid="entry-view"]');
  }
  const weapon = hostile.find((i) => i.kind === 'weapon');
  const view = await openEntry(weapon.id);
  const body = await text('.prose', view);
  assert.match(body, /an anchor/, 'the anchor’s words stay');
  assert.match(body, /a markdown link/, 'the link’s words stay');
  const hrefs = await app.driver.executeScript(
    'return [...arguments[0].querySelectorAll(".prose a")].map((a) => a.getAttribute("href"))',
    view,
  );
  for (const h of hrefs) assert.ok(h === null || /^#\/|^[^:]*$/.test(h), `only links inside Tome in the body (${h})`);
  assert.match(await view.getText(), /<svg onload=alert\('alias'\)>/, 'aliases as written');
  assert.match(await text('footer.source', view), /<script>alert\('section'\)<\/script>/, 'the source section as written');
  const spell = hostile.find((i) => i.kind === 'spell');
  const spellView = await openEntry(spell.id);
  assert.match(await spellView.getText(), /3\+ <script>alert\('success'\)<\/script>/, 'a spell field as written');
  await app.settle();
  await screenshot(app.driver, '41-hostile-entry');
  await openEntry(weapon.id);
  await screenshot(app.driver, '42-hostile-weapon');

  const { ipc } = await log();
  const foreign = ipc.filter((c) => !READ_COMMANDS.has(c));
  assert.deepEqual(foreign, [], 'no command but the app’s own reads while showing the content');
  assert.ok(ipc.includes('show_entry') && ipc.includes('get_table'), `the reads were seen (${[...new Set(ipc)].join(', ')})`);
});

test('hostile entries in search results and lists, marked with their pack, stay inert', async () => {
  await clearIpc();
  for (const item of hostile) {
    const h = await hit(item.name, item.id);
    assert.equal(await badge('[data-testid="pack-badge"]', h), 'pack: hostile');
    assert.equal(await text('.name', h), item.name);
    await assertInert(`search for ${item.id}`, '.search');
  }
  await search('Cursed Blade');
  await app.settle();
  await screenshot(app.driver, '43-hostile-search');
  await closeSearch();
  for (const item of hostile) {
    await app.go(`#/browse/${item.system}/${item.kind}`);
    await $(app.driver, `[data-testid="entry-list"][data-kind="${item.kind}"]`);
    const row = await $(app.driver, `[data-testid="entry-list"] [data-id="${item.id}"]`);
    assert.equal(await badge('[data-testid="pack-badge"]', row), 'pack: hostile');
    assert.ok((await row.getText()).includes(item.name), `${item.id} listed by its name as written`);
    // The link preview of the hostile entry.
    const link = await row.findElement(By.css('a[data-entry-link]'));
    await app.driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', link);
    await app.driver.actions({ async: true }).move({ origin: link }).perform();
    const card = await $(app.driver, `[data-testid="link-preview"][data-id="${item.id}"]`);
    await eventually(async () => (await app.driver.executeScript('return arguments[0].textContent', card)).includes('pack: hostile'), 'the preview names the pack');
    await assertInert(`the ${item.kind} list`, '[data-testid="entry-list"]');
    await app.driver.actions({ async: true }).move({ x: 5, y: 5 }).perform();
  }
  const { ipc, csp } = await log();
  assert.deepEqual(ipc.filter((c) => !READ_COMMANDS.has(c)), [], 'no command but the app’s own reads');
  assert.deepEqual(csp, [], 'nothing the content security policy had to block');
});

test('hostile rulebook text imports as sections that render inert', async () => {
  const cli = cliSession();
  const doc = cli('import-text', HOSTILE_TEXT, '--system', 'mythcraft', '--title', 'Cursed Notes');
  hostileDoc = doc.doc.id;
  await app.go('#/content');
  await $(app.driver, '[data-testid="content-page"]');
  await (await $(app.driver, '[data-testid="import-text-system"] option[value="mythcraft"]')).click();
  const title = await $(app.driver, '[data-testid="import-text-title"]');
  await title.sendKeys('Cursed Notes');
  app.pick(HOSTILE_TEXT);
  await clearIpc();
  await (await $(app.driver, '[data-testid="import-text"]')).click();
  const notice = await $(app.driver, '[data-testid="doc-notice"]');
  await eventually(async () => (await notice.getText()).includes(`${doc.doc.sections} sections`), 'the import says how many sections');
  await assertInert('the documents list', '[data-testid="doc-list"]');
  await clearIpc();
  for (const s of doc.first_sections) {
    const view = await openEntry(s.id);
    assert.equal(await view.getAttribute('data-kind'), 'section');
    assert.equal(await text('[data-testid="entry-name"]'), s.heading);
    assert.equal(await badge('[data-testid="doc-badge"]', view), 'from Cursed Notes');
    await assertInert(s.id, '[data-testid="entry-view"]');
  }
  const first = doc.first_sections[0];
  const h = await hit('Cursed Scrolls', first.id);
  assert.equal(await badge('[data-testid="doc-badge"]', h), 'from Cursed Notes');
  await assertInert('the search for a hostile section', '.search');
  await closeSearch();
  const { ipc, dialogs } = await log();
  assert.deepEqual(ipc.filter((c) => !READ_COMMANDS.has(c)), []);
  assert.deepEqual(dialogs, []);
  const all = payloads(HOSTILE_PACK, HOSTILE_TEXT);
  console.log(`# hostile payloads shown and never run: ${all.length} (${payloads(HOSTILE_PACK).length} in the pack, ${payloads(HOSTILE_TEXT).length} in the text)`);
});

let sidebarBefore;

test('the example pack: its entries show in search, lists and the entry view with the pack badge', async () => {
  await app.go('#/browse/ars-magica');
  const nav = await $(app.driver, '[data-testid="nav-system"][data-system="ars-magica"] .count');
  sidebarBefore = Number(await nav.getText());
  const weaponsBefore = Number(await text('[data-testid="nav-kind"][data-kind="weapon"][data-system="ars-magica"] .count'));
  await app.go('#/content');
  await importPack(HEARTH);
  const notice = await $(app.driver, '[data-testid="pack-notice"]');
  assert.match(await notice.getText(), /Imported Hearth and Blade 1\.0\.0: 6 entries/);
  await $(app.driver, '[data-testid="pack-row"][data-name="hearth-and-blade"]');
  // A single-file pack, through the file picker.
  await importPack(FIRESIDE, 'import-pack-file');
  await eventually(async () => /Imported .*fireside/i.test(await (await $(app.driver, '[data-testid="pack-notice"]')).getText()), 'the file pack imported');
  await $(app.driver, '[data-testid="pack-row"][data-name="fireside-tables"]');
  // A cancelled picker changes nothing.
  const packsBefore = (await $$(app.driver, '[data-testid="pack-row"]')).length;
  app.pick(null);
  await (await $(app.driver, '[data-testid="import-pack-folder"]')).click();
  await eventually(async () => (await (await $(app.driver, '[data-testid="import-pack-folder"]')).isEnabled()), 'the button back');
  assert.equal((await $$(app.driver, '[data-testid="pack-row"]')).length, packsBefore);
  assert.equal((await $$(app.driver, '[data-testid="pack-error"]')).length, 0);

  const h = await hit('boar spear', BOAR_SPEAR);
  assert.equal(await badge('[data-testid="pack-badge"]', h), 'pack: hearth-and-blade');
  assert.ok((await badge('.snippet', h)).length > 10, 'a snippet under the result');
  await app.settle();
  await screenshot(app.driver, '44-pack-search');
  await closeSearch();

  const view = await openEntry(BOAR_SPEAR);
  assert.equal(await text('[data-testid="entry-name"]'), 'Boar Spear');
  assert.equal(await badge('[data-testid="pack-badge"]', view), 'pack: hearth-and-blade');

  await app.go('#/browse/ars-magica/weapon');
  const row = await $(app.driver, `[data-testid="weapon-table"] tr[data-id="${BOAR_SPEAR}"]`);
  assert.equal(await badge('[data-testid="pack-badge"]', row), 'pack: hearth-and-blade');
  // The sidebar counts the pack's entries with the rest: two weapons and an armour here.
  await eventually(async () => Number(await text('[data-testid="nav-system"][data-system="ars-magica"] .count')) === sidebarBefore + 3, 'Ars Magica counts 3 more');
  assert.equal(Number(await text('[data-testid="nav-kind"][data-kind="weapon"][data-system="ars-magica"] .count')), weaponsBefore + 2);
});

test('a pack weapon is equipped on a character of its system through the sheet’s picker', async () => {
  await app.go('#/characters');
  await (await $(app.driver, '[data-testid="new-character"]')).click();
  await (await $(app.driver, '[data-testid="new-character-system"] option[value="ars-magica"]')).click();
  await (await $(app.driver, '[data-testid="new-character-name"]')).sendKeys('Hunter Oswin');
  await (await $(app.driver, '[data-testid="new-character-create"]')).click();
  await $(app.driver, '[data-testid="character-sheet"][data-system="ars-magica"]');
  const input = await $(app.driver, '[data-testid="entry-picker-input"][data-list="items"]');
  await input.click();
  await input.sendKeys('boar');
  const option = await eventually(async () => {
    const [o] = await $$(app.driver, `[data-testid="entry-picker-option"][data-id="${BOAR_SPEAR}"]`);
    return o ?? null;
  }, 'the Boar Spear offered');
  assert.equal(await badge('[data-testid="pack-badge"]', option), 'pack: hearth-and-blade');
  await app.driver.executeScript('arguments[0].scrollIntoView({ block: "start" })', await $(app.driver, '[data-testid="sheet-section"][data-section="equipment"]'));
  await app.settle();
  await screenshot(app.driver, '45-pack-picker');
  await option.click();
  const item = await $(app.driver, `[data-testid="sheet-item"][data-id="${BOAR_SPEAR}"]`);
  assert.equal(await badge('[data-testid="pack-badge"]', item), 'pack: hearth-and-blade');
  // In hand as it is added: its Attack is among the derived stats at once.
  assert.equal(await (await item.findElement(By.css('[data-testid="item-equipped"]'))).isSelected(), true);
  await eventually(async () => {
    const keys = await Promise.all((await $$(app.driver, '[data-testid="derived-stat"]')).map((s) => s.getAttribute('data-key')));
    return keys.some((k) => k.includes('boar-spear') && k.endsWith('.attack'));
  }, 'an Attack for the Boar Spear among the derived stats');
  await eventually(async () => (await (await $(app.driver, '[data-testid="save-status"]')).getAttribute('data-state')) === 'saved', 'saved');

  // While the character uses it, the pack cannot be removed.
  await app.go('#/content');
  await (await $(app.driver, '[data-testid="remove-pack"][data-name="hearth-and-blade"]')).click();
  await (await $(app.driver, '[data-testid="confirm-remove"]')).click();
  const refused = await $(app.driver, '[data-testid="remove-error"]');
  assert.equal(await refused.getAttribute('data-code'), 'invalid_input');
  assert.match(await refused.getText(), /Hunter Oswin/);
  await app.settle();
  await screenshot(app.driver, '46-pack-remove-refused');
  await app.driver.actions().sendKeys('\uE00C').perform(); // Escape
  await eventually(async () => (await $$(app.driver, '[data-testid="remove-dialog"]')).length === 0, 'the dialog closed');
  await $(app.driver, '[data-testid="pack-row"][data-name="hearth-and-blade"]');
});

test('rulebook text: a section is found by search with a snippet and opens like an entry', async () => {
  const cli = cliSession();
  const doc = cli('import-text', RULES_TEXT, '--system', 'mythcraft', '--title', 'Lantern Road');
  const called = doc.first_sections.find((s) => s.heading === 'Called Shots');
  await app.go('#/content');
  await (await $(app.driver, '[data-testid="import-text-system"] option[value="mythcraft"]')).click();
  await (await $(app.driver, '[data-testid="import-text-title"]')).sendKeys('Lantern Road');
  app.pick(RULES_TEXT);
  await (await $(app.driver, '[data-testid="import-text"]')).click();
  await $(app.driver, '[data-testid="doc-notice"]');
  const row = await $(app.driver, `[data-testid="doc-row"][data-id="${doc.doc.id}"]`);
  assert.equal(await (await row.findElement(By.css('[data-testid="doc-sections"]'))).getAttribute('data-count'), String(doc.doc.sections));

  const h = await hit('called shots', called.id);
  assert.equal(await badge('[data-testid="doc-badge"]', h), 'from Lantern Road');
  assert.match(await badge('.snippet', h), /limb/);
  await app.settle();
  await screenshot(app.driver, '47-section-search');
  await h.click();
  const view = await eventually(async () => {
    const [v] = await $$(app.driver, `[data-testid="entry-view"][data-id="${called.id}"]`);
    return v ?? null;
  }, 'the section open');
  assert.equal(await view.getAttribute('data-kind'), 'section');
  assert.match(await text('.prose', view), /hobbled/);
  await app.settle();
  await screenshot(app.driver, '48-section-entry');
  // Listed with the system's sections in the sidebar.
  await $(app.driver, '[data-testid="nav-kind"][data-kind="section"][data-system="mythcraft"]');
  await app.go('#/browse/mythcraft/section');
  const listed = await $(app.driver, `[data-testid="entry-list"] [data-id="${called.id}"]`);
  assert.equal(await badge('[data-testid="doc-badge"]', listed), 'from Lantern Road');
  await closeSearch();
});

test('removing asks first, then the document or the pack and what it held are gone', async () => {
  await app.go('#/content');
  const rows = await $$(app.driver, '[data-testid="doc-row"]');
  assert.equal(rows.length, 2);
  await (await $(app.driver, `[data-testid="remove-doc"][data-id="${hostileDoc}"]`)).click();
  await $(app.driver, '[data-testid="remove-dialog"]');
  await (await $(app.driver, '[data-testid="confirm-remove"]')).click();
  await $(app.driver, '[data-testid="remove-notice"]');
  await eventually(async () => (await $$(app.driver, '[data-testid="doc-row"]')).length === 1, 'one document left');
  // Cancel leaves the pack; Remove takes it and its entries away.
  await (await $(app.driver, '[data-testid="remove-pack"][data-name="hostile"]')).click();
  await (await $(app.driver, '[data-testid="remove-dialog"] .button.secondary')).click();
  await eventually(async () => (await $$(app.driver, '[data-testid="remove-dialog"]')).length === 0, 'the dialog closed');
  await $(app.driver, '[data-testid="pack-row"][data-name="hostile"]');
  await (await $(app.driver, '[data-testid="remove-pack"][data-name="hostile"]')).click();
  await (await $(app.driver, '[data-testid="confirm-remove"]')).click();
  await eventually(async () => (await $$(app.driver, '[data-testid="pack-row"][data-name="hostile"]')).length === 0, 'the hostile pack gone');
  assert.match(await (await $(app.driver, '[data-testid="remove-notice"]')).getText(), /4 entries/);
  await app.go(`#/entry/${hostile[0].id}`);
  await $(app.driver, '[data-testid="error-panel"][data-code="not_found"]');
  const { dialogs } = await log();
  assert.deepEqual(dialogs, [], 'the app asks in its own dialog, never with confirm()');
});

test('the content page in both themes, at 1280×800 and 800×600', async () => {
  await app.go('#/content');
  await $(app.driver, '[data-testid="pack-row"][data-name="hearth-and-blade"]');
  await app.driver.executeScript('document.getElementById("main").scrollTop = 0');
  await app.settle();
  await screenshot(app.driver, '49-content-light-1280');
  await app.theme('dark');
  await app.settle();
  await screenshot(app.driver, '50-content-dark-1280');
  await app.resize(800, 600);
  await app.settle();
  const overflow = await app.driver.executeScript('const m = document.getElementById("main"); return m.scrollWidth - m.clientWidth');
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than its pane`);
  await screenshot(app.driver, '51-content-dark-800x600');
  await app.theme('light');
  await app.settle();
  await screenshot(app.driver, '52-content-light-800x600');
  await app.go(`#/entry/${BOAR_SPEAR}`);
  await $(app.driver, '[data-testid="entry-view"]');
  await app.settle();
  await screenshot(app.driver, '53-pack-entry-800x600');
  await app.resize(1280, 800);
});
