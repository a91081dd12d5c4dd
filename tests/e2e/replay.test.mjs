// Exact replay: a hotseat game of "clash" with some moves and a combat; at every action the
// counters the page showed live are noted, then the replay slider is moved to each of those
// actions (forwards, backwards, by the buttons and from the lobby) and must show exactly the same
// hexes, because each position is the server's own state replayed from the record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, shot, openLobby, startGame, queueDice, clickHex } from './lib.mjs';

let b, page, game;
const live = new Map(); // action count -> {unit: hex}

browserPerFile((x) => { b = x; page = x.page; });

/** The hexes of the counters drawn now. */
function drawn() {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.layer-counters .counter')]
    .map((c) => [c.dataset.unit, c.dataset.hex])));
}

/** Notes the live position after the page has caught up with action count n. */
async function note() {
  await page.waitForFunction(() => !window.grognard.refreshing && !window.grognard.busy);
  const n = await page.evaluate(() => window.grognard.state.actions);
  live.set(n, await drawn());
  return n;
}

/** Clicks a legal-action button by its text and waits for the action count to grow. */
async function act(re) {
  const n = await page.evaluate(() => window.grognard.state.actions);
  await page.locator('#actions button', { hasText: re }).first().click();
  await page.waitForFunction((k) => window.grognard.state.actions > k, n);
  return note();
}

/** Moves the slider to action n and waits for the server's position. */
async function seek(n) {
  await page.locator('#replay-slider').fill(String(n));
  // The live game's last action is the live view itself (no replay caption).
  await page.waitForFunction((k) => !window.grognard.replay.loading && (new RegExp(`action ${k} of`).test(document.querySelector('.replay-text').textContent) ||
    (k === window.grognard.replay.total && document.getElementById('game').dataset.replay === 'false')), n);
}

test('a hotseat game with moves and a combat, every position noted', async () => {
  await openLobby(page);
  game = await startGame(page, 'clash', 'hotseat');
  await note();
  await page.locator('.counter[data-unit="b2"]').click();
  await page.waitForSelector('.layer-reach .reach[data-reach="0204"]');
  const n0 = await page.evaluate(() => window.grognard.state.actions);
  await clickHex(page, '0204');
  await page.waitForFunction((k) => window.grognard.state.actions > k, n0);
  await note();
  await page.keyboard.press('Escape');
  await act(/End the phase|end phase/i);
  await page.locator('[data-tool="combat"]').click();
  await page.locator('.counter[data-unit="b1"]').click();
  await page.locator('.counter[data-unit="r1"]').click();
  await page.waitForSelector('#combat-panel .preview');
  await queueDice(game, [6]);
  const before = await page.evaluate(() => window.grognard.state.actions);
  await page.locator('#combat-commit').click();
  await page.waitForFunction((k) => window.grognard.state.actions > k, before);
  await page.waitForFunction(() => !document.querySelector('.layer-counters .counter[data-unit="r1"]'));
  await note();
  await page.locator('[data-tool="move"]').click();
  await act(/End the phase|end phase/i);
  // Red's move: r2 moves.
  await page.locator('.counter[data-unit="r2"]').click();
  await page.waitForSelector('.layer-reach .reach');
  const to = await page.locator('.layer-reach .reach').evaluateAll((els) => els.map((e) => e.dataset.reach).find((h) => h !== '0603'));
  const n1 = await page.evaluate(() => window.grognard.state.actions);
  await clickHex(page, to);
  await page.waitForFunction((k) => window.grognard.state.actions > k, n1);
  await note();
  await page.keyboard.press('Escape');
  assert.ok(live.size >= 4, `positions noted: ${[...live.keys()]}`);
  assert.equal(live.get(0).r1, '0403');
  assert.equal(live.get(await page.evaluate(() => window.grognard.state.actions)).r1, undefined);
});

test('the replay shows at every action exactly the hexes the live game showed', async () => {
  const keys = [...live.keys()].sort((x, y) => x - y);
  for (const n of [...keys, ...keys.slice().reverse()]) {
    await seek(n);
    assert.deepEqual(await drawn(), live.get(n), `the position after action ${n}`);
  }
  await seek(0);
  await shot(page, 'replay-01-start');
});

test('stepping forward names what each action did, in the server\'s words', async () => {
  const combat = [...live.keys()].find((n) => live.get(n).r1 === undefined);
  await seek(combat - 1);
  await page.locator('button[aria-label="Next action"]').click();
  await page.waitForFunction((k) => new RegExp(`action ${k} of`).test(document.querySelector('.replay-text').textContent), combat);
  const caption = await page.locator('.replay-text').innerText();
  assert.match(caption, /r1/);
  assert.deepEqual(await drawn(), live.get(combat));
  await shot(page, 'replay-02-combat');
  // The map refuses actions while it shows the past; Live returns to the game.
  await page.locator('#replay-live').click();
  await page.waitForFunction(() => document.getElementById('game').dataset.replay === 'false');
  const last = Math.max(...live.keys());
  assert.deepEqual(await drawn(), live.get(last));
});

test('the lobby\'s replay of the game starts at the first action and is exact too', async () => {
  await openLobby(page);
  const row = page.locator(`.my-games tr[data-game="${game}"]`);
  await row.locator('button', { hasText: 'Replay' }).click();
  await page.waitForFunction(() => document.getElementById('replay-slider') && +document.getElementById('replay-slider').max > 0);
  await page.waitForFunction(() => /action 0 of/.test(document.querySelector('.replay-text').textContent));
  assert.deepEqual(await drawn(), live.get(0));
  const keys = [...live.keys()].sort((x, y) => x - y);
  await seek(keys[keys.length - 2]);
  assert.deepEqual(await drawn(), live.get(keys[keys.length - 2]));
  await shot(page, 'replay-03-lobby');
});

test('a reinforcement enters through the Actions button and the replay shows it arrive on time', async () => {
  await openLobby(page);
  await startGame(page, 'nap-skirmish', 'hotseat');
  // Turn 2, the Allies' movement: their militia al-i4 may enter (NAP-P9).
  for (let i = 0; i < 8; i++) {
    const s = await page.evaluate(() => ({ turn: window.grognard.state.turn, active: window.grognard.state.active, phase: window.grognard.state.phase }));
    if (s.turn === 2 && s.active === 'al' && /movement/.test(s.phase)) break;
    const n = await page.evaluate(() => window.grognard.state.actions);
    await page.locator('#end-phase').click();
    await page.waitForFunction((k) => window.grognard.state.actions > k && !window.grognard.refreshing, n);
  }
  const before = await note();
  assert.equal(live.get(before)['al-i4'], undefined);
  await page.locator('#actions button', { hasText: '(al-i4)' }).first().click();
  await page.waitForSelector('.layer-reach .reach[data-reach="0501"]');
  const n = await page.evaluate(() => window.grognard.state.actions);
  await clickHex(page, '0501');
  await page.waitForSelector('.layer-counters .counter[data-unit="al-i4"][data-hex="0501"]');
  await page.waitForFunction((k) => window.grognard.state.actions > k && !window.grognard.busy, n);
  const after = await note();
  // The server says al-i4; the log gives the unit's name with it.
  assert.match(await page.locator('#log').innerText(), /Militia \(al-i4\) enters the map at 0601/);
  await page.keyboard.press('Escape');
  await seek(before);
  assert.equal((await drawn())['al-i4'], undefined, 'not on the map before it entered');
  await seek(before + 1); // the activation: still off the map
  assert.equal((await drawn())['al-i4'], undefined);
  await seek(after);
  assert.equal((await drawn())['al-i4'], '0501');
  await page.locator('#replay-live').click().catch(() => {});
  await shot(page, 'replay-04-reinforcement');
});

test('no error was logged by the page', () => {
  assert.deepEqual(b.errors, []);
});
