// The rules page. /rules/<game>: the game's own rules module (found through the catalogue,
// GET /api/catalogue: its rules_module) draws its quick reference or its full rules, in the
// page's language; ?part=full opens the full rules. /rules: every game's rules, listed. A
// name the catalogue does not know (the server answered 404) is said so, with the list.

import { fetchCatalogue } from "./catalogue.js";
import { h } from "./dom.js";
import { applyI18n, lang, mountLangSwitch, onLangChange, t } from "./i18n.js";
import { PARTS, RulesView, rulesModuleOf } from "./rules-view.js";
import { learnButton } from "./tutorial.js";

const $ = (id) => document.getElementById(id);
const asked = (() => {
  const found = /^\/rules\/([^/]+)\/?$/.exec(location.pathname);
  if (!found) return null;
  try {
    return decodeURIComponent(found[1]);
  } catch {
    return found[1];
  }
})();

const S = { games: [], entry: null, view: null, mode: "loading", failure: "" };

const rulesUrl = (name, part) => `/rules/${encodeURIComponent(name)}${part && part !== PARTS[0] ? `?part=${part}` : ""}`;
const playersText = (g) => t("rules.players", { n: g.min_players === g.max_players ? g.min_players : `${g.min_players}–${g.max_players}` });

function note(text, error = false) {
  const box = $("rules-note");
  box.textContent = text;
  box.classList.toggle("error", error);
  box.setAttribute("role", error ? "alert" : "status");
  box.hidden = !text;
}

/** The list of every game, each with its two parts. */
function gameList() {
  return h(
    "ul",
    { class: "rules-games" },
    S.games.map((g) =>
      h(
        "li",
        { class: "rules-game", dataset: { game: g.name } },
        h("a", { class: "rules-game-title", href: rulesUrl(g.name) }, g.title),
        h("span", { class: "rules-game-players" }, playersText(g)),
        h("span", { class: "rules-game-links" }, h("a", { href: rulesUrl(g.name) }, t("rules.quick")), h("a", { href: rulesUrl(g.name, "full") }, t("rules.full"))),
      ),
    ),
  );
}

function renderIndex() {
  const unknown = S.mode === "unknown";
  $("rules-title").textContent = unknown ? t("rules.unknown", { name: asked }) : t("rules.indexTitle");
  $("rules-index").replaceChildren(h("p", { class: "help" }, unknown ? t("rules.unknownHelp") : t("rules.indexHelp")), gameList());
  document.title = `${unknown ? t("rules.unknown", { name: asked }) : t("rules.indexTitle")} — ${t("brand")}`;
  $("all-rules").hidden = !unknown;
}

function renderGame() {
  const view = S.view;
  $("rules-title").textContent = view.title();
  document.title = `${t("rules.pageTitle", { game: S.entry.title })} — ${t("brand")}`;
  document.body.dataset.game = S.entry.name;
  document.body.dataset.part = view.part;
  document.body.dataset.state = view.body.dataset.state || "";
  const wanted = rulesUrl(S.entry.name, view.part);
  if (`${location.pathname}${location.search}` !== wanted) history.replaceState(null, "", wanted);
}

function render() {
  if (S.mode === "game") return renderGame();
  if (S.mode === "index" || S.mode === "unknown") return renderIndex();
  if (S.mode === "failed") note(S.failure, true);
}

async function start() {
  mountLangSwitch($("lang"));
  applyI18n();
  note(t("rules.loading"));
  try {
    S.games = (await fetchCatalogue()).games;
  } catch (err) {
    S.mode = "failed";
    S.failure = t("rules.noCatalogue", { m: err.message });
    return render();
  }
  note("");
  S.entry = asked === null ? null : S.games.find((g) => g.name === asked) || null;
  if (!S.entry) {
    S.mode = asked === null ? "index" : "unknown";
    $("rules-index").hidden = false;
    document.body.dataset.state = S.mode;
    return render();
  }
  S.mode = "game";
  // Its guided first game, beside the title (js/tutorial.js).
  if (S.entry.tutorial) $("rules-title").after(learnButton(S.entry, (text) => note(text, true), "primary learn-btn rules-learn"));
  $("rules-view").hidden = false;
  S.view = new RulesView($("rules-view"), { onChange: () => renderGame() });
  const part = new URLSearchParams(location.search).get("part");
  await S.view.show({ name: S.entry.name, title: S.entry.title, module: rulesModuleOf(S.entry) }, part || PARTS[0]);
}

onLangChange(() => {
  if (S.mode === "game") S.view.refresh();
  else render();
});
document.documentElement.lang = lang;
start();
