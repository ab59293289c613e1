// The landing page's link to the notifications page (issue 27): its words in the page's
// language (the strings live with the notifications page's, static/js/notify-strings.js).

import { addStrings, onLangChange, t } from "./i18n.js";
import { NOTIFY_STRINGS } from "./notify-strings.js";

addStrings(NOTIFY_STRINGS);

const fill = () =>
  document.querySelectorAll("[data-notify-link]").forEach((link) => (link.textContent = t(link.dataset.notifyLink)));

fill();
onLangChange(fill);
