// Fitting the room to the window (the rules are in css/style.css, "the room"): the board
// takes the height the header and the seats' bars leave, and its column is as wide as the
// game's board shape allows at that height. The shell tells the stylesheet the two numbers
// it needs: the board's width / height (from the game module) and the number of bars.

export function fitRoom(gameEl, aspect, players) {
  gameEl.style.setProperty("--ratio", String(aspect > 0 ? aspect : 1));
  gameEl.style.setProperty("--bars", String(players));
  gameEl.dataset.players = String(players);
}
