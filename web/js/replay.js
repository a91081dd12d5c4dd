// The replay slider. The client cannot run rules, so every position it shows is the server's:
// `state_at` (docs/server-api.md) answers the full state after action N of the game, replayed
// from the stored record with every state hash checked, plus the events of action N. The same
// slider serves the live game (its end follows the game) and a whole game opened from the lobby
// (it starts at action 0). The slider never changes the game; "Live" returns to the current state.
import { el, clear, phaseName } from './dom.js';
import { eventText } from './log.js';

export class Replay {
  constructor(game, box) {
    this.g = game;
    this.box = box;
    this.mode = 'live';
    this.pos = 0;      // the action shown: 0 is the start
    this.total = 0;    // actions in the game so far
    this.active = false;
    this.state = null; // the server's state at pos while active
    this.timer = null;
    this.want = null;  // the position asked for while a request runs
    this.loading = null;
  }

  /** Follows the live game: the slider's end is the state the page holds. */
  reset(state) {
    this.mode = 'live';
    this.total = state.actions || 0;
    this.pos = this.total;
    this.active = false;
    this.state = null;
    this.draw();
  }

  /** An accepted action (live): the end of the slider moves on; a replay in view stays put. */
  addBatch() {
    this.sync();
  }

  /** The live state changed: takes its action count. */
  sync() {
    const n = (this.g.state && this.g.state.actions) || 0;
    if (n === this.total) return;
    this.total = n;
    if (!this.active) this.pos = n;
    else if (this.pos > n) this.seek(n); // an undo took back what the replay showed
    this.draw();
  }

  /** Kept for the lobby's "replay" link and the "Whole game" button: the game from its start. */
  async loadRecord(atStart) {
    this.mode = 'record';
    this.total = (this.g.state && this.g.state.actions) || 0;
    if (!this.total) this.g.notice('The game has no actions to replay yet.');
    else this.g.notice(`Replay of the record: ${this.total} actions.`);
    await this.seek(atStart ? 0 : this.total);
  }

  /** The units to draw while a replay is in view, else null. */
  units() { return this.active && this.state ? this.state.units : null; }

  /** Shows the position after action i (asks the server; requests never overlap). */
  async seek(i) {
    i = Math.max(0, Math.min(this.total, i));
    this.want = i;
    if (this.loading) return this.loading;
    const wasActive = this.active;
    this.loading = (async () => {
      while (this.want !== null) {
        const at = this.want;
        this.want = null;
        try {
          const st = await this.g.query({ cmd: 'state_at', at });
          this.state = st;
          this.pos = at;
          this.active = at < this.total || this.mode === 'record';
        } catch (e) {
          this.g.notice(`The replay cannot show action ${at}: ${e.message}`);
          this.stop();
          break;
        }
      }
      this.loading = null;
      if (!this.active) this.state = null;
      if (this.g.mover.selected.length) this.g.mover.clear(); // redraws and redraws the actions
      else {
        this.g.redraw();
        if (wasActive !== this.active) this.g.mover.drawActions();
      }
      this.draw();
    })();
    return this.loading;
  }

  live() {
    this.stop();
    this.mode = 'live';
    this.active = false;
    this.state = null;
    this.total = (this.g.state && this.g.state.actions) || 0;
    this.pos = this.total;
    this.g.redraw();
    this.g.mover.drawActions();
    this.draw();
  }

  async play() {
    if (this.timer) { this.stop(); return; }
    this.timer = -1; // playing; the real timer follows each step
    this.draw();
    if (this.pos >= this.total) await this.seek(0);
    const step = async () => {
      if (!this.timer) return;
      if (this.pos >= this.total) { this.stop(); return; }
      await this.seek(this.pos + 1);
      if (this.timer) this.timer = setTimeout(step, 500);
    };
    this.timer = setTimeout(step, 300);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    this.draw();
  }

  /** One line: what action pos did, in the server's words. */
  caption() {
    if (!this.active || !this.state) return '';
    const st = this.state;
    const where = `turn ${st.turn}, ${phaseName(st.phase)} phase, ${this.g.sideName(st.active)} to act`;
    const name = (u) => this.g.unitName(u);
    const ev = (st.events || []).filter((e) => e.type !== 'die' || e.text);
    const what = this.pos === 0 ? 'The start.' : ev.length ? ev.map((e) => eventText(e, name, (x) => this.g.sideName(x), (t) => this.g.named(t))).join(' ') : 'No visible change.';
    return `Replay${this.mode === 'record' ? ' (record)' : ''}, action ${this.pos} of ${this.total} (${where}): ${what}`;
  }

  draw() {
    const box = clear(this.box);
    const n = this.total;
    const slider = el('input', { type: 'range', id: 'replay-slider', min: 0, max: n, value: this.pos, step: 1,
      'aria-label': 'Replay position', 'aria-valuetext': `action ${this.pos} of ${n}` });
    slider.oninput = () => this.seek(+slider.value);
    box.append(
      el('div', { class: 'replay-controls' },
        el('button', { type: 'button', 'aria-label': 'First action', title: 'First action', onclick: () => this.seek(0) }, '|\u25c0'),
        el('button', { type: 'button', 'aria-label': 'Previous action', title: 'Previous action ([)', onclick: () => this.seek(this.pos - 1) }, '\u25c0'),
        el('button', { type: 'button', 'aria-label': this.timer ? 'Pause' : 'Play', onclick: () => this.play() }, this.timer ? 'II' : '\u25b6'),
        el('button', { type: 'button', 'aria-label': 'Next action', title: 'Next action (])', onclick: () => this.seek(this.pos + 1) }, '\u25b6|'),
        slider,
        el('span', { class: 'replay-pos' }, `${this.pos} / ${n}`),
        el('button', { type: 'button', id: 'replay-record', onclick: () => this.loadRecord(true) }, 'Whole game'),
        el('button', { type: 'button', id: 'replay-live', disabled: !this.active, onclick: () => this.live() }, 'Live')),
      el('p', { class: 'replay-text', 'aria-live': 'polite' }, this.caption()));
    if (this.g.root) this.g.root.dataset.replay = String(!!this.active);
  }
}
