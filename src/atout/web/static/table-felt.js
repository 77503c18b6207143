// The felt: the seats round the table (the viewer at the bottom, the next seat the way play goes
// round), what each seat shows (name, cards held, roles, absence, timer, the host's menu, a
// speech bubble), and the middle: the trick in progress, each card by its player with his name,
// or, a moment after it was won, the finished trick with its winner marked.

import { fieldLabel, t } from "./i18n.js";
import { cardElement, cardText, isCard, sortCards } from "./cards.js";
import { extras, handsAt, pilesOf, places, rolesOf } from "./observation.js";
import { el, on, placeSeat, placeTrickCard, seatPoint, tableOrder } from "./dom.js";
import { logTexts, talkText } from "./table-log.js";

// Speech near the speaker. With a `talk` field (Sizette, Quadrette): each seat's last words of
// the latest trick that had talk; else each seat's last non-card action since its card, from
// the view's log (the current hand).
export function bubbles(obs) {
  const out = {};
  const lines = logTexts(obs);
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

// Where `seat` sits counting from the viewer's place (a spectator sits at the first place).
export function relative(V, seat, count) {
  const order = tableOrder(V.S.obs, count);
  const me = V.S.you.seat === null ? 0 : Math.max(0, order.indexOf(V.S.you.seat));
  return ((order.indexOf(seat) - me) % count + count) % count;
}

function direction(V) {
  return V.S.table ? V.S.table.direction : "clockwise";
}

function seatBox(V, n, count, said) {
  const { S } = V;
  const obs = S.obs;
  const info = S.seats[n];
  const box = el("div", "seat");
  box.dataset.seat = n;
  const at = seatPoint(relative(V, n, count), count, 44, 41, direction(V));
  placeSeat(box, at);
  if (obs && obs.to_move === n) box.classList.add("to-move");
  if (n === S.you.seat) box.classList.add("me");
  if (obs && obs.sides) {
    const side = obs.sides.findIndex((members) => members.includes(n));
    if (side >= 0) box.classList.add(`side-${side % 4}`);
  }
  box.append(el("div", "seat-name", V.seatName(n) + (n === S.you.seat ? ` (${t("you")})` : "")));
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
  for (const { cards } of handsAt(obs, n)) box.append(V.playable(sortCards(cards), true));
  if (obs) for (const group of extras(obs).bySeat) {
    const list = group.lists[n];
    if (!list || !list.length) continue;
    const row = el("div", `seat-cards field-${group.name}`);
    row.append(el("span", "field-label", fieldLabel(group.name)), V.playable(sortCards(list), true));
    box.append(row);
  }
  if (said[n]) {
    // a seat at the top edge speaks beside its box, never over the status line and the trump; the
    // seat at the bottom too, never over the trick's cards by it
    const beside = at.y < 25 || at.y > 75;
    const place = beside ? (at.x > 60 ? "beside to-left" : "beside") : "";
    const bubble = el("div", `bubble${place ? ` ${place}` : ""}`, said[n]);
    bubble.dataset.seat = n;
    bubble.dataset.place = place;   // where it goes unless it would cover something (placeBubbles)
    box.append(bubble);
  }
  if (info && info.kind === "open" && S.you.seat === null) {
    const button = el("button", "sit", t("sit_here"));
    button.type = "button";
    button.dataset.seat = n;
    on(button, "click", () => V.sit(n));
    box.append(button);
  }
  if (info && S.you.host && n !== S.you.seat) box.append(hostMenu(V, n, info));
  return box;
}

function hostMenu(V, n, info) {
  const { S, socket } = V;
  const menu = el("details", "host-menu");
  menu.open = S.openMenus.has(n);
  on(menu, "toggle", (e) => { if (e.currentTarget.open) S.openMenus.add(n); else S.openMenus.delete(n); });
  const summary = el("summary", null, "⚙");
  summary.title = t("replace_bot");
  menu.append(summary);
  const game = (S.games || []).find((g) => S.table && g.name === S.table.game);
  const select = el("select", "bot-choice");
  for (const bot of (game ? game.bots : [])) {
    const option = el("option", null, bot);
    option.value = bot;
    if (S.botChoice[n] === bot) option.setAttribute("selected", "");
    select.append(option);
  }
  if (S.botChoice[n]) select.value = S.botChoice[n];
  on(select, "change", (e) => { S.botChoice[n] = e.currentTarget.value; });
  const replace = el("button", "replace-bot", t("replace_bot"));
  replace.type = "button";
  replace.dataset.seat = n;
  on(replace, "click", (e) => socket.send({ type: "replace", seat: n, bot: e.currentTarget.parentNode.querySelector("select").value }));
  menu.append(select, replace);
  if (S.status === "waiting" && info.kind === "bot") {
    const open = el("button", "open-seat", t("open_to_people"));
    open.type = "button";
    on(open, "click", () => socket.send({ type: "replace", seat: n, bot: "human" }));
    menu.append(open);
  }
  return menu;
}

// The seat of each card of a finished trick `{leader, cards, winner}`: play goes round the places.
export function trickSeats(obs, trick, count) {
  const order = tableOrder(obs, count);
  const from = Math.max(0, order.indexOf(trick.leader));
  return trick.cards.map((_, i) => order[(from + i) % count]);
}

// The trick drawn in the middle: the finished one while it stays (`S.shownTrick`), else the one
// in progress. Each card lies by its player, with his name; the winner's card is marked.
function trickArea(V, count) {
  const { S } = V;
  const shown = S.shownTrick;
  const plays = shown ? shown.plays : (S.obs.trick || []);
  const trick = el("div", shown ? "trick finished" : "trick");
  trick.setAttribute("aria-label", t("trick"));
  for (const entry of plays) {
    const at = seatPoint(relative(V, entry.seat, count), count, 17, 17, direction(V));
    const who = V.seatName(entry.seat);
    const short = who.replace(/\s*\([^)]*\)$/, "");   // "Robot 2 (random)": "Robot 2" under its card
    const won = shown && entry.seat === shown.winner;
    const play = el("div", `trick-card${won ? " winner" : ""}`);
    play.dataset.card = entry.card;
    play.dataset.seat = entry.seat;
    placeTrickCard(play, at, count);
    play.append(cardElement(entry.card, { title: t("said", { who, text: cardText(entry.card) }) }),
      el("span", "who", won ? `★ ${short}` : short));
    trick.append(play);
  }
  return trick;
}

function centre(V, count) {
  const obs = V.S.obs;
  const middle = el("div", "centre");
  middle.append(trickArea(V, count));
  const info = el("div", "centre-info");
  for (const item of extras(obs).centre) {
    const box = el("div", `centre-card field-${item.name}`);
    box.append(el("span", "field-label", fieldLabel(item.name)), cardElement(item.card, { small: true }));
    info.append(box);
  }
  for (const { name, count } of pilesOf(obs)) {
    const talon = el("div", `centre-talon field-${name}`);
    talon.append(el("span", "field-label", fieldLabel(name)), cardElement("", { back: true, small: true }),
      el("span", "count", String(count)));
    info.append(talon);
  }
  middle.append(info);
  return middle;
}

const PLACES = ["", "beside", "beside to-left", "below"];

function covered(rect, boxes) {
  let area = 0;
  for (const r of boxes) {
    const w = Math.min(rect.right, r.right) - Math.max(rect.left, r.left);
    const h = Math.min(rect.bottom, r.bottom) - Math.max(rect.top, r.top);
    if (w > 1 && h > 1) area += w * h;
  }
  return area;
}

// Each speech bubble where it covers no other seat, no card of the trick, not the middle's
// information nor another bubble, and stays on the felt: where its seat speaks (above its box;
// beside it at the top and bottom edges), else the first free of beside, beside to the left and
// below; where none is free (a long remark on a low felt), the same places again with the speech
// in small type cut to a few lines (all of it in its tooltip and in the table talk); else where it
// covers least. Measured on the page as laid out: after each drawing, and when the window changes size.
export function placeBubbles(area) {
  if (!area) return;
  const frame = area.getBoundingClientRect();
  const parts = [...area.querySelectorAll(".seat, .trick-card, .centre-info")];
  const placed = [];
  for (const bubble of area.querySelectorAll(".bubble")) {
    const own = bubble.closest(".seat");
    const others = parts.filter((p) => p !== own).map((p) => p.getBoundingClientRect()).concat(placed);
    const first = bubble.dataset.place || "";
    const set = (place, tight) => {
      bubble.classList.remove("beside", "to-left", "below");
      if (place) bubble.classList.add(...place.split(" "));
      bubble.classList.toggle("tight", tight);
    };
    let best = null;
    for (const tight of [false, true]) {
      for (const place of [first, ...PLACES.filter((p) => p !== first)]) {
        set(place, tight);
        const rect = bubble.getBoundingClientRect();
        const outside = rect.width * rect.height - covered(rect, [frame]);
        const cost = covered(rect, others) + Math.max(0, outside);
        if (best === null || cost < best.cost) best = { place, tight, cost, rect };
        if (cost === 0) break;
      }
      if (best.cost === 0) break;
    }
    set(best.place, best.tight);
    if (best.tight) bubble.title = bubble.textContent;
    else bubble.removeAttribute("title");
    placed.push(best.rect);
  }
}

// The felt with its seats, the middle and the boxes that open over it.
export function felt(V, overlays) {
  const { S } = V;
  const obs = S.obs;
  const count = obs ? places(obs) : S.seats.length;
  const area = el("div", `felt seats-${count}`);
  const said = obs ? bubbles(obs) : {};
  for (let n = 0; n < count; n += 1) area.append(seatBox(V, n, count, said));
  if (obs) area.append(centre(V, count));
  for (const box of overlays) if (box) area.append(box);
  return area;
}
