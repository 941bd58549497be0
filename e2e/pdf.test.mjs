// Printable sheets in the real app: the print preview draws page 1 with pdf.js under the
// app's CSP, follows the paper and cards options, and Save PDF… writes the file (to this
// run's folder: the debug build's TOME_E2E_SAVE_DIR seam stands in for the native save
// dialog). Then two characters ticked in the list make one PDF, checked with poppler.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { appForTests, screenshot, $, $$, eventually, By } from './harness.mjs';

const CHAIN = 'ars-magica/armor/chain-mail';

const app = appForTests();

/** pdfinfo's fields for `file` ("Pages", "Page size", …). */
function pdfinfo(file) {
  const out = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Object.fromEntries(out.trim().split('\n').map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]));
}

const pdftext = (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

async function newCharacter(system, name) {
  await app.go('#/characters');
  await (await $(app.driver, '[data-testid="new-character"]')).click();
  const select = await $(app.driver, '[data-testid="new-character-system"]');
  await (await select.findElement(By.css(`option[value="${system}"]`))).click();
  await (await $(app.driver, '[data-testid="new-character-name"]')).sendKeys(name);
  await (await $(app.driver, '[data-testid="new-character-create"]')).click();
  const sheet = await $(app.driver, '[data-testid="character-sheet"]');
  await eventually(async () => (await sheet.getAttribute('data-system')) === system, `${name}'s sheet`);
  return Number(await sheet.getAttribute('data-id'));
}

/**
 * The preview once it is drawn on `paper` (and drawn more than `after` times): how many
 * times it was drawn, the pages, and what the canvas holds.
 */
async function drawnPreview(paper, after = 0) {
  return eventually(async () => {
    const box = await $(app.driver, '[data-testid="pdf-preview"]');
    if ((await box.getAttribute('data-state')) !== 'ready' || (await box.getAttribute('data-paper')) !== paper) return null;
    const draws = Number(await box.getAttribute('data-draws'));
    if (draws <= after) return null;
    const canvas = await app.driver.executeScript(`
      const c = document.querySelector('[data-testid="pdf-canvas"]');
      const box = c.getBoundingClientRect();
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 600) ink++;
      return { width: c.width, height: c.height, shownWidth: box.width, shownHeight: box.height, ink: ink / (c.width * c.height) };
    `);
    return { draws, pages: Number(await box.getAttribute('data-pages')), ...canvas };
  }, `the ${paper} preview drawn`, 30_000);
}

const ratio = (r) => r.width / r.height;

test('the print preview draws page 1 of the sheet and follows the paper and cards options', async () => {
  await newCharacter('ars-magica', 'Brother Aldo');
  // Something on the sheet for the cards: Chain Mail, full.
  const input = await $(app.driver, '[data-testid="entry-picker-input"][data-list="items"]');
  await input.click();
  await input.sendKeys('chain');
  const option = await eventually(async () => (await $$(app.driver, `[data-testid="entry-picker-option"][data-id="${CHAIN}"]`))[0] ?? null, 'Chain Mail offered');
  await option.click();
  const row = await $(app.driver, `[data-testid="sheet-item"][data-id="${CHAIN}"]`);
  await (await (await row.findElement(By.css('[data-testid="item-coverage"]'))).findElement(By.css('option[value="full"]'))).click();
  const concept = await $(app.driver, '[data-testid="sheet-field"][data-key="concept"]');
  await concept.sendKeys('Wandering monk');

  // Straight away, unsaved: the preview prints the sheet as typed.
  await (await $(app.driver, '[data-testid="print-character"]')).click();
  await $(app.driver, '[data-testid="pdf-dialog"]');
  // Start from A4 with cards whatever the locale chose.
  await app.driver.executeScript(`
    const a4 = document.querySelector('[data-testid="pdf-paper"][value="a4"]');
    if (!a4.checked) a4.click();
    const cards = document.querySelector('[data-testid="pdf-cards"]');
    if (!cards.checked) cards.click();
  `);
  const a4 = await drawnPreview('a4');
  assert.ok(a4.width > 200 && a4.height > 200, `a canvas of ${a4.width}×${a4.height}`);
  assert.ok(Math.abs(ratio(a4) - 595.28 / 841.89) < 0.01, `A4 proportions, not ${ratio(a4)}`);
  assert.ok(Math.abs(a4.shownWidth / a4.shownHeight - 595.28 / 841.89) < 0.02, 'shown at A4 proportions');
  assert.ok(a4.ink > 0.01, `page 1 has something printed on it (${(a4.ink * 100).toFixed(1)}% ink)`);
  assert.ok(a4.pages >= 2, `the sheet and a page of cards (${a4.pages} pages)`);
  assert.match(await (await $(app.driver, '[data-testid="pdf-page-count"]')).getText(), new RegExp(`Page 1 of ${a4.pages} · A4`));
  await app.settle();
  await screenshot(app.driver, '30-pdf-preview-a4');

  // Every page: the next one drawn in place, then a closer look at it.
  await (await $(app.driver, '[data-testid="pdf-next"]')).click();
  const second = await drawnPreview('a4', a4.draws);
  assert.ok(second.ink > 0.005, 'page 2 has something printed on it');
  assert.match(await (await $(app.driver, '[data-testid="pdf-page-count"]')).getText(), new RegExp(`Page 2 of ${a4.pages} · A4`));
  await (await $(app.driver, '[data-testid="pdf-zoom-in"]')).click();
  const zoomed = await drawnPreview('a4', second.draws);
  assert.ok(zoomed.shownWidth > second.shownWidth * 1.4, `zoomed in: ${second.shownWidth} → ${zoomed.shownWidth} px`);
  await app.settle();
  await screenshot(app.driver, '30b-pdf-preview-page2-zoomed');
  await (await $(app.driver, '[data-testid="pdf-zoom-out"]')).click();
  await (await $(app.driver, '[data-testid="pdf-prev"]')).click();
  // Back to page 1, at its fit (the zoom's own redraw gives way to the page's).
  const back = await drawnPreview('a4', zoomed.draws);
  await eventually(async () => /^Page 1 of/.test(await (await $(app.driver, '[data-testid="pdf-page-count"]')).getText()), 'page 1 again');

  // Paging quickly, each page asked for while others are still being drawn: the last one
  // asked for is shown, and never "No preview" on the way (pdf.js's worker, shared by the
  // pages being drawn, was destroyed under them by the first to finish).
  const pressed = await app.driver.executeAsyncScript(`
    const done = arguments[arguments.length - 1];
    const box = document.querySelector('[data-testid="pdf-preview"]');
    const stage = box.closest('.stage');
    window.pagingStates = new Set([box.dataset.state]);
    window.pagingWatch = new MutationObserver(() => window.pagingStates.add(box.dataset.state));
    window.pagingWatch.observe(box, { attributes: true, attributeFilter: ['data-state'] });
    let presses = 0;
    const press = () => {
      const key = presses % 2 ? 'PageUp' : 'PageDown';
      stage.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      presses += 1;
      // The count of draws before the last page asked for can have been drawn.
      if (presses === 40) done(Number(box.dataset.draws));
      else setTimeout(press, Math.random() * 15);
    };
    press();
  `);
  // The last page asked for drawn (or the preview failed).
  await eventually(async () => {
    const box = await $(app.driver, '[data-testid="pdf-preview"]');
    return (await box.getAttribute('data-state')) === 'error' || Number(await box.getAttribute('data-draws')) > pressed;
  }, 'the last page asked for drawn');
  await app.settle();
  const seen = await app.driver.executeScript('window.pagingWatch.disconnect(); return [...window.pagingStates]');
  assert.deepEqual(seen, ['ready'], `the preview's states while paging: ${seen}`);
  assert.match(await (await $(app.driver, '[data-testid="pdf-page-count"]')).getText(), /^Page 1 of/);

  // US Letter: drawn again, at Letter's proportions.
  // The radio is drawn as a card: click the card (its label).
  await (await (await $(app.driver, '[data-testid="pdf-paper"][value="letter"]')).findElement(By.xpath('..'))).click();
  const letter = await drawnPreview('letter');
  assert.ok(Math.abs(ratio(letter) - 612 / 792) < 0.01, `Letter proportions, not ${ratio(letter)}`);
  assert.ok(letter.ink > 0.01);
  await app.settle();
  await screenshot(app.driver, '31-pdf-preview-letter');

  // Without cards: drawn again.
  await (await $(app.driver, '[data-testid="pdf-cards"]')).click();
  const noCards = await drawnPreview('letter', letter.draws);
  assert.ok(noCards.pages >= 1 && noCards.pages <= letter.pages);

  // Save PDF… writes what the preview showed.
  await (await $(app.driver, '[data-testid="pdf-save"]')).click();
  const file = path.join(app.saves, 'Brother Aldo.pdf');
  await eventually(async () => existsSync(file), `${file} written`);
  await eventually(async () => (await $$(app.driver, '[data-testid="pdf-dialog"]')).length === 0, 'the preview closed');
  const notice = await $(app.driver, '[data-testid="sheet-notice"]');
  assert.match(await notice.getText(), /Saved Brother Aldo\.pdf in /);
  const info = pdfinfo(file);
  assert.equal(Number(info.Pages), noCards.pages);
  assert.match(info['Page size'], /^612 x 792 pts/);
  const text = pdftext(file);
  assert.match(text, /Brother Aldo/);
  assert.match(text, /Wandering monk/, 'the unsaved concept is printed');
  assert.doesNotMatch(text, /REFERENCE CARDS/, 'no cards, as chosen');

  // Cards back on for the next test; the options are remembered.
  await (await $(app.driver, '[data-testid="print-character"]')).click();
  assert.equal(await (await $(app.driver, '[data-testid="pdf-paper"][value="letter"]')).isSelected(), true);
  await (await $(app.driver, '[data-testid="pdf-cards"]')).click();
  await drawnPreview('letter');
});

test('dark theme and 800×600: the preview fits and stays readable', async () => {
  // The preview is modal: close it to reach the toggle, then open it again.
  await app.driver.executeScript(`document.querySelector('[data-testid="pdf-dialog"]').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))`);
  await eventually(async () => (await $$(app.driver, '[data-testid="pdf-dialog"]')).length === 0, 'the preview closed');
  await app.theme('dark');
  await (await $(app.driver, '[data-testid="print-character"]')).click();
  await drawnPreview('letter');
  await app.settle();
  await screenshot(app.driver, '32-pdf-preview-dark-1280');

  await app.resize(800, 600);
  await app.settle();
  const fit = await app.driver.executeScript(`
    const m = document.querySelector('[data-testid="pdf-dialog"]').getBoundingClientRect();
    const save = document.querySelector('[data-testid="pdf-save"]').getBoundingClientRect();
    return { right: m.right, bottom: m.bottom, saveBottom: save.bottom, w: innerWidth, h: innerHeight };
  `);
  assert.ok(fit.right <= fit.w && fit.bottom <= fit.h, `the dialog fits the window: ${JSON.stringify(fit)}`);
  assert.ok(fit.saveBottom <= fit.h, 'Save PDF… is in view without scrolling');
  await screenshot(app.driver, '33-pdf-preview-dark-800x600');
  await app.resize(1280, 800);
  await app.driver.executeScript(`document.querySelector('[data-testid="pdf-dialog"]').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))`);
  await app.theme('light');
});

test('two characters ticked in the list make one PDF, in the order shown', async () => {
  await newCharacter('mythcraft', 'Vex');
  await app.go('#/characters');
  const rows = await eventually(async () => {
    const r = await $$(app.driver, '[data-testid="character-row"]');
    return r.length === 2 ? r : null;
  }, 'two characters listed');
  const names = await Promise.all(rows.map(async (r) => (await r.findElement(By.css('.name'))).getText()));
  assert.deepEqual(names, ['Brother Aldo', 'Vex']);
  const action = await $(app.driver, '[data-testid="export-pdf-selection"]');
  assert.equal(await action.isEnabled(), false);
  // Vex first: the PDF still follows the list.
  for (const row of [...rows].reverse()) await (await row.findElement(By.css('[data-testid="character-select"]'))).click();
  await eventually(async () => (await (await $(app.driver, '[data-testid="selection-count"]')).getAttribute('data-count')) === '2', 'two ticked');
  await app.settle();
  await screenshot(app.driver, '34-character-list-selected');

  await action.click();
  const both = await drawnPreview('letter');
  assert.ok(both.ink > 0.01);
  assert.equal(await (await $(app.driver, '[data-testid="pdf-names"]')).getText(), 'Brother Aldo, Vex');
  await app.settle();
  await screenshot(app.driver, '35-pdf-preview-two');
  await (await $(app.driver, '[data-testid="pdf-save"]')).click();

  const file = path.join(app.saves, 'Brother Aldo, Vex.pdf');
  await eventually(async () => existsSync(file), `${file} written`);
  const notice = await $(app.driver, '[data-testid="list-notice"]');
  assert.match(await notice.getText(), /Saved Brother Aldo, Vex\.pdf in /);
  const info = pdfinfo(file);
  assert.ok(Number(info.Pages) >= 2, `${info.Pages} pages`);
  assert.equal(Number(info.Pages), both.pages, 'the pages the preview counted');
  const text = pdftext(file);
  assert.match(text, /REFERENCE CARDS/, 'with cards, as chosen');
  const aldo = text.indexOf('Brother Aldo');
  const vex = text.indexOf('Vex');
  assert.ok(aldo >= 0 && vex >= 0, 'both names printed');
  assert.ok(aldo < vex, 'Brother Aldo first, as listed');
  // Each character starts on a page of its own: Vex's first page is his.
  const pages = text.split('\f');
  const vexFirst = pages.findIndex((p) => /Vex/.test(p));
  assert.ok(vexFirst >= 1 && !/Brother Aldo/.test(pages[vexFirst]), `Vex's sheet on a page of its own (page ${vexFirst + 1})`);
});
