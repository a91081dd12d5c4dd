// How the client keeps the other side's last moves from the update pushes (web/js/trail.js),
// without a browser: a unit's steps make one line, a side's next turn of play replaces its last,
// what is not a move is left out, and an undo forgets them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Trail } from '../../web/js/trail.js';

const moved = (unit, from, to, type = 'moved') => ({ type, unit, from, to });

test('a unit\'s steps, over several updates, make one line through the hexes it went', () => {
  const t = new Trail();
  t.note('red', [{ type: 'activated', unit: 'r1' }, moved('r1', '0803', '0703')]);
  t.note('red', [moved('r1', '0703', '0603'), moved('r2', '0804', '0803')]);
  t.note('red', [moved('r1', '0603', '0503', 'advance')]);
  assert.deepEqual(t.paths(() => true), [
    { side: 'red', unit: 'r1', hexes: ['0803', '0703', '0603', '0503'] },
    { side: 'red', unit: 'r2', hexes: ['0804', '0803'] },
  ]);
});

test('a unit that moves again from elsewhere (retreated meanwhile) starts a second line', () => {
  const t = new Trail();
  t.note('red', [moved('r1', '0803', '0703'), moved('r1', '0703', '0804', 'retreat'), moved('r1', '0605', '0505')]);
  assert.deepEqual(t.paths(() => true).map((p) => p.hexes), [['0803', '0703', '0804'], ['0605', '0505']]);
});

test('each side keeps its latest turn of play; the next one replaces it', () => {
  const t = new Trail();
  t.note('red', [moved('r1', '0803', '0703')]);
  t.note('blue', [moved('b1', '0203', '0303')]);
  assert.deepEqual(t.paths((s) => s === 'red').map((p) => p.unit), ['r1']);
  assert.deepEqual(t.paths((s) => s === 'blue').map((p) => p.unit), ['b1']);
  t.note('red', [{ type: 'phase', text: 'Red: move phase.' }]); // a new run, with no move yet
  t.note('red', [moved('r2', '0804', '0704')]);
  assert.deepEqual(t.paths((s) => s === 'red').map((p) => p.unit), ['r2']);
  assert.deepEqual(t.paths((s) => s === 'blue').map((p) => p.unit), ['b1']);
});

test('an update with no side is left out, and an undo forgets every line', () => {
  const t = new Trail();
  t.note(undefined, [moved('r1', '0803', '0703')]);
  assert.deepEqual(t.paths(() => true), []);
  t.note('red', [moved('r1', '0803', '0703')]);
  t.clear();
  assert.deepEqual(t.paths(() => true), []);
});
