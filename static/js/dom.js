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

/**
 * Link the stylesheet at `href` (this site's, under /static/) to the page once. Resolves when
 * it has loaded, or failed to: what it styles may be drawn then without a frame unstyled.
 */
export function loadStylesheet(href) {
  const url = new URL(String(href || ""), location.origin);
  if (url.origin !== location.origin || !url.pathname.startsWith("/static/") || !url.pathname.endsWith(".css")) {
    return Promise.reject(new Error(`refusing to load ${href}`));
  }
  const found = [...document.querySelectorAll('link[rel="stylesheet"]')].find((l) => l.href === url.href);
  if (found) {
    if (found.dataset.loading !== "1") return Promise.resolve();
    return new Promise((done) => {
      found.addEventListener("load", done, { once: true });
      found.addEventListener("error", done, { once: true });
    });
  }
  const link = h("link", { rel: "stylesheet", href: url.pathname + url.search, dataset: { loading: "1" } });
  const loaded = new Promise((done) => {
    const settle = () => {
      delete link.dataset.loading;
      done();
    };
    link.addEventListener("load", settle, { once: true });
    link.addEventListener("error", settle, { once: true });
  });
  document.head.append(link);
  return loaded;
}
