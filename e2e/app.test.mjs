// The real desktop app, driven like a user: search, browse, follow links, sort, roll.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appForTests, screenshot, $, $$, eventually, cliJson, Key, FIVE_ENTRIES } from './harness.mjs';

const app = appForTests();

const entryId = async () => (await $(app.driver, '[data-testid="entry-view"]')).getAttribute('data-id');

async function typeSearch(text) {
  const box = await $(app.driver, '[data-testid="search-input"]');
  await box.clear();
  await box.sendKeys(text);
  return box;
}

async function resultIds() {
  const items = await $$(app.driver, '[data-testid="search-result"]');
  return Promise.all(items.map((i) => i.getAttribute('data-id')));
}

test('the app starts and shows the search box', async () => {
  const box = await $(app.driver, '[data-testid="search-input"]');
  assert.ok(await box.isDisplayed());
  assert.equal(await app.driver.getTitle(), 'Tome');
  await screenshot(app.driver, '01-start');
});

test('typing "sword" lists the Ars Magica swords as you type', async () => {
  await typeSearch('sword');
  const ids = await eventually(async () => {
    const ids = await resultIds();
    return ids.includes('ars-magica/weapon/sword-long') ? ids : null;
  }, 'sword results');
  for (const id of ['ars-magica/weapon/sword-long', 'ars-magica/weapon/sword-short', 'ars-magica/weapon/sword-great']) {
    assert.ok(ids.includes(id), `${id} in ${ids}`);
  }
  await screenshot(app.driver, '02-search-sword');
  // Enter opens the selected (first) result.
  const first = ids[0];
  await (await $(app.driver, '[data-testid="search-input"]')).sendKeys(Key.ENTER);
  await eventually(async () => (await entryId()) === first, `entry ${first} open`);
});

test('a misspelling still puts the right entry first', async () => {
  for (const [typed, want] of [
    ['chian mail', 'ars-magica/armor/chain-mail'],
    ['encumberance', 'ars-magica/rule/encumbrance'],
  ]) {
    await typeSearch(typed);
    await eventually(async () => (await resultIds())[0] === want, `${want} first for "${typed}"`);
  }
  const first = await $(app.driver, '[data-testid="search-result"]');
  const marked = await first.findElements({ css: 'mark' });
  assert.ok(marked.length > 0, 'the matched words are highlighted');
  await screenshot(app.driver, '03a-misspelling');
  await (await $(app.driver, '[data-testid="search-input"]')).sendKeys(Key.ESCAPE);
});

test('hovering a link previews the entry it leads to', async () => {
  await app.go('#/entry/mythcraft/condition/broken');
  await eventually(async () => (await entryId()) === 'mythcraft/condition/broken', 'Broken open');
  const link = await $(app.driver, '[data-testid="entry-view"] a[data-entry-link][data-id="mythcraft/condition/shaken"]');
  await app.driver.actions({ async: true }).move({ origin: link }).perform();
  const card = await $(app.driver, '[data-testid="link-preview"]');
  const text = await eventually(async () => (await card.getText()).trim(), 'preview text');
  assert.match(text, /Shaken/);
  await screenshot(app.driver, '03b-link-preview');
  await app.driver.actions({ async: true }).move({ x: 5, y: 5 }).perform();
});

test('a MythCraft condition links to the condition it names, and Back returns', async () => {
  await typeSearch('broken');
  await eventually(async () => (await resultIds()).includes('mythcraft/condition/broken'), 'Broken in results');
  const items = await $$(app.driver, '[data-testid="search-result"]');
  for (const item of items) {
    if ((await item.getAttribute('data-id')) === 'mythcraft/condition/broken') { await item.click(); break; }
  }
  await eventually(async () => (await entryId()) === 'mythcraft/condition/broken', 'Broken open');
  assert.match(await app.driver.getCurrentUrl(), /#\/entry\/mythcraft\/condition\/broken$/);
  await screenshot(app.driver, '03-broken');
  const link = await $(app.driver, '[data-testid="entry-view"] a[data-entry-link][data-id="mythcraft/condition/frightened"]');
  await link.click();
  await eventually(async () => (await entryId()) === 'mythcraft/condition/frightened', 'Frightened open');
  assert.equal(await (await $(app.driver, '[data-testid="entry-name"]')).getText(), 'Frightened');
  await screenshot(app.driver, '04-frightened');
  await app.driver.navigate().back();
  await eventually(async () => (await entryId()) === 'mythcraft/condition/broken', 'back to Broken');
});

test('the weapon table sorts by damage', async () => {
  await app.go('#/browse/ars-magica/weapon');
  const table = await $(app.driver, '[data-testid="weapon-table"]');
  const dam = Object.fromEntries(cliJson('list', 'weapon').map((w) => [w.id, w.dam]));
  const order = async () => {
    const rows = await table.findElements({ css: 'tbody tr[data-id]' });
    return Promise.all(rows.map((r) => r.getAttribute('data-id')));
  };
  const damages = (ids) => ids.map((id) => dam[id]).filter((d) => d !== null);
  await (await table.findElement({ css: 'button[data-sort="dam"]' })).click();
  const first = damages(await eventually(async () => {
    const ids = await order();
    const d = damages(ids);
    return d.length > 30 && d.every((v, i) => i === 0 || v >= d[i - 1]) ? ids : null;
  }, 'rows in ascending damage'));
  assert.equal(first.at(-1), 12, 'Warhammer (+12) is last ascending');
  await (await table.findElement({ css: 'button[data-sort="dam"]' })).click();
  const second = damages(await eventually(async () => {
    const ids = await order();
    const d = damages(ids);
    return d.length > 30 && d.every((v, i) => i === 0 || v <= d[i - 1]) ? ids : null;
  }, 'rows in descending damage'));
  assert.equal(second[0], 12);
  await screenshot(app.driver, '05-weapons-by-damage');
});

test('Back returns to a list where it was left: scroll, sort and filter', async () => {
  const d = app.driver;
  const scrollTop = () => d.executeScript('return document.getElementById("main").scrollTop');
  const names = () => d.executeScript(
    'return [...document.querySelectorAll(\'[data-testid="weapon-table"] tbody tr[data-id]\')].map((r) => r.dataset.id)');
  await app.resize(1280, 600);
  await app.go('#/browse/ars-magica/weapon');
  const filter = await $(d, '[data-testid="entry-list"] input[type="search"]');
  await filter.sendKeys('hand');
  await (await $(d, '[data-testid="weapon-table"] button[data-sort="dam"]')).click();
  await (await $(d, '[data-testid="weapon-table"] button[data-sort="dam"]')).click();
  const left = await eventually(async () => {
    const ids = await names();
    return ids.length > 10 && ids.length < cliJson('list', 'weapon').length ? ids : null;
  }, 'a filtered, sorted list');
  await d.executeScript('document.getElementById("main").scrollTop = 200');
  await app.settle(200);
  const top = await scrollTop();
  assert.ok(top > 150, `scrolled: ${top}`);
  const row = left[8];
  await (await $(d, `[data-testid="weapon-table"] tr[data-id="${row}"] a`)).click();
  await eventually(async () => (await entryId()) === row, 'the weapon open');
  assert.equal(await scrollTop(), 0, 'a new page opens at the top');
  await d.actions().keyDown(Key.ALT).sendKeys(Key.ARROW_LEFT).keyUp(Key.ALT).perform();
  await eventually(async () => JSON.stringify(await names()) === JSON.stringify(left), 'the same rows, in the same order');
  assert.equal(await (await $(d, '[data-testid="entry-list"] input[type="search"]')).getAttribute('value'), 'hand');
  await eventually(async () => Math.abs((await scrollTop()) - top) <= 1, `scrolled back to ${top}`);
  await screenshot(d, '05b-weapons-after-back');
  // Forward, then Back again: the same.
  await d.actions().keyDown(Key.ALT).sendKeys(Key.ARROW_RIGHT).keyUp(Key.ALT).perform();
  await eventually(async () => (await entryId()) === row, 'forward to the weapon');
  await d.navigate().back();
  await eventually(async () => Math.abs((await scrollTop()) - top) <= 1, 'scrolled back again');
  // MythCraft's conditions keep their scroll the same way.
  await app.go('#/browse/mythcraft/condition');
  await $(d, '[data-testid="entry-list"]');
  await d.executeScript('document.getElementById("main").scrollTop = 600');
  await app.settle(200);
  const conditions = await scrollTop();
  assert.ok(conditions > 500, `scrolled: ${conditions}`);
  const link = await d.executeScript(`const main = document.getElementById('main').getBoundingClientRect();
    return [...document.querySelectorAll('[data-testid="entry-list"] a[data-entry-link]')]
      .find((a) => a.getBoundingClientRect().top > main.top + 40)?.dataset.id`);
  await (await $(d, `[data-testid="entry-list"] a[data-id="${link}"]`)).click();
  await eventually(async () => (await entryId()) === link, 'a condition open');
  await d.navigate().back();
  await eventually(async () => Math.abs((await scrollTop()) - conditions) <= 1, `conditions scrolled back to ${conditions}`);
  await app.resize(1280, 800);
});

test('rolling the MLAF spell table highlights the row the dice select', async () => {
  await app.go('#/entry/mlaf/table/spell-table');
  const table = await $(app.driver, '[data-testid="roll-table"]');
  await (await table.findElement({ css: '[data-testid="roll-button"]' })).click();
  const result = await $(app.driver, '[data-testid="roll-result"]');
  const text = await eventually(async () => (await result.getText()).trim(), 'roll result');
  const faces = [...text.matchAll(/\d+/g)].map(Number);
  // "3d6: a + b + c = total": the dice count first, then three faces and the total.
  const total = faces.at(-1);
  const dice = faces.slice(-4, -1);
  assert.equal(dice.reduce((a, b) => a + b, 0), total, text);
  assert.ok(total >= 3 && total <= 18, text);
  const rolled = await table.findElements({ css: 'tr.rolled' });
  assert.equal(rolled.length, 1);
  const firstCell = await rolled[0].findElement({ css: 'td' });
  assert.equal(Number(await firstCell.getText()), total, 'the highlighted row is the rolled number');
  await screenshot(app.driver, '06-spell-table-rolled');
});

test('the spell table links each spell, and rolls straight from the search results', async () => {
  await app.go('#/entry/mlaf/table/spell-table');
  const link = await $(app.driver, '[data-testid="roll-table"] a[data-entry-link][data-id="mlaf/spell/power-drain"]');
  assert.equal(await link.getText(), 'Power Drain');
  await link.click();
  await eventually(async () => (await entryId()) === 'mlaf/spell/power-drain', 'Power Drain open');
  await app.driver.navigate().back();
  await typeSearch('spell table');
  await eventually(async () => (await resultIds()).includes('mlaf/table/spell-table'), 'the table in the results');
  const roll = await $(app.driver, '[data-testid="search-result"][data-id="mlaf/table/spell-table"] [data-testid="search-roll"]');
  await roll.click();
  const rolled = await eventually(async () => {
    const el = await app.driver.findElements({ css: '[data-testid="search-rolled"]' });
    return el.length ? el[0].getText() : null;
  }, 'a roll shown in the results');
  assert.match(rolled, /^3d6: \d \+ \d \+ \d = \d+ → /);
  assert.match(await app.driver.getCurrentUrl(), /#\/entry\/mlaf\/table\/spell-table$/, 'still where it was');
  await screenshot(app.driver, '06b-roll-from-search');
  await (await $(app.driver, '[data-testid="search-input"]')).sendKeys(Key.ESCAPE);
});

test('keys typed in one burst do what they do slowly: sword ↓↓ Enter opens the second result', async () => {
  await app.go('#/');
  await typeSearch('sword');
  const ids = await eventually(async () => {
    const ids = await resultIds();
    return ids.length > 2 ? ids : null;
  }, 'sword results');
  const box = await $(app.driver, '[data-testid="search-input"]');
  await box.clear();
  await app.go('#/');
  // Ctrl+K, then the word and the keys in one burst, before any result is in.
  await app.driver.actions({ async: true }).keyDown(Key.CONTROL).sendKeys('k').keyUp(Key.CONTROL).perform();
  await app.driver.actions({ async: true }).sendKeys('sword', Key.ARROW_DOWN, Key.ARROW_DOWN, Key.ENTER).perform();
  await eventually(async () => (await entryId()) === ids[1], `the second result, ${ids[1]}, open`);
});

test('"Amtgard only" beside the search box keeps the results to the page\'s system', async () => {
  await app.go('#/browse/amtgard');
  const only = await $(app.driver, '[data-testid="search-system-only"]');
  assert.equal(await only.isSelected(), false);
  await typeSearch('stun');
  await eventually(async () => (await resultIds()).some((id) => !id.startsWith('amtgard/')), 'other systems in the results');
  await only.click();
  await typeSearch('stun');
  await eventually(async () => {
    const ids = await resultIds();
    return ids.length > 0 && ids.every((id) => id.startsWith('amtgard/'));
  }, 'Amtgard entries only');
  await screenshot(app.driver, '03b-search-system-only');
  await (await $(app.driver, '[data-testid="search-input"]')).sendKeys(Key.ESCAPE);
  await only.click();
  assert.equal(await only.isSelected(), false);
});

test('dark theme and a small 800x600 window stay readable', async () => {
  await app.go('#/browse/mlaf/position');
  await $(app.driver, '[data-testid="position-table"]');
  await app.theme('dark');
  await app.resize(800, 600);
  // Nothing spills sideways out of the window at 800 wide.
  const overflow = await app.driver.executeScript(
    'return document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the window`);
  await screenshot(app.driver, '08-roster-dark-800x600');
  await app.resize(1280, 800);
  await app.theme('light');
});

test('at 800x600 the sidebar closes, the system-only filter keeps its word and the icon-only links their names and tooltips', async () => {
  await app.go('#/browse/amtgard');
  await app.resize(800, 600);
  await app.settle(300);
  const seen = await app.driver.executeScript(`const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 2 && r.height > 2 && getComputedStyle(e).visibility !== 'hidden'; };
    const label = document.querySelector('[data-testid="search-system-only-label"]');
    const links = [...document.querySelectorAll('.topbar a.nav')].map((a) => ({ title: a.title, name: a.textContent.trim(), words: getComputedStyle(a.querySelector('span')).display }));
    return { only: shown(label), onlyText: label.textContent.trim(), links };`);
  assert.ok(seen.only, 'the filter\'s word is in sight');
  assert.equal(seen.onlyText, 'Amtgard only', 'and it is read out whole');
  for (const l of seen.links) {
    assert.ok(l.title && l.name, `an icon-only link keeps a tooltip and a name: ${JSON.stringify(l)}`);
    assert.notEqual(l.words, 'none', `its words stay in the accessibility tree: ${JSON.stringify(l)}`);
  }
  const menu = await $(app.driver, 'button.menu');
  assert.ok(await menu.getAttribute('title'), 'the sidebar button has a tooltip');
  await menu.click();
  await eventually(async () => app.driver.executeScript('return document.getElementById("sidebar").hidden'), 'the sidebar closed');
  const mainLeft = await app.driver.executeScript('return document.getElementById("main").getBoundingClientRect().left');
  assert.ok(mainLeft < 10, `the page takes the sidebar's room: left ${mainLeft}`);
  await screenshot(app.driver, '08b-sidebar-closed-800x600');
  await menu.click();
  await app.resize(1280, 800);
});

test('a calculator answers as you type and explains its numbers', async () => {
  await app.go('#/calc/ars-magica/encumbrance');
  await $(app.driver, '[data-testid="calculator"][data-name="encumbrance"]');
  const load = await $(app.driver, '[data-testid="calc-input"][data-param="load"]');
  const strength = await $(app.driver, '[data-testid="calc-input"][data-param="strength"]');
  await load.clear();
  await load.sendKeys('9');
  await strength.clear();
  await strength.sendKeys('1');
  const field = async (key) => (await $(app.driver, `[data-testid="calc-field"][data-key="${key}"]`)).getText();
  await eventually(async () => (await field('burden')).trim() === '3' && (await field('encumbrance')).trim() === '2', 'Burden 3, Encumbrance 2');
  const terms = await app.driver.findElements({ css: '[data-testid="calc-term"]' });
  assert.ok(terms.length >= 2, 'the breakdown is shown');
  await screenshot(app.driver, '09-calculator');
});

test('an initiative order takes named totals and settles ties by the re-rolls given', async () => {
  // The document's tie example: A 10, B 6, C, D and E tied at 4, F 2; D and E tie again.
  await app.go('#/calc/ars-magica/initiative-order');
  await $(app.driver, '[data-testid="calculator"][data-name="initiative-order"]');
  const totals = await $(app.driver, '[data-testid="calc-input"][data-param="totals"]');
  const ties = await $(app.driver, '[data-testid="calc-input"][data-param="tie-rolls"]');
  assert.equal(await totals.getAttribute('placeholder'), 'e.g. Ada=12, Bram=9');
  await totals.sendKeys('A=10, B=6, C=4, D=4, E=4, F=2');
  await ties.sendKeys('C=7, D=3/5, E=3/6');
  const field = async (key) => (await $(app.driver, `[data-testid="calc-field"][data-key="${key}"]`)).getText();
  await eventually(async () => (await field('order')).trim() === 'A, B, C, E, D, F', 'E before D after their second re-roll');
  const terms = await app.driver.findElements({ css: '[data-testid="calc-term"]' });
  assert.ok(terms.length >= 11, `every total and re-roll is shown (${terms.length})`);
  await screenshot(app.driver, '09b-initiative-order');
});

test('a multiplier reads "×2" in the Ars Magica movement breakdown', async () => {
  await app.go('#/calc/ars-magica/movement');
  await $(app.driver, '[data-testid="calculator"][data-name="movement"]');
  const quickness = await $(app.driver, '[data-testid="calc-input"][data-param="quickness"]');
  await quickness.clear();
  await quickness.sendKeys('1');
  const encumbrance = await $(app.driver, '[data-testid="calc-input"][data-param="encumbrance"]');
  await encumbrance.clear();
  await encumbrance.sendKeys('0');
  const lines = await eventually(async () => {
    const terms = await app.driver.findElements({ css: '[data-testid="calc-term"]' });
    const texts = await Promise.all(terms.map(async (t) => (await t.getText()).replace(/\s+/g, ' ').trim()));
    return texts.some((t) => t.startsWith('Hurry: walk')) ? texts : null;
  }, 'the movement breakdown');
  const hurry = lines.find((t) => t.startsWith('Hurry: walk'));
  // The run doubles the hurry, so the terms fold in order to it (walk ×2 ×2).
  const run = lines.find((t) => t.startsWith('Run: hurry'));
  assert.match(hurry, /Hurry: walk ×2$/, `a factor, not an addend: ${hurry}`);
  assert.match(run, /Run: hurry ×2$/, run);
  assert.ok(lines.every((t) => !/× ?\+/.test(t)), `no "× +" anywhere: ${lines.join(' | ')}`);
  assert.ok(lines.some((t) => /Quickness \+1$/.test(t)), `an addend keeps its sign: ${lines.join(' | ')}`);
  await screenshot(app.driver, '11-movement-factor');
});

test('the dice roller shows every die', async () => {
  await app.go('#/calc/ars-magica');
  const panel = await $(app.driver, '[data-testid="dice-panel"]');
  await (await panel.findElement({ css: '[data-testid="dice-button"][data-dice="3d6"]' })).click();
  const result = await $(app.driver, '[data-testid="dice-result"]');
  const text = await eventually(async () => {
    const t = (await result.getText()).trim();
    return t.startsWith('3d6') ? t : null;
  }, '3d6 result');
  const numbers = [...text.split(":")[1].matchAll(/\d+/g)].map(Number);
  const total = numbers.at(-1);
  const faces = numbers.slice(0, -1);
  assert.equal(faces.length, 3, text);
  assert.equal(faces.reduce((a, b) => a + b, 0), total, text);
  await screenshot(app.driver, '10-dice');
});

test('five entries opened one after another, the last one shown', async () => {
  for (const id of FIVE_ENTRIES) {
    await app.go(`#/entry/${id}`);
    await eventually(async () => (await entryId()) === id, `${id} open`);
  }
  await screenshot(app.driver, '07-fifth-entry');
  assert.equal(await (await $(app.driver, '[data-testid="entry-name"]')).getText(), 'Clash Dice Pool');
});
