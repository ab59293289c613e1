// The landing page's "Your move in N games" (issue 27, item 4): how many running games wait
// for this browser's player (GET /api/me/turns), a link to My games; hidden at none. Read
// again whenever the page comes back into view (a move played on another tab or device).

import { api } from "./api.js";
import { addStrings, onLangChange, t } from "./i18n.js";
import { MY_GAMES_STRINGS } from "./my-games-strings.js";

addStrings(MY_GAMES_STRINGS);

const line = document.getElementById("your-move");
const link = document.getElementById("your-move-link");
let count = 0;

function render() {
  line.hidden = count === 0;
  line.dataset.count = String(count);
  link.textContent = count === 1 ? t("yourMove.one") : t("yourMove.count", { n: count });
}

async function refresh() {
  try {
    count = (await api("GET", "/api/me/turns")).your_move;
  } catch {
    return; // the line keeps what it said (the server is away for a moment)
  }
  render();
}

if (line && link) {
  onLangChange(render);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && refresh());
  window.addEventListener("focus", refresh);
  refresh();
}
