// A hotseat game of the test ruleset's "clash" scenario, one browser holding both seats: move a
// unit and see the map change, an illegal move refused with its rule id, a combat previewed and
// resolved with scripted dice, the phases ended, the page reloaded and the game found as it was,
// the game replayed from its record, the AI's suggestions for either side, and the end of the game
// with the dice check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, shot, openLobby, startGame, clickHex, hexOf, queueDice, url } from './lib.mjs';

let b, page, game;

browserPerFile((x) => { b = x; page = x.page; });

test('the lobby lists the scenarios with their sides and map', async () => {
  await openLobby(page);
  const card = page.locator('article[data-scenario="clash"]');
  await card.waitFor();
  assert.match(await card.innerText(), /Blue against Red/);
  const img = card.locator('img.thumb');
  await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle());
  await shot(page, 'hotseat-01-lobby');
  // Suggestions are on by default against the AI and in hotseat, off for a game online.
  const hints = card.locator('input[name="hints"]');
  assert.equal(await hints.isChecked(), true);
  await card.locator('select[name="mode"]').selectOption('online');
  assert.equal(await hints.isChecked(), false);
  await card.locator('select[name="mode"]').selectOption('hotseat');
  assert.equal(await hints.isChecked(), true);
});

test('a hotseat game opens with both seats', async () => {
  game = await startGame(page, 'clash', 'hotseat');
  assert.match(game, /^[0-9a-f]+$/);
  await page.waitForSelector('#you-are:has-text("Blue and Red")');
  assert.match(await page.locator('#turn').innerText(), /Turn 1/);
  assert.match(await page.locator('#phase').innerText(), /Move/i);
  assert.equal(await page.locator('.layer-counters .counter').count(), 4);
  // Suggestions were left on in the lobby: the button is offered.
  assert.equal(await page.locator('#hint').isVisible(), true);
  await shot(page, 'hotseat-02-start');
});

test('selecting a unit lights the hexes the server says it can reach', async () => {
  await page.locator('.counter[data-unit="b2"]').click();
  await page.waitForSelector('.layer-reach .reach');
  const lit = await page.locator('.layer-reach .reach').count();
  assert.ok(lit > 0, 'some hexes are in reach');
  assert.match(await page.locator('.layer-reach').textContent(), /MP/);
  await shot(page, 'hotseat-03-reach');
});

test('moving a unit changes the map and writes the log', async () => {
  const target = await page.locator('.layer-reach .reach').evaluateAll((els) =>
    els.map((e) => e.dataset.reach).find((h) => h === '0205' || h === '0204' || h === '0305') || els[0].dataset.reach);
  await clickHex(page, target);
  await page.waitForSelector(`.counter[data-unit="b2"][data-hex="${target}"]`);
  await page.waitForFunction(() => /b2/.test(document.getElementById('log').innerText) && /TEST-2/.test(document.getElementById('log').innerText));
  assert.equal(await hexOf(page, 'b2'), target);
  // Lines show the last moves of the sides not to move now: none while Blue, who moved, moves on.
  assert.equal(await page.locator('.layer-trail .trail').count(), 0);
  await shot(page, 'hotseat-04-moved');
});

test('an illegal move is refused with its rule id and nothing moves', async () => {
  // b2 has moved this turn already (TEST-2).
  await page.locator('.counter[data-unit="b2"]').click();
  const before = await hexOf(page, 'b2');
  await clickHex(page, '0101');
  await page.waitForSelector('#refusal:not([hidden])');
  assert.match(await page.locator('#refusal-rule').innerText(), /TEST-\d/);
  assert.ok((await page.locator('#refusal-text').innerText()).length > 10, 'a sentence');
  assert.equal(await hexOf(page, 'b2'), before);
  await shot(page, 'hotseat-05-refused');
  await page.keyboard.press('Escape');
});

test('ending the move phase starts the combat phase', async () => {
  await page.locator('#end-phase').click();
  await page.waitForFunction(() => /Combat/i.test(document.getElementById('phase').innerText));
  await shot(page, 'hotseat-06-combat-phase');
});

test('a combat is previewed with its modifiers and chances, then resolved with scripted dice', async () => {
  await page.locator('[data-tool="combat"]').click();
  await page.locator('.counter[data-unit="b1"]').click();
  await page.locator('.counter[data-unit="r1"]').click();
  await page.waitForSelector('#combat-panel .preview table.outcomes tbody tr');
  const preview = await page.locator('#combat-panel .preview').innerText();
  assert.match(preview, /TEST-4/);
  assert.match(preview, /%/);
  await shot(page, 'hotseat-07-preview');
  await queueDice(game, [6]);
  await page.locator('#combat-commit').click();
  await page.waitForFunction(() => document.querySelector('#log li.ev-die'));
  const log = await page.locator('#log').innerText();
  assert.match(log, /6/);
  await page.waitForFunction(() => !document.querySelector('.layer-counters .counter[data-unit="r1"]'));
  // The die and the result are on the map too, where the fight was.
  assert.match(await page.locator('.layer-results .combat-result[data-result="0403"]').textContent(), /die 6/);
  await shot(page, 'hotseat-08-resolved');
});

test('reloading the page finds the game as it was', async () => {
  const b1 = await hexOf(page, 'b1');
  const b2 = await hexOf(page, 'b2');
  await page.reload();
  await page.waitForSelector('body[data-view="game"][data-ready="true"]');
  await page.waitForSelector('.layer-counters .counter[data-unit="b1"]');
  assert.equal(await hexOf(page, 'b1'), b1);
  assert.equal(await hexOf(page, 'b2'), b2);
  assert.equal(await page.locator('.layer-counters .counter[data-unit="r1"]').count(), 0);
  assert.match(await page.locator('#phase').innerText(), /Combat/i);
  await page.waitForSelector('#you-are:has-text("Blue and Red")');
  await shot(page, 'hotseat-09-reloaded');
});

test('the replay slider shows the game from its first action', async () => {
  await page.locator('#replay-record').click();
  await page.waitForFunction(() => document.getElementById('replay-slider') && +document.getElementById('replay-slider').max > 0);
  // At the start every unit is back where the scenario put it.
  await page.waitForSelector('.layer-counters .counter[data-unit="r1"][data-hex="0403"]');
  assert.equal(await hexOf(page, 'b2'), '0304');
  await shot(page, 'hotseat-10-replay-start');
  const max = Number(await page.locator('#replay-slider').getAttribute('max'));
  await page.locator('#replay-slider').fill(String(max));
  await page.waitForFunction(() => !document.querySelector('.layer-counters .counter[data-unit="r1"]'));
  await shot(page, 'hotseat-11-replay-end');
  await page.locator('#replay-live').click();
});

test('either side asks the AI for a move, each on its own seat', async () => {
  // The page holds a connection for each seat; a suggestion comes to the one that asked.
  for (const side of ['blue', 'red']) {
    if (side === 'red') {
      await page.keyboard.press('Escape');
      await page.locator('#end-phase').click(); // Blue's combat phase ends: Red moves
    }
    await page.waitForFunction((s) => window.grognard.state.active === s, side);
    await page.evaluate(() => window.grognard.notice(''));
    await page.locator('svg.map').focus();
    await page.keyboard.press('h');
    await page.waitForSelector('#hint-play');
    assert.match(await page.locator('#notice').innerText(), /^The AI suggests: .+\. Play it$/);
  }
  await shot(page, 'hotseat-12-red-hint');
  await page.keyboard.press('Escape');
});

test('playing on to the turn limit ends the game with the dice check', async () => {
  for (let i = 0; i < 30; i++) {
    if (await page.locator('#endgame[open]').count()) break;
    const before = await page.locator('#phasebar').innerText();
    await page.keyboard.press('Escape');
    await page.locator('#end-phase').click();
    await page.waitForFunction((t) => document.getElementById('phasebar').innerText !== t || document.querySelector('#endgame[open]'), before);
  }
  await page.waitForSelector('#endgame[open]');
  const end = await page.locator('#endgame').innerText();
  assert.match(end, /draw|Victory/i);
  assert.match(end, /Losses/);
  await page.waitForFunction(() => document.querySelector('#endgame .dice-check[data-verified]'));
  assert.equal(await page.locator('#endgame .dice-check').getAttribute('data-verified'), 'true');
  await shot(page, 'hotseat-13-over');
});

test('the lobby lists the finished game and replays it from the first action', async () => {
  await page.locator('#endgame button.primary').click();
  await openLobby(page);
  const row = page.locator(`.my-games tr[data-game="${game}"]`);
  await row.waitFor();
  assert.match(await row.innerText(), /over/);
  assert.match(await row.innerText(), /hotseat, with suggestions/); // not the default between players
  await row.locator('button', { hasText: 'Replay' }).click();
  await page.waitForFunction(() => document.getElementById('replay-slider') && +document.getElementById('replay-slider').max > 0);
  await page.waitForSelector('.layer-counters .counter[data-unit="r1"][data-hex="0403"]');
  assert.match(await page.locator('#you-are').innerText(), /watching/);
  await page.locator('#replay-slider').focus();
  await page.keyboard.press('End');
  await page.waitForFunction(() => !document.querySelector('.layer-counters .counter[data-unit="r1"]'));
  await shot(page, 'hotseat-14-lobby-replay');
});

test('no error was logged by the page', () => {
  assert.deepEqual(b.errors.filter((e) => !/favicon/.test(e)), []);
  void url;
});
