// Probe for tests/client/test_client_view_patch.py: the browser's patch reader
// (static/js/view-patch.js) applies each case's patch to its old view. Answers, a case each,
// the result as JSON text (or the error's message) and whether the old view was left as it was.
import { readFileSync } from "node:fs";
import { applyPatch, ViewFollower } from "../../static/js/view-patch.js";

const request = JSON.parse(readFileSync(0, "utf8"));
const results = request.cases.map(({ old, patch }) => {
  const doc = JSON.parse(old);
  const before = JSON.stringify(doc);
  try {
    const out = applyPatch(doc, patch);
    return { result: JSON.stringify(out), untouched: JSON.stringify(doc) === before };
  } catch (err) {
    return { error: String(err.message), untouched: JSON.stringify(doc) === before };
  }
});
// A follower through a stream of frames: the view after each, or null when it asked again.
const follower = new ViewFollower();
const followed = (request.frames || []).map((frame) => (follower.take(frame) ? JSON.stringify(frame.view ?? null) : null));
process.stdout.write(JSON.stringify({ results, followed }));
