// What stands in a city, in words, in a small box over the map beside it (a tap or a click
// on the city opens it): the city's name, its owner and what is printed there, then every
// spy, police unit and secret the viewer's view puts there, each with its face as the view
// gives it ("face down" when it does not). A piece that can be chosen now is a button that
// selects it (the map's piles hold pieces too small to tap). Nothing here is not in the view.

import { faceText, piecesByCity } from "./map.js";
import { h, powerChip } from "./panels.js";

/** The popover's contents for `cityId`. `ctx` is the panels' context (panelCtx in main.js);
 * `onPick(id)` selects a piece, `onClose()` closes the box. */
export function cityPopover(ctx, view, pack, cityId, { onPick, onClose }) {
  const t = ctx.t;
  const c = pack.cityById.get(cityId);
  const owner = ctx.ownerOf(cityId);
  const flags = [];
  if (c.capital) flags.push(t("sp.map.capital"));
  if (c.port) flags.push(t("sp.map.port", { seas: c.sea_zones.map((z) => `~${z}`).join(" ") }));
  if (c.police_symbol) flags.push(t("sp.map.policeSymbol"));
  if (c.secret_city) flags.push(t("sp.map.secretCity"));
  if (c.spy_haven) flags.push(t("sp.map.haven"));
  if (c.overseas) flags.push(t("sp.map.overseas"));
  const annexed = !c.owner && view.annexed?.[c.country];
  const items = piecesByCity(view).get(cityId) || [];
  const list = h("ul", { class: "sp-pop-pieces" });
  for (const { kind, piece } of items) {
    const power = kind === "secret" ? piece.original : piece.power;
    const glyph = h("span", { class: `sp-glyph ${kind}`, style: { "--chip": ctx.colour(power || "none") }, "aria-hidden": "true" }, faceText(kind, piece));
    const words = h("span", { class: "sp-pop-words" }, ctx.describePiece(kind, piece));
    const pick = ctx.selectable.has(piece.id);
    list.append(
      h(
        "li",
        { dataset: { piece: piece.id } },
        pick ? h("button", { type: "button", class: "small secondary sp-pop-pick", onclick: () => onPick(piece.id), title: t("sp.pop.pick") }, glyph, words) : [glyph, words],
      ),
    );
  }
  if (!items.length) list.append(h("li", { class: "sp-muted" }, t("sp.cityEmpty")));
  return [
    h(
      "div",
      { class: "sp-pop-head" },
      h("strong", { class: "sp-pop-name" }, `${c.name} (${c.id})`),
      h("button", { type: "button", class: "small sp-pop-close", "aria-label": t("sp.pop.close"), title: t("sp.pop.close"), onclick: onClose }, "×"),
    ),
    h(
      "p",
      { class: "sp-pop-facts" },
      owner ? powerChip(ctx, owner) : h("span", { class: "sp-muted" }, t("sp.neutral")),
      annexed ? h("span", { class: "sp-muted" }, ` ${t("sp.pop.annexed")}`) : null,
      flags.length ? h("span", { class: "sp-muted" }, ` · ${flags.join(" · ")}`) : null,
    ),
    items.length ? h("p", { class: "sp-pop-count sp-muted" }, t("sp.pop.count", { n: items.length })) : null,
    list,
  ].filter(Boolean);
}
