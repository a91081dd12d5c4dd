// Reading the server's reach back as a path. `reach` lists every position a unit can end in with
// the movement points it costs; a `move` action needs the steps. A path is a chain of those
// positions, each one step (an adjacent hex) or one turn (same hex, facing one vertex round) from
// the last, with movement points that never go down. This only reads the server's answer: the
// server checks the move when it is sent, and refuses it with its rule if the guess was wrong.
import * as hex from './hex.js';

function key(p) { return `${p.hex}|${p.facing ?? ''}`; }

/**
 * The steps from `start` ({hex, facing}) to `target`, or null. `road(a, b)` tells whether a road
 * joins two hexes (from the map data): roads make the cheaper way, so they are preferred.
 */
export function planPath(positions, start, target, digits, road = () => false, through = []) {
  // Strict: a step keeps the facing and a turn changes it in place; if the server's positions do
  // not chain that way (a ruleset that turns while stepping), allow steps that change facing.
  // First without passing through positions that end in an enemy zone of control.
  if (!positions.some((p) => p.hex === target)) return null; // not in reach at all
  const tries = [[true, true], [false, true], [true, false], [false, false]];
  for (const [strict, avoidZoc] of tries) {
    const p = walk(positions, start, target, digits, { strict, avoidZoc, road });
    if (p) return p;
  }
  // Hexes a unit may cross but not stop in (its own side's units, where stacking is limited)
  // are not among the positions: let the path cross them, just after their cheapest neighbour.
  if (!through.length) return null;
  const known = [{ hex: start.hex, mp: 0 }, ...positions];
  const extra = [];
  for (const h of new Set(through)) {
    if (h === start.hex || positions.some((p) => p.hex === h)) continue;
    const near = known.filter((p) => hex.distance(p.hex, h) === 1).map((p) => p.mp ?? 0);
    if (near.length) extra.push({ hex: h, mp: Math.min(...near) + 0.001, ap: 0, crossed: true });
  }
  for (const [strict, avoidZoc] of tries) {
    const p = walk([...positions, ...extra], start, target, digits, { strict, avoidZoc, road });
    if (p) return p;
  }
  return null;
}

/**
 * A waiting reinforcement's way in: the server's positions with the fewest movement points are
 * its entry hexes; the path is an entry hex, then steps from it.
 */
export function entryPath(positions, target, digits, road, through) {
  if (!positions.length) return null;
  const least = Math.min(...positions.map((p) => p.mp ?? 0));
  for (const e of positions.filter((p) => (p.mp ?? 0) === least)) {
    if (e.hex === target) return [e.hex];
    const rest = planPath(positions, { hex: e.hex, facing: e.facing }, target, digits, road, through);
    if (rest) return [e.hex, ...rest];
  }
  return null;
}

/**
 * Positions placed cheapest first among those next to one already placed (the server rounds
 * movement points, so equal values are placed outward from the start); each gets as its
 * predecessor a placed position one step or turn away: one joined by a road if any (the dearest
 * of those: a road step costs least), else the cheapest. That is the likeliest way the server
 * counted.
 */
function walk(positions, start, target, digits, { strict, avoidZoc, road }) {
  const nodes = new Map();
  const add = (p) => { const k = key(p); if (!nodes.has(k) || nodes.get(k).mp > p.mp) nodes.set(k, p); };
  positions.forEach(add);
  const s = { hex: start.hex, facing: start.facing ?? undefined, mp: 0, ap: 0 };
  nodes.set(key(s), s);
  const byHex = new Map();
  for (const n of nodes.values()) {
    if (!byHex.has(n.hex)) byHex.set(n.hex, []);
    byHex.get(n.hex).push(n);
  }
  const around = new Map(); // hex -> itself and its neighbours, computed once
  const near = (h) => {
    if (!around.has(h)) around.set(h, [h, ...hex.neighbours(h, digits)]);
    return around.get(h);
  };
  const prev = new Map([[key(s), null]]);
  const mp = (n) => n.mp ?? 0;
  // The best predecessor of b among placed positions, or null.
  const parentOf = (b) => {
    let best = null, bestRoad = false;
    for (const h of near(b.hex)) {
      for (const a of byHex.get(h) || []) {
        if (!prev.has(key(a)) || a === b || mp(a) > mp(b) || (avoidZoc && a.zoc && a !== s)) continue;
        const hasF = a.facing !== undefined && b.facing !== undefined;
        const turn = b.hex === a.hex && hasF && (((a.facing + 1) % 6) === b.facing || ((a.facing + 5) % 6) === b.facing);
        const step = b.hex !== a.hex && (!strict || !hasF || a.facing === b.facing);
        if (!turn && !step) continue;
        const r = step && road(a.hex, b.hex);
        if (!best || (r && !bestRoad) || (r === bestRoad && (r ? mp(a) > mp(best) : mp(a) < mp(best)))) { best = a; bestRoad = r; }
      }
    }
    return best;
  };
  // Among equal costs, fewer steps from the start first, then a road step.
  const depth = new Map([[key(s), 0]]);
  const rank = (b, a) => [mp(b), depth.get(key(a)) + 1, road(a.hex, b.hex) ? 0 : 1];
  const before = (x, y) => x[0] !== y[0] ? x[0] < y[0] : x[1] !== y[1] ? x[1] < y[1] : x[2] < y[2];
  // The frontier: open positions next to a placed one, with their best predecessor and rank,
  // brought up to date around each position placed.
  const frontier = new Map();
  const heap = new Heap((x, y) => before(x.r, y.r));
  const touch = (placed) => {
    for (const h of near(placed.hex)) {
      for (const b of byHex.get(h) || []) {
        if (prev.has(key(b))) continue;
        const a = parentOf(b);
        if (!a) continue;
        const f = { b, a, r: rank(b, a) };
        frontier.set(key(b), f);
        heap.push(f);
      }
    }
  };
  touch(s);
  while (heap.size()) {
    const pick = heap.pop();
    if (frontier.get(key(pick.b)) !== pick) continue; // superseded by a later entry
    frontier.delete(key(pick.b));
    prev.set(key(pick.b), pick.a);
    depth.set(key(pick.b), pick.r[1]);
    if (pick.b.hex === target && !pick.b.crossed) break; // the cheapest way there is found
    touch(pick.b);
  }
  const ends = [...nodes.values()].filter((n) => n.hex === target && n !== s && !n.crossed && prev.has(key(n)))
    .sort((a, b) => mp(a) - mp(b));
  if (!ends.length) return null;
  const steps = [];
  for (let n = ends[0]; prev.get(key(n)); n = prev.get(key(n))) {
    const p = prev.get(key(n));
    if (p.hex === n.hex) steps.unshift(((p.facing + 1) % 6) === n.facing ? 'left' : 'right');
    else steps.unshift(n.hex);
  }
  return steps;
}

/** A binary heap ordered by `less`. */
class Heap {
  constructor(less) { this.less = less; this.a = []; }
  size() { return this.a.length; }
  push(x) {
    const a = this.a;
    a.push(x);
    for (let i = a.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (!this.less(a[i], a[p])) break;
      [a[i], a[p]] = [a[p], a[i]];
      i = p;
    }
  }
  pop() {
    const a = this.a, top = a[0], last = a.pop();
    if (a.length) {
      a[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < a.length && this.less(a[l], a[m])) m = l;
        if (r < a.length && this.less(a[r], a[m])) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }
}
