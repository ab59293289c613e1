// DOM helpers the game modules share (static/games/*/): an element builder and a stylesheet
// loader. Nothing here knows a game.

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

/** Add the stylesheet at `href` to the page once. */
export function loadStylesheet(href) {
  if (document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.append(link);
}
