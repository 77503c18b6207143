// The table view: the picture of the table the page keeps (`S`), changed only by what the
// socket brings, and its drawing. What each part of the page looks like is drawn by its own
// module: the felt with the seats and the trick (`table-felt.js`), the hand (`table-hand.js`),
// the side panel with the scores and the sheets (`table-side.js`), the log and the talk
// (`table-log.js`), the bar, the status line, the tools, the summaries and what ends a partie
// (`table-controls.js`). Each drawing is made afresh and brought into the page by `morph`,
// which changes only what differs: a card under the player's finger stays the same element
// while bots play, the log keeps its scroll.
//
// It shows what the server sends (sync and events) and sends back codes it was offered; it
// never decides what is legal. A view brings the position and the log entries the page lacks:
// the page keeps the partie's log and reads from position and log what it shows (`observed`).

import { lang, onLang, t } from "./i18n.js";
import { isCard } from "./cards.js";
import { actionPanel, sortLegal } from "./actions.js";
import { observed, places } from "./observation.js";
import { TableSocket } from "./socket.js";
import { keepName, keepToken, savedName } from "./storage.js";
import { getGames } from "./api.js";
import { placesOf } from "./games.js";
import { el, morphChildren } from "./dom.js";
import { trickPause } from "./settings.js";
import { felt, placeBubbles, trickSeats } from "./table-felt.js";
import { handArea, playable } from "./table-hand.js";
import { sidePanel } from "./table-side.js";
import { follow, followMark } from "./table-log.js";
import { confirmBox, header, lastTrickBox, partieBox, statusLine, summaryBox, tools } from "./table-controls.js";

const LOG_KEEP = 2000;

export function tableView(root, tableId) {
  const S = {
    id: tableId, sync: null, seats: [], view: null, status: null, you: { seat: null, host: false },
    log: [], conn: "connecting", retryIn: 0, notice: null, hinted: null, lastTrick: null, summary: null,
    resultsSeen: null, viewEvent: null, timer: null, grace: {}, paths: {}, drafts: {}, bots: [], replaying: true,
    rematch: [], partie: 0, gone: false, pick: null, openMenus: new Set(),
    entries: [], entriesPartie: 0, entriesSeat: -1, obs: null, shownTrick: null, confirm: null, nameDraft: null, botChoice: {},
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
    S.shownTrick = null;
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
  function takeView(view, live = false) {
    const held = S.entries.length;
    const heldPartie = S.entriesPartie;
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
    if (live && S.obs) noteTrick(S.entriesPartie === heldPartie ? held : 0);
  }

  // A trick won among the entries that just came (from `from`): it stays on the felt a moment,
  // its last card included, its winner marked (the browser's setting says how long).
  function noteTrick(from) {
    const entries = S.entries;
    let k = -1;
    for (let i = entries.length - 1; i >= from; i -= 1) if (entries[i].type === "trick") { k = i; break; }
    if (k < 0) return;
    const pause = trickPause();
    if (!pause) return;
    const plays = [];
    for (let i = k - 1; i >= 0; i -= 1) {
      const entry = entries[i];
      if (entry.type === "trick" || entry.type === "scored" || entry.kind === "chance") break;
      if (entry.type === "card" && typeof entry.card === "string") plays.unshift({ seat: entry.seat, card: entry.card });
    }
    if (!plays.length) return;
    let winner = entries[k].seat;
    const last = S.obs.last_trick;
    if (last && Array.isArray(last.cards) && last.cards.join() === plays.map((p) => p.card).join()) {
      // the position's record of the trick says whose hand each card came from (the mort's)
      const seats = trickSeats(S.obs, last, places(S.obs));
      plays.forEach((p, i) => { p.seat = seats[i]; });
      winner = last.winner;
    }
    const shown = { plays, winner };
    S.shownTrick = shown;
    setTimeout(() => {
      if (S.shownTrick === shown) {
        S.shownTrick = null;
        render();
      }
    }, pause);
  }

  function onEvent(ev) {
    S.status = ev.status;
    if (ev.seats) setSeats(ev.seats);
    if (Object.prototype.hasOwnProperty.call(ev, "view")) {
      takeView(ev.view, !ev.replay && !S.replaying);
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
    S.shownTrick = null;   // the player has moved on from the finished trick
    if (S.summary && S.summary.kind === "deal") S.summary = null;   // and from the last deal's result
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

  // What the drawing modules use: the picture and what the page can do.
  const V = {
    S, socket, act, sit, seatName, render, draw: () => draw(),
    playable: (codes, small = false) => playable(V, codes, small),
    ask(question) { S.confirm = question; render(); },
  };

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

  function choices(play) {
    const { cards, panel } = sortLegal(S.view.legal);
    // a card the page shows nowhere (no field holds it) is still offered, as a button
    const drawn = new Set([...play.querySelectorAll("button.card[data-card]")].map((b) => b.dataset.card));
    for (const [code, actions] of cards) {
      if (!drawn.has(code)) panel.push(...actions.filter((a) => isCard(a.code)));
    }
    const box = actionPanel(panel.filter((a) => a.kind !== "table"), {
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
    return box;
  }

  // The page as it should be now, built afresh.
  function drawing() {
    const page = el("div");
    page.append(header(V));
    if (S.gone) {
      page.append(el("p", "notice error", t("no_such_table")));
      return page;
    }
    page.append(statusLine(V));
    if (S.notice) {
      const notice = el("div", `notice ${S.notice.kind}`, S.notice.text);
      notice.setAttribute("role", "status");
      if (S.notice.code) notice.dataset.code = S.notice.code;
      page.append(notice);
    }
    if (S.sync && !S.view && S.status !== "waiting" && S.you.seat === null) page.append(el("p", "notice", t("no_view")));
    const main = el("div", "table-main");
    const play = el("div", "play-area");
    if (S.summary && S.summary.kind === "deal") play.append(summaryBox(V));
    const overlays = [S.summary && S.summary.kind === "partie" ? summaryBox(V) : null, S.lastTrick ? lastTrickBox(V) : null];
    play.append(felt(V, overlays), handArea(V));
    if (S.view && S.view.legal.length) play.append(choices(play));
    play.append(tools(V));
    const partie = partieBox(V);
    if (partie) play.append(partie);
    main.append(play, sidePanel(V));
    page.append(main);
    const question = confirmBox(V);
    if (question) page.append(question);
    return page;
  }

  function draw() {
    S.drawn = S.viewEvent;
    root.className = "page table-page";
    const marks = followMark(root);
    morphChildren(root, drawing());
    placeBubbles(root.querySelector(".felt"));
    follow(root, marks);
    // a question that costs: "no" has the focus (Enter keeps playing; Escape too)
    const no = root.querySelector(".confirm-box .confirm-no");
    if (no && !root.querySelector(".confirm-box").contains(document.activeElement)) no.focus();
  }

  window.addEventListener("resize", () => placeBubbles(root.querySelector(".felt")));
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && S.confirm) {
      S.confirm = null;
      render();
    }
  });

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
