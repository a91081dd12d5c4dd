// The game view's controller: connects the seats this browser holds (one WebSocket per seat
// token; hotseat holds both, a spectator none), keeps the server's latest `state`, sends actions
// for the side to move, shows refusals, and redraws the map and panels after every change.
// Every rule question goes to the server; this file only routes and draws answers.
import { api, Connection, ProtocolError } from './api.js';
import { clear, el } from './dom.js';
import { MapView } from './map.js';
import { drawCounters, describe, SIDE_COLOURS } from './counters.js';
import { GameLog } from './log.js';
import { Mover, actionText } from './select.js';
import { CombatPanel } from './combat.js';
import { Replay } from './replay.js';
import { Trail } from './trail.js';
import { showEnd, commitmentPanel } from './endgame.js';
import { findGame, rememberGame, rememberToken } from './store.js';
import { loadMapData, commandRadius } from './legend.js';
import { drawStatus, drawPoints, drawUnitList } from './panels.js';

const $ = (id) => document.getElementById(id);
const TRAIL_ACTIONS = 600; // the actions read back for the lines at opening (the server gives up to 1,000)

export class Game {
  constructor(gameId, { token, replay } = {}) {
    this.id = gameId;
    this.urlToken = token || null;
    this.startInReplay = !!replay;
    this.conns = new Map(); // side -> Connection
    this.primary = null;
    this.state = null;
    this.scenario = null;
    this.tool = 'move';
    this.zocOn = false;
    this.trail = new Trail();
    this.trailOn = true;
    this.loggedHashes = new Set();
    this.busy = false;
    this.commitment = null;
    this.overInfo = null;
  }

  // ---- set-up ----

  async start() {
    this.root = $('game');
    this.log = new GameLog($('log'));
    this.log.clear();
    clear($('map-host'));
    this.map = new MapView($('map-host'), {
      onHex: (h, ev) => this.onHex(h, ev),
      onUnit: (u, ev, h) => this.onUnit(u, ev, h),
      onBox: (hexes, ev) => this.onBox(hexes, ev),
    });
    this.mover = new Mover(this);
    this.combat = new CombatPanel(this, $('combat-panel'));
    this.replay = new Replay(this, $('replay'));
    this.bindToolbar();
    this.notice('Connecting...');
    const saved = findGame(this.id);
    const tokens = new Set(Object.values((saved && saved.tokens) || {}));
    if (this.urlToken) tokens.add(this.urlToken);
    if (this.startInReplay) tokens.clear(); // a replay watches; it never acts
    try {
      if (tokens.size === 0) {
        const c = new Connection(this.id, null);
        const h = await c.open();
        this.adopt(c, h);
      } else {
        for (const t of tokens) {
          const c = new Connection(this.id, t);
          const h = await c.open();
          this.adopt(c, h);
          if (h.side) rememberToken(this.id, h.side, t);
        }
      }
    } catch (e) {
      this.notice(`Cannot open game ${this.id}: ${e.message}`);
      throw e;
    }
    const h = this.primary.hello;
    this.commitment = h.commitment || (saved && saved.commitment) || null;
    if (h.seed && h.salt) this.overInfo = { seed: h.seed, salt: h.salt };
    try {
      const list = await api.scenarios();
      this.scenario = list.find((s) => s.id === (h.state && h.state.scenario)) || null;
    } catch { this.scenario = null; }
    if (!saved) rememberGame({ game: this.id, scenario: h.state && h.state.scenario, name: this.scenario ? this.scenario.name : this.id, mode: this.mySides().length ? 'online' : 'watch' });
    this.applyState(h.state);
    this.log.turn = this.state.turn;
    this.map.setMap(this.state.map.width, this.state.map.height);
    this.redraw();
    this.map.setCursor(this.firstOwnHex() || this.map.cursor, false);
    const side = this.isMine(this.state.active) || !this.mySides().length ? this.state.active : this.mySides()[0];
    this.map.frame(this.state.units.filter((u) => u.side === side && u.hex && u.status === 'on_map').map((u) => u.hex));
    if (this.scenario) {
      api.mapSvg(this.scenario.id).then((t) => { this.map.setTerrain(t); }).catch(() => {});
    }
    this.loadMapData();
    document.title = `${this.scenario ? this.scenario.name : 'Game'} — Grognard`;
    this.replay.reset(this.state);
    this.loadTrail();
    this.log.note(`Joined game ${this.id}${this.mySides().length ? ` as ${this.mySides().map((s) => this.sideName(s)).join(' and ')}` : ' as a spectator'}.`);
    this.notice('');
    commitmentPanel($('dice-panel'), this);
    await this.mover.refreshSelection();
    if (this.startInReplay) await this.replay.loadRecord(true);
    else if (this.state.over) this.showOver();
    this.map.svg.focus();
  }

  /** The map's legend and objectives, and the ruleset's tables (legend.js). */
  loadMapData() { return loadMapData(this); }

  /** Whether the map data has a road across the hexside between two hexes. */
  roadBetween(a, b) { return !!this.roads && this.roads.has(`${a}|${b}`); }

  /** The ruleset's command distances ({sight, far, cost, rule}), or null when it has none. */
  commandRadius() { return commandRadius(this.rules); }

  adopt(c, hello) {
    if (hello.side) this.conns.set(hello.side, c);
    if (!this.primary) {
      this.primary = c;
      c.onPush = (m) => this.onPush(m);
      c.onClose = () => this.reconnect();
    } else {
      // Every connection hears the game's news; a suggestion comes only to the seat that asked.
      c.onPush = (m) => { if (m.push === 'hint') this.onPush(m); };
    }
    this.seats = hello.seats || this.seats || {};
    this.hints = !!hello.hints; // the players may ask for suggestions (hint)
    this.pace = hello.pace || null; // a game of the AI against itself: {ms, paused}
  }

  async reconnect() {
    this.notice('The connection dropped; reconnecting...');
    for (let i = 0; i < 30; i++) {
      await new Promise((r) => setTimeout(r, Math.min(500 * (i + 1), 5000)));
      try {
        const old = [...this.conns.entries()];
        const tokens = old.map(([, c]) => c.token);
        this.conns.clear();
        this.primary = null;
        if (!tokens.length) tokens.push(null);
        for (const t of tokens) {
          const c = new Connection(this.id, t);
          this.adopt(c, await c.open());
        }
        this.applyState(this.primary.hello.state);
        this.redraw();
        this.notice('');
        return;
      } catch { /* try again */ }
    }
    this.notice('The server cannot be reached. Reload the page to try again.');
  }

  close() {
    for (const c of this.conns.values()) c.close();
    if (this.primary) this.primary.close();
    this.conns.clear();
    this.primary = null;
  }

  // ---- who is who ----

  sides() {
    if (this.scenario) return this.scenario.sides.map((s) => s.id);
    const out = [];
    for (const u of (this.state && this.state.units) || []) if (!out.includes(u.side)) out.push(u.side);
    return out;
  }
  sideIndex(side) { return Math.max(0, this.sides().indexOf(side)); }
  sideName(side) {
    const s = this.scenario && this.scenario.sides.find((x) => x.id === side);
    return s ? s.name : side;
  }
  /** A corps by the id state.info keys carry (the ruleset may cut a long id short). */
  corpsName(id) {
    const all = (this.scenario && this.scenario.corps) || [];
    const c = all.find((x) => x.id === id) || all.find((x) => x.id.startsWith(id));
    return c ? c.name : id;
  }
  mySides() { return [...this.conns.keys()]; }
  isMine(side) { return this.conns.has(side); }
  myMove() { return this.state && !this.state.over && this.isMine(this.state.active); }
  unit(id) { return this.state && this.state.units.find((u) => u.id === id); }
  unitsAt(hex) { return (this.state ? this.state.units : []).filter((u) => u.hex === hex && u.status === 'on_map').sort((a, b) => (a.stack || 0) - (b.stack || 0)); }
  unitName(id) {
    const u = this.unit(id);
    return u && u.name && u.name !== id ? `${u.name} (${id})` : id;
  }
  /** A sentence of the server's with every unit id in it given the unit's name too. */
  named(text) {
    if (!text || !this.state) return text;
    if (!this.idPattern) {
      if (!this.state.units.length) return text;
      const ids = this.state.units.map((u) => u.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .sort((a, b) => b.length - a.length);
      this.idPattern = new RegExp(`(?<![\\w-])(?:${ids.join('|')})(?![\\w-])`, 'g');
    }
    return text.replace(this.idPattern, (id) => this.unitName(id));
  }
  firstOwnHex() {
    const mine = this.mySides();
    const u = this.state.units.find((x) => x.hex && (mine.length ? mine.includes(x.side) : true));
    return u && u.hex;
  }

  // ---- talking to the server ----

  /** A query (never changes the game): through the active seat if held, else any connection. */
  query(msg) {
    const c = (this.state && this.conns.get(this.state.active)) || this.primary;
    return c.request(msg);
  }

  /**
   * Sends an action for the side to move. Resolves with the reply, or null after showing the
   * refusal (its rule id and sentence) next to the map.
   */
  async act(action, { quiet = false } = {}) {
    if (this.replay.active) {
      this.refuse({ message: 'The map shows a replay: go back to the live game first.' });
      return null;
    }
    const side = this.state.active;
    const c = this.conns.get(side);
    if (!c) {
      this.refuse({ message: `It is ${this.sideName(side)}'s move${this.mySides().length ? '' : ': you are watching'}.` });
      return null;
    }
    this.setBusy(true);
    try {
      const r = await c.request({ cmd: 'act', action });
      this.combat.noteAction(action);
      this.clearRefusal();
      this.logBatch(r.events, r.hash, r.turn);
      await this.refresh();
      return r;
    } catch (e) {
      if (!quiet) this.refuse(e);
      return null;
    } finally {
      this.setBusy(false);
    }
  }

  async undo() {
    const c = this.conns.get(this.state.active);
    if (!c) return this.refuse({ message: 'Only the side to move may take back its last action.' });
    this.pendingUndos = (this.pendingUndos || 0) + 1;
    try {
      const r = await c.request({ cmd: 'undo' });
      this.clearRefusal();
      this.log.add([], { undone: r.undone ? actionText(r.undone, (u) => this.unitName(u)) : 'the last action' });
      if (r.hash) this.loggedHashes.add(r.hash);
      this.resetHistory = true;
      await this.refresh();
    } catch (e) {
      this.pendingUndos--;
      this.refuse(e);
    }
  }

  logBatch(events, hash, turn) {
    if (hash && this.loggedHashes.has(hash)) return false;
    if (hash) this.loggedHashes.add(hash);
    this.log.add(events || [], { turn: turn || (this.state && this.state.turn), name: (u) => this.unitName(u), side: (s) => this.sideName(s), words: (t) => this.named(t) });
    this.replay.addBatch(events || []);
    this.combat.markResult(events || []);
    return true;
  }

  onPush(m) {
    if (m.push === 'update') {
      const st = m.status || {};
      if (m.undone || m.cmd === 'undo') {
        // Our own undo was logged from its reply; the other side's is logged here.
        if (this.pendingUndos > 0) this.pendingUndos--;
        else this.log.add([], { undone: m.undone ? actionText(m.undone, (u) => this.unitName(u)) : 'the last action' });
        this.resetHistory = true;
        this.trail.clear();
      } else {
        this.logBatch(m.events, st.hash, st.turn);
        this.trail.note(m.by, m.events);
      }
      this.scheduleRefresh();
    } else if (m.push === 'hint') {
      this.onHint(m);
    } else if (m.push === 'pace') {
      this.pace = { ms: m.ms, paused: m.paused };
      this.drawStatus();
    } else if (m.push === 'over') {
      this.overInfo = m;
      this.scheduleRefresh().then(() => this.showOver());
    }
  }

  scheduleRefresh() {
    if (!this.refreshing) {
      this.refreshing = (async () => {
        await new Promise((r) => setTimeout(r, 30));
        this.refreshing = null;
        await this.refresh();
      })();
    }
    return this.refreshing;
  }

  async refresh() {
    try {
      const st = await this.primary.request({ cmd: 'state' });
      this.applyState(st);
      if (this.resetHistory) {
        // An undo took back what the live history shows: start it again from here.
        this.resetHistory = false;
      }
      this.replay.sync();
      this.redraw();
      if (this.zocOn) this.drawZoc();
      await this.mover.refreshSelection();
      await this.combat.refresh();
      if (st.over) this.showOver();
    } catch (e) {
      this.notice(`Could not read the game: ${e.message}`);
    }
  }

  applyState(st) {
    const prev = this.state;
    this.state = st;
    if (st.hash) this.loggedHashes.add(st.hash);
    if (this.hintHash && this.hintHash !== st.hash && !this.playing) this.map.showHint(null); // the game moved on
    if (this.hintAsked && this.hintAsked !== st.hash) { // the server drops a hint for a past position
      this.hintAsked = null;
      if (/^The AI is thinking/.test($('notice').textContent)) this.notice('');
    }
    if (prev && (prev.phase !== st.phase || prev.active !== st.active)) this.onPhaseChange(prev);
  }

  onPhaseChange() {
    this.combat.clear();
    this.map.clearLos();
    this.losFrom = null;
  }

  // ---- input ----

  bindToolbar() {
    for (const b of document.querySelectorAll('[data-tool]')) b.onclick = () => this.setTool(b.dataset.tool);
    $('zoc-toggle').onclick = () => this.toggleZoc();
    $('trail-toggle').onclick = () => this.toggleTrail();
    $('zoom-in').onclick = () => this.map.zoom(1.25);
    $('zoom-out').onclick = () => this.map.zoom(0.8);
    $('zoom-reset').onclick = () => this.map.resetView();
    $('end-phase').onclick = () => this.endPhase();
    $('undo').onclick = () => this.undo();
    $('hint').onclick = () => this.hint();
    $('pause').onclick = () => this.togglePause();
    $('step').onclick = () => this.step();
    $('speed').onchange = (ev) => this.setPace({ ms: Number(ev.target.value) });
    $('refusal-close').onclick = () => this.clearRefusal();
  }

  setTool(tool) {
    this.tool = tool;
    for (const b of document.querySelectorAll('[data-tool]')) b.setAttribute('aria-pressed', String(b.dataset.tool === tool));
    this.root.dataset.tool = tool;
    if (tool !== 'los') { this.map.clearLos(); this.losFrom = null; }
    if (tool === 'los') this.notice('Line of sight: choose the hex to look from, then the hex to look at.');
    else if (tool === 'combat') this.notice('Combat: choose your attackers, then the enemy units to attack.');
    else this.notice('');
    this.redraw();
  }

  /**
   * The last moves made before this page opened (or reopened): the server's events of the last
   * few hundred actions, so that a player coming back sees what the other side did meanwhile.
   * Kept only if no move arrived while they were asked for.
   */
  async loadTrail() {
    const total = this.state.actions || 0;
    if (!total) return;
    try {
      const r = await this.primary.request({ cmd: 'events_since', since: Math.max(0, total - TRAIL_ACTIONS) });
      if (this.trail.by !== null) return;
      for (const a of r.actions) this.trail.note(a.by, a.events);
      this.drawTrail();
    } catch { /* no lines until the next moves */ }
  }

  toggleTrail() {
    this.trailOn = !this.trailOn;
    $('trail-toggle').setAttribute('aria-pressed', String(this.trailOn));
    this.drawTrail();
  }

  /**
   * The other side's last moves (trail.js): in a game where this browser holds one seat, the
   * other sides'; in hotseat or to a spectator, those of the sides not to move now.
   */
  drawTrail() {
    const mine = this.mySides();
    const shown = (s) => (mine.length === 1 ? s !== mine[0] : s !== this.state.active);
    const colour = (p) => this.colour((this.unit(p.unit) || p).side); // the unit's side; its run's once it is gone
    this.map.showTrail(this.trailOn ? this.trail.paths(shown) : [], colour);
  }

  async toggleZoc() {
    this.zocOn = !this.zocOn;
    $('zoc-toggle').setAttribute('aria-pressed', String(this.zocOn));
    await this.drawZoc();
  }

  async drawZoc() {
    if (!this.zocOn) { this.map.showZoc(null); return; }
    try {
      const r = await this.query({ cmd: 'zoc' });
      this.map.showZoc(r.sides, (s) => this.sideIndex(s));
      const counts = Object.entries(r.sides).map(([s, h]) => `${this.sideName(s)} ${h.length} hexes`).join(', ');
      this.notice(`Zones of control shown (${counts}).`);
    } catch (e) {
      this.map.showZoc(null);
      this.notice(`No zones of control: ${e.message}${e.rule ? ` (${e.rule})` : ''}`);
    }
  }

  /** Changes the pace of a game of the AI against itself (the server tells every watcher). */
  async setPace(change) {
    if (!this.pace || this.state.over) return;
    try {
      this.pace = (await this.primary.request({ cmd: 'pace', ...change })).pace;
      this.drawStatus();
    } catch (e) {
      this.refuse(e);
    }
  }

  togglePause() { return this.setPace({ paused: !(this.pace && this.pace.paused) }); }

  /** One action of a paused game of the AI against itself. */
  step() { return this.pace && this.pace.paused ? this.setPace({ step: true }) : undefined; }

  /** Asks the server what its AI would play here for my side (in a game with suggestions: against
   * the AI, or chosen at its creation); the answer comes as a push. */
  async hint() {
    const c = this.myMove() && this.hints && this.conns.get(this.state.active);
    if (!c) return;
    this.hintAsked = this.state.hash;
    this.notice('The AI is thinking about your move...');
    try {
      await c.request({ cmd: 'hint' });
    } catch (e) {
      this.notice('');
      this.refuse(e);
    }
  }

  /**
   * The AI's suggestion (a whole move: an activation to its end, say), shown with a button that
   * plays it action by action, its unit selected, while the position is the one it was made for.
   */
  onHint(m) {
    const actions = m.actions || [];
    if (!this.isMine(m.side) || !actions.length || !this.state || m.hash !== this.state.hash) return;
    this.hintAsked = null;
    const play = el('button', { type: 'button', id: 'hint-play', onclick: () => this.playAll(actions) }, 'Play it');
    // One sentence: the later actions' own verbs in lower case ("then end the activation").
    const said = actions.map((a, i) => actionText(a, (u) => this.unitName(u))
      .replace(/^(Activate|Begin|Add|Close|End|Attack|Resolve|Do not)\b/, (w) => (i ? w.toLowerCase() : w))).join(', then ');
    clear($('notice')).append(`The AI suggests: ${said}. `, play);
    const unit = actions.find((a) => a.unit && this.unit(a.unit));
    if (!unit) return;
    this.mover.select([unit.unit]);
    this.hintHash = m.hash;
    this.map.showHint([this.unit(unit.unit).hex, ...actions.filter((a) => a.type === 'step' && a.to).map((a) => a.to)]);
  }

  /** Plays actions in turn, stopping at the first the server refuses (its rule shown). */
  async playAll(actions) {
    this.notice('');
    this.playing = true;
    try {
      for (const a of actions) if (!(await this.act(a))) break;
    } finally {
      this.playing = false;
      this.hintHash = null;
      this.map.showHint(null);
      if (this.state) this.drawStatus();
    }
  }

  async endPhase() {
    if (this.mover.activeUnit()) {
      // An unfinished activation is the server's to refuse or not; try to close it first.
      await this.act({ type: 'end_activation' }, { quiet: true });
    }
    await this.act({ type: 'end_phase' });
  }

  onUnit(id, ev, hex) {
    if (this.replay.active) return;
    const u = this.unit(id);
    if (!u) return;
    if (this.tool === 'los') return this.onHex(hex || u.hex, ev);
    if (this.tool === 'combat') return this.combat.toggle(id);
    // Move tool: clicking your own unit selects it; clicking a hex with an enemy on it while a
    // unit of yours is selected asks the server to move there (it will say why not).
    if (this.mover.selected.length && u.side !== this.unit(this.mover.selected[0]).side && this.isMine(this.unit(this.mover.selected[0]).side)) {
      return this.mover.moveTo(u.hex);
    }
    const stack = this.unitsAt(u.hex);
    // Clicking a selected stack again selects the next counter down.
    let pick = id;
    if (!ev.shiftKey && this.mover.selected.length === 1 && stack.length > 1 && stack.some((s) => s.id === this.mover.selected[0])) {
      const i = stack.findIndex((s) => s.id === this.mover.selected[0]);
      pick = stack[(i + 1) % stack.length].id;
    }
    this.mover.select([pick], { add: ev.shiftKey });
  }

  onHex(hex, ev) {
    if (this.replay.active) return;
    if (this.tool === 'los') return this.losClick(hex);
    const choice = this.tool === 'move' && !this.mover.selected.length && this.mover.choiceAt(hex);
    if (choice) return this.act(choice);
    const here = this.unitsAt(hex);
    if (this.tool === 'combat') {
      if (here.length) this.combat.toggle(here[0].id);
      return;
    }
    if (this.mover.selected.length && !(here.length && here.every((u) => this.mover.selected.includes(u.id)))) {
      const first = this.unit(this.mover.selected[0]);
      if (here.length && here[0].side === first.side && !this.mover.reachable(hex)) {
        return this.mover.select([here[0].id], { add: ev && ev.shiftKey });
      }
      return this.mover.moveTo(hex);
    }
    if (here.length) this.mover.select([here[0].id], { add: ev && ev.shiftKey });
  }

  onBox(hexes, ev) {
    if (this.replay.active) return;
    const mine = new Set(this.mySides().length ? this.mySides() : this.sides());
    const active = this.state.active;
    const ids = this.state.units.filter((u) => hexes.includes(u.hex) && u.status === 'on_map' && mine.has(u.side) && (!this.isMine(active) || u.side === active)).map((u) => u.id);
    if (this.tool === 'combat') ids.forEach((id) => this.combat.toggle(id, true));
    else this.mover.select(ids, { add: ev.shiftKey });
  }

  /** Enter / Space on the map: the same as a click on the cursor hex. */
  actAtCursor(shift) {
    const hex = this.map.cursor;
    const here = this.unitsAt(hex);
    if (this.tool === 'move' && here.length && !this.mover.selected.length) return this.onUnit(here[0].id, { shiftKey: shift }, hex);
    if (this.tool === 'move' && here.length && here[0].side === (this.unit(this.mover.selected[0]) || {}).side && !this.mover.reachable(hex)) {
      return this.onUnit(here[0].id, { shiftKey: shift }, hex);
    }
    return this.onHex(hex, { shiftKey: shift });
  }

  async losClick(hex) {
    if (!this.losFrom || this.losTo) {
      this.losFrom = hex;
      this.losTo = null;
      this.map.showLos(hex, null, null);
      this.notice(`Line of sight from ${hex}: now choose the hex to look at.`);
      return;
    }
    this.losTo = hex;
    try {
      const r = await this.query({ cmd: 'los', from: this.losFrom, to: hex });
      this.map.showLos(this.losFrom, hex, r);
      this.notice(r.clear ? `Line of sight ${this.losFrom} to ${hex}: clear.`
        : `Line of sight ${this.losFrom} to ${hex}: blocked at ${r.blocked_at}${r.reason ? `, ${r.reason}` : ''}${r.rule ? ` (${r.rule})` : ''}.`);
    } catch (e) {
      this.refuse(e);
    }
  }

  // ---- messages next to the map ----

  refuse(e) {
    this.lastRefusal = e;
    const box = $('refusal');
    const rule = e instanceof ProtocolError || e.rule ? e.rule : null;
    $('refusal-text').textContent = this.named(e.message) || String(e);
    $('refusal-rule').textContent = rule ? `Rule ${rule}` : (e.code ? e.code : 'Refused');
    box.dataset.rule = rule || '';
    box.hidden = false;
    this.log.note(`Refused${rule ? ` (${rule})` : ''}: ${this.named(e.message)}`);
  }

  clearRefusal() { $('refusal').hidden = true; }

  notice(text) { $('notice').textContent = text; }

  setBusy(b) {
    this.busy = b;
    this.root.setAttribute('aria-busy', String(b));
    if (this.state) this.drawStatus();
  }

  // ---- drawing ----

  redraw() {
    if (!this.state || !this.map.width) return;
    const past = this.replay.units();
    drawCounters(this.map.counters, past || this.state.units, {
      sideIndex: (s) => this.sideIndex(s),
      sideName: (s) => this.sideName(s),
      selected: new Set(past ? [] : this.mover.selected),
      attackers: new Set(past ? [] : this.combat.attackers),
      defenders: new Set(past ? [] : this.combat.defenders),
      replay: !!past,
    });
    this.drawTrail();
    this.drawStatus();
    this.drawPoints();
    this.mover.drawPanel();
    this.drawUnitList();
  }

  /** The state on the map: the replay's while one is in view, else the live game's. */
  shown() { return (this.replay && this.replay.units() && this.replay.state) || this.state; }

  drawStatus() { drawStatus(this); }
  drawPoints() { drawPoints(this); }
  drawUnitList() { drawUnitList(this); }

  describeUnit(u) { return describe(u, this.sideName(u.side)); }

  showOver() {
    if (this.overShown) return;
    this.overShown = true;
    showEnd($('endgame'), this);
    this.drawStatus();
  }

  colour(side) { return SIDE_COLOURS[this.sideIndex(side) % SIDE_COLOURS.length]; }
}
