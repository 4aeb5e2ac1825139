//! The browser's side of the AI worker: each search is posted, as the text of a
//! [`Request`], to a Web Worker running `web/ai-worker.js` (the `gems-worker` module, the
//! rules crate alone), and its [`Reply`] is read back when it arrives. The page's own thread
//! never searches.
//!
//! A worker answers one request at a time, so each running search has a worker of its own:
//! an idle one is reused, else a new one starts (the first when a game first needs the
//! computer). A search is stopped by terminating its worker (a worker inside a search never
//! reads its messages), so a stopped search can never answer; its place is taken by a fresh
//! worker at the next search. The workers live in a thread-local pool (JavaScript objects
//! cannot be sent across threads, and a Bevy resource must be), which a [`Ticket`] names by
//! its request's id.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use gems_rules::job::{Answer, Job, Reply, Request};
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

/// A search posted to a worker: polls its answer; dropping it before the answer stops the
/// search (its worker is terminated).
#[derive(Debug)]
pub struct Ticket(u64);

/// A worker busy with one request.
struct Busy {
    worker: Worker,
    /// The reply's text, once the worker has posted it.
    reply: Rc<RefCell<Option<String>>>,
    /// Keeps the worker's message handler alive while it may be called.
    _on_message: Closure<dyn FnMut(MessageEvent)>,
}

/// The page's workers.
#[derive(Default)]
struct Pool {
    /// Workers that have answered and wait for the next request.
    idle: Vec<Worker>,
    /// Running requests by id.
    busy: HashMap<u64, Busy>,
    /// Replies known without a worker (one could not start), by request id.
    ready: HashMap<u64, String>,
    /// The last request id handed out.
    last_id: u64,
}

thread_local! {
    static POOL: RefCell<Pool> = RefCell::new(Pool::default());
}

/// The worker script of this build: `ai-worker-ID.js`, ID being the build's id that the page
/// sets as `window.modernGemsBuild` (web/finish.py names every file of a build after it).
fn script_url() -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let build = js_sys::Reflect::get(&window, &"modernGemsBuild".into())
        .ok()
        .and_then(|b| b.as_string())
        .ok_or("the page does not name its build (window.modernGemsBuild)")?;
    Ok(format!("./ai-worker-{build}.js"))
}

/// A new module worker running the build's AI worker script.
fn new_worker() -> Result<Worker, String> {
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    Worker::new_with_options(&script_url()?, &options)
        .map_err(|e| format!("the AI worker did not start: {e:?}"))
}

/// How many workers the Expert's time-budget searches take: one fewer than the machine's
/// cores (`navigator.hardwareConcurrency`, the page's own thread keeps one), at least one;
/// `window.modernGemsAiWorkers`, when the page sets it (the browser test does), instead.
pub fn lanes() -> usize {
    let Some(window) = web_sys::window() else {
        return 1;
    };
    let asked = js_sys::Reflect::get(&window, &"modernGemsAiWorkers".into())
        .ok()
        .and_then(|n| n.as_f64());
    let lanes = asked.unwrap_or_else(|| window.navigator().hardware_concurrency() - 1.0);
    if lanes.is_finite() && lanes >= 1.0 {
        lanes.min(64.0) as usize
    } else {
        1
    }
}

impl super::split::Lane for Ticket {
    fn post(job: &Job) -> Self {
        Ticket::post(job)
    }

    fn poll(&mut self) -> Option<Answer> {
        Ticket::poll(self)
    }
}

impl Ticket {
    /// Posts `job` to an idle worker (a new one if none is idle). A worker that cannot start
    /// or be written to makes the ticket answer with a refusal and its reason.
    pub fn post(job: &Job) -> Ticket {
        POOL.with_borrow_mut(|pool| {
            pool.last_id += 1;
            let id = pool.last_id;
            let worker = match pool.idle.pop().map(Ok).unwrap_or_else(new_worker) {
                Ok(worker) => worker,
                Err(why) => {
                    pool.ready.insert(id, refusal(id, &why));
                    return Ticket(id);
                }
            };
            let reply = Rc::new(RefCell::new(None));
            let inbox = reply.clone();
            let on_message = Closure::new(move |event: MessageEvent| {
                *inbox.borrow_mut() = Some(event.data().as_string().unwrap_or_default());
            });
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            let text = Request {
                id,
                job: job.clone(),
            }
            .to_text();
            if let Err(e) = worker.post_message(&text.into()) {
                worker.terminate();
                pool.ready.insert(id, refusal(id, &format!("{e:?}")));
                return Ticket(id);
            }
            pool.busy.insert(
                id,
                Busy {
                    worker,
                    reply,
                    _on_message: on_message,
                },
            );
            Ticket(id)
        })
    }

    /// The search's answer once its reply has arrived (its worker then waits for the next
    /// request).
    pub fn poll(&mut self) -> Option<Answer> {
        let text = POOL.with_borrow_mut(|pool| {
            if let Some(text) = pool.ready.remove(&self.0) {
                return Some(text);
            }
            let text = pool.busy.get(&self.0)?.reply.borrow_mut().take()?;
            let busy = pool.busy.remove(&self.0)?;
            busy.worker.set_onmessage(None);
            pool.idle.push(busy.worker);
            Some(text)
        })?;
        Some(read(self.0, &text))
    }
}

impl Drop for Ticket {
    /// A search still running is stopped: its worker is terminated, never to answer.
    fn drop(&mut self) {
        POOL.with_borrow_mut(|pool| {
            pool.ready.remove(&self.0);
            if let Some(busy) = pool.busy.remove(&self.0) {
                busy.worker.terminate();
            }
        });
    }
}

/// The text of a refusal of request `id` for `why`.
fn refusal(id: u64, why: &str) -> String {
    Reply {
        id,
        answer: Answer::Refused(why.to_string()),
    }
    .to_text()
}

/// The answer a reply's text holds for request `id`: a text that is no reply, or a reply to
/// another request, is a refusal (and logged).
fn read(id: u64, text: &str) -> Answer {
    let answer = match Reply::from_text(text) {
        Ok(reply) if reply.id == id => reply.answer,
        Ok(Reply {
            answer: Answer::Refused(why),
            ..
        }) => Answer::Refused(why),
        Ok(reply) => Answer::Refused(format!("a reply to request {} for {id}", reply.id)),
        Err(e) => Answer::Refused(e.to_string()),
    };
    if let Answer::Refused(why) = &answer {
        web_sys::console::warn_1(&format!("the computer's search was refused: {why}").into());
    }
    answer
}
