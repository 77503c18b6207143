// Cards: read a canonical code (KH, 10S, KH#2, JK1), label it in the page's language, draw it as SVG.
//
// The page never computes rules with cards: it only shows them, sorts a hand for the eye and
// tells a card code from another action's code.

import { lang } from "./i18n.js";
import { on } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
const CARD_RE = /^(10|[2-9JQKA])([SHDC])(?:#([1-4]))?$|^JK([1-4])$/;
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3 };            // colours alternate in a sorted hand
const RANK_ORDER = "23456789TJQKA";
const FRENCH_RANK = { J: "V", Q: "D", K: "R", A: "A" };
const FRENCH_SUIT = { S: "P", H: "C", D: "K", C: "T" };

// {rank, suit, copy, joker} of a card code, or null when the text is no card.
export function parseCard(code) {
  if (typeof code !== "string") return null;
  const m = CARD_RE.exec(code);
  if (!m) return null;
  if (m[4]) return { rank: null, suit: null, copy: Number(m[4]), joker: true, code };
  return { rank: m[1], suit: m[2], copy: m[3] ? Number(m[3]) : 1, joker: false, code };
}

export function isCard(code) { return parseCard(code) !== null; }

export function isCardList(value) {
  return Array.isArray(value) && value.every((c) => isCard(c));
}

// The rank as printed on the card: R/D/V in French for K/Q/J.
export function rankLabel(rank) {
  return lang() === "fr" ? (FRENCH_RANK[rank] || rank) : rank;
}

// The card's short text in the page's language (RC, 10P, JO), as players see it: the copies of
// Bésigue's packs are alike, so no copy number is shown (the code keeps it).
export function cardText(code) {
  const card = parseCard(code);
  if (!card) return String(code);
  if (card.joker) return lang() === "fr" ? "JO" : "JK";
  const suit = lang() === "fr" ? FRENCH_SUIT[card.suit] : card.suit;
  return rankLabel(card.rank) + suit;
}

// A text (an action's words) without copy numbers: "mariage RC#2 DC 20" → "mariage RC DC 20", JK3 → JK.
export function plainText(text) {
  return String(text).replace(/#[1-4]\b/g, "").replace(/\b(JK|JO)[1-4]\b/g, "$1");
}

// The card with its suit symbol, for running text: R♥, 10♠.
export function cardSymbolText(code) {
  const card = parseCard(code);
  if (!card) return String(code);
  if (card.joker) return cardText(code);
  return rankLabel(card.rank) + SUIT_SYMBOL[card.suit];
}

// A hand sorted for the eye: by suit (colours alternating), then rank, highest first.
export function sortCards(codes) {
  const key = (code) => {
    const c = parseCard(code);
    if (!c) return [9, 0, 0];
    if (c.joker) return [8, 0, c.copy];
    return [SUIT_ORDER[c.suit], -RANK_ORDER.indexOf(c.rank === "10" ? "T" : c.rank), c.copy];
  };
  return [...codes].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < 3; i += 1) if (ka[i] !== kb[i]) return ka[i] - kb[i];
    return 0;
  });
}

function el(name, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

// One card face as an <svg> (viewBox 60×84); `back` draws the back of a card.
export function cardSvg(code, { back = false } = {}) {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-svg", "aria-hidden": "true" });
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: back ? "card-back" : "card-face" }));
  if (back) {
    svg.append(el("rect", { x: 6, y: 6, width: 48, height: 72, rx: 3, class: "card-back-inner" }));
    svg.append(el("path", { d: "M30 14 L46 42 L30 70 L14 42 Z", class: "card-back-motif" }));
    return svg;
  }
  const card = parseCard(code);
  if (!card) {
    svg.append(el("text", { x: 30, y: 46, class: "card-rank", "text-anchor": "middle" }, String(code)));
    return svg;
  }
  if (card.joker) {
    svg.classList.add("joker");
    svg.append(el("text", { x: 30, y: 40, class: "card-joker-star", "text-anchor": "middle" }, "★"));
    svg.append(el("text", { x: 30, y: 60, class: "card-joker", "text-anchor": "middle" }, cardText(code)));
    return svg;
  }
  const red = card.suit === "H" || card.suit === "D";
  svg.classList.add(red ? "red" : "black");
  const rank = rankLabel(card.rank);
  const symbol = SUIT_SYMBOL[card.suit];
  svg.append(el("text", { x: 5, y: 17, class: "card-rank" }, rank));
  svg.append(el("text", { x: 5, y: 29, class: "card-small-suit" }, symbol));
  const corner = el("g", { transform: "rotate(180 30 42)" });
  corner.append(el("text", { x: 5, y: 17, class: "card-rank" }, rank));
  corner.append(el("text", { x: 5, y: 29, class: "card-small-suit" }, symbol));
  svg.append(corner);
  if ("JQK".includes(card.rank)) {
    svg.append(el("rect", { x: 15, y: 20, width: 30, height: 44, rx: 3, class: "card-court" }));
    svg.append(el("text", { x: 30, y: 47, class: "card-court-letter", "text-anchor": "middle" }, rank));
    svg.append(el("text", { x: 30, y: 60, class: "card-court-suit", "text-anchor": "middle" }, symbol));
  } else {
    svg.append(el("text", { x: 30, y: 54, class: "card-pip", "text-anchor": "middle" }, symbol));
  }
  return svg;
}

// A card as a page element: a <button> when `onPick` is given (a card the viewer may play), else a <span>.
export function cardElement(code, { onPick = null, legal = false, back = false, small = false, title = null } = {}) {
  const node = document.createElement(onPick ? "button" : "span");
  node.className = "card" + (legal ? " legal" : "") + (small ? " small" : "") + (back ? " back" : "");
  if (!back) {
    node.dataset.card = code;
    node.setAttribute("aria-label", title || cardText(code));
    node.title = title || cardText(code);
  }
  node.append(cardSvg(code, { back }));
  if (onPick) {
    node.type = "button";
    on(node, "click", () => onPick(code));
  }
  return node;
}

// A row of cards (a labelled list of codes).
export function cardRow(codes, options = {}) {
  const row = document.createElement("div");
  row.className = "card-row";
  for (const code of codes) row.append(cardElement(code, options));
  return row;
}
