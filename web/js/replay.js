// The replay slider. The client cannot run rules, so a replay only re-draws what the server
// already said happened:
//  - live: the events this page has received (moved, retreat, advance, arrived, turned,
//    eliminated) applied in order to the positions of the state the page started from;
//  - a whole game (from the lobby, or "from the first action"): the server's record. Its atomic
//    actions say where each step, retreat and advance went; the first positions are those the
//    server drew on the scenario's map (map.svg); a unit the final state lists as eliminated
//    leaves the map after the last action that names it.
// The slider never changes the game; "Live" returns to the current state.
import { api } from './api.js';
import { el, clear } from './dom.js';
import * as hex from './hex.js';
import { eventText } from './log.js';
import { actionText } from './select.js';

function snapshot(units) {
  const positions = {}, facings = {};
  for (const u of units) {
    if (u.status === 'on_map' && u.hex) positions[u.id] = u.hex;
    if (u.facing !== null && u.facing !== undefined) facings[u.id] = u.facing;
  }
  return { positions, facings };
}

function applyEvent(f, e) {
  switch (e.type) {
    case 'moved': case 'retreat': case 'advance': case 'arrived':
      if (e.unit && e.to) f.positions[e.unit] = e.to;
      if (e.unit && e.facing !== undefined) f.facings[e.unit] = e.facing;
      break;
    case 'turned':
      if (e.unit && e.facing !== undefined) f.facings[e.unit] = e.facing;
      break;
    case 'eliminated':
      if (e.unit) delete f.positions[e.unit];
      break;
    default:
  }
}

/** The first positions as the server drew them on the scenario's map (its counters group). */
export function positionsFromMapSvg(text, width, height) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const out = { positions: {}, facings: {} };
  for (const g of doc.querySelectorAll('.units [data-unit], g.counter[data-unit]')) {
    const r = g.querySelector('rect');
    if (!r) continue;
    const x = +r.getAttribute('x') + +r.getAttribute('width') / 2, y = +r.getAttribute('y') + +r.getAttribute('height') / 2;
    let best = null, bd = Infinity;
    for (const lab of hex.allHexes(width, height)) {
      const c = hex.centre(lab);
      const d = Math.hypot(c.x - x, c.y - y);
      if (d < bd) { bd = d; best = lab; }
    }
    if (best) out.positions[g.getAttribute('data-unit')] = best;
    const f = g.querySelector('.facing');
    if (f && best) {
      const fx = +f.getAttribute('cx') - x, fy = -(+f.getAttribute('cy') - y);
      const ang = (Math.atan2(fy, fx) * 180) / Math.PI;
      out.facings[g.getAttribute('data-unit')] = ((Math.round((ang - 30) / 60) % 6) + 6) % 6;
    }
  }
  return out;
}

export class Replay {
  constructor(game, box) {
    this.g = game;
    this.box = box;
    this.mode = 'live';
    this.steps = []; // [{apply(frame), text}]
    this.pos = 0;
    this.active = false;
    this.timer = null;
  }

  /** Starts the live history from the state the page opened with. */
  reset(state) {
    this.mode = 'live';
    this.base = snapshot(state.units);
    this.steps = [];
    this.pos = 0;
    this.active = false;
    this.draw();
  }

  /** One accepted action's events, in the live history. */
  addBatch(events) {
    if (this.mode !== 'live' || !events || !events.length) return;
    const name = (u) => this.g.unitName(u);
    this.steps.push({
      apply: (f) => events.forEach((e) => applyEvent(f, e)),
      text: events.map((e) => eventText(e, name)).join(' '),
    });
    if (!this.active) this.pos = this.steps.length;
    this.draw();
  }

  /** The positions at the slider's step. */
  frame() {
    const f = { positions: { ...this.base.positions }, facings: { ...this.base.facings } };
    for (let i = 0; i < this.pos && i < this.steps.length; i++) this.steps[i].apply(f);
    return f;
  }

  /** Replays the whole game from its record (the server's list of atomic actions). */
  async loadRecord(atStart) {
    const g = this.g;
    let rec;
    try {
      rec = await api.record(g.id);
    } catch (e) {
      g.notice(`No record to replay: ${e.message}`);
      return;
    }
    rec = rec.record || rec;
    let base = null;
    try {
      if (g.scenario) base = positionsFromMapSvg(await api.mapSvg(g.scenario.id), g.state.map.width, g.state.map.height);
    } catch { base = null; }
    if (!base) return;
    this.record = rec;
    const eliminated = new Set(g.state.units.filter((u) => u.status === 'eliminated').map((u) => u.id));
    const actions = (rec.log || []).filter((e) => e.action).map((e) => e.action);
    const lastMention = {};
    actions.forEach((a, i) => { for (const k of ['unit', 'target']) if (a[k]) lastMention[a[k]] = i; });
    const name = (u) => g.unitName(u);
    this.mode = 'record';
    this.base = base;
    this.steps = actions.map((a, i) => ({
      apply: (f) => {
        if (a.unit && (a.type === 'step' || a.type === 'retreat' || a.type === 'advance') && a.to) f.positions[a.unit] = a.to;
        if (a.unit && a.type === 'turn' && f.facings[a.unit] !== undefined) f.facings[a.unit] = (f.facings[a.unit] + (a.dir === 'left' ? 1 : 5)) % 6;
        if (a.unit && a.type === 'pivot') f.facings[a.unit] = a.facing;
        // Eliminated units leave after the action that resolves their last fight.
        for (const id of eliminated) if (lastMention[id] !== undefined && lastMention[id] < i && /close|shoot|bombard|charge|end_phase/.test(a.type)) delete f.positions[id];
      },
      text: actionText(a, name),
    }));
    // A spectator who came late has no events in the log: list the record's actions there.
    if (!g.log.events.length && this.steps.length) {
      g.log.note(`The record holds ${this.steps.length} actions:`);
      this.steps.forEach((st, i) => g.log.note(`${i + 1}. ${st.text}`));
    }
    this.pos = atStart ? 0 : this.steps.length;
    this.active = this.pos < this.steps.length;
    g.notice(`Replay of the record: ${this.steps.length} actions.`);
    this.draw();
    g.redraw();
  }

  seek(i) {
    this.pos = Math.max(0, Math.min(this.steps.length, i));
    this.active = this.pos < this.steps.length || this.mode === 'record';
    if (this.mode === 'record' && this.pos === this.steps.length && !this.g.state.over) this.active = false;
    this.g.mover.clear();
    this.g.redraw();
    this.draw();
  }

  live() {
    this.stop();
    if (this.mode === 'record') this.reset(this.g.state);
    this.active = false;
    this.pos = this.steps.length;
    this.g.redraw();
    this.draw();
  }

  play() {
    if (this.timer) return this.stop();
    if (this.pos >= this.steps.length) this.seek(0);
    this.timer = setInterval(() => {
      if (this.pos >= this.steps.length) this.stop();
      else this.seek(this.pos + 1);
    }, 700);
    this.draw();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.draw();
  }

  draw() {
    const box = clear(this.box);
    const n = this.steps.length;
    const slider = el('input', { type: 'range', id: 'replay-slider', min: 0, max: n, value: this.pos, step: 1,
      'aria-label': 'Replay position', 'aria-valuetext': `step ${this.pos} of ${n}` });
    slider.oninput = () => this.seek(+slider.value);
    const at = this.pos > 0 && this.steps[this.pos - 1] ? this.steps[this.pos - 1].text : 'The start.';
    box.append(
      el('div', { class: 'replay-controls' },
        el('button', { type: 'button', 'aria-label': 'First step', onclick: () => this.seek(0) }, '|\u25c0'),
        el('button', { type: 'button', 'aria-label': 'Previous step', onclick: () => this.seek(this.pos - 1) }, '\u25c0'),
        el('button', { type: 'button', 'aria-label': this.timer ? 'Pause' : 'Play', onclick: () => this.play() }, this.timer ? 'II' : '\u25b6'),
        el('button', { type: 'button', 'aria-label': 'Next step', onclick: () => this.seek(this.pos + 1) }, '\u25b6|'),
        slider,
        el('span', { class: 'replay-pos' }, `${this.pos} / ${n}`),
        el('button', { type: 'button', id: 'replay-record', onclick: () => this.loadRecord(true) }, 'Whole game'),
        el('button', { type: 'button', id: 'replay-live', disabled: !this.active && this.mode === 'live', onclick: () => this.live() }, 'Live')),
      el('p', { class: 'replay-text', 'aria-live': 'polite' }, this.active || this.mode === 'record' ? `Replay${this.mode === 'record' ? ' (record)' : ''}, step ${this.pos}: ${at}` : ''));
    this.g.root && (this.g.root.dataset.replay = String(!!this.active));
  }
}
