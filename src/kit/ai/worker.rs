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
//!
//! While a long search runs, its worker posts progress [`Report`]s before the reply; the
//! ticket keeps the latest. A worker that fails (its script or module does not load, or its
//! search traps) fires an error event: its request is refused with the reason and the worker
//! is dropped. The pool's [`Backoff`] then decides: the failure is told to the player once per
//! run of failures ([`take_failure`]), and for a while (5 s, doubled for each failure in a row)
//! a request that would need a new worker is refused at once instead of starting one that would
//! fail the same way; workers already loaded keep serving.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use gems_rules::cancel::Progress;
use gems_rules::job::{Answer, Job, Reply, Report, Request};

use super::backoff::Backoff;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{ErrorEvent, Event, MessageEvent, Worker, WorkerOptions, WorkerType};

/// A search posted to a worker: polls its answer; dropping it before the answer stops the
/// search (its worker is terminated).
#[derive(Debug)]
pub struct Ticket(u64);

/// A worker busy with one request.
struct Busy {
    worker: Worker,
    /// The reply's text, once the worker has posted it.
    reply: Rc<RefCell<Option<String>>>,
    /// The latest progress the worker reported.
    progress: Rc<Cell<Option<Progress>>>,
    /// Why the worker failed, if it did (it then never answers).
    failed: Rc<RefCell<Option<String>>>,
    /// Keep the worker's handlers alive while they may be called.
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

/// The page's workers.
#[derive(Default)]
struct Pool {
    /// Workers that have answered and wait for the next request.
    idle: Vec<Worker>,
    /// Running requests by id.
    busy: HashMap<u64, Busy>,
    /// Replies known without a worker (one could not start), by request id.
    ready: HashMap<u64, Answer>,
    /// The last request id handed out.
    last_id: u64,
    /// What to do after workers failed.
    backoff: Backoff,
}

/// A worker failure not yet told to the player, once (the kit shows it as a notice).
pub fn take_failure() -> Option<String> {
    POOL.with_borrow_mut(|pool| pool.backoff.take_untold())
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

    fn progress(&self) -> Option<Progress> {
        Ticket::progress(self)
    }
}

impl Ticket {
    /// Posts `job` to an idle worker (a new one if none is idle). A worker that cannot start
    /// or be written to, or a new worker while the pool waits after a failure, makes the
    /// ticket answer with a refusal and its reason.
    pub fn post(job: &Job) -> Ticket {
        POOL.with_borrow_mut(|pool| {
            pool.last_id += 1;
            let id = pool.last_id;
            let waiting = pool.backoff.refuses_new_worker(js_sys::Date::now());
            if let (None, Some(why)) = (pool.idle.last(), waiting) {
                // Told once when it failed; not again for every request until the retry.
                pool.ready.insert(id, Answer::Refused(why.to_owned()));
                return Ticket(id);
            }
            let worker = match pool.idle.pop().map(Ok).unwrap_or_else(new_worker) {
                Ok(worker) => worker,
                Err(why) => {
                    pool.ready.insert(id, refused(why));
                    return Ticket(id);
                }
            };
            let reply = Rc::new(RefCell::new(None));
            let progress = Rc::new(Cell::new(None));
            let failed = Rc::new(RefCell::new(None));
            let (inbox, latest) = (reply.clone(), progress.clone());
            let on_message = Closure::new(move |event: MessageEvent| {
                let text = event.data().as_string().unwrap_or_default();
                match Report::from_text(&text) {
                    Ok(report) if report.id == id => latest.set(Some(report.progress)),
                    Ok(_) => {}
                    Err(_) => *inbox.borrow_mut() = Some(text),
                }
            });
            let why = failed.clone();
            let on_error = Closure::new(move |event: Event| {
                let detail = event
                    .dyn_ref::<ErrorEvent>()
                    .map(ErrorEvent::message)
                    .filter(|m| !m.is_empty())
                    .unwrap_or_else(|| "its script or module did not load".into());
                *why.borrow_mut() = Some(format!("the AI worker failed: {detail}"));
            });
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            let text = Request {
                id,
                job: job.clone(),
            }
            .to_text();
            if let Err(e) = worker.post_message(&text.into()) {
                worker.terminate();
                pool.ready.insert(id, refused(format!("{e:?}")));
                return Ticket(id);
            }
            pool.busy.insert(
                id,
                Busy {
                    worker,
                    reply,
                    progress,
                    failed,
                    _on_message: on_message,
                    _on_error: on_error,
                },
            );
            Ticket(id)
        })
    }

    /// The search's answer once its reply has arrived (its worker then waits for the next
    /// request), or its refusal once its worker has failed (the worker is dropped).
    pub fn poll(&mut self) -> Option<Answer> {
        let id = self.0;
        let outcome = POOL.with_borrow_mut(|pool| {
            if let Some(answer) = pool.ready.remove(&id) {
                return Some(Err(answer));
            }
            let busy = pool.busy.get(&id)?;
            let failure = busy.failed.borrow_mut().take();
            if let Some(why) = failure {
                if let Some(busy) = pool.busy.remove(&id) {
                    busy.worker.terminate();
                }
                web_sys::console::error_1(&why.clone().into());
                pool.backoff.failed(why.clone(), js_sys::Date::now());
                return Some(Err(Answer::Refused(why)));
            }
            let text = busy.reply.borrow_mut().take()?;
            let busy = pool.busy.remove(&id)?;
            busy.worker.set_onmessage(None);
            busy.worker.set_onerror(None);
            pool.idle.push(busy.worker);
            pool.backoff.answered();
            Some(Ok(text))
        })?;
        Some(outcome.map_or_else(|refused| refused, |text| read(id, &text)))
    }

    /// The progress the worker last reported for this search.
    pub fn progress(&self) -> Option<Progress> {
        POOL.with_borrow(|pool| pool.busy.get(&self.0)?.progress.get())
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

/// A refusal for `why`, logged.
fn refused(why: String) -> Answer {
    web_sys::console::warn_1(&format!("the computer's search was refused: {why}").into());
    Answer::Refused(why)
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
    match answer {
        Answer::Refused(why) => refused(why),
        answer => answer,
    }
}
