// The browser's AI worker (crates/gems-worker): loads the engines' own wasm module, then
// answers each message, the text of a search request, with the text of its reply. A search is
// stopped by the page terminating this worker (inside a search it never reads its messages).
// web/finish.py replaces __BUILD__ with the build's id, as it names the module's files.
import init, { handle } from "./ai-engines-__BUILD__.js";

const ready = init({ module_or_path: new URL("./ai-engines-__BUILD__.wasm", import.meta.url) });

self.onmessage = (event) => {
  ready.then(
    () => self.postMessage(handle(String(event.data))),
    // A module that cannot load refuses every request, with the reason, as the engines would.
    (error) => self.postMessage(`Reply(id: 0, answer: Refused(${JSON.stringify(String(error))}))`),
  );
};
