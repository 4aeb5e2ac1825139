//! The daily's leaderboards, only when the player agrees (Settings' "Share my daily results",
//! off by default): when a daily ends, its moves go to the leaderboard server (`gems-server`),
//! which replays them and answers with the outcome it computed and the player's rank.
//!
//! A result waits in the outbox (`leaderboard.ron` in the data directory, the browser's
//! storage on the web) until the server has answered, so a daily played offline is sent when
//! the server can be reached again, after the game restarts if need be. The outbox also keeps
//! the player's secret: 128 bits from the system's random source, made on first use, of which
//! the server keeps only a hash. The desktop sends with a blocking HTTP client on a thread of
//! its own (`ureq`), the web page with the browser's `fetch`.

use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use gems_formats::leaderboard::{Answer, Outbox, Rename, Submission, server_url};
use gems_formats::settings::Settings;
use gems_rules::daily::{Date, Game};

use super::paths::DataDir;
use super::settings::Notices;

/// The first wait before a failed request is tried again, in seconds; it doubles up to
/// [`MAX_BACKOFF`].
const FIRST_BACKOFF: f64 = 15.0;

/// The longest wait between tries, in seconds.
const MAX_BACKOFF: f64 = 600.0;

/// The outbox's file name in the data directory.
const OUTBOX_FILE: &str = "leaderboard.ron";

/// The leaderboards' part of the kit.
pub fn plugin(app: &mut App) {
    app.add_message::<DailyFinished>()
        .add_message::<StandardFinished>()
        .init_resource::<Leaderboard>()
        .add_systems(Startup, load_outbox)
        .add_systems(Update, (queue_finished, take_reply, send_next).chain());
}

/// A daily just ended, at its first attempt: what a submission needs, but the player.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct DailyFinished {
    /// The game.
    pub game: Game,
    /// The daily's date.
    pub date: Date,
    /// Its setup in the game's resume words.
    pub setup: String,
    /// Its moves, the game's journal.
    pub moves: Vec<String>,
    /// The computer played for the person.
    pub assisted: bool,
}

/// A game of Modern Gems on one of the 20 standard positions ended, played by the person
/// under the positions' classic rules with no help (no hint, undo or computer player): its
/// moves go to the positions' all-time tables.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct StandardFinished {
    /// The position's name (`standard-5`).
    pub board: String,
    /// Its moves, the game's journal.
    pub moves: Vec<String>,
}

/// An HTTP answer: the status and the body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The body's text.
    pub body: String,
}

/// Where a request's answer lands, from a thread or the browser's event loop.
pub type Slot = Arc<Mutex<Option<Result<Reply, String>>>>;

/// What a request in flight is for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Sending {
    /// The outbox's first submission.
    Submission,
    /// The player's display name.
    Name(String),
}

/// The leaderboards' state: the outbox and the request in flight.
#[derive(Resource, Debug, Default)]
pub struct Leaderboard {
    /// The file: the player's secret and the results not yet answered.
    pub outbox: Outbox,
    /// The last answer, for the player (`Rank 3 of 57 …`, or why a result was refused).
    pub last: Option<String>,
    in_flight: Option<(Sending, Slot)>,
    /// Elapsed seconds before which nothing is tried again.
    retry_at: f64,
    backoff: f64,
}

impl Leaderboard {
    /// Whether a request is in flight.
    pub fn busy(&self) -> bool {
        self.in_flight.is_some()
    }

    /// Tries again at the next frame, whatever the last failure's wait (the player changed
    /// the server's address, or asked).
    pub fn retry_now(&mut self) {
        self.retry_at = 0.0;
        self.backoff = 0.0;
    }
}

/// The server results go to: `--server`, else Settings' address, else the web page's origin.
pub fn server(
    settings: &Settings,
    launch: Option<&super::launch::LaunchOptions>,
) -> Option<String> {
    if let Some(url) = launch.and_then(|l| l.server.clone()) {
        return Some(url);
    }
    if let Ok(url) = server_url(&settings.server) {
        return Some(url);
    }
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window().and_then(|w| w.location().origin().ok())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// A new secret: 128 bits from the system's random source, in hexadecimal.
fn new_secret() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random source: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

fn outbox_path(dir: &DataDir) -> Option<std::path::PathBuf> {
    dir.file(OUTBOX_FILE)
}

fn load_outbox(
    dir: Option<Res<DataDir>>,
    mut board: ResMut<Leaderboard>,
    notices: Option<ResMut<Notices>>,
) {
    let Some(path) = dir.as_deref().and_then(outbox_path) else {
        return;
    };
    match super::store::read_text(&path).map(|t| t.map(|t| Outbox::parse(&t))) {
        Ok(Some(Ok(outbox))) => board.outbox = outbox,
        Ok(None) => {}
        Ok(Some(Err(e))) => {
            // Kept aside, never lost; a new outbox starts (with a new secret when needed).
            let aside = path.with_extension("ron.old");
            let _ = super::store::read_text(&path)
                .ok()
                .flatten()
                .map(|t| super::store::write_text(&aside, &t));
            if let Some(mut notices) = notices {
                notices.warn(format!(
                    "The leaderboard file could not be read ({e}); it was kept as {}.",
                    aside.display()
                ));
            }
        }
        Err(e) => tracing::warn!("the leaderboard file: {e}"),
    }
}

fn save_outbox(dir: Option<&DataDir>, outbox: &Outbox) {
    if let Some(path) = dir.and_then(outbox_path)
        && let Err(e) = super::store::write_text(&path, &outbox.to_text())
    {
        tracing::warn!("the leaderboard file: {e}");
    }
}

/// Queues the dailies and standard positions that just ended, when the player shares them.
fn queue_finished(
    mut finished: MessageReader<DailyFinished>,
    mut standard: MessageReader<StandardFinished>,
    settings: Option<Res<Settings>>,
    dir: Option<Res<DataDir>>,
    mut board: ResMut<Leaderboard>,
    mut notices: Option<ResMut<Notices>>,
) {
    let share = settings.as_ref().is_some_and(|s| s.share_daily);
    let client = || env!("CARGO_PKG_VERSION").to_string();
    let dailies = finished.read().map(|daily| Submission {
        game: daily.game.slug().to_string(),
        date: Some(daily.date.to_string()),
        board: None,
        setup: Some(daily.setup.clone()),
        moves: daily.moves.clone(),
        client: client(),
        player: String::new(),
        assisted: daily.assisted,
    });
    let positions = standard.read().map(|game| Submission {
        game: Game::ModernGems.slug().to_string(),
        date: None,
        board: Some(game.board.clone()),
        setup: None,
        moves: game.moves.clone(),
        client: client(),
        player: String::new(),
        assisted: false,
    });
    let results: Vec<Submission> = dailies.chain(positions).collect();
    if !share || results.is_empty() {
        return;
    }
    if board.outbox.secret.is_empty() {
        match new_secret() {
            Ok(secret) => board.outbox.secret = secret,
            Err(e) => {
                if let Some(n) = notices.as_mut() {
                    n.warn(format!("Results cannot be shared: {e}."));
                }
                return;
            }
        }
    }
    for mut submission in results {
        submission.player = board.outbox.secret.clone();
        board.outbox.push(submission);
    }
    // Sent at once, whatever the last failure's wait.
    board.retry_now();
    save_outbox(dir.as_deref(), &board.outbox);
}

/// Starts the next request: the player's name when it changed, else the oldest result.
fn send_next(
    time: Res<Time<Real>>,
    settings: Option<Res<Settings>>,
    launch: Option<Res<super::launch::LaunchOptions>>,
    mut board: ResMut<Leaderboard>,
) {
    let Some(settings) = settings else { return };
    if settings.is_changed() {
        // Perhaps another server's address, or sharing just turned on.
        board.retry_now();
    }
    let now = time.elapsed_secs_f64();
    if board.busy()
        || !settings.share_daily
        || now < board.retry_at
        || board.outbox.secret.is_empty()
    {
        return;
    }
    let Some(base) = server(&settings, launch.as_deref()) else {
        return;
    };
    let name = settings.player_name.trim().to_string();
    let (sending, method, url, body) = if !name.is_empty() && name != board.outbox.name_sent {
        let body = Rename {
            player: board.outbox.secret.clone(),
            name: name.clone(),
        }
        .to_json();
        (Sending::Name(name), "PUT", format!("{base}/api/name"), body)
    } else if let Some(first) = board.outbox.queue.first() {
        (
            Sending::Submission,
            "POST",
            format!("{base}/api/submit"),
            first.to_json(),
        )
    } else {
        return;
    };
    let slot: Slot = Arc::default();
    request(method, &url, body, slot.clone());
    board.in_flight = Some((sending, slot));
}

/// Handles the answer of the request in flight, once it came.
fn take_reply(
    time: Res<Time<Real>>,
    registry: Option<Res<super::game::GameRegistry>>,
    dir: Option<Res<DataDir>>,
    mut board: ResMut<Leaderboard>,
    mut notices: Option<ResMut<Notices>>,
) {
    let Some((sending, slot)) = board.in_flight.as_ref() else {
        return;
    };
    let Some(reply) = slot.lock().ok().and_then(|mut s| s.take()) else {
        return;
    };
    let sending = sending.clone();
    board.in_flight = None;
    let now = time.elapsed_secs_f64();
    let status = reply.as_ref().map_or(0, |r| r.status);
    let answer = reply
        .as_ref()
        .map(|r| Answer::from_json(&r.body))
        .unwrap_or_default();
    // A refusal is the leaderboard server's own (a JSON error); any other answer (a page host
    // with no server behind it: 404, 405) is a server away, and the result waits.
    let refused = (400..500).contains(&status) && status != 429 && answer.error.is_some();
    let retry = !(200..300).contains(&status) && !refused;
    if retry {
        board.backoff = (board.backoff * 2.0).clamp(FIRST_BACKOFF, MAX_BACKOFF);
        board.retry_at = now + board.backoff;
        let why = reply
            .err()
            .or(answer.error)
            .unwrap_or_else(|| format!("status {status}"));
        tracing::info!("leaderboard: will try again in {} s: {why}", board.backoff);
        return;
    }
    board.backoff = 0.0;
    let text = match sending {
        Sending::Name(name) => {
            if (200..300).contains(&status) {
                board.outbox.name_sent = name;
                board.outbox.player = answer.player.or(board.outbox.player.take());
                None
            } else {
                // Refused: not sent again until it changes.
                board.outbox.name_sent = name;
                Some(format!(
                    "The leaderboard refused the name: {}.",
                    answer.error.unwrap_or_else(|| format!("status {status}"))
                ))
            }
        }
        Sending::Submission => {
            let sent = board.outbox.queue.remove(0);
            let what = match &sent.board {
                Some(position) => position.clone(),
                None => format!(
                    "the {} daily of {}",
                    registry
                        .as_deref()
                        .map(super::daily::daily_games)
                        .unwrap_or_default()
                        .into_iter()
                        .find(|(_, g)| g.slug() == sent.game)
                        .map_or(sent.game.as_str(), |(name, _)| name),
                    sent.date.clone().unwrap_or_default()
                ),
            };
            if (200..300).contains(&status) {
                board.outbox.player = answer.player.clone().or(board.outbox.player.take());
                let outcome = answer.describe.unwrap_or_default();
                Some(
                    match (answer.rank, answer.of, answer.improved, answer.best) {
                        (Some(rank), Some(of), Some(false), Some(best)) => format!(
                            "Leaderboard: {outcome} on {what}; your best there is still {best}, rank {rank} of {of}."
                        ),
                        (Some(rank), Some(of), ..) => {
                            format!("Leaderboard: {outcome} on {what}, rank {rank} of {of}.")
                        }
                        _ => format!("Leaderboard: {outcome} on {what} (assisted table)."),
                    },
                )
            } else {
                Some(format!(
                    "Leaderboard: the result on {what} was not counted: {}.",
                    answer.error.unwrap_or_else(|| format!("status {status}"))
                ))
            }
        }
    };
    save_outbox(dir.as_deref(), &board.outbox);
    if let Some(text) = text {
        tracing::info!("{text}");
        if let Some(n) = notices.as_mut() {
            n.tell(text.clone());
        }
        board.last = Some(text);
    }
}

/// A request for a page: `GET base + path`, answered in the slot returned.
pub fn fetch(url: &str) -> Slot {
    let slot: Slot = Arc::default();
    request("GET", url, String::new(), slot.clone());
    slot
}

/// Sends `body` to `url` with `method` on a thread of its own; the answer lands in `slot`.
#[cfg(not(target_arch = "wasm32"))]
fn request(method: &'static str, url: &str, body: String, slot: Slot) {
    let url = url.to_string();
    let spawned = std::thread::Builder::new()
        .name("leaderboard".into())
        .spawn(move || {
            let agent: ureq::Agent = ureq::Agent::config_builder()
                .http_status_as_error(false)
                .timeout_global(Some(std::time::Duration::from_secs(30)))
                .build()
                .into();
            let sent = match method {
                "GET" => agent.get(&url).call(),
                "PUT" => agent.put(&url).content_type("application/json").send(&body),
                _ => agent
                    .post(&url)
                    .content_type("application/json")
                    .send(&body),
            };
            let reply = sent.map_err(|e| e.to_string()).map(|mut r| {
                let status = r.status().as_u16();
                let body = r
                    .body_mut()
                    .with_config()
                    .limit(1 << 20)
                    .read_to_string()
                    .unwrap_or_default();
                Reply { status, body }
            });
            if let Ok(mut s) = slot.lock() {
                *s = Some(reply);
            }
        });
    if let Err(e) = spawned {
        tracing::warn!("leaderboard: no thread: {e}");
    }
}

/// Sends `body` to `url` with `method` through the browser's `fetch`; the answer lands in
/// `slot`.
#[cfg(target_arch = "wasm32")]
fn request(method: &'static str, url: &str, body: String, slot: Slot) {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let url = url.to_string();
    wasm_bindgen_futures::spawn_local(async move {
        let why = |e: wasm_bindgen::JsValue| e.as_string().unwrap_or_else(|| format!("{e:?}"));
        let reply = async {
            let window = web_sys::window().ok_or("no window")?;
            let init = web_sys::RequestInit::new();
            init.set_method(method);
            if method != "GET" {
                init.set_body(&wasm_bindgen::JsValue::from_str(&body));
            }
            let headers = web_sys::Headers::new().map_err(why)?;
            headers
                .set("content-type", "application/json")
                .map_err(why)?;
            init.set_headers(&headers);
            let response = JsFuture::from(window.fetch_with_str_and_init(&url, &init))
                .await
                .map_err(why)?;
            let response: web_sys::Response = response.dyn_into().map_err(why)?;
            let status = response.status();
            let text = JsFuture::from(response.text().map_err(why)?)
                .await
                .map_err(why)?;
            Ok::<Reply, String>(Reply {
                status,
                body: text.as_string().unwrap_or_default(),
            })
        }
        .await;
        if let Ok(mut s) = slot.lock() {
            *s = Some(reply);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaderboard_secret_is_128_random_bits() {
        let a = new_secret().unwrap();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(a, new_secret().unwrap());
    }
}
