// DOM helpers the shell and the game modules share (static/games/*/): an element builder, a
// drawn icon and a stylesheet loader. Nothing here knows a game.

/**
 * `h("div", {class: "x", onclick: f, dataset: {k: "v"}, style: {"--w": "2px"}}, child, [more])`:
 * an element with its attributes (null, undefined and false ones left out; `true` as an empty
 * attribute), its listeners (`on…`), its styles and its children (arrays flattened; null,
 * undefined and false left out).
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "dataset") Object.assign(node.dataset, v);
    // Through the CSSOM: the site's Content-Security-Policy refuses style attributes.
    else if (k === "style") for (const [prop, value] of Object.entries(v)) node.style.setProperty(prop, value);
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

const SVG = "http://www.w3.org/2000/svg";

/** A small drawn icon (no emoji font is needed): an `<svg>` of class `cls`, hidden from
 * assistive technology, with one `<path>` per entry of `paths` (its attributes). */
export function icon(viewBox, cls, paths) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", viewBox);
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  for (const attrs of paths) {
    const path = document.createElementNS(SVG, "path");
    for (const [name, value] of Object.entries(attrs)) path.setAttribute(name, value);
    svg.append(path);
  }
  return svg;
}

/** Add the stylesheet at `href` to the page once. */
export function loadStylesheet(href) {
  if (document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.append(link);
}
