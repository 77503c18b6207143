// The table view: the seats around the table (the viewer at the bottom), the trick in the
// middle, the viewer's hand, the choices, the scores and the score sheet, the talk, the log.
//
// It shows what the server sends (sync and events) and sends back codes it was offered; it
// never decides what is legal. A view brings the position and the log entries the page lacks:
// the page keeps the partie's log and reads from position and log what it shows (`observed`).

import { fieldLabel, has, lang, onLang, t } from "./i18n.js";
import { cardElement, cardText, isCard, sortCards, SUIT_SYMBOL } from "./cards.js";
import { actionPanel, sortLegal } from "./actions.js";
import { extras, observed, places, recordLines, rolesOf, sheetTable, shown, TALON } from "./observation.js";
import { TableSocket } from "./socket.js";
import { keepName, keepToken, savedName } from "./storage.js";
import { getGames } from "./api.js";
import { placesOf } from "./games.js";
import { el, langSwitch, placeSeat, seatPoint, phaseLabel, tableOrder } from "./dom.js";

const LOG_KEEP = 2000;

export function tableView(root, tableId) {
  const S = {
    id: tableId, sync: null, seats: [], view: null, status: null, you: { seat: null, host: false },
    log: [], conn: "connecting", retryIn: 0, notice: null, hinted: null, lastTrick: null, summary: null,
    resultsSeen: null, viewEvent: null, timer: null, grace: {}, paths: {}, drafts: {}, bots: [], replaying: true,
    rematch: [], partie: 0, gone: false, pick: null, openMenus: new Set(),
    entries: [], entriesPartie: 0, entriesSeat: -1, obs: null,
  };
  const socket = new TableSocket(tableId, {
    onReset() {
      S.log = [];
      S.entries = [];
      S.entriesPartie = 0;
      S.replaying = true;
    },
    holding() { return { partie: S.entriesPartie, log: S.entries.length, log_seat: S.entriesSeat }; },
    onEvent(ev) { onEvent(ev); render(); },
    onSync(sync) { onSync(sync); render(); },
    onError(err) { onError(err); render(); },
    onMessage(msg) { onMessage(msg); render(); },
    onStatus(status) {
      S.conn = status.state;
      S.retryIn = status.retryIn || 0;
      if (status.state === "gone") S.gone = true;
      render();
    },
  });
  window.atoutTable = { socket, state: S };

  getGames().then((games) => {
    S.games = games;
    render();
  }).catch(() => {});

  // ------------------------------------------------------------------ receiving

  function onSync(sync) {
    S.sync = sync;
    S.table = sync.table;
    S.status = sync.table.status;
    S.partie = sync.table.partie;
    S.you = sync.you;
    setSeats(sync.seats);
    takeView(sync.view);
    S.viewEvent = sync.event;
    S.rematch = sync.rematch || [];
    setTimer(sync.timer);
    const results = resultsOf(S.obs);
    if (S.resultsSeen === null || S.replaying) S.resultsSeen = results.length;
    S.replaying = false;
    S.pick = null;
  }

  // A view: its log entries join those the page holds (a view's `log` starts at `log_from`; a new
  // partie's log at 0), and the observation the page draws is read again from position and log.
  function takeView(view) {
    S.view = view;
    if (view) {
      if (view.partie !== S.entriesPartie || view.log_from === 0) {
        S.entries = [];
        S.entriesPartie = view.partie;
      }
      S.entriesSeat = view.position.seat === null ? -1 : view.position.seat;   // whose view the entries are
      if (view.log_from > S.entries.length) {
        // entries missing (never expected): ask the table again, with its whole log
        S.entries = [];
        S.entriesPartie = 0;
        socket.restart();
      } else {
        S.entries.length = view.log_from;
        for (const entry of view.log) S.entries.push(entry);
      }
    }
    S.obs = view ? observed(view.position, S.entries) : null;
  }

  function onEvent(ev) {
    S.status = ev.status;
    if (ev.seats) setSeats(ev.seats);
    if (Object.prototype.hasOwnProperty.call(ev, "view")) {
      takeView(ev.view);
      S.viewEvent = ev.event;   // the view is the table after this event (the end of a burst)
      S.pick = null;
      S.hinted = null;
      const results = resultsOf(S.obs);
      if (!ev.replay && !S.replaying && S.resultsSeen !== null && results.length > S.resultsSeen) {
        S.summary = { kind: "deal", record: results[results.length - 1] };
      }
      if (!ev.replay && !S.replaying) S.resultsSeen = results.length;
    }
    if (ev.what === "start") {
      S.partie = ev.partie;
      S.rematch = [];
      if (!ev.replay) S.summary = null;
    }
    if (ev.what === "rematch") S.rematch = ev.asked || [];
    if (ev.what === "end" && !ev.replay) S.summary = { kind: "partie", outcome: ev.outcome };
    S.log.push(ev);
    if (S.log.length > LOG_KEEP) S.log.splice(0, S.log.length - LOG_KEEP);
  }

  function onError(err) {
    if (err.code === "no_table") {
      S.gone = true;
      return;
    }
    if (err.code === "stale") {
      S.notice = { kind: "warn", text: t("stale_refresh") };
      socket.send({ type: "lang", lang: lang() });   // answered by a fresh sync
      return;
    }
    const engine = ["illegal", "invalid", "ambiguous"].includes(err.code);
    S.notice = { kind: "error", text: engine ? t("refused", { message: err.message }) : err.message, code: err.code };
  }

  function onMessage(msg) {
    if (msg.type === "seated") {
      keepToken(S.id, msg.token);
      S.you = { ...S.you, seat: msg.seat };
    } else if (msg.type === "presence") {
      setSeats(msg.seats);
    } else if (msg.type === "timer") {
      setTimer(msg.seat === null ? null : msg);
    } else if (msg.type === "hint") {
      S.hinted = msg.action.code;
      S.notice = { kind: "hint", text: t("hint_is", { text: msg.action.text }) };
    } else if (msg.type === "last_trick") {
      S.lastTrick = { trick: msg.trick };
    } else if (msg.type === "record") {
      download(`${S.id}-${S.partie}.txt`, msg.text);
    }
  }

  function setSeats(seats) {
    S.seats = seats;
    const now = Date.now();
    S.grace = {};
    for (const seat of seats) if (seat.grace_left !== null && seat.grace_left !== undefined) {
      S.grace[seat.seat] = now + seat.grace_left * 1000;
    }
  }

  function setTimer(timer) {
    S.timer = timer && timer.seat !== null && timer.seat !== undefined
      ? { seat: timer.seat, deadline: Date.now() + timer.seconds_left * 1000 } : null;
  }

  function resultsOf(obs) {
    return (obs && Array.isArray(obs.results)) ? obs.results : [];
  }

  // ------------------------------------------------------------------ sending

  function act(code) {
    S.notice = null;
    S.pick = null;
    S.paths = {};
    if (!socket.act(code, S.viewEvent)) S.notice = { kind: "warn", text: t("not_sent") };
    render();
  }

  function sit(seat) {
    const input = root.querySelector(".name-input");
    const name = (input ? input.value : savedName()).trim();
    if (!name) {
      S.notice = { kind: "error", text: t("name_required") };
      render();
      return;
    }
    keepName(name);
    if (!socket.send({ type: "sit", seat, name })) S.notice = { kind: "warn", text: t("not_sent") };
  }

  function download(filename, text) {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const a = el("a");
    a.href = url;
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  onLang(() => {
    socket.restart();
    getGames().then((games) => { S.games = games; render(); }).catch(() => {});
    render();
  });

  // ------------------------------------------------------------------ drawing

  function seatName(n) {
    const seat = S.seats[n];
    if (!seat) {
      const obs = S.obs;
      return obs && n >= obs.num_seats && placesOf(obs.game, obs.num_seats) > n ? t("mort") : t("seat_of", { n });
    }
    if (seat.kind === "open") return t("open_seat");
    if (seat.kind === "bot") return t("bot_seat", { n, bot: seat.bot || seat.name });
    return seat.name || t("seat_of", { n });
  }

  function header() {
    const bar = el("header", "topbar");
    const back = el("a", "back-link", t("back_lobby"));
    back.href = "/";
    const title = el("h1", "table-title", S.table ? `${S.table.title} · ${t("partie_n", { n: S.partie || 1 })}` : t("connecting"));
    bar.append(back, title);
    const invite = el("div", "invite");
    const link = `${location.origin}/t/${S.id}`;
    const field = el("input", "invite-link");
    field.readOnly = true;
    field.value = link;
    field.setAttribute("aria-label", t("invite"));
    const copy = el("button", "copy-invite", t("copy"));
    copy.type = "button";
    copy.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(link); } catch (e) { field.select(); document.execCommand("copy"); }
      copy.textContent = t("copied");
    });
    invite.append(el("span", "invite-label", t("invite")), field, copy);
    bar.append(invite);
    if (S.you.seat === null) {
      const name = el("input", "name-input");
      name.placeholder = t("your_name");
      name.setAttribute("aria-label", t("your_name"));
      name.maxLength = 24;
      name.value = savedName();
      bar.append(name);
    }
    bar.append(langSwitch());
    return bar;
  }

  function statusLine(obs) {
    const line = el("div", "status-line");
    if (S.conn === "lost") line.append(el("span", "conn lost", t("reconnecting", { s: S.retryIn })));
    else if (S.conn === "connecting" && !S.sync) line.append(el("span", "conn", t("connecting")));
    if (!obs) {
      if (S.status === "waiting") line.append(el("span", "turn", t("waiting_players")));
      return line;
    }
    const mover = obs.to_move;
    let text;
    if (S.status === "finished" || mover === "none") text = t("partie_over");
    else if (mover === "chance") text = t("table_turn");
    else if (mover === S.you.seat) text = t("your_turn");
    else text = t("turn_of", { name: seatName(mover) });
    const turn = el("span", `turn${mover === S.you.seat ? " mine" : ""}`, text);
    line.append(turn, el("span", "phase", phaseLabel(obs.phase)));
    if (obs.trump) line.append(el("span", "trump-mark", `${t("trump")} ${SUIT_SYMBOL[obs.trump] || obs.trump}`));
    if (S.you.seat === null) line.append(el("span", "watching", t("spectating")));
    return line;
  }

  // The entries of the hand in progress with their words in the page's language (each entry's
  // `words`, from the server); the entry's own (English) text should they be missing.
  function logTexts() {
    const obs = S.obs;
    if (!obs || !Array.isArray(obs.log)) return [];
    return obs.log.map((entry) => {
      const text = typeof entry.words === "string" ? entry.words : entry.text;
      return { entry, text, said: typeof entry.said === "string" ? entry.said : text };   // said: the speech alone
    });
  }

  // The words of a `talk` entry in the page's language: the latest entry of the log that the
  // same seat spoke with the same notation.
  function talkText(lines, seat, code, speech = false) {
    for (let i = lines.length - 1; i >= 0; i -= 1) {
      const { entry, text, said } = lines[i];
      if (entry.seat === seat && entry.text === code) return speech ? said : text;
    }
    return code;
  }

  function bubbles(obs) {
    // Speech near the speaker. With a `talk` field (Sizette, Quadrette): each seat's last words
    // of the latest trick that had talk; else each seat's last non-card action since its card,
    // from the view's log (the current hand).
    const out = {};
    const lines = logTexts();
    if (Array.isArray(obs.talk)) {
      if (!obs.talk.length) return out;
      const latest = Math.max(...obs.talk.map((e) => e.trick));
      for (const entry of obs.talk) if (entry.trick === latest && entry.seat >= 0) out[entry.seat] = talkText(lines, entry.seat, entry.text, true);
      return out;
    }
    for (const { entry, said } of lines) {
      if (entry.kind === "event") continue;   // a trick won, the score sheet: not words of a seat
      if (entry.seat < 0) {
        if (entry.kind === "chance") for (const k of Object.keys(out)) delete out[k];
        continue;
      }
      if (entry.card !== undefined || isCard(entry.text)) delete out[entry.seat];
      else out[entry.seat] = said;
    }
    return out;
  }

  function seatBox(obs, n, rel, count, said) {
    const info = S.seats[n];
    const box = el("div", "seat");
    box.dataset.seat = n;
    const at = seatPoint(rel, count, 44, 41, direction());
    placeSeat(box, at);
    if (obs && obs.to_move === n) box.classList.add("to-move");
    if (n === S.you.seat) box.classList.add("me");
    if (obs && obs.sides) {
      const side = obs.sides.findIndex((members) => members.includes(n));
      if (side >= 0) box.classList.add(`side-${side % 4}`);
    }
    const name = el("div", "seat-name", seatName(n) + (n === S.you.seat ? ` (${t("you")})` : ""));
    box.append(name);
    const marks = el("div", "seat-marks");
    if (info) {
      if (info.standin) {
        const standin = el("span", "mark standin", `🤖 ${t("standin_short")}`);
        standin.title = t("standin");
        marks.append(standin);
      }
      if (S.grace[n]) {
        const left = Math.max(0, Math.ceil((S.grace[n] - Date.now()) / 1000));
        const away = el("span", "mark away countdown", t("away", { s: left }));
        away.dataset.deadline = S.grace[n];
        away.dataset.template = "away";
        marks.append(away);
      } else if (info.kind === "human" && !info.connected && !info.standin) marks.append(el("span", "mark offline", t("offline")));
      if (S.table && S.table.host_seat === n) marks.append(el("span", "mark host", t("host")));
    }
    if (obs) for (const role of rolesOf(obs, n)) marks.append(el("span", `mark role role-${role.field}`, role.label));
    if (S.timer && S.timer.seat === n) {
      const left = Math.max(0, Math.ceil((S.timer.deadline - Date.now()) / 1000));
      const timer = el("span", "mark timer countdown", t("timer_left", { s: left }));
      timer.dataset.deadline = S.timer.deadline;
      timer.dataset.template = "timer_left";
      marks.append(timer);
    }
    box.append(marks);
    if (obs && n !== S.you.seat && n < obs.num_seats) {
      const size = obs.hand_sizes ? obs.hand_sizes[n] : 0;
      const backs = el("div", "backs");
      backs.title = String(size);
      for (let i = 0; i < Math.min(size, 8); i += 1) backs.append(cardElement("", { back: true, small: true }));
      backs.append(el("span", "count", String(size)));
      box.append(backs);
    }
    if (obs && n === obs.num_seats && Array.isArray(obs.mort_hand)) {
      box.append(playable(sortCards(obs.mort_hand), true));
    }
    if (obs) for (const group of extras(obs).bySeat) {
      const list = group.lists[n];
      if (!list || !list.length) continue;
      const row = el("div", `seat-cards field-${group.name}`);
      row.append(el("span", "field-label", fieldLabel(group.name)), playable(sortCards(list), true));
      box.append(row);
    }
    if (said[n]) {
      const bubble = el("div", "bubble", said[n]);
      bubble.dataset.seat = n;
      box.append(bubble);
    }
    if (info && info.kind === "open" && S.you.seat === null) {
      const button = el("button", "sit", t("sit_here"));
      button.type = "button";
      button.dataset.seat = n;
      button.addEventListener("click", () => sit(n));
      box.append(button);
    }
    if (info && S.you.host && n !== S.you.seat) box.append(hostMenu(n, info));
    return box;
  }

  function hostMenu(n, info) {
    const menu = el("details", "host-menu");
    menu.open = S.openMenus.has(n);
    menu.addEventListener("toggle", () => { if (menu.open) S.openMenus.add(n); else S.openMenus.delete(n); });
    const summary = el("summary", null, "⚙");
    summary.title = t("replace_bot");
    menu.append(summary);
    const game = (S.games || []).find((g) => S.table && g.name === S.table.game);
    const select = el("select", "bot-choice");
    for (const bot of (game ? game.bots : [])) {
      const option = el("option", null, bot);
      option.value = bot;
      select.append(option);
    }
    const replace = el("button", "replace-bot", t("replace_bot"));
    replace.type = "button";
    replace.dataset.seat = n;
    replace.addEventListener("click", () => socket.send({ type: "replace", seat: n, bot: select.value }));
    menu.append(select, replace);
    if (S.status === "waiting" && info.kind === "bot") {
      const open = el("button", "open-seat", t("open_to_people"));
      open.type = "button";
      open.addEventListener("click", () => socket.send({ type: "replace", seat: n, bot: "human" }));
      menu.append(open);
    }
    return menu;
  }

  // Cards the viewer may click: those the legal actions name.
  function playable(codes, small = false) {
    const legal = S.view ? sortLegal(S.view.legal).cards : new Map();
    const row = el("div", "card-row");
    for (const code of codes) {
      const actions = legal.get(code) || [];
      const node = cardElement(code, {
        legal: actions.length > 0, small,
        onPick: actions.length ? () => pickCard(code, actions) : null,
      });
      if (S.hinted === code) node.classList.add("hinted");
      row.append(node);
    }
    return row;
  }

  function pickCard(code, actions) {
    if (actions.length === 1) act(actions[0].code);
    else {
      S.pick = { code, actions };
      render();
    }
  }

  function centre(obs, count) {
    const middle = el("div", "centre");
    const trick = el("div", "trick");
    trick.setAttribute("aria-label", t("trick"));
    for (const entry of obs.trick || []) {
      const rel = relative(entry.seat, count);
      const at = seatPoint(rel, count, 17, 17, direction());
      const node = cardElement(entry.card, { title: t("said", { who: seatName(entry.seat), text: cardText(entry.card) }) });
      node.classList.add("trick-card");
      node.dataset.seat = entry.seat;
      node.style.left = `${at.x}%`;
      node.style.top = `${at.y}%`;
      trick.append(node);
    }
    middle.append(trick);
    const info = el("div", "centre-info");
    for (const item of extras(obs).centre) {
      const box = el("div", `centre-card field-${item.name}`);
      box.append(el("span", "field-label", fieldLabel(item.name)), cardElement(item.card, { small: true }));
      info.append(box);
    }
    for (const name of TALON) {
      if (typeof obs[name] !== "number") continue;
      const talon = el("div", `centre-talon field-${name}`);
      talon.append(el("span", "field-label", fieldLabel(name)), cardElement("", { back: true, small: true }),
        el("span", "count", String(obs[name])));
      info.append(talon);
    }
    middle.append(info);
    return middle;
  }

  // Where `seat` sits counting from the viewer's place (a spectator sits at the first place).
  function relative(seat, count) {
    const order = tableOrder(S.obs, count);
    const me = S.you.seat === null ? 0 : Math.max(0, order.indexOf(S.you.seat));
    return ((order.indexOf(seat) - me) % count + count) % count;
  }

  function direction() {
    return S.table ? S.table.direction : "clockwise";
  }

  function felt(obs) {
    const area = el("div", `felt seats-${obs ? places(obs) : S.seats.length}`);
    const count = obs ? places(obs) : S.seats.length;
    const said = obs ? bubbles(obs) : {};
    for (let n = 0; n < count; n += 1) area.append(seatBox(obs, n, relative(n, count), count, said));
    if (obs) area.append(centre(obs, count));
    if (S.summary && S.summary.kind === "partie") area.append(summaryBox(obs));
    if (S.lastTrick) area.append(lastTrickBox());
    return area;
  }

  function summaryBox(obs) {
    const box = el("div", `summary summary-${S.summary.kind}`);
    if (S.summary.kind === "deal") {
      box.append(el("h2", null, t("deal_over")), recordLines(S.summary.record));
    } else {
      const outcome = S.summary.outcome || (obs && obs.outcome) || {};
      box.append(el("h2", null, t("partie_over")));
      if (outcome.scores) box.append(el("p", "final-scores", t("final_scores", { scores: outcome.scores.join(" – ") })));
      if (outcome.winners && obs) {
        const names = outcome.winners.map((side) => (obs.sides[side] || []).map(seatName).join(", ")).join(" / ");
        box.append(el("p", "winners", t("winners", { names })));
      }
      if (outcome.reason) {
        const reason = has(`reason_${outcome.reason}`) ? t(`reason_${outcome.reason}`) : outcome.reason;
        box.append(el("p", "reason", t("reason_is", { reason })));
      }
      box.append(endButtons());
    }
    const close = el("button", "close-summary", t("close"));
    close.type = "button";
    close.addEventListener("click", () => { S.summary = null; render(); });
    box.append(close);
    return box;
  }

  function endButtons() {
    const row = el("div", "end-buttons");
    if (S.you.seat !== null) {
      const again = el("button", "rematch", t("rematch"));
      again.type = "button";
      again.disabled = S.rematch.includes(S.you.seat);
      again.addEventListener("click", () => socket.send({ type: "rematch" }));
      row.append(again);
    }
    const replay = el("a", "replay-link", t("replay"));
    replay.href = `/t/${S.id}#replay=${S.partie}`;
    row.append(replay);
    if (S.rematch.length) row.append(el("p", "rematch-asked", t("rematch_asked", { names: S.rematch.map(seatName).join(", ") })));
    return row;
  }

  function lastTrickBox() {
    const box = el("div", "last-trick-box");
    box.append(el("h2", null, t("last_trick")));
    const trick = S.lastTrick.trick;
    if (!trick) box.append(el("p", null, t("no_last_trick")));
    else {
      const count = S.obs ? places(S.obs) : S.seats.length;
      const row = el("div", "card-row");
      trick.cards.forEach((card, i) => {
        const seat = (trick.leader + i) % count;
        const item = el("div", `last-card${seat === trick.winner ? " winner" : ""}`);
        item.append(cardElement(card, { small: true }), el("span", "who", seatName(seat)));
        row.append(item);
      });
      box.append(row);
    }
    const close = el("button", "close-last", t("close"));
    close.type = "button";
    close.addEventListener("click", () => { S.lastTrick = null; render(); });
    box.append(close);
    return box;
  }

  function handArea(obs) {
    const area = el("section", "hand-area");
    if (!obs || !Array.isArray(obs.hand)) return area;
    area.append(el("h2", null, t("hand")));
    const hand = playable(sortCards(obs.hand));
    hand.classList.add("hand");
    area.append(hand);
    if (S.pick) {
      const menu = el("div", "pick-menu");
      for (const action of S.pick.actions) {
        const button = el("button", "action", action.text);
        button.type = "button";
        button.dataset.code = action.code;
        button.addEventListener("click", () => act(action.code));
        menu.append(button);
      }
      area.append(menu);
    }
    return area;
  }

  function tools(obs) {
    const row = el("div", "tools");
    const add = (className, label, fn, disabled = false) => {
      const button = el("button", className, label);
      button.type = "button";
      button.disabled = disabled;
      button.addEventListener("click", fn);
      row.append(button);
    };
    if (obs && Object.prototype.hasOwnProperty.call(obs, "last_trick")) {
      add("show-last-trick", t("last_trick"), () => socket.send({ type: "last_trick" }), obs.last_trick === null);
    }
    if (obs && S.you.seat !== null && S.table && S.table.hints && S.status === "playing") {
      add("ask-hint", t("hint"), () => socket.send({ type: "hint" }), obs.to_move !== S.you.seat);
    }
    if (obs) add("get-record", t("record"), () => socket.send({ type: "record" }));
    if (S.status === "finished" && !S.summary) row.append(endButtons());
    if (S.you.seat !== null) {
      add("leave", t("leave"), () => { if (confirm(t("leave_confirm"))) socket.send({ type: "leave" }); });
    }
    return row;
  }

  function sidePanel(obs) {
    const side = el("aside", "side-panel");
    if (!obs) return side;
    const scores = el("section", "scores");
    scores.append(el("h2", null, t("scores")));
    const table = el("table", "score-table");
    const info = extras(obs);
    const perSide = info.details.filter((d) => d.perSide);
    const head = el("tr");
    head.append(el("th"), el("th", null, t("scores")));
    for (const d of perSide) head.append(el("th", null, fieldLabel(d.name)));
    table.append(head);
    obs.sides.forEach((members, i) => {
      const tr = el("tr");
      tr.append(el("th", null, members.map(seatName).join(", ")), el("td", "score", String(obs.scores[i])));
      for (const d of perSide) tr.append(el("td", null, shown(obs[d.name][i], d.name)));
      table.append(tr);
    });
    scores.append(table);
    side.append(scores);
    const details = info.details.filter((d) => !d.perSide);
    if (details.length || info.rows.length || obs.command || obs.pending_question) {
      const box = el("section", "details");
      box.append(el("h2", null, t("details")));
      const list = el("dl");
      for (const d of details) list.append(el("dt", null, fieldLabel(d.name)), el("dd", `field-${d.name}`, d.value));
      for (const key of ["window", "command", "pending_question"]) {
        if (obs[key] !== null && obs[key] !== undefined) list.append(el("dt", null, fieldLabel(key)), el("dd", `field-${key}`, shown(obs[key], key)));
      }
      box.append(list);
      for (const row of info.rows) {
        const line = el("div", `field-row field-${row.name}`);
        line.append(el("span", "field-label", fieldLabel(row.name)), playable(sortCards(row.cards), true));
        box.append(line);
      }
      side.append(box);
    }
    for (const sheet of info.sheets) {
      const box = el("section", `sheet-box sheet-${sheet.name}`);
      box.append(el("h2", null, sheet.name === "results" ? t("score_sheet") : fieldLabel(sheet.name)), sheetTable(sheet.rows));
      side.append(box);
    }
    if (Array.isArray(obs.talk) && obs.talk.length) {
      const box = el("section", "talk-log");
      box.append(el("h2", null, t("talk")));
      const list = el("ol");
      const lines = logTexts();
      for (const entry of obs.talk) {
        list.append(el("li", null, talkText(lines, entry.seat, entry.text)));   // a sentence naming the speaker
      }
      box.append(list);
      side.append(box);
    }
    side.append(logBox());
    return side;
  }

  // What happened: the hand in progress, from the log in the page's language; before the first
  // view, the events received.
  function logBox() {
    const box = el("section", "event-log");
    box.append(el("h2", null, t("log")));
    const list = el("ol");
    const lines = logTexts();
    const items = lines.length
      ? lines.map(({ entry, text }) => ({ seat: entry.seat, kind: entry.kind, text, said: typeof entry.words === "string" }))
      : S.log.filter((ev) => ev.what === "action" && ev.action)
        .map((ev) => ({ seat: ev.seat, kind: ev.action.kind, text: ev.action.words || ev.action.text, said: Boolean(ev.action.words) }));
    const shown = items.slice(-40);
    list.start = items.length - shown.length + 1;
    for (const item of shown) {
      const who = item.seat < 0 ? t("table") : seatName(item.seat);
      list.append(el("li", `log-${item.kind}`, item.said ? item.text : t("said", { who, text: item.text })));   // words: a whole sentence
    }
    box.append(list);
    return box;
  }

  // Draw at most once a frame: a burst of events (or the history replayed on a reconnection)
  // is drawn once, when it has arrived.
  let queued = false;
  function render() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      draw();
    });
  }

  function draw() {
    S.drawn = S.viewEvent;
    const obs = S.obs;
    const active = document.activeElement;
    const form = active && active.classList && active.classList.contains("template-input") ? active.closest("form") : null;
    const typing = form ? form.dataset.code : null;
    root.textContent = "";
    root.className = "page table-page";
    root.append(header());
    if (S.gone) {
      root.append(el("p", "notice error", t("no_such_table")));
      return;
    }
    root.append(statusLine(obs));
    if (S.notice) {
      const notice = el("div", `notice ${S.notice.kind}`, S.notice.text);
      notice.setAttribute("role", "status");
      if (S.notice.code) notice.dataset.code = S.notice.code;
      root.append(notice);
    }
    if (S.sync && !S.view && S.status !== "waiting" && S.you.seat === null) root.append(el("p", "notice", t("no_view")));
    const main = el("div", "table-main");
    const play = el("div", "play-area");
    if (S.summary && S.summary.kind === "deal") play.append(summaryBox(obs));
    play.append(felt(obs), handArea(obs));
    if (S.view && S.view.legal.length) {
      const { cards, panel } = sortLegal(S.view.legal);
      // a card the page shows nowhere (no field holds it) is still offered, as a button
      const drawn = new Set([...play.querySelectorAll("button.card[data-card]")].map((b) => b.dataset.card));
      for (const [code, actions] of cards) {
        if (!drawn.has(code)) panel.push(...actions.filter((a) => isCard(a.code)));
      }
      const box = actionPanel(panel, {
        game: S.table ? S.table.game : "", seatName, paths: S.paths, drafts: S.drafts, act,
        setPath(kind, path) { S.paths[kind] = path; draw(); },
      });
      if (S.hinted) {
        // the suggested action, or the step of the choices that leads to it
        for (const b of box.querySelectorAll("[data-code], [data-path]")) {
          const code = b.dataset.code;
          const path = b.dataset.path;
          if (code === S.hinted || (path !== undefined && S.hinted.startsWith(`${path} `))) b.classList.add("hinted");
        }
      }
      play.append(box);
    }
    play.append(tools(obs));
    main.append(play, sidePanel(obs));
    root.append(main);
    if (typing) {
      const input = root.querySelector(`form.template[data-code="${CSS.escape(typing)}"] .template-input`);
      if (input) {
        input.focus();
        input.setSelectionRange(input.value.length, input.value.length);
      }
    }
  }

  // countdowns tick without a redraw
  setInterval(() => {
    for (const node of root.querySelectorAll(".countdown")) {
      const left = Math.max(0, Math.ceil((Number(node.dataset.deadline) - Date.now()) / 1000));
      node.textContent = t(node.dataset.template, { s: left });
    }
  }, 1000);

  render();
  socket.start();
}
