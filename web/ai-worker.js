// The browser's AI worker (crates/gems-worker): loads the engines' own wasm module, then
// answers each message, the text of a search request, with the text of its reply. A search is
// stopped by the page terminating this worker (inside a search it never reads its messages).
// web/finish.py replaces __BUILD__ with the build's id, as it names the module's files.
import init, { handle } from "./ai-engines-__BUILD__.js";

const ready = init({ module_or_path: new URL("./ai-engines-__BUILD__.wasm", import.meta.url) });

// A module that cannot load, or a search that traps, is thrown out of the worker's event loop
// (a rejected promise would only be logged here), so the page sees the worker's error event:
// it drops this worker, tells the player, and waits before it starts another.
const fail = (error) => setTimeout(() => { throw error; });

self.onmessage = (event) => {
  ready.then(() => {
    let reply;
    try {
      reply = handle(String(event.data));
    } catch (error) {
      fail(error);
      return;
    }
    self.postMessage(reply);
  }, fail);
};
