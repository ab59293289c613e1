// The side panels of the table (HTML, in the shell's side column): your decision with every
// legal choice as a button, what just happened in words, the table (dice, face-up cards,
// deck, supply, bonus tokens, Closed tiles), every truck with its load and loss tile, your
// own cards, and the whole game log. Each draws only what the view holds.

import { actionLabel, charName, cubesText, parseAction, truckName } from "./actions.js";
import { cardCubes } from "./city.js";
import { CHAR_CSS, TRUCK_CSS } from "./board.js";
import { h } from "../../js/dom.js";

export { h };

const cubeIcon = (code, n = 1) => Array.from({ length: n }, () => h("span", { class: `pz-cube c-${code}`, "aria-hidden": "true" }));

/** A row of cube icons for {w, k, b} counts, with the words for screen readers. */
export function cubesRow(city, t, counts, empty = "") {
  const pairs = city.cubes.map((c) => [c, counts?.[c] || 0]).filter(([, n]) => n > 0);
  if (!pairs.length) return h("span", { class: "pz-none" }, empty);
  return h("span", { class: "pz-cubes", dataset: { tip: cubesText(t, pairs) } }, ...pairs.flatMap(([c, n]) => cubeIcon(c, n)), h("span", { class: "sr-only" }, cubesText(t, pairs)));
}

export function truckChip(city, t, truck) {
  const colour = city.trucks.find((x) => x.id === truck)?.colour;
  return h("span", { class: "pz-chip", style: { "--chip": TRUCK_CSS[colour] || "#888" } }, truckName(t, city, truck));
}

/** A loading card: its id, its value, its cubes. `opts`: {down, button, onClick, state, where}
 * (where: "display" | "hand" | "truck", for the popover main.js gives it). */
export function cardFace(city, t, id, opts = {}) {
  const card = city.cards.get(id);
  const kids = [
    h("span", { class: "pz-card-id" }, id),
    h("span", { class: "pz-card-value" }, String(card?.value ?? "?")),
    h("span", { class: "pz-card-cubes" }, ...cardCubes(city, id).flatMap(([c, n]) => cubeIcon(c, n))),
  ];
  if (opts.note) kids.push(h("span", { class: "pz-card-note" }, opts.note));
  const cls = `pz-card${opts.down ? " down" : ""}${opts.state ? ` ${opts.state}` : ""}`;
  const label = `${id} · ${card?.value ?? "?"} · ${cubesText(t, cardCubes(city, id))}${opts.note ? ` · ${opts.note}` : ""}`;
  const dataset = { card: id, where: opts.where || "display", ...(opts.down ? { down: "1" } : {}) };
  if (opts.onClick) return h("button", { type: "button", class: `${cls} legal`, "aria-label": opts.label || label, dataset: { ...dataset, action: opts.action }, onclick: opts.onClick }, ...kids);
  return h("div", { class: cls, role: "img", "aria-label": label, dataset }, ...kids);
}

/** The two dice as drawn faces. */
export function diceFaces(city, t, dice) {
  if (!dice) return h("span", { class: "pz-none" }, t("pz.noDice"));
  const colourOf = Object.fromEntries(city.characters.map((c) => [c.id, c.colour]));
  const charDie = h(
    "span",
    { class: "pz-die chars", dataset: { tip: t("pz.x.die.chars", { chars: [...dice.characters].map((c) => t(`pz.charShort.${c}`)).join(" / ") }) } },
    ...[...dice.characters].map((c) => h("span", { class: "pz-pawn", style: { background: CHAR_CSS[colourOf[c]] || "#444" } }, c)),
  );
  const pips = h("span", { class: `pz-die number n${dice.number}`, dataset: { tip: t("pz.x.die.number", { n: dice.number }) } }, ...Array.from({ length: dice.number }, () => h("span", { class: "pip" })));
  return h("span", { class: "pz-dice", "aria-label": `${[...dice.characters].map((c) => t(`pz.charShort.${c}`)).join(" / ")} · ${dice.number}` }, charDie, pips);
}

/** Your decision: the prompt and every legal choice as a button, in groups. */
export function renderDecision(box, city, t, model) {
  box.hidden = !model;
  if (!model) return box.replaceChildren();
  const head = h("h2", {}, t("pz.sec.act"));
  const parts = [head];
  if (model.dice) parts.push(h("div", { class: "pz-act-dice" }, diceFaces(city, t, model.dice)));
  parts.push(h("p", { class: "pz-prompt", id: "pz-prompt" }, model.prompt));
  // What this decision is about (each button's popover says what that choice does).
  if (model.help) parts.push(h("p", { class: "choice-help", id: "pz-help" }, model.help));
  const list = h("div", { class: "pz-actions", id: "pz-actions" });
  for (const group of model.groups) {
    if (!group.actions.length) continue;
    const wrap = h("div", { class: `pz-group g-${group.kind}` });
    if (group.title) wrap.append(h("h3", {}, group.title));
    const row = h("div", { class: "pz-buttons" });
    for (const a of group.actions) {
      row.append(
        h(
          "button",
          {
            type: "button",
            class: `pz-action secondary small${a.selected ? " selected" : ""}${a.deliver ? " deliver" : ""}`,
            dataset: { action: a.text },
            "aria-label": a.aria && a.aria !== a.label ? a.aria : null,
            disabled: model.sending,
            onclick: () => model.choose(a.text),
          },
          a.label,
        ),
      );
    }
    wrap.append(row);
    list.append(wrap);
  }
  parts.push(list);
  box.replaceChildren(...parts);
}

/**
 * The groups of buttons for the legal list (in the panel's order): deliveries in full words,
 * drives and character moves as short "→ D3-D4" buttons under a heading (their full words
 * are their accessible names), then the rest.
 */
export function actionGroups(city, t, ordered, specials, selectedTexts) {
  const groups = new Map([["deliver", []], ["go", []]]);
  for (const c of city.charIds) groups.set(`char-${c}`, []);
  groups.set("other", []);
  for (const text of ordered) {
    const act = parseAction(text);
    const full = actionLabel(t, city, text, specials);
    const item = { text, label: full, aria: full, selected: selectedTexts.has(text), deliver: Boolean(act && act.count) };
    if (act && act.kind === "go" && act.count) groups.get("deliver").push(item);
    else if (act && act.kind === "go") groups.get("go").push({ ...item, label: t("pz.short.go", { street: act.street }) });
    else if (act && (act.kind === "placeChar" || act.kind === "moveChar")) {
      groups.get(`char-${act.char}`).push({ ...item, label: t(act.kind === "placeChar" ? "pz.short.placeChar" : "pz.short.moveChar", { at: act.at }) });
    } else groups.get("other").push(item);
  }
  const onMap = [...groups].some(([kind, items]) => kind !== "other" && items.length);
  return [...groups].map(([kind, actions]) => ({
    kind,
    actions,
    title: kind === "deliver" ? t("pz.actGroup.deliver") : kind === "go" ? t("pz.actGroup.go") : kind.startsWith("char-") ? t(`pz.charShort.${kind.slice(5)}`) : onMap ? t("pz.actGroup.other") : "",
  }));
}

/** One line of the log: "12.2", the truck, what it did. */
function logLine(city, t, line) {
  return h(
    "li",
    { dataset: { truck: line.truck || "" } },
    h("span", { class: "pz-turn-label" }, line.label),
    " ",
    line.truck ? truckChip(city, t, line.truck) : null,
    " ",
    h("span", { class: "pz-words" }, line.text),
  );
}

/** What just happened: the latest turns in words, newest first. */
export function renderLast(box, city, t, lines) {
  const head = h("h2", {}, t("pz.sec.last"));
  const list = h("ol", { class: "pz-last", id: "pz-last" });
  if (!lines.length) list.append(h("li", { class: "pz-none" }, t("pz.last.none")));
  for (const line of lines) list.append(logLine(city, t, line));
  box.replaceChildren(head, list);
}

/** The table: round, dice, face-up cards, deck, supply, token piles, discard, Closed tiles. */
export function renderTable(box, city, t, view, loads) {
  const parts = [h("h2", {}, t("pz.sec.table"))];
  const facts = [];
  if (view.round) facts.push(t("pz.round", { n: view.round }));
  if (view.trigger) facts.push(t("pz.trigger", { why: t(`pz.why.${view.trigger}`) }));
  if (view.final_round) facts.push(t("pz.finalRound", { n: view.final_round }));
  if (facts.length) parts.push(h("p", { class: "pz-facts" }, facts.join(" · ")));
  const diceRow = h("div", { class: "pz-row" }, h("span", { class: "pz-label" }, t("pz.dice")), diceFaces(city, t, view.dice));
  if (view.dice && view.active) diceRow.append(h("span", { class: "pz-muted" }, t("pz.diceFor", { truck: truckName(t, city, view.active) })));
  parts.push(diceRow);
  // Each character's last contacts (it may not end its next action touching them again).
  for (const c of city.characters) {
    const touched = view.characters?.[c.id]?.last_contact || [];
    if (view.characters?.[c.id]?.at && touched.length) {
      parts.push(h("p", { class: "pz-muted pz-contact" }, t("pz.lastContact", { char: t(`pz.charShort.${c.id}`), trucks: touched.map((tr) => truckName(t, city, tr)).join(", ") })));
    }
  }
  const off = city.characters.filter((c) => !view.characters?.[c.id]?.at).map((c) => charName(t, c.id));
  if (off.length && view.phase !== "place" && view.phase !== "pick") parts.push(h("p", { class: "pz-muted" }, t("pz.offBoard", { chars: off.join(", ") })));

  parts.push(h("h3", {}, t("pz.display")));
  const display = h("div", { class: "pz-display", id: "pz-display" });
  (view.display || []).forEach((slot) => {
    if (!slot) return display.append(h("div", { class: "pz-card empty" }, t("pz.emptySlot")));
    const action = `load ${slot.card}`;
    const legal = loads.has(action);
    display.append(
      cardFace(city, t, slot.card, {
        down: slot.down,
        note: slot.down ? t("pz.faceDown") : "",
        action,
        where: "display",
        label: legal ? actionLabel(t, city, action, view.specials) : "",
        onClick: legal ? () => loads.get(action)() : null,
      }),
    );
  });
  parts.push(display);
  parts.push(h("p", { class: "pz-muted" }, t("pz.deck", { n: view.deck_count ?? 0 })));
  parts.push(h("div", { class: "pz-row" }, h("span", { class: "pz-label" }, t("pz.supply")), ...city.cubes.map((c) => h("span", { class: "pz-count" }, ...cubeIcon(c), ` ${view.supply?.[c] ?? 0}`))));
  const piles = view.tokens?.piles || {};
  parts.push(
    h("div", { class: "pz-row" }, h("span", { class: "pz-label" }, t("pz.tokens")), ...Object.entries(piles).map(([v, n]) => h("span", { class: "pz-count" }, h("span", { class: `pz-token t${v}`, dataset: { token: v } }, v), ` × ${n}`))),
  );
  const discard = view.tokens?.discard || [];
  parts.push(h("p", { class: "pz-muted" }, discard.length ? t("pz.discard", { list: discard.join(", ") }) : t("pz.discardEmpty")));
  parts.push(h("p", { class: "pz-muted" }, t("pz.closedLeft", { n: view.closed_left ?? 0 })));
  box.replaceChildren(...parts);
}

/** Every truck: owner, street, card, cubes aboard, token, loss tile, score. */
export function renderTrucks(box, city, t, view, { mine = [], seatOf }) {
  const parts = [h("h2", {}, t("pz.sec.trucks"))];
  const zombies = new Set(view.zombies || []);
  for (const tr of view.trucks || []) {
    const tags = [];
    if (mine.includes(tr.id)) tags.push(t("pz.truck.yours"));
    if (tr.id === view.active && view.phase !== "over") tags.push(t("pz.truck.now"));
    if (zombies.has(tr.player)) tags.push(t("pz.truck.autopilot"));
    const head = h(
      "div",
      { class: "pz-truck-head" },
      truckChip(city, t, tr.id),
      seatOf(tr) !== truckName(t, city, tr.id) ? h("span", { class: "pz-muted" }, seatOf(tr)) : null,
      tags.length ? h("span", { class: "pz-tag" }, tags.join(" · ")) : null,
      h("span", { class: "pz-score", dataset: { tip: t("pz.truck.score") } }, String(tr.score ?? 0)),
    );
    const rows = h(
      "dl",
      { class: "pz-truck-facts" },
      h("dt", {}, t("pz.truck.card")),
      h("dd", {}, tr.card ? cardFace(city, t, tr.card, { state: "small", where: "truck" }) : h("span", { class: "pz-none" }, t("pz.truck.none")), " ", h("span", { class: "pz-muted" }, tr.street ? t("pz.truck.at", { street: tr.street }) : t("pz.truck.notPlaced"))),
      h("dt", {}, t("pz.truck.aboard")),
      h("dd", {}, cubesRow(city, t, tr.cubes, t("pz.truck.empty"))),
      h("dt", {}, t("pz.truck.token")),
      h("dd", {}, tr.token ? h("span", { class: `pz-token t${tr.token}`, dataset: { token: String(tr.token) } }, String(tr.token)) : h("span", { class: "pz-none" }, t("pz.truck.none"))),
      h("dt", {}, t("pz.truck.losses")),
      h("dd", {}, cubesRow(city, t, tr.losses, t("pz.truck.empty"))),
    );
    const aside = city.cubes.some((c) => tr.set_aside?.[c]);
    const stats = h("p", { class: "pz-muted pz-stats" }, t("pz.truck.stats", { loads: tr.loads ?? 0, delivered: tr.delivered ?? 0, lost: tr.lost ?? 0 }));
    if (aside) stats.append(" · ", t("pz.truck.setAside", { cubes: cubesText(t, city.cubes.map((c) => [c, tr.set_aside[c]]).filter(([, n]) => n)) }));
    parts.push(h("article", { class: "pz-truck", dataset: { truck: tr.id } }, head, rows, stats));
  }
  box.replaceChildren(...parts);
}

/** Your own cards: the three dealt to each of your trucks, your pick (buttons while owed). */
export function renderHand(box, city, t, view, picks) {
  const priv = view.private;
  box.hidden = !priv;
  if (!priv) return box.replaceChildren();
  // Once the game is over every deal is public: then they are the deals, not "your cards".
  const over = Boolean(view.result);
  const parts = [h("h2", {}, t(over ? "pz.sec.deals" : "pz.sec.hand"))];
  const dealt = Object.entries(priv.dealt || {});
  if (!dealt.some(([, cards]) => cards.length)) parts.push(h("p", { class: "pz-muted" }, t("pz.hand.none")));
  for (const [truck, cards] of dealt) {
    if (!cards.length) continue;
    const picked = priv.picks?.[truck];
    const row = h("div", { class: "pz-hand", dataset: { truck } });
    for (const card of cards) {
      const action = `pick ${truck} ${card}`;
      const legal = picks.has(action);
      const note = picked ? (picked === card ? t(over ? "pz.hand.pickedBy" : "pz.hand.picked") : t("pz.hand.back")) : "";
      row.append(cardFace(city, t, card, { note, where: "hand", state: picked === card ? "picked" : picked ? "returned" : "", action, label: legal ? actionLabel(t, city, action, view.specials) : "", onClick: legal ? () => picks.get(action)() : null }));
    }
    parts.push(h("h3", {}, t("pz.hand.dealt", { truck: truckName(t, city, truck) })), row);
  }
  box.replaceChildren(...parts);
}

/** The whole log, newest first: {label, chip, text} lines. */
export function renderLog(box, city, t, lines) {
  const head = h("h2", {}, t("pz.sec.log"));
  const list = h("ol", { class: "pz-log", id: "pz-log", reversed: true });
  for (const line of lines) list.append(logLine(city, t, line));
  box.replaceChildren(head, list);
}
