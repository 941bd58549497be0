// Sharing from the packaged app (issue 39): a combatant added with "Join hidden from the
// players" ticked never reaches a phone, the share panel says whether newcomers join
// hidden and counts the code down, and a phone on loopback reads the fight through the
// app's own server. Pictures at 1280×800 in both themes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { appForTests, clickInView, screenshot, $, eventually, By } from './harness.mjs';

const app = appForTests();
const click = (css) => clickInView(app.driver, css);
const row = (name) => $(app.driver, `[data-testid="combatant"][data-name="${name}"]`);

async function addNpc(name, hp) {
  const input = await $(app.driver, '[data-testid="npc-name"]');
  await app.driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', input);
  await input.clear();
  await input.sendKeys(name);
  const field = await $(app.driver, '[data-stat="max-hp"]');
  await field.clear();
  await field.sendKeys(String(hp));
  await click('[data-testid="npc-add"]');
  await row(name);
}

/** A phone joining the app's server with the code; its cookie. */
async function joinAs(url, code, name) {
  const joined = await fetch(`${url}/api/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, name }),
  });
  assert.equal(joined.status, 204, await joined.text());
  return joined.headers.get('set-cookie').split(';')[0];
}

/**
 * A device joining from its own loopback address `local` (a machine of its own on the
 * Wi-Fi) with the table's page open: its push stream stays open until `stream.destroy()`.
 */
function joinWithPage(url, code, name, local) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ code, name });
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const join = http.request({ hostname, port, path: '/api/join', method: 'POST', localAddress: local, headers }, (res) => {
      res.resume();
      if (res.statusCode !== 204) {
        resolve({ status: res.statusCode });
        return;
      }
      const cookie = res.headers['set-cookie'][0].split(';')[0];
      const open = http.get({ hostname, port, path: '/api/events', localAddress: local, headers: { cookie } }, (stream) => {
        resolve({ status: 204, stream });
      });
      open.on('error', reject);
    });
    join.on('error', reject);
    join.end(body);
  });
}

test('a combatant added hidden never reaches a phone; the panel says newcomers join hidden and counts the code down', async () => {
  await app.resize(1280, 800);
  await app.go('#/encounters');
  await click('[data-testid="new-encounter"]');
  const select = await $(app.driver, '[data-testid="new-encounter-system"]');
  await (await select.findElement(By.css('option[value="mythcraft"]'))).click();
  await (await $(app.driver, '[data-testid="new-encounter-name"]')).sendKeys('Manor');
  await click('[data-testid="new-encounter-create"]');
  await $(app.driver, '[data-testid="encounter-page"][data-system="mythcraft"]');
  await addNpc('Butler', 12);
  await click('[data-testid="add-hidden"]');
  await addNpc('Assassin', 9);
  await click('[data-testid="encounter-start"]');
  await $(app.driver, '[data-testid="encounter-current"]');

  await click('[data-testid="share-toggle"]');
  const address = await $(app.driver, '[data-testid="share-address"]');
  await (await address.findElement(By.css('option[value="127.0.0.1"]'))).click();
  await click('[data-testid="share-start"]');
  const code = await (await $(app.driver, '[data-testid="share-code"]')).getText();
  const left = await (await $(app.driver, '[data-testid="share-code-left"]')).getText();
  assert.match(left, /works for [45]:\d\d more/);
  const url = (await app.driver.executeScript(
    "return document.querySelector('[data-testid=\"share-qr\"]').getAttribute('aria-label')",
  )).match(/http:\/\/[^ ]+?(?=\/#|$)/)[0];

  const cookie = await joinAs(url, code, 'Ann');
  // Issue 44: every page's top bar says the table is shared, with Stop.
  await eventually(
    async () => /Sharing\s*1 device/.test(await (await $(app.driver, '[data-testid="sharing-badge"]')).getText()),
    'the top bar says sharing, with the device',
  );
  // Issue 61: at 1280×800 the badge leaves the search box its room (it was squeezed to
  // its "Ctrl K" hint), and every link keeps its name as a tooltip.
  const searchWidth = await app.driver.executeScript(
    "return document.querySelector('[data-testid=\"search-input\"]').getBoundingClientRect().width",
  );
  assert.ok(searchWidth >= 320, `the search box is ${searchWidth} px wide while sharing at 1280×800`);
  await screenshot(app.driver, '63-header-sharing-1280');
  const view = await (await fetch(`${url}/api/view`, { headers: { cookie } })).text();
  assert.match(view, /Butler/);
  assert.doesNotMatch(view, /Assassin/, 'the assassin added hidden reached the phone');

  await click('[data-testid="share-newcomers-hidden"]');
  await eventually(
    async () => (await (await $(app.driver, '[data-testid="share-newcomers-hidden"]')).isSelected()),
    'newcomers hidden on',
  );
  const said = await app.driver.executeScript(
    "return document.querySelector('[data-testid=\"share-newcomers-hidden\"]').parentElement.textContent",
  );
  assert.match(said, /Newcomers to this fight join hidden: on/);
  for (const theme of ['light', 'dark']) {
    await app.theme(theme);
    await app.settle(300);
    await app.driver.executeScript("document.querySelector('[data-testid=\"share-panel\"]').scrollIntoView({ block: 'start' })");
    await screenshot(app.driver, `62-share-panel-${theme}`);
  }
  // With the setting on, the add form's box follows it, and a late guard joins hidden.
  assert.ok(await (await $(app.driver, '[data-testid="add-hidden"]')).isSelected(), 'the add form follows the setting');
  await addNpc('Guard', 8);
  const after = await (await fetch(`${url}/api/view`, { headers: { cookie } })).text();
  assert.doesNotMatch(after, /Assassin|Guard/);

  // Issue 57, then 71: every place at the table taken by a phone with its page open (six
  // from each of eleven machines), none given a character: the next phone still gets in,
  // for a device without a character makes room, and the panel says which one did.
  const held = [];
  try {
    for (let i = 0; i < 65; i++) {
      const got = await joinWithPage(url, code, `Phone ${i + 1}`, `127.0.0.${2 + Math.floor(i / 6)}`);
      assert.equal(got.status, 204, `phone ${i + 1} finds a place`);
      held.push(got.stream);
    }
    const note = await eventually(async () => (await app.driver.findElements(By.css('[data-testid="share-displaced"]')))[0], 'the panel to say who made room');
    assert.match(await note.getText(), /made room for newcomers: Phone \d+ \(device \d+\)/);
    await app.driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', note);
    await app.settle(300);
    await screenshot(app.driver, '62-share-panel-full');
  } finally {
    for (const stream of held) stream.destroy();
  }
  await click('[data-testid="share-newcomers-hidden"]');
  await click('[data-testid="share-stop"]');
  await $(app.driver, '[data-testid="share-start"]');
});

test("a player's action from her phone (Chromium) waits in the tracker's strip, Enter accepts it, and she is asked to react (issue 42)", async () => {
  const { execFileSync } = await import('node:child_process');
  const { phone, find, texts, shot, SHOTS } = await import('./phone.mjs');
  (await import('node:fs')).mkdirSync(SHOTS, { recursive: true });
  const cli = (...args) =>
    JSON.parse(execFileSync(process.env.TOME_CLI ?? 'tome', ['--db', app.db, '--json', ...args], { encoding: 'utf8' }));
  const wren = cli('character', 'new', '--system', 'mythcraft', '--name', 'Wren').character;
  cli('character', 'set', String(wren.id), 'max-hp', '20');
  const camp = cli('encounter', 'new', '--system', 'mythcraft', '--name', 'Camp');
  cli('encounter', 'add', String(camp.id), '--character', String(wren.id));
  cli('encounter', 'add', String(camp.id), '--npc', 'Goblin', '--stat', 'max-hp=12', '--stat', 'ar=10');
  cli('encounter', 'start', String(camp.id), '--roll', 'Wren=20', '--roll', 'Goblin=2');
  await app.resize(1280, 800);
  await app.go(`#/encounter/${camp.id}`);
  await $(app.driver, '[data-testid="encounter-page"][data-system="mythcraft"]');
  await click('[data-testid="share-toggle"]');
  const address = await $(app.driver, '[data-testid="share-address"]');
  await (await address.findElement(By.css('option[value="127.0.0.1"]'))).click();
  await click('[data-testid="share-start"]');
  // The table follows the fight started last, this one: no Show this fight needed.
  await eventually(async () => /Camp/.test(await (await $(app.driver, '[data-testid="share-showing"]')).getText()), 'the table to see Camp');
  const code = await (await $(app.driver, '[data-testid="share-code"]')).getText();
  const url = (await app.driver.executeScript(
    "return document.querySelector('[data-testid=\"share-qr\"]').getAttribute('aria-label')",
  )).match(/http:\/\/[^ ]+?(?=\/#|$)/)[0];
  // Ann's phone: Chromium at 390×844, joining the app's own server with the code.
  const ann = await phone();
  try {
    await ann.get(`${url}/#join=${code}`);
    await (await find(ann, '[data-testid="join-name"]')).sendKeys("Ann's phone");
    await (await find(ann, '[data-testid="join-form"] button')).click();
    await find(ann, '[data-testid="tab-fight"]');
    const give = await eventually(async () => (await app.driver.findElements(By.css(`select[aria-label="Character shown on Ann's phone"]`)))[0], "Ann's phone in the panel");
    await (await give.findElement(By.css(`option[value="${wren.id}"]`))).click();
    await eventually(async () => ((await texts(ann, '#your-turn'))[0] ?? '').toLowerCase() === 'your turn, wren', "Wren's turn on Ann's phone");
    const choose = async (css, value) => (await (await find(ann, css)).findElement(By.css(`option[value="${value}"]`))).click();
    // Acting by intent (issue 56): the attack, whom, the d20 as it landed, and under More
    // options the damage rolled and the AP (Wren's sheet writes no attack).
    const fillAttack = async () => {
      await (await find(ann, '[data-testid="act-pick"][data-action="attack"]')).click();
      await (await ann.findElement(By.xpath("//button[@data-testid='act-target' and normalize-space()='Goblin']"))).click();
      await (await find(ann, '[data-testid="act-roll-typed"]')).click();
      const typeIn = async (param, value) => {
        const input = await find(ann, `[data-testid="act-form"] input[data-param="${param}"]`);
        await input.clear();
        await input.sendKeys(value);
      };
      await typeIn('natural', '18');
      await choose('[data-testid="act-form"] select[data-param="range"]', 'melee');
      await (await ann.findElement(By.xpath("//button[normalize-space()='More options']"))).click();
      await typeIn('amount', '7');
      await typeIn('ap', '2');
    };
    await fillAttack();
    await (await find(ann, '[data-testid="act-send"]')).click();

    const strip = await $(app.driver, '[data-testid="proposals"]');
    await eventually(async () => /Wren \(Ann's phone\)/.test(await strip.getText()), 'the strip names who sent it');
    assert.match(await (await $(app.driver, '[data-testid="proposal-outcome"]')).getText(), /Goblin/);
    // The share panel folded away (sharing goes on), so the strip shows under the order.
    await click('[data-testid="share-toggle"]');
    await app.driver.executeScript('document.activeElement?.blur()');
    await app.driver.executeScript("document.querySelector('[data-testid=\"proposals\"]').scrollIntoView({ block: 'center' })");
    await app.settle(300);
    await screenshot(app.driver, '63-proposals-strip');
    await app.driver.actions().sendKeys('\uE007').perform();
    await eventually(async () => (await app.driver.findElements(By.css('[data-testid="proposals"]'))).length === 0, 'the strip to empty');
    const log = cli('encounter', 'log', String(camp.id)).flatMap((e) => e.lines);
    assert.ok(log.some((l) => l.includes("sent from Ann's phone, accepted by the game master")), log.slice(-3).join('\n'));
    await eventually(async () => (await texts(ann, '[data-testid="my-proposal"][data-state="accepted"]')).length === 1, 'accepted on the phone');

    const fromPhones = () => cli('encounter', 'log', String(camp.id)).filter((e) => e.lines.join(' ').includes('sent from')).length;
    const undo = async () => {
      await app.driver.executeScript('document.activeElement?.blur()');
      await app.driver.actions().keyDown('\uE009').sendKeys('z').keyUp('\uE009').perform();
      await eventually(async () => fromPhones() === 0, 'the blow undone');
    };
    // Undone (Ctrl+Z, like any change): Wren has her AP for the next.
    await undo();

    // Figures (BENCHMARKS.md): from the phone's Send to the strip in the app's page, and
    // from the app's Enter to the phone's page showing it accepted, each clock read in
    // its own page when the change reaches its document (both are this machine's wall
    // clock). Each accepted blow is undone (Ctrl+Z) so
    // every sample is the same attack on the same turn.
    await app.driver.executeScript(`window.__strip = null;
      new MutationObserver(() => {
        if (window.__strip === null && document.querySelector('[data-testid="proposals"]')) {
          window.__strip = performance.timeOrigin + performance.now();
        }
      }).observe(document.body, { childList: true, subtree: true });`);
    const toGm = [];
    const toPhone = [];
    // A device may send 6 actions at once and then one every 2 s (share::devices::ACT_PERIOD,
    // a flood's bound); the samples keep to that pace, as a player's turns do.
    let lastSent = Date.now();
    for (let i = 0; i < 10; i++) {
      await app.settle(Math.max(0, lastSent + 2100 - Date.now()));
      lastSent = Date.now();
      await app.driver.executeScript('window.__strip = null');
      await fillAttack();
      await ann.executeScript(`const b = document.querySelector('[data-testid="act-send"]');
        b.addEventListener('click', () => (window.__sent = performance.timeOrigin + performance.now()), { once: true });`);
      await (await find(ann, '[data-testid="act-send"]')).click();
      const painted = await eventually(async () => app.driver.executeScript('return window.__strip || null'), 'the strip in the app');
      toGm.push(painted - (await ann.executeScript('return window.__sent')));
      // The phone lists it as waiting until the game master's answer reaches it.
      await eventually(async () => (await texts(ann, '[data-testid="my-proposal"][data-state="waiting"]')).length === 1, 'waiting on the phone');
      await ann.executeScript(`window.__accepted = null;
        new MutationObserver((_, o) => {
          if (document.querySelectorAll('[data-testid="my-proposal"][data-state="waiting"]').length === 0) {
            window.__accepted = performance.timeOrigin + performance.now();
            o.disconnect();
          }
        }).observe(document.body, { childList: true, subtree: true, attributes: true });`);
      await app.driver.executeScript('document.activeElement?.blur()');
      const pressed = await app.driver.executeScript('return performance.timeOrigin + performance.now()');
      await app.driver.actions().sendKeys('\uE007').perform();
      const accepted = await eventually(async () => ann.executeScript('return window.__accepted'), 'accepted on the phone');
      toPhone.push(accepted - pressed);
      await eventually(async () => (await app.driver.findElements(By.css('[data-testid="proposals"]'))).length === 0, 'the strip to empty');
      await undo();
    }
    const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
    console.log(`METRIC phone-proposal-to-strip-ms ${median(toGm).toFixed(1)} max ${Math.max(...toGm).toFixed(1)} n ${toGm.length}`);
    console.log(`METRIC enter-accept-to-phone-ms ${median(toPhone).toFixed(1)} max ${Math.max(...toPhone).toFixed(1)} n ${toPhone.length}`);

    // The Goblin's turn: Wren kept AP, so the game master may ask her phone whether she reacts.
    await app.driver.executeScript('document.activeElement?.blur()');
    await app.driver.actions().sendKeys('n').perform();
    const ask = await eventually(async () => (await app.driver.findElements(By.css('[data-testid="combatant"][data-name="Wren"] [data-testid="ask-reaction"]')))[0], 'Ask to react on Wren\'s row');
    await app.driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', ask);
    await ask.click();
    await eventually(async () => ((await texts(ann, '[data-testid="table-ask"] h2'))[0] ?? '').toLowerCase().includes('react to goblin'), 'the ask on the phone');
    await ann.executeScript("document.querySelector('[data-testid=\"table-ask\"]').scrollIntoView({ block: 'start' })");
    await shot(ann, 'phone-asked-react');
    await (await find(ann, '[data-testid="ask-react"]')).click();
    await eventually(async () => /React/.test(await (await $(app.driver, '[data-testid="combatant"][data-name="Wren"] [data-testid="reaction-asked"]')).getText()), "the row to say Wren reacts");
    await screenshot(app.driver, '65-reaction-answered');
  } finally {
    await ann.quit();
    // Stopped whatever happened, so the next test starts with no table shared.
    if ((await app.driver.findElements(By.css('[data-testid="share-stop"]'))).length === 0) await click('[data-testid="share-toggle"]');
    await click('[data-testid="share-stop"]');
  }
});

test('the share panel asks a phone for a roll worked out by a calculator, and shows the answer with its outcome (issue 42)', async () => {
  const { execFileSync } = await import('node:child_process');
  const cli = (...args) =>
    JSON.parse(execFileSync(process.env.TOME_CLI ?? 'tome', ['--db', app.db, '--json', ...args], { encoding: 'utf8' }));
  const nell = cli('character', 'new', '--system', 'mythcraft', '--name', 'Nell').character;
  const ford = cli('encounter', 'new', '--system', 'mythcraft', '--name', 'Ford');
  cli('encounter', 'add', String(ford.id), '--character', String(nell.id));
  await app.resize(1280, 800);
  await app.go(`#/encounter/${ford.id}`);
  await $(app.driver, '[data-testid="encounter-page"][data-system="mythcraft"]');
  await click('[data-testid="share-toggle"]');
  const address = await $(app.driver, '[data-testid="share-address"]');
  await (await address.findElement(By.css('option[value="127.0.0.1"]'))).click();
  await click('[data-testid="share-start"]');
  const code = await (await $(app.driver, '[data-testid="share-code"]')).getText();
  const url = (await app.driver.executeScript(
    "return document.querySelector('[data-testid=\"share-qr\"]').getAttribute('aria-label')",
  )).match(/http:\/\/[^ ]+?(?=\/#|$)/)[0];
  const cookie = await joinAs(url, code, "Nell's phone");
  const give = await $(app.driver, `select[aria-label="Character shown on Nell's phone"]`);
  await (await give.findElement(By.css(`option[value="${nell.id}"]`))).click();

  const choose = async (css, value) => (await (await $(app.driver, css)).findElement(By.css(`option[value="${value}"]`))).click();
  await eventually(async () => (await app.driver.findElements(By.css(`[data-testid="share-ask-to"] option[value="${nell.id}"]`))).length === 1, 'Nell among those to ask');
  await choose('[data-testid="share-ask-to"]', String(nell.id));
  await choose('[data-testid="share-ask-calc"]', 'bleeding');
  await choose('[data-testid="share-ask-roll-param"]', 'check');
  const dice = await $(app.driver, '[data-testid="share-ask-dice"]');
  await dice.clear();
  await dice.sendKeys('1d20');
  const damage = await $(app.driver, '[data-testid="share-ask-fields"] [data-param="damage"]');
  await damage.clear();
  await damage.sendKeys('3');
  await click('[data-testid="share-ask"] button[type="submit"]');

  // The phone answers what it is asked: Nell's check, typed as the die landed.
  const asked = await eventually(async () => {
    const mine = await (await fetch(`${url}/api/mine`, { headers: { cookie } })).json();
    return mine.asks?.[0] ?? null;
  }, 'the phone to be asked');
  const answered = await fetch(`${url}/api/answer`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ ask: asked.id, roll: 15 }),
  });
  assert.equal(answered.status, 200, await answered.text());
  const said = await eventually(async () => {
    const found = await app.driver.findElements(By.css('[data-testid="share-answer"]'));
    return found.length === 1 ? found[0].getText() : null;
  }, 'the answer in the panel');
  assert.match(said, /^Nell: 1d20: 15 \(typed\) → /, `the calculator's outcome: ${said}`);
  assert.match(said, /Success: yes/);
  await app.driver.executeScript("document.querySelector('[data-testid=\"share-ask\"]').scrollIntoView({ block: 'start' })");
  await app.settle(300);
  await screenshot(app.driver, '64-share-ask-calculator');
  await click('[data-testid="share-stop"]');
});
