// The viewer's hand and the cards he may click: those the legal actions name (in the hand, the
// mort's hand, the melds on the table), with a small menu when a card has several actions.

import { t } from "./i18n.js";
import { cardElement, sortCards } from "./cards.js";
import { sortLegal } from "./actions.js";
import { el, on } from "./dom.js";

// A row of cards, each a button when a legal action names it.
export function playable(V, codes, small = false) {
  const { S } = V;
  const legal = S.view ? sortLegal(S.view.legal).cards : new Map();
  const row = el("div", "card-row");
  for (const code of codes) {
    const actions = legal.get(code) || [];
    const node = cardElement(code, {
      legal: actions.length > 0, small,
      onPick: actions.length ? () => pickCard(V, code, actions) : null,
    });
    if (S.hinted === code) node.classList.add("hinted");
    row.append(node);
  }
  return row;
}

function pickCard(V, code, actions) {
  if (actions.length === 1) V.act(actions[0].code);
  else {
    V.S.pick = { code, actions };
    V.render();
  }
}

export function handArea(V) {
  const { S } = V;
  const obs = S.obs;
  const area = el("section", "hand-area");
  if (!obs || !Array.isArray(obs.hand)) return area;
  area.append(el("h2", null, t("hand")));
  const hand = playable(V, sortCards(obs.hand));
  hand.classList.add("hand");
  area.append(hand);
  if (S.pick) {
    const menu = el("div", "pick-menu");
    for (const action of S.pick.actions) {
      const button = el("button", "action", action.text);
      button.type = "button";
      button.dataset.code = action.code;
      on(button, "click", () => V.act(action.code));
      menu.append(button);
    }
    area.append(menu);
  }
  return area;
}
