// The game log: every event in words with the rule behind it, as a plain-text ordered list that
// a screen reader follows (aria-live). The log also keeps the events in order for the replay.
import { el, phaseName } from './dom.js';

function signed(v) {
  return v > 0 ? `+${v}` : v < 0 ? `\u2212${-v}` : '0';
}

function modifiersText(mods) {
  if (!mods || !mods.length) return '';
  return mods.map((m) => `${m.label} ${signed(m.value)}${m.rule ? ` [${m.rule}]` : ''}`).join(', ');
}

/**
 * One event in words. `name(unitId)` gives a unit's display name, `side(sideId)` a side's,
 * `words(text)` the server's sentence with its unit ids named.
 */
export function eventText(e, name = (u) => u, side = (s) => s, words = (t) => t) {
  const u = e.unit ? name(e.unit) : '';
  const said = e.text ? words(e.text) : e.text;
  let t;
  switch (e.type) {
    case 'moved': t = said || `${u} moves from ${e.from} to ${e.to}.`; break;
    case 'retreat': t = said || `${u} retreats from ${e.from} to ${e.to}.`; break;
    case 'advance': t = said || `${u} advances from ${e.from} to ${e.to}.`; break;
    case 'turned': t = said || `${u} turns to face vertex ${e.facing}${e.hex ? ` at ${e.hex}` : ''}.`; break;
    case 'eliminated': t = said || `${u} is eliminated${e.hex ? ` at ${e.hex}` : ''}.`; break;
    case 'arrived': t = said || `${u} arrives at ${e.to}.`; break;
    case 'activated': t = said || `${u} is activated${e.value ? ` (cost ${e.value})` : ''}.`; break;
    case 'die': {
      const mods = modifiersText(e.modifiers);
      t = said ? `${said}${mods ? ` Modifiers: ${mods}.` : ''}`
        : `Die roll ${e.roll}${mods ? `; modifiers: ${mods}` : ''}; result ${e.value}.`;
      break;
    }
    case 'result': t = `Result: ${said || e.value}.`; break;
    case 'disorder': t = said || `${u} is ${e.value ? 'disordered' : 'rallied'}.`; break;
    case 'points': t = said || `${e.corps || e.side}: ${e.value} action points.`; break;
    case 'phase':
      // Some rulesets name the phase only by its id (nap.combat): say it in words.
      t = said && !/^[a-z]+\.[a-z_]+$/.test(said) ? said
        : `Turn ${e.value}, ${e.side ? side(e.side) : 'next side'}: ${said ? `${phaseName(said).toLowerCase()} phase` : 'a new phase'}.`;
      break;
    case 'game_over': t = said || 'The game is over.'; break;
    default: t = said || `${e.type}${u ? ` ${u}` : ''}.`;
  }
  return t;
}

export class GameLog {
  constructor(list) {
    this.list = list;
    this.events = []; // [{event, turn}] in order
  }

  clear() {
    this.list.replaceChildren();
    this.events = [];
    this.turn = undefined;
  }

  /** Appends a batch of events (one accepted action). `who` names the acting side, if known. */
  add(events, { turn, name, side, words, undone } = {}) {
    if (undone) {
      this.list.append(el('li', { class: 'undo' }, `Taken back: ${undone}.`));
      this.scroll();
      return;
    }
    // Events before a new-phase event belong to the turn that was running.
    let t = this.turn ?? turn;
    for (const e of events || []) {
      if (e.type === 'phase' && e.value) t = e.value;
      this.events.push({ event: e, turn: t });
      const li = el('li', { class: `ev ev-${e.type}`, 'data-type': e.type, 'data-rule': e.rule || '' },
        t ? el('span', { class: 'turn' }, `T${t} `) : null,
        eventText(e, name, side, words),
        e.rule ? el('span', { class: 'rule' }, ` (${e.rule})`) : null);
      this.list.append(li);
    }
    if (turn) this.turn = turn;
    this.scroll();
  }

  note(text) {
    this.list.append(el('li', { class: 'note' }, text));
    this.scroll();
  }

  scroll() {
    const box = this.list.parentElement;
    if (box) box.scrollTop = box.scrollHeight;
  }
}
