// The line that says whose turn it is: the game's own words when it has some (a setup
// phase), else "Your turn — <the game's hint>", "Opponent's turn", "<seat> to move" or
// "Waiting for <seats>"; with the setup deadline, and a warning when an opponent is away. In a
// guided first game, while the lesson's step only explains, "Your turn — read the lesson, then
// press Next" (static/js/tutorial.js).

import { clockText, daysText } from "./clocks.js";
import { t } from "./i18n.js";
import { paceText } from "./room-info.js";

const setupText = (clocks) => {
  const left = clocks.setupLeft();
  return t("setup.deadline", { t: clocks.turnBased && left !== null && left >= 3600000 ? daysText(left) : clockText(left) });
};

/** `state`: the shell's room state (room.js, roomState()). */
export function renderTurn(box, state) {
  const st = state.status;
  const name = (s) => state.game.seatName(s);
  box.className = "turn";
  let text = st.text ?? "";
  if (st.text === undefined && st.phase === "play") {
    if (state.mine !== null && st.actors.includes(state.mine)) {
      // A lesson's step that only explains takes no move: the line says so, not the game's hint.
      const hint = state.lesson?.reading ? t("lesson.turnRead") : st.hint;
      text = hint ? `${t("turn.yours")} — ${hint}` : t("turn.yours");
      box.classList.add("mine");
    } else if (state.mine !== null && state.players === 2) {
      text = t("turn.theirs");
    } else if (st.actors.length === 1) {
      text = t("turn.seat", { seat: name(st.actors[0]) });
    } else if (st.actors.length) {
      text = t("turn.waiting", { seats: st.actors.map(name).join(", ") });
    }
  }
  box.replaceChildren(document.createTextNode(text));
  if (st.phase === "setup" && state.clocks.setupLeft() !== null) {
    const dl = document.createElement("span");
    dl.id = "setup-deadline";
    dl.className = "deadline";
    dl.textContent = setupText(state.clocks);
    box.append(dl);
  }
  const away = Array.from({ length: state.players }, (_, s) => s).filter(
    (s) => s !== state.mine && !state.bots[s] && (!state.seatsTaken || state.seatsTaken[s]) && !state.presence.online(s),
  );
  if (state.turnBased && st.phase !== "over") {
    const note = document.createElement("p");
    note.className = "turn-based-note";
    note.id = "turn-based-note";
    // A spectator has no move to come back for: he is told only how the room is played.
    note.textContent = t(state.mine === null ? "room.turnBasedWatch" : "room.turnBasedNote", { pace: paceText(state.timeControl) });
    box.append(note);
  } else if (state.mine !== null && st.phase === "play" && away.length) {
    const p = document.createElement("p");
    p.className = "warn";
    p.textContent = t("presence.opponentGone");
    box.append(p);
  }
  box.hidden = !box.textContent;
}

/** The setup deadline counts down between frames. */
export function tickSetupDeadline(box, clocks) {
  const dl = box.querySelector("#setup-deadline");
  if (dl && clocks.setupLeft() !== null) dl.textContent = setupText(clocks);
}
