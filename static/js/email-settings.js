// E-mail (issue 27): the address notifications go to, and signing in on a new device by e-mail.
//
// mountEmailSettings(box) fills the element with id "email-settings" (the notifications page):
// enter an address (PUT /api/me/email, a confirmation link is mailed), see it pending or
// confirmed, send the link again, remove it (DELETE). Without a mail relay on the server it
// says e-mail is off. mountEmailSignIn(box) fills the element with id "email-sign-in": an
// address whose owner confirmed it gets a one-time link that brings his games to this browser
// (POST /api/email/sign-in; the answer is the same for any address). The server checks every
// address; its refusal is shown in its words. Both mount themselves when the page has the
// element, so a page only needs the element and this script. Switching the page's language
// switches the mails' (a confirmed address only: a pending one would get a new link).

import { api } from "./api.js";
import { addStrings, applyI18n, lang, onLangChange, t } from "./i18n.js";

addStrings({
  en: {
    "email.title": "E-mail",
    "email.help": "Get a mail when it is your turn, when a game starts or ends, and when 12 hours are left. Every mail has a one-click link to stop them.",
    "email.off": "This server sends no e-mail.",
    "email.address": "Your e-mail address",
    "email.send": "Send the confirmation link",
    "email.sending": "Sending…",
    "email.none": "No address yet. We mail a confirmation link first; nothing else comes until you open it.",
    "email.pending": "A confirmation link went to {address}. Open it to get your notifications by e-mail.",
    "email.confirmed": "Notifications go to {address}.",
    "email.again": "Send the link again",
    "email.sentAgain": "A new link is on its way.",
    "email.change": "Use another address",
    "email.remove": "Remove this address",
    "email.removed": "The address is removed: no more mails.",
    "email.failed": "That did not work: {m}",
    "email.signInTitle": "Sign in with your e-mail",
    "email.signInHelp": "Confirmed an address on another device? We mail it a one-time link that brings your games to this browser.",
    "email.signInSend": "Mail me a link",
    "email.signInSent": "If this address was confirmed, a link is on its way to it. Open it here within 15 minutes; it works once.",
  },
  fr: {
    "email.title": "E-mail",
    "email.help": "Recevez un message quand c’est votre tour, quand une partie commence ou se termine, et quand il ne reste que 12 heures. Chaque message a un lien pour tout arrêter en un clic.",
    "email.off": "Ce serveur n’envoie pas d’e-mails.",
    "email.address": "Votre adresse e-mail",
    "email.send": "Envoyer le lien de confirmation",
    "email.sending": "Envoi…",
    "email.none": "Pas encore d’adresse. Nous envoyons d’abord un lien de confirmation ; rien d’autre n’arrive avant que vous l’ouvriez.",
    "email.pending": "Un lien de confirmation est parti vers {address}. Ouvrez-le pour recevoir vos notifications par e-mail.",
    "email.confirmed": "Les notifications vont à {address}.",
    "email.again": "Renvoyer le lien",
    "email.sentAgain": "Un nouveau lien est en route.",
    "email.change": "Utiliser une autre adresse",
    "email.remove": "Retirer cette adresse",
    "email.removed": "L’adresse est retirée : plus aucun message.",
    "email.failed": "Cela n’a pas marché : {m}",
    "email.signInTitle": "Se connecter par e-mail",
    "email.signInHelp": "Vous avez confirmé une adresse sur un autre appareil ? Nous lui envoyons un lien à usage unique qui amène vos parties dans ce navigateur.",
    "email.signInSend": "M’envoyer un lien",
    "email.signInSent": "Si cette adresse a été confirmée, un lien est en route vers elle. Ouvrez-le ici d’ici 15 minutes ; il ne sert qu’une fois.",
  },
});

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

/** An address field with its button, as one form (Enter sends it). */
function addressForm(idPrefix, buttonKey, onSubmit) {
  const input = el("input", { type: "email", id: `${idPrefix}-address`, autocomplete: "email", required: true, maxLength: 254 });
  input.setAttribute("inputmode", "email");
  const label = el("label", { htmlFor: input.id });
  label.dataset.i18n = "email.address";
  const button = el("button", { type: "submit", className: "primary", id: `${idPrefix}-send` });
  button.dataset.i18n = buttonKey;
  // Stacked: a phone keeps the whole address in sight, the button under it.
  const form = el("form", { className: "field" }, label, input, el("div", {}, button));
  form.noValidate = true; // the server's words, not the browser's bubble
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onSubmit(input.value, button);
  });
  return { form, input, button };
}

export function mountEmailSettings(box) {
  if (!box || box.dataset.mounted) return;
  box.dataset.mounted = "email";
  let status = null;
  let editing = false;

  const title = el("h2", { id: "email-title" });
  title.dataset.i18n = "email.title";
  const help = el("p", { className: "help" });
  help.dataset.i18n = "email.help";
  const state = el("p", { id: "email-state", role: "status" });
  const error = el("p", { className: "error", id: "email-error", role: "alert", hidden: true });
  const entry = addressForm("email", "email.send", (value, button) => put(value, button, "email.send"));
  const again = el("button", { type: "button", className: "secondary", id: "email-again" });
  again.dataset.i18n = "email.again";
  const change = el("button", { type: "button", className: "secondary", id: "email-change" });
  change.dataset.i18n = "email.change";
  const remove = el("button", { type: "button", className: "secondary", id: "email-remove" });
  remove.dataset.i18n = "email.remove";
  const actions = el("div", { className: "choice" }, again, change, remove);
  box.append(title, help, state, entry.form, actions, error);

  function fail(err) {
    error.textContent = t("email.failed", { m: err.message });
    error.hidden = false;
  }

  function render(note) {
    applyI18n(box);
    const s = status || { enabled: true, state: "none" };
    box.dataset.state = s.enabled ? s.state : "off";
    if (!s.enabled) {
      state.textContent = t("email.off");
      entry.form.hidden = actions.hidden = true;
      return;
    }
    state.textContent = note ? t(note) : t(`email.${s.state}`, { address: s.address || "" });
    entry.form.hidden = s.state !== "none" && !editing;
    actions.hidden = s.state === "none";
    again.hidden = s.state !== "pending";
    change.hidden = editing;
  }

  async function put(value, button, idleKey) {
    error.hidden = true;
    button.disabled = true;
    button.textContent = t("email.sending");
    try {
      status = await api("PUT", "/api/me/email", { address: value, lang });
      editing = false;
      render();
    } catch (err) {
      fail(err);
    } finally {
      button.disabled = false;
      button.textContent = t(idleKey);
    }
  }

  again.addEventListener("click", () => status && put(status.address, again, "email.again").then(() => render(error.hidden ? "email.sentAgain" : null)));
  change.addEventListener("click", () => {
    editing = true;
    entry.input.value = "";
    render();
    entry.input.focus();
  });
  remove.addEventListener("click", async () => {
    error.hidden = true;
    try {
      status = await api("DELETE", "/api/me/email");
      editing = false;
      render("email.removed");
    } catch (err) {
      fail(err);
    }
  });
  onLangChange(() => {
    render();
    // Mails follow the page's language: a confirmed address is told the new one (no mail goes).
    if (status && status.state === "confirmed") {
      api("PUT", "/api/me/email", { address: status.address, lang }).then((answer) => (status = answer)).catch(() => {});
    }
  });

  render();
  api("GET", "/api/me/email")
    .then((answer) => {
      status = answer;
      render();
    })
    .catch(fail);
}

export function mountEmailSignIn(box) {
  if (!box || box.dataset.mounted) return;
  box.dataset.mounted = "email-sign-in";
  const title = el("h2", { id: "email-sign-in-title" });
  title.dataset.i18n = "email.signInTitle";
  const help = el("p", { className: "help" });
  help.dataset.i18n = "email.signInHelp";
  const done = el("p", { id: "email-sign-in-state", role: "status" });
  const error = el("p", { className: "error", id: "email-sign-in-error", role: "alert", hidden: true });
  const entry = addressForm("email-sign-in", "email.signInSend", async (value, button) => {
    error.hidden = true;
    done.textContent = "";
    button.disabled = true;
    try {
      await api("POST", "/api/email/sign-in", { address: value });
      done.dataset.i18n = "email.signInSent";
      done.textContent = t("email.signInSent");
      box.dataset.state = "sent";
    } catch (err) {
      error.textContent = t(err.code === "email_off" ? "email.off" : "email.failed", { m: err.message });
      error.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
  box.append(title, help, entry.form, done, error);
  applyI18n(box);
}

mountEmailSettings(document.getElementById("email-settings"));
mountEmailSignIn(document.getElementById("email-sign-in"));
