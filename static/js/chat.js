// The room's chat (docs/protocol.md, version 2: `chat` and `mute`), for any game.
//
// Channels: a player writes and reads the players' channel (`players`), and, when the game's
// rules call for private talk (`welcome.game.private_channels` or the catalogue's entry says
// so), one private channel per other seat (`seat:<n>`); a spectator writes and reads the
// spectators' channel only. The server decides who receives what: this panel shows the lines
// it was sent (the welcome's history, then `chat` frames) and never adds one of its own.
//
// A private channel is open only while the rules say so: welcome and event frames of such a
// game carry `talk: [seats]`, whom this seat may write to in private now. The other private
// tabs stay (their lines can still be read) with the input disabled and the reason shown;
// a frame without `talk` (an older server) leaves every private channel open.
//
// A player can mute another seat: the server stops sending that seat's lines on this
// connection, and the panel hides that seat's lines from the history. Mutes are kept in
// localStorage per room (chat-mutes.js) and sent again on every new connection and after
// every welcome.
//
// Laptop: a panel in the side column that fills the height left over (collapsible). Phone:
// a drawer over the bottom of the page, opened from a small button; closed by default.

import { fetchCatalogue } from "./catalogue.js";
import { bubble, lock, speaker } from "./chat-icons.js";
import { Mutes } from "./chat-mutes.js";
import { lang, onLangChange, t } from "./i18n.js";

export const MAX_LENGTH = 500; // the server's limit (app/ws/messages.py, Chat.text)
const NARROW = "(max-width: 860px)";
const NOTE_MS = 6000;
const EMPTY = { players: "chat.emptyPlayers", spectators: "chat.emptySpectators" }; // else private

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

let privateFromCatalogue = null; // name -> bool, fetched once when the welcome does not say

async function catalogueSaysPrivate(name) {
  if (!privateFromCatalogue) {
    privateFromCatalogue = fetchCatalogue()
      .then(({ games }) => new Map(games.map((g) => [g.name, g.private_channels === true])))
      .catch(() => new Map());
  }
  return (await privateFromCatalogue).get(name) === true;
}

export class RoomChat {
  /**
   * `box`: the (empty) section the panel is built in. `send(frame)`: sends a command
   * through the room's socket and returns its id (null when there is no socket).
   */
  constructor(box, send) {
    this.box = box;
    this.send = send;
    this.roomId = null;
    this.seat = null; // ours; null for a spectator
    this.players = 2;
    this.bots = [];
    this.names = { seatName: (s) => t("landing.seat", { n: s + 1 }), seatColour: () => "var(--gold)" };
    this.gameName = "";
    this.privateChannels = false;
    this.talkSeats = null; // Set of seats we may write to in private now; null: not said
    this.lines = []; // {channel, from, text, at}: the lines of our channels, oldest first
    this.mutes = new Mutes();
    this.channel = "players";
    this.unread = new Map(); // channel -> count
    this.sending = new Map(); // command id -> {kind: "chat", text, channel} | {kind: "mute"}
    this.opened = { wide: true, narrow: false };
    this.narrow = window.matchMedia(NARROW);
    this.narrow.addEventListener("change", () => this.renderOpen());
    this.build();
    onLangChange(() => this.render());
  }

  // ------------------------------------------------------------------ the server's frames

  /** A welcome: who we are, the channels we have, the history. Mutes are sent again. */
  welcome(msg, { roomId, seat, players, bots, names, v2, talk }) {
    this.roomId = roomId;
    this.seat = seat;
    this.players = players;
    this.bots = Array.isArray(bots) ? bots : [];
    if (names) this.names = names;
    this.v2 = v2;
    const game = msg.game && typeof msg.game === "object" ? msg.game : {};
    this.gameName = game.name || "";
    this.privateChannels = game.private_channels === true;
    if (game.private_channels === undefined && v2 && seat !== null && this.gameName) {
      catalogueSaysPrivate(this.gameName).then((yes) => {
        if (yes && !this.privateChannels) {
          this.privateChannels = true;
          this.render();
        }
      });
    }
    this.talkSeats = readTalk(talk);
    this.mutes.load(roomId, seat, players);
    this.lines = (Array.isArray(msg.chat) ? msg.chat : []).filter(validLine).map(lineOf);
    if (!this.channels().includes(this.channel)) this.channel = this.channels()[0];
    this.unread.clear();
    this.sendMutes();
    this.render();
  }

  /** The seats we may write to in private now (an event frame's `talk`). */
  talk(seats) {
    const next = readTalk(seats);
    const same = next && this.talkSeats && next.size === this.talkSeats.size && [...next].every((s) => this.talkSeats.has(s));
    if (same) return;
    this.talkSeats = next;
    this.render();
  }

  /** Whether we may write on `channel` now: a private one only while the rules open it. */
  writable(channel) {
    if (!channel.startsWith("seat:") || this.talkSeats === null) return true;
    return this.talkSeats.has(Number(channel.slice(5)));
  }

  /** A `chat` frame: a line of one of our channels. */
  line(frame) {
    if (!validLine(frame)) return;
    this.lines.push(lineOf(frame));
    if (this.lines.length > 500) this.lines.splice(0, this.lines.length - 500);
    const ours = frame.from !== null && frame.from === this.seat;
    if (!ours && !this.hiddenSender(frame.from) && !(frame.channel === this.channel && this.inView())) {
      this.unread.set(frame.channel, (this.unread.get(frame.channel) || 0) + 1);
    }
    this.render(ours);
  }

  /** An `ack` or `error` frame: true when it answers one of the chat's own commands. */
  answer(msg) {
    const sent = msg.id ? this.sending.get(msg.id) : null;
    if (!sent) return false;
    this.sending.delete(msg.id);
    if (msg.type !== "error") return true;
    if (sent.kind === "chat") {
      this.refused(msg, sent);
    } else {
      this.note(t("chat.refused", { m: msg.message || msg.code }));
    }
    return true;
  }

  /** A new connection (the socket came back): the server forgot this connection's mutes. */
  reconnected() {
    this.sendMutes();
  }

  // ------------------------------------------------------------------ what we have

  /** The channels this viewer reads, in tab order. */
  channels() {
    if (this.seat === null) return ["spectators"];
    const list = ["players"];
    const seen = new Set(this.lines.map((l) => l.channel));
    for (const other of this.otherSeats()) {
      const channel = `seat:${other}`;
      // A private line received proves the game has private channels.
      // A bot reads no chat: no tab for it (the server may still open the channel by the rules).
      if ((this.privateChannels && !this.bots[other]) || seen.has(channel)) list.push(channel);
    }
    return list;
  }

  otherSeats() {
    return Array.from({ length: this.players }, (_, s) => s).filter((s) => s !== this.seat);
  }

  /** Whether there is anybody to talk with: a spectator always may; a player needs a person. */
  useful() {
    if (!this.v2) return false;
    if (this.seat === null) return true;
    return this.otherSeats().some((s) => !this.bots[s]) || this.lines.length > 0;
  }

  hiddenSender(from) {
    return this.mutes.has(from);
  }

  sendMutes() {
    if (!this.v2) return;
    for (const seat of this.mutes.seats()) this.command({ type: "mute", seat, muted: true }, { kind: "mute" });
  }

  setMuted(seat, muted) {
    this.mutes.set(seat, muted);
    this.command({ type: "mute", seat, muted }, { kind: "mute" });
    this.render();
  }

  command(frame, what) {
    const id = this.send(frame);
    if (id) this.sending.set(id, what);
    return id;
  }

  // ------------------------------------------------------------------ sending

  submit() {
    const text = this.input.value.trim();
    if (!text) return;
    const channel = this.channel;
    if (!this.writable(channel)) return this.note(this.closedReason(channel));
    if (!this.command({ type: "chat", channel, text }, { kind: "chat", text, channel })) return;
    this.input.value = "";
    this.renderCount();
    this.clearNote();
  }

  /** The server refused a line: say why, and give the text back to edit. */
  refused(msg, sent) {
    let text;
    if (msg.code === "rate_limited") text = t("chat.rateLimited");
    else if (msg.code === "bad_message" && sent.text.length > MAX_LENGTH) {
      text = t("chat.tooLong", { n: sent.text.length, max: MAX_LENGTH });
    } else if (msg.code === "forbidden") {
      text = t("chat.forbidden", { m: msg.message || msg.code });
      if (sent.channel.startsWith("seat:")) {
        this.privateChannels = false; // the server says this game has none
        this.channel = "players";
      }
    } else if (msg.code === "illegal" && sent.channel.startsWith("seat:")) {
      // Closed before our frame said so: the server's reason, and the channel shut here too.
      text = t("chat.refused", { m: msg.message || msg.code });
      if (this.talkSeats !== null) this.talkSeats.delete(Number(sent.channel.slice(5)));
    } else text = t("chat.refused", { m: msg.message || msg.code });
    if (!this.input.value) this.input.value = sent.text;
    this.renderCount();
    this.note(text);
    this.render();
  }

  note(text) {
    this.noteBox.textContent = text;
    this.noteBox.hidden = false;
    clearTimeout(this.noteTimer);
    this.noteTimer = setTimeout(() => this.clearNote(), NOTE_MS);
  }

  clearNote() {
    clearTimeout(this.noteTimer);
    this.noteBox.hidden = true;
  }

  // ------------------------------------------------------------------ open, closed

  isOpen() {
    return this.narrow.matches ? this.opened.narrow : this.opened.wide;
  }

  /** Whether the newest lines of the open channel can be seen now: on a laptop the side
   * column scrolls, and the panel at its end may be out of view. */
  inView() {
    if (!this.isOpen() || this.box.hidden) return false;
    if (this.narrow.matches) return true;
    const log = this.log.getBoundingClientRect();
    const column = this.box.parentElement.getBoundingClientRect();
    const top = Math.max(column.top, 0);
    const bottom = Math.min(column.bottom, window.innerHeight);
    return log.bottom <= bottom + 2 && log.bottom >= top + 24;
  }

  /** The panel came into view (the side column scrolled): its lines are read. */
  seen() {
    if (this.box.hidden || !this.unread.has(this.channel) || !this.inView()) return;
    this.unread.delete(this.channel);
    this.render();
  }

  jumpToChat() {
    this.opened.wide = true;
    this.box.scrollIntoView({ block: "end", behavior: "smooth" });
    this.unread.delete(this.channel);
    this.render(true);
  }

  setOpen(open) {
    this.opened[this.narrow.matches ? "narrow" : "wide"] = open;
    if (open) this.unread.delete(this.channel);
    this.render();
    if (open && this.narrow.matches) this.input.focus();
  }

  // ------------------------------------------------------------------ drawing

  build() {
    const box = this.box;
    box.replaceChildren();
    box.setAttribute("aria-labelledby", "chat-toggle");
    const head = el("h2", "chat-head");
    this.toggle = el("button", "chat-toggle");
    this.toggle.type = "button";
    this.toggle.id = "chat-toggle";
    this.toggle.setAttribute("aria-controls", "chat-body");
    this.title = el("span", "chat-title");
    this.caption = el("span", "chat-caption");
    this.badge = el("span", "chat-badge");
    this.badge.id = "chat-badge";
    this.arrow = el("span", "chat-arrow");
    this.arrow.setAttribute("aria-hidden", "true");
    this.toggle.append(bubble(), this.title, this.caption, this.badge, this.arrow);
    this.toggle.addEventListener("click", () => this.setOpen(!this.isOpen()));
    this.muteBox = el("span", "chat-mutes");
    head.append(this.toggle, this.muteBox);

    this.jump = el("button", "primary small chat-jump");
    this.jump.type = "button";
    this.jump.id = "chat-jump";
    this.jump.hidden = true;
    this.jump.addEventListener("click", () => this.jumpToChat());
    box.before(this.jump);
    box.parentElement.addEventListener("scroll", () => this.seen(), { passive: true });
    window.addEventListener("resize", () => this.seen());

    this.body = el("div", "chat-body");
    this.body.id = "chat-body";
    this.tabs = el("div", "chat-tabs");
    this.tabs.setAttribute("role", "tablist");
    this.log = el("ol", "chat-log");
    this.log.id = "chat-log";
    this.log.setAttribute("role", "log");
    this.log.tabIndex = 0;
    this.noteBox = el("p", "chat-note");
    this.noteBox.id = "chat-note";
    this.noteBox.setAttribute("role", "alert");
    this.noteBox.hidden = true;
    this.closedBox = el("p", "chat-closed");
    this.closedBox.id = "chat-closed";
    this.closedBox.hidden = true;

    this.form = el("form", "chat-form");
    this.input = el("input", "chat-input");
    this.input.id = "chat-input";
    this.input.type = "text";
    this.input.autocomplete = "off";
    this.input.enterKeyHint = "send";
    this.count = el("span", "chat-count");
    this.count.setAttribute("aria-live", "polite");
    this.sendButton = el("button", "secondary small chat-send");
    this.sendButton.type = "submit";
    this.form.append(this.input, this.count, this.sendButton);
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.submit();
    });
    this.input.addEventListener("input", () => this.renderCount());
    box.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && this.narrow.matches && this.isOpen()) {
        this.setOpen(false);
        this.toggle.focus();
      }
    });

    this.body.append(this.tabs, this.log, this.noteBox, this.closedBox, this.form);
    box.append(head, this.body);
  }

  /** Draw everything; `stick` scrolls the log to the newest line (our own line came back). */
  render(stick = false) {
    const box = this.box;
    box.hidden = !this.useful();
    if (box.hidden) {
      this.jump.hidden = true;
      return;
    }
    const channels = this.channels();
    if (!channels.includes(this.channel)) this.channel = channels[0];

    this.title.textContent = t("chat.title");
    this.caption.textContent = channels.length === 1 ? this.channelName(channels[0]) : "";
    this.renderTabs(channels);
    this.renderLog(stick);
    this.renderMutes();
    const writable = this.writable(this.channel);
    this.input.disabled = !writable;
    this.sendButton.disabled = !writable;
    // A closed channel: the reason where the input was (the lines stay readable above).
    this.form.hidden = !writable;
    this.closedBox.hidden = writable;
    this.closedBox.textContent = writable ? "" : this.closedReason(this.channel);
    this.input.placeholder = writable ? t("chat.placeholder") : t("chat.closedPlaceholder");
    this.input.setAttribute("aria-label", t("chat.inputLabel", { channel: this.channelName(this.channel) }));
    this.sendButton.textContent = t("chat.send");
    this.renderCount();
    this.renderOpen();
  }

  renderOpen() {
    const open = this.isOpen();
    this.box.dataset.open = String(open);
    this.box.classList.toggle("open", open);
    this.body.hidden = !open;
    this.toggle.setAttribute("aria-expanded", String(open));
    this.toggle.title = open ? t("chat.close") : t("chat.open");
    this.arrow.textContent = open ? "▾" : "▸";
    const unread = [...this.unread.values()].reduce((a, b) => a + b, 0);
    this.badge.textContent = String(unread);
    this.badge.hidden = unread === 0;
    this.badge.setAttribute("aria-label", t("chat.unread", { n: unread }));
    // On a laptop, lines that came while the panel is scrolled out of the side column:
    // a button that sticks to the column's bottom brings it back.
    this.jump.hidden = this.narrow.matches || unread === 0 || (open && this.inView());
    this.jump.textContent = t("chat.jump", { n: unread });
  }

  closedReason(channel) {
    return t("chat.closedNow", { seat: this.names.seatName(Number(channel.slice(5))) });
  }

  channelName(channel) {
    if (channel === "players") return t("chat.players");
    if (channel === "spectators") return t("chat.spectators");
    const seat = Number(channel.slice(5));
    return t("chat.private", { seat: this.names.seatName(seat) });
  }

  renderTabs(channels) {
    this.tabs.replaceChildren();
    this.tabs.hidden = channels.length < 2;
    if (this.tabs.hidden) return;
    for (const channel of channels) {
      const tab = el("button", "chat-tab", this.channelName(channel));
      tab.type = "button";
      tab.setAttribute("role", "tab");
      tab.dataset.channel = channel;
      tab.setAttribute("aria-selected", String(channel === this.channel));
      tab.setAttribute("aria-controls", "chat-log");
      if (channel.startsWith("seat:") && this.talkSeats !== null) {
        const open = this.writable(channel);
        tab.classList.toggle("closed", !open);
        tab.classList.toggle("open-now", open);
        tab.dataset.open = String(open);
        tab.title = open ? t("chat.openNow") : this.closedReason(channel);
        tab.prepend(open ? el("span", "chat-open-dot", "●") : lock());
        tab.firstChild.setAttribute("aria-hidden", "true");
      }
      const n = this.unread.get(channel) || 0;
      if (n && channel !== this.channel) tab.append(el("span", "chat-badge", String(n)));
      tab.addEventListener("click", () => {
        this.channel = channel;
        this.unread.delete(channel);
        this.render(true);
      });
      this.tabs.append(tab);
    }
  }

  renderLog(stick) {
    const log = this.log;
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
    const here = this.lines.filter((l) => l.channel === this.channel);
    const shown = here.filter((l) => !this.hiddenSender(l.from));
    const items = shown.map((l) => this.lineItem(l));
    if (!here.length) items.push(el("li", "chat-empty", t(EMPTY[this.channel] || "chat.emptyPrivate")));
    const hidden = here.length - shown.length;
    if (hidden) items.push(el("li", "chat-empty", t("chat.hiddenLines", { n: hidden })));
    log.replaceChildren(...items);
    log.setAttribute("aria-label", this.channelName(this.channel));
    if (stick || atBottom) log.scrollTop = log.scrollHeight;
  }

  lineItem(line) {
    const item = el("li", "chat-line");
    item.dataset.channel = line.channel;
    item.dataset.from = line.from === null ? "spectator" : String(line.from);
    const when = new Date(line.at);
    const clock = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
    const time = el("time", "chat-time", when.toLocaleTimeString(lang, clock));
    time.dateTime = when.toISOString();
    let who;
    if (line.from === null) who = t("chat.spectator");
    else if (line.from === this.seat) who = t("chat.you");
    else who = this.names.seatName(line.from);
    const name = el("span", "chat-who", who);
    if (line.from !== null) name.style.setProperty("--seat-colour", this.names.seatColour(line.from));
    item.classList.toggle("mine", line.from !== null && line.from === this.seat);
    item.append(time, name, el("span", "chat-text", line.text));
    return item;
  }

  renderMutes() {
    const box = this.muteBox;
    box.replaceChildren();
    const seats = this.seat === null ? [] : this.otherSeats().filter((s) => !this.bots[s]);
    box.hidden = !seats.length;
    for (const seat of seats) {
      const muted = this.mutes.has(seat);
      const name = this.names.seatName(seat);
      const b = el("button", "secondary small chat-mute");
      b.append(speaker(muted), el("span", "chat-mute-name", name));
      b.type = "button";
      b.dataset.seat = String(seat);
      b.setAttribute("aria-pressed", String(muted));
      b.setAttribute("aria-label", t("chat.mute", { seat: name }));
      b.title = t(muted ? "chat.unmute" : "chat.mute", { seat: name });
      b.addEventListener("click", () => this.setMuted(seat, !muted));
      box.append(b);
    }
  }

  renderCount() {
    const n = this.input.value.length;
    this.count.hidden = n <= MAX_LENGTH - 100;
    this.count.textContent = `${n}/${MAX_LENGTH}`;
    this.count.classList.toggle("over", n > MAX_LENGTH);
  }
}

function validLine(l) {
  const from = l && (l.from === null || Number.isInteger(l.from));
  return Boolean(from) && typeof l.channel === "string" && typeof l.text === "string" && Number.isFinite(l.at);
}

/** `talk` as a set of seats, or null when the frame does not say. */
function readTalk(talk) {
  return Array.isArray(talk) ? new Set(talk.filter(Number.isInteger)) : null;
}

const lineOf = (l) => ({ channel: l.channel, from: l.from, text: l.text, at: l.at });
