// One table's WebSocket (docs/protocol.md): hello with the stored token and the last event
// seen, then events and syncs; it reconnects by itself and asks for the events it missed, saying
// how many log entries of which partie it holds (the views then bring only the others).
//
// handlers: onReset() before a fresh history arrives, onEvent(msg), onSync(msg), onError(msg),
// onMessage(msg) for direct answers (seated, hint, last_trick, record, presence, timer, pong),
// onStatus({state: "connecting" | "open" | "lost" | "gone", retryIn}), holding() → {partie, log}:
// the log entries the page holds.

import { lang } from "./i18n.js";
import { learnSeats, learnView } from "./games.js";
import { tokenFor } from "./storage.js";

const RETRY = [500, 1000, 2000, 3000, 5000];

export class TableSocket {
  constructor(tableId, handlers) {
    this.tableId = tableId;
    this.handlers = handlers;
    this.lastEvent = null;
    this.ws = null;
    this.generation = 0;
    this.failures = 0;
    this.stopped = false;
    this.refs = 0;
    this.retryTimer = null;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws/${encodeURIComponent(this.tableId)}`;
  }

  // Connect afresh: the table as it is now (a sync with the whole log of the partie), in the page's language.
  start() {
    this.open(null, true);
  }

  // A new language: a new socket brings the table and its log again in that language, then the old one closes.
  restart() {
    this.open(null, true);
  }

  open(lastEvent, fresh) {
    this.generation += 1;
    const generation = this.generation;
    const previous = this.ws;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    let reset = !fresh;
    this.status({ state: "connecting" });
    ws.addEventListener("open", () => {
      if (generation !== this.generation) return;
      const hello = { type: "hello", lang: lang(), token: tokenFor(this.tableId), last_event: lastEvent };
      if (!fresh && this.handlers.holding) Object.assign(hello, this.handlers.holding());
      ws.send(JSON.stringify(hello));
    });
    ws.addEventListener("message", (message) => {
      if (generation !== this.generation) return;
      let data;
      try { data = JSON.parse(message.data); } catch (e) { return; }
      if (!reset) {
        reset = true;
        this.lastEvent = null;
        this.handlers.onReset();
      }
      this.receive(data);
      if (data.type === "sync" && previous && previous !== ws) {
        previous.close(1000);
      }
    });
    ws.addEventListener("close", (closed) => {
      if (generation !== this.generation || this.stopped) return;
      if (closed.code === 4404) {
        this.status({ state: "gone" });
        return;
      }
      this.retry();
    });
  }

  retry() {
    const wait = RETRY[Math.min(this.failures, RETRY.length - 1)];
    this.failures += 1;
    this.status({ state: "lost", retryIn: Math.ceil(wait / 1000) });
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (this.stopped) return;
      // missed events since the last one received, then a sync
      this.open(this.lastEvent, false);
    }, wait);
  }

  receive(data) {
    if (data.type === "event") {
      if (typeof data.event === "number") this.lastEvent = data.event;
      if (data.seats) learnSeats(data.seats);
      this.handlers.onEvent(data);
    } else if (data.type === "sync") {
      this.failures = 0;
      this.lastEvent = data.event;
      this.status({ state: "open" });
      if (data.table) learnView(data.table.game, data.table.view);   // the game's words, before the page draws
      learnSeats(data.seats);
      this.handlers.onSync(data);
    } else if (data.type === "error") {
      this.handlers.onError(data);
    } else {
      this.handlers.onMessage(data);
    }
  }

  status(value) {
    if (this.handlers.onStatus) this.handlers.onStatus(value);
  }

  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.refs += 1;
    this.ws.send(JSON.stringify({ ref: this.refs, ...message }));
    return true;
  }

  // Play an action offered in `legal`: its code, with the number of the event after which the
  // player saw the table he chose from (if the table has moved on since, the server refuses: stale).
  act(code, seenEvent) {
    const event = seenEvent === null || seenEvent === undefined ? this.lastEvent : seenEvent;
    return this.send({ type: "act", action: code, event: event === null ? 0 : event });
  }

  // Drop the socket as if the network failed (tests; a reconnect follows).
  drop() {
    if (this.ws) this.ws.close(4000);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    if (this.ws) this.ws.close(1000);
  }
}
