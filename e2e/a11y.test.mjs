// An accessibility audit with axe-core, in the real webview: every kind of page a player
// or a game master uses, in both themes. No serious or critical violation may remain;
// what axe could not decide (colour contrast over images or gradients) is written to
// target/e2e/axe.json for a person to review.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { launch, $, eventually, SHOTS, ROOT } from './harness.mjs';

const CLI = process.env.TOME_CLI ?? path.join(ROOT, 'target', 'debug', 'tome');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let app;
const report = { violations: [], review: [] };

before(async () => {
  app = await launch({
    prepare(db) {
      for (const [system, name] of [['ars-magica', 'Brother Aldo'], ['mythcraft', 'Sefa']]) {
        execFileSync(CLI, ['--db', db, 'character', 'new', '--system', system, '--name', name]);
      }
    },
  });
  await app.driver.executeScript(AXE);
});

after(async () => {
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(path.join(SHOTS, 'axe.json'), JSON.stringify(report, null, 2) + '\n');
  await app?.close();
});

/** Runs axe on the page as it is; answers its violations and what it left for review. */
async function audit() {
  return app.driver.executeAsyncScript(`const done = arguments[0];
    axe.run(document, { resultTypes: ['violations', 'incomplete'] }).then(
      (r) => done({
        violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) })),
        incomplete: r.incomplete.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ') + ': ' + (n.any[0]?.message ?? '')).slice(0, 5) })),
      }),
      (e) => done({ error: String(e) }),
    );`);
}

const PAGES = [
  ['home', '#/', '[data-testid="home"]'],
  ['an entry', '#/entry/mythcraft/condition/broken', '[data-testid="entry-view"]'],
  ['an Ars Magica sheet', '#/character/1', '[data-testid="derived-stat"]'],
  ['a MythCraft sheet', '#/character/2', '[data-testid="derived-stat"]'],
  ['a calculator', '#/calc/ars-magica/encumbrance', '[data-testid="calculator"]'],
  ['the calculators', '#/calc', '[data-testid="calc-link"]'],
  ['a roll table', '#/entry/mlaf/table/spell-table', '[data-testid="roll-table"]'],
  ['the weapons', '#/browse/ars-magica/weapon', '[data-testid="weapon-table"]'],
];

for (const theme of ['light', 'dark']) {
  test(`axe finds nothing serious or critical in the ${theme} theme`, async () => {
    await app.theme(theme);
    const serious = [];
    const check = async (name) => {
      await app.settle(150);
      const r = await audit();
      assert.ok(!r.error, `${name}: axe failed: ${r.error}`);
      for (const v of r.violations) {
        report.violations.push({ theme, page: name, ...v });
        if (v.impact === 'serious' || v.impact === 'critical') serious.push(`${name}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.join(', ')}`);
      }
      for (const v of r.incomplete) report.review.push({ theme, page: name, ...v });
    };
    for (const [name, hash, ready] of PAGES) {
      await app.go(hash);
      await $(app.driver, ready);
      await check(name);
    }
    // The search list, open.
    const box = await $(app.driver, '[data-testid="search-input"]');
    await box.clear();
    await box.sendKeys('sword');
    await eventually(async () => (await app.driver.findElements({ css: '[data-testid="search-result"]' })).length > 2, 'results');
    await check('the open search list');
    await box.clear();
    assert.deepEqual(serious, [], serious.join('\n'));
  });
}
