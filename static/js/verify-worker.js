// The game verifier, off the page's thread (a module Web Worker started by verify.js).
//
// It loads Pyodide (CPython for WebAssembly) from /static/vendor/pyodide/, unpacks the
// engine's own Python sources (/api/verifier/engine.zip) into Pyodide's file system and runs
// engine.fairness.verify, the check of `python -m engine verify`, on a record's JSON text.
// Pyodide is loaded once per worker; later records are checked at once.
//
// In:  {text: the record's JSON text, events: how many events it holds}
// Out: {type: "progress", step: "loading" | "replaying", actions}, then one of
//      {type: "result", status: "checked", failures: [lines]}       the whole check ran
//      {type: "result", status: "missing", module, seed_failures}    a module Pyodide lacks
//      {type: "result", status: "malformed", message}                the record is unreadable
//      {type: "unavailable", reason}                                 no verifier here

const PYODIDE = "/static/vendor/pyodide/";
const ENGINE_ZIP = "/api/verifier/engine.zip";
const SOURCES = "/verifier"; // where engine/ is unpacked

// The Python side. It runs engine.fairness.verify; the catalogue that function reads imports
// every registered game, by design, so a game needing a module this Python lacks (Flickago:
// pymunk) stops it for every record. Then the same steps (the record's shape, then its game's
// verify hook) run with the record's game alone; if that game is the one lacking a module,
// the answer names the module, with the seed checks that need none.
const GLUE = `
import importlib
import json
import sys

sys.path.insert(0, ${JSON.stringify(SOURCES)})

from engine import catalogue
from engine.errors import InvalidAction
from engine.fairness import seed_failures, verify
from engine.record import MalformedRecord, check_shape


def _entry_alone(game):
    for package in catalogue.REGISTERED:
        if package.rpartition(".")[2] == game:
            entry = getattr(importlib.import_module(package), "ENTRY", None)
            if isinstance(entry, catalogue.GameEntry) and entry.name == game:
                return entry
    raise MalformedRecord(f"no registered game is named {game!r}")


def _verify(record):
    try:
        return verify(record)
    except ImportError:
        check_shape(record)
        return _entry_alone(record["game"]).verify(record)


def _reason(exc):
    reason = str(exc) if isinstance(exc, InvalidAction) else f"{type(exc).__name__}: {exc}"
    return (reason.splitlines() or [type(exc).__name__])[0].removeprefix("malformed record: ")


def verify_text(text):
    try:
        record = json.loads(text)
        return json.dumps({"status": "checked", "failures": _verify(record)})
    except ImportError as exc:
        try:
            seed = seed_failures(record)
        except (ValueError, TypeError) as bad:
            seed = [_reason(bad)]
        return json.dumps({"status": "missing", "module": exc.name or str(exc), "seed_failures": seed})
    except (InvalidAction, ValueError, KeyError, TypeError) as exc:
        return json.dumps({"status": "malformed", "message": _reason(exc)})
`;

let ready = null;

async function load() {
  const { loadPyodide } = await import(`${PYODIDE}pyodide.mjs`);
  const sources = fetch(ENGINE_ZIP, { credentials: "same-origin" }).then((res) => {
    if (!res.ok) throw new Error(`${ENGINE_ZIP}: ${res.status}`);
    return res.arrayBuffer();
  });
  const py = await loadPyodide({ indexURL: PYODIDE });
  py.unpackArchive(new Uint8Array(await sources), "zip", { extractDir: SOURCES });
  py.runPython(GLUE);
  return py.globals.get("verify_text");
}

self.addEventListener("message", async ({ data }) => {
  let verifyText;
  try {
    postMessage({ type: "progress", step: "loading" });
    ready ??= load();
    verifyText = await ready;
  } catch (error) {
    ready = null;
    postMessage({ type: "unavailable", reason: String(error?.message || error).split("\n")[0] });
    return;
  }
  postMessage({ type: "progress", step: "replaying", actions: data.events });
  try {
    postMessage({ type: "result", ...JSON.parse(verifyText(data.text)) });
  } catch (error) {
    // An exception the command line would not catch either: the verifier itself broke.
    const lines = String(error?.message || error).trim().split("\n");
    postMessage({ type: "result", status: "malformed", message: lines[lines.length - 1] });
  }
});
