// The room's games (issue 14): every game played in this room, oldest first (the one being
// played too: its replay is the review of one's own view during the game), with its
// result for this browser's chair (or who won, for a spectator), the score across rematches
// per chair, and links to each game's replay (/g/<id>) and record. Read from
// GET /api/rooms/{id}/games when the room page opens, when a game begins or ends, and after
// a rematch.
// A chair is a person's place in the room: it moves to another seat at each rematch, so it is
// named by who sits there (you, the computer, an opponent), not by a seat of the game.

import { api } from "./api.js";
import { levelName } from "./catalogue.js";
import { has, t } from "./i18n.js";

function chairName(chair, count, entry) {
  if (chair.you) return t("room.you");
  if (chair.bot) return t("landing.botLevel", { level: levelName(entry, chair.bot) });
  return count === 2 ? t("room.opponent") : t("games.player", { n: chair.chair + 1 });
}

/** A link that opens beside the room: leaving the page would leave the seat. */
function link(text, href, cls) {
  const a = document.createElement("a");
  a.href = href;
  a.target = "_blank";
  a.rel = "noopener";
  a.className = cls;
  a.textContent = text;
  return a;
}

export class RoomGames {
  /** `entry()` is the game's catalogue entry when the room has read it (it names the levels). */
  constructor(box, entry = () => null) {
    this.box = box;
    this.entry = entry;
    this.key = "";
    this.data = null;
    this.gameId = null;
    this.asked = 0;
  }

  /** Read the list again when the game shown changed (a rematch) or its phase did (play began, a result). */
  update(roomId, gameId, phase) {
    const key = `${roomId}|${gameId}|${phase}`;
    if (!roomId || key === this.key) return;
    this.key = key;
    this.gameId = gameId;
    const asked = ++this.asked;
    api("GET", `/api/rooms/${encodeURIComponent(roomId)}/games`)
      .then((data) => {
        if (asked !== this.asked) return; // a later answer is on its way
        this.data = data;
        this.render();
      })
      .catch(() => {
        if (asked === this.asked) this.key = ""; // try again with the next change
      });
  }

  /** The text of a game's result for this browser. */
  outcome(game) {
    if (game.status !== "over" || !game.result) return { text: t(game.status === "setup" ? "games.setup" : "games.play"), cls: "" };
    const r = game.result;
    const reason = has(`reason.${r.reason}`) ? ` (${t(`reason.${r.reason}`)})` : "";
    const yours = this.data.your_chair;
    if (Number.isInteger(yours) && game.outcomes[yours]) {
      const o = game.outcomes[yours];
      return { text: `${t(`outcome.${o}`)}${reason}`, cls: o };
    }
    if (r.outcome === "win") {
      const chairs = this.data.chairs;
      const who = game.outcomes.map((o, c) => (o === "win" ? chairName(chairs[c], chairs.length, this.entry()) : null)).filter(Boolean);
      return { text: `${t("games.wonBy", { who: who.join(", ") })}${reason}`, cls: "" };
    }
    return { text: `${t(`outcome.${r.outcome === "draw" ? "draw" : "aborted"}`)}${reason}`, cls: "" };
  }

  render() {
    const box = this.box;
    const data = this.data;
    const games = data?.games || [];
    // Shown from the first game on: its replay is where a player reviews his own view (a
    // spectator the public one) while it is played.
    box.hidden = games.length === 0;
    if (box.hidden) return box.replaceChildren();
    const h = document.createElement("h2");
    h.textContent = t("games.title");
    const chairs = data.chairs || [];
    const draws = games.filter((g) => g.result && g.result.outcome === "draw").length;
    const score = document.createElement("p");
    score.className = "room-games-score";
    score.id = "room-games-score";
    const line = chairs.map((c) => t("games.chair", { who: chairName(c, chairs.length, this.entry()), w: c.wins })).join(" · ");
    score.textContent = t("games.score", { line: draws ? `${line} · ${t("games.draws", { n: draws })}` : line });
    const list = document.createElement("ol");
    list.id = "room-games-list";
    for (const game of games) {
      const li = document.createElement("li");
      li.dataset.game = game.game_id;
      li.classList.toggle("current", game.game_id === this.gameId);
      const name = document.createElement("span");
      name.className = "game-number";
      name.textContent = t("games.number", { n: game.number });
      const out = this.outcome(game);
      const outcome = document.createElement("span");
      outcome.className = `game-outcome ${out.cls}`;
      outcome.textContent = game.game_id === this.gameId ? `${out.text} · ${t("games.current")}` : out.text;
      const links = document.createElement("span");
      links.className = "game-links";
      links.append(link(t("games.replay"), game.replay_url, "game-replay"));
      if (game.record_url) links.append(link(t("games.record"), game.record_url, "game-record"));
      li.append(name, outcome, links);
      list.append(li);
    }
    score.hidden = !games.some((g) => g.status === "over");
    box.replaceChildren(h, score, list);
  }
}
