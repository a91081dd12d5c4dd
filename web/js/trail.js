// The last moves of the other side: after the AI (or an opponent online, or the other player at
// the same screen) has played, each unit it moved is drawn with a line through the hexes it went.
// Built from the events of the update pushes (`moved`, `advance`, `retreat`: a retreat is shown
// too, the loser's unit pushed back in the mover's turn), and at opening from the server's
// `events_since` (game.js's loadTrail), so that a player coming back sees what was done meanwhile. A side's updates in a row make its run;
// its next run replaces it, so what is shown is each side's latest turn of play.
const MOVES = new Set(['moved', 'advance', 'retreat']);

export class Trail {
  constructor() {
    this.runs = new Map(); // side -> [{ unit, hexes }]
    this.by = null;        // the side of the latest update
  }

  /** The events of an update `by` a side. */
  note(by, events) {
    if (!by) return;
    if (by !== this.by) {
      this.by = by;
      this.runs.set(by, []);
    }
    const run = this.runs.get(by);
    for (const e of events || []) {
      if (!MOVES.has(e.type) || !e.unit || !e.from || !e.to) continue;
      const last = run.findLast((p) => p.unit === e.unit);
      if (last && last.hexes[last.hexes.length - 1] === e.from) last.hexes.push(e.to);
      else run.push({ unit: e.unit, hexes: [e.from, e.to] });
    }
  }

  /** Forgets every run: an undo took back what they show. */
  clear() {
    this.runs.clear();
    this.by = null;
  }

  /** The paths of the runs of the sides `shown(side)` accepts, each with its run's side. */
  paths(shown) {
    return [...this.runs].filter(([side]) => shown(side))
      .flatMap(([side, run]) => run.map((p) => ({ side, unit: p.unit, hexes: p.hexes })));
  }
}
