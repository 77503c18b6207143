// Small helpers shared by the page's views: making elements, the language switch, the places
// around the table, the names of the phases.

import { LANGS, lang, setLang, t, has } from "./i18n.js";

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// EN | FR buttons; the choice is remembered and every view redraws itself.
export function langSwitch() {
  const box = el("div", "lang-switch");
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", t("language"));
  for (const code of LANGS) {
    const button = el("button", `lang-${code}${code === lang() ? " active" : ""}`, code.toUpperCase());
    button.type = "button";
    button.dataset.lang = code;
    button.setAttribute("aria-pressed", String(code === lang()));
    button.addEventListener("click", () => setLang(code));
    box.append(button);
  }
  return box;
}

// Where place `rel` of `count` sits, in percent of the table: 0 at the bottom (the viewer), the
// next ones the way play goes round (`direction`, the table's): to the viewer's left when it goes
// clockwise (Whist), to the right when it goes counter-clockwise (the French games); `rx`, `ry`
// the radii.
export function seatPoint(rel, count, rx, ry, direction = "clockwise") {
  const angle = (rel * 2 * Math.PI) / count;
  const side = direction === "counter-clockwise" ? 1 : -1;
  return { x: 50 + side * rx * Math.sin(angle), y: 50 + ry * Math.cos(angle) };
}

// The seats round the table in the order of play: the position's own `places` when the game gives
// them (Whist's partnerships by cut, the mort opposite its player), else by number.
export function tableOrder(obs, count) {
  const given = obs && Array.isArray(obs.places) && obs.places.length === count ? obs.places : null;
  return given || Array.from({ length: count }, (_, n) => n);
}

// A phase's name in the page's language when the page knows it, else the engine's word.
export function phaseLabel(phase) {
  const key = `ph_${phase}`;
  return has(key) ? t(key) : String(phase).replace(/_/g, " ");
}

// Put a seat's box at `at` (percent of the table), kept inside the table: boxes on the left
// and right edges lean against the edge instead of being centred on their point.
export function placeSeat(box, at) {
  box.style.top = `${at.y}%`;
  if (at.x < 25) {
    box.style.left = "0.5%";
    box.classList.add("edge-left");
  } else if (at.x > 75) {
    box.style.right = "0.5%";
    box.classList.add("edge-right");
  } else {
    box.style.left = `${at.x}%`;
  }
}
