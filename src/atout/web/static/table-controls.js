// The table's controls: the top bar (back, title, invite link, name, language), the status line,
// the tools (last trick, hint, record, how long a won trick stays), the summaries of a deal and
// of a partie with the rematch, the last trick on demand, and, kept apart from the play, what
// ends a partie or steps outside the turn order (abandon, leaving the table): each asks first,
// saying what it costs.

import { has, t } from "./i18n.js";
import { cardElement, SUIT_SYMBOL } from "./cards.js";
import { actionPanel } from "./actions.js";
import { places, recordLine } from "./observation.js";
import { el, langSwitch, on, phaseLabel } from "./dom.js";
import { savedName } from "./storage.js";
import { setTrickPause, trickPause, TRICK_PAUSES } from "./settings.js";
import { trickSeats } from "./table-felt.js";

export function header(V) {
  const { S } = V;
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
  on(copy, "click", async (e) => {
    const button = e.currentTarget;
    try { await navigator.clipboard.writeText(link); } catch (err) {
      button.parentNode.querySelector(".invite-link").select();
      document.execCommand("copy");
    }
    button.textContent = t("copied");
  });
  invite.append(el("span", "invite-label", t("invite")), field, copy);
  bar.append(invite);
  if (S.you.seat === null) {
    const name = el("input", "name-input");
    name.placeholder = t("your_name");
    name.setAttribute("aria-label", t("your_name"));
    name.maxLength = 24;
    name.value = S.nameDraft === null ? savedName() : S.nameDraft;
    on(name, "input", (e) => { S.nameDraft = e.currentTarget.value; });
    bar.append(name);
  }
  bar.append(langSwitch());
  return bar;
}

export function statusLine(V) {
  const { S } = V;
  const obs = S.obs;
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
  else text = t("turn_of", { name: V.seatName(mover) });
  line.append(el("span", `turn${mover === S.you.seat ? " mine" : ""}`, text), el("span", "phase", phaseLabel(obs.phase)));
  if (obs.trump) line.append(el("span", "trump-mark", `${t("trump")} ${SUIT_SYMBOL[obs.trump] || obs.trump}`));
  if (S.shownTrick) {
    // the trick just won, while it stays on the felt
    const won = el("span", "trick-winner", t("trick_won_by", { name: V.seatName(S.shownTrick.winner) }));
    won.setAttribute("role", "status");
    line.append(won);
  } else if (Array.isArray(obs.trick) && trickPause()) {
    // its place kept: the table does not move under the player's finger when a trick is won
    line.append(el("span", "trick-winner-place", "\u00a0"));
  }
  if (S.you.seat === null) line.append(el("span", "watching", t("spectating")));
  return line;
}

function button(className, label, fn, disabled = false) {
  const node = el("button", className, label);
  node.type = "button";
  node.disabled = disabled;
  on(node, "click", fn);
  return node;
}

// How long a won trick stays on the felt (kept in the browser).
function pauseChoice(V) {
  const label = el("label", "trick-pause");
  label.append(el("span", null, t("trick_pause")));
  const select = el("select", "trick-pause-choice");
  for (const ms of TRICK_PAUSES) {
    const option = el("option", null, t(`pause_${ms}`));
    option.value = String(ms);
    option.selected = ms === trickPause();
    if (option.selected) option.setAttribute("selected", "");
    select.append(option);
  }
  select.value = String(trickPause());
  on(select, "change", (e) => {
    setTrickPause(Number(e.currentTarget.value));
    V.render();
  });
  label.append(select);
  return label;
}

export function tools(V) {
  const { S, socket } = V;
  const obs = S.obs;
  const row = el("div", "tools");
  if (obs && Object.prototype.hasOwnProperty.call(obs, "last_trick")) {
    row.append(button("show-last-trick", t("last_trick"), () => socket.send({ type: "last_trick" }), obs.last_trick === null));
  }
  if (obs && S.you.seat !== null && S.table && S.table.hints && S.status === "playing") {
    row.append(button("ask-hint", t("hint"), () => socket.send({ type: "hint" }), obs.to_move !== S.you.seat));
  }
  if (obs) row.append(button("get-record", t("record"), () => socket.send({ type: "record" })));
  if (obs && obs.trick !== undefined) row.append(pauseChoice(V));
  if (S.status === "finished" && !S.summary) row.append(endButtons(V));
  return row;
}

// What the leaving player costs his side, as the server will do it (docs/protocol.md, Leaving).
function leaveCost(V) {
  const { S } = V;
  if (S.status !== "playing") return t("cost_leave_open");
  const legal = S.view ? S.view.legal : [];
  return legal.some((a) => a.ends) ? t("cost_leave_abandon") : t("cost_leave_bot");
}

// Apart from the play: the table's own steps (abandon, change of captain) and leaving the table.
// Each asks first.
export function partieBox(V) {
  const { S, socket } = V;
  const legal = S.view ? S.view.legal.filter((a) => a.kind === "table") : [];
  if (!legal.length && S.you.seat === null) return null;
  const box = el("section", "partie-actions");
  box.append(el("h2", null, t("partie_actions")));
  if (legal.length) {
    const byCode = new Map(legal.map((a) => [a.code, a]));
    box.append(actionPanel(legal, {
      game: S.table ? S.table.game : "", seatName: V.seatName, paths: S.paths, drafts: S.drafts,
      act(code) {
        const action = byCode.get(code) || { code, text: code };
        V.ask({ action: action.text, cost: action.ends ? t("cost_abandon") : t("cost_table"), run: () => V.act(code) });
      },
      setPath(kind, path) { S.paths[kind] = path; V.draw(); },
    }));
  }
  if (S.you.seat !== null) {
    box.append(button("leave", t("leave"), () => V.ask({
      action: t("leave"), cost: leaveCost(V), run: () => socket.send({ type: "leave" }),
    })));
  }
  return box;
}

// The question before a step that costs: what it is, what it costs, yes or no.
export function confirmBox(V) {
  const ask = V.S.confirm;
  if (!ask) return null;
  const shade = el("div", "confirm-shade");
  const box = el("div", "confirm-box");
  box.setAttribute("role", "alertdialog");
  box.setAttribute("aria-modal", "true");
  const action = ask.action.charAt(0).toUpperCase() + ask.action.slice(1);
  box.append(el("h2", null, t("confirm_title", { action })), el("p", "confirm-cost", ask.cost));
  const row = el("div", "confirm-buttons");
  row.append(
    button("confirm-no", t("confirm_no"), () => { V.S.confirm = null; V.render(); }),
    button("confirm-yes", t("confirm_yes", { action: ask.action }), () => { V.S.confirm = null; ask.run(); V.render(); }),
  );
  box.append(row);
  shade.append(box);
  return shade;
}

export function endButtons(V) {
  const { S, socket } = V;
  const row = el("div", "end-buttons");
  if (S.you.seat !== null) {
    row.append(button("rematch", t("rematch"), () => socket.send({ type: "rematch" }), S.rematch.includes(S.you.seat)));
  }
  const replay = el("a", "replay-link", t("replay"));
  replay.href = `/t/${S.id}#replay=${S.partie}`;
  row.append(replay);
  if (S.rematch.length) row.append(el("p", "rematch-asked", t("rematch_asked", { names: S.rematch.map(V.seatName).join(", ") })));
  return row;
}

export function summaryBox(V) {
  const { S } = V;
  const obs = S.obs;
  const box = el("div", `summary summary-${S.summary.kind}`);
  if (S.summary.kind === "deal") {
    box.append(el("h2", null, t("deal_over")), recordLine(S.summary.record));
  } else {
    const outcome = S.summary.outcome || (obs && obs.outcome) || {};
    box.append(el("h2", null, t("partie_over")));
    if (outcome.scores) box.append(el("p", "final-scores", t("final_scores", { scores: outcome.scores.join(" – ") })));
    if (outcome.winners && obs) {
      const names = outcome.winners.map((side) => (obs.sides[side] || []).map(V.seatName).join(", ")).join(" / ");
      box.append(el("p", "winners", t("winners", { names })));
    }
    if (outcome.reason) {
      const reason = has(`reason_${outcome.reason}`) ? t(`reason_${outcome.reason}`) : outcome.reason;
      box.append(el("p", "reason", t("reason_is", { reason })));
    }
    if (outcome.marque && outcome.winners && outcome.winners.length && obs) box.append(...marqueLines(V, outcome));
    box.append(endButtons(V));
  }
  box.append(button("close-summary", t("close"), () => { S.summary = null; V.render(); }));
  return box;
}

// What the partie is worth (Piquet's marque): who is rubiconed and by how much, what the winner gains.
function marqueLines(V, outcome) {
  const names = (side) => (V.S.obs.sides[side] || []).map(V.seatName).join(", ");
  const winner = outcome.winners[0];
  const loser = outcome.scores.findIndex((_, side) => !outcome.winners.includes(side));
  const lines = [];
  const short = outcome.marque.rubiconed_by;
  if (short && loser >= 0) {
    lines.push(el("p", "rubicon", t("marque_rubicon", { who: names(loser), score: outcome.scores[loser], n: short })));
  }
  lines.push(el("p", "marque", t("marque_gains", { who: names(winner), n: outcome.marque.gains })));
  return lines;
}

export function lastTrickBox(V) {
  const { S } = V;
  const box = el("div", "last-trick-box");
  box.append(el("h2", null, t("last_trick")));
  const trick = S.lastTrick.trick;
  if (!trick) box.append(el("p", null, t("no_last_trick")));
  else {
    const count = S.obs ? places(S.obs) : S.seats.length;
    const seats = trickSeats(S.obs, trick, count);
    const row = el("div", "card-row");
    trick.cards.forEach((card, i) => {
      const item = el("div", `last-card${seats[i] === trick.winner ? " winner" : ""}`);
      item.append(cardElement(card, { small: true }), el("span", "who", V.seatName(seats[i])));
      row.append(item);
    });
    box.append(row);
  }
  box.append(button("close-last", t("close"), () => { S.lastTrick = null; V.render(); }));
  return box;
}
