// The server connection: the small HTTP API (scenarios, games, records) and the WebSocket that
// carries line-protocol requests ({"id", "cmd", ...} -> reply with the same id) and the server's
// pushes ({"push": "update" | "over", ...}). docs/server-api.md is the contract.

async function http(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { error: { message: text } }; }
  if (!res.ok) {
    const e = data && data.error;
    const msg = (e && (e.message || e)) || `${method} ${path}: HTTP ${res.status}`;
    throw Object.assign(new Error(typeof msg === 'string' ? msg : JSON.stringify(msg)), { status: res.status, data });
  }
  return data;
}

export const api = {
  scenarios: () => http('GET', '/api/scenarios'),
  games: () => http('GET', '/api/games'),
  createGame: (scenario, seats, options = {}, hints) => http('POST', '/api/games', { scenario, options, seats, hints }),
  ruleset: (id) => http('GET', `/api/rulesets/${encodeURIComponent(id)}`),
  record: (game) => http('GET', `/api/games/${encodeURIComponent(game)}/record`),
  thumbnailUrl: (scenario) => `/api/scenarios/${encodeURIComponent(scenario)}/map.svg`,
  mapSvg: async (scenario) => {
    const res = await fetch(`/api/scenarios/${encodeURIComponent(scenario)}/map.svg`);
    if (!res.ok) throw new Error(`map.svg: HTTP ${res.status}`);
    return res.text();
  },
};

/** An error reply of the line protocol, kept whole so the UI can show its rule id. */
export class ProtocolError extends Error {
  constructor(reply) {
    const e = (reply && reply.error) || {};
    super(e.message || 'request refused');
    this.code = e.code;
    this.rule = e.rule;
    this.reply = reply;
  }
}

/**
 * One WebSocket seat (or a spectator) in one game. `request` sends a line-protocol command and
 * resolves with the reply (rejects with ProtocolError when ok is false). `onPush` receives the
 * server's pushes; `onClose` is told when the socket drops (the game view reconnects).
 */
export class Connection {
  constructor(game, token) {
    this.game = game;
    this.token = token || null;
    this.nextId = 1;
    this.pending = new Map();
    this.onPush = () => {};
    this.onClose = () => {};
    this.hello = null;
    this.closed = false;
  }

  open() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return new Promise((resolve, reject) => {
      let ws;
      try {
        ws = new WebSocket(`${proto}//${location.host}/ws`, 'grognard');
      } catch (e) {
        reject(e);
        return;
      }
      this.ws = ws;
      let opened = false;
      ws.onopen = () => {
        opened = true;
        const msg = { cmd: 'hello', game: this.game };
        if (this.token) msg.token = this.token;
        this.request(msg).then((r) => { this.hello = r; resolve(r); }, reject);
      };
      ws.onmessage = (ev) => this.receive(ev.data);
      ws.onerror = () => { if (!opened) reject(new Error('cannot connect to the server')); };
      ws.onclose = () => {
        for (const [, p] of this.pending) p.reject(new Error('the connection closed'));
        this.pending.clear();
        if (!opened) reject(new Error('the server refused the connection'));
        if (!this.closed) this.onClose();
      };
    });
  }

  receive(text) {
    let msg;
    try { msg = JSON.parse(text); } catch { return; }
    if (msg.push) {
      this.onPush(msg);
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.ok === false) p.reject(new ProtocolError(msg));
    else p.resolve(msg);
  }

  request(msg) {
    const id = this.nextId++;
    const out = { id, ...msg };
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(new Error('not connected to the server'));
        return;
      }
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify(out));
    });
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
