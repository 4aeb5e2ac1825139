//! The browser's AI worker: a wasm module of its own, built from the rules crate alone (no
//! Bevy, no egui), which a Web Worker loads (`web/ai-worker.js`) so that the computer players
//! think beside the page instead of in slices of its one thread.
//!
//! The worker answers one message at a time: the text of a [`Request`] in, the text of its
//! [`Reply`] out (and, during a long search, texts of its progress before it), by
//! [`gems_rules::job::respond_reporting`]; everything it decides is there, natively tested.
//! A search is stopped by the page terminating the worker and starting a fresh one (a worker
//! inside a search never looks at its messages), so a stopped search never answers.
//!
//! [`Request`]: gems_rules::job::Request
//! [`Reply`]: gems_rules::job::Reply

/// The worker's answer to the message `text`: the text of the reply to the request it holds
/// (a refusal with its reason when it holds none). While a long search runs, the texts of its
/// progress [`Report`]s go to the page as messages of their own.
///
/// [`Report`]: gems_rules::job::Report
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen)]
pub fn handle(text: &str) -> String {
    gems_rules::job::respond_reporting(text, &gems_rules::cancel::Cancel::never(), post)
}

/// Posts `text` to the page (a progress report; natively, where no page listens, nothing).
fn post(text: String) {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsCast;
        let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        // A report that cannot be posted is only a report: the reply still comes.
        let _ = scope.post_message(&text.into());
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = text;
}

#[cfg(test)]
mod tests {
    use super::*;
    use gems_rules::gems::{Budget, Player, RemovalPolicy, random_board};
    use gems_rules::job::{Answer, Job, Reply, Request};

    #[test]
    fn the_worker_module_answers_a_request_with_the_rules_crates_reply() {
        let board = random_board(8, 8, 4, 5).unwrap();
        let job = Job::gems_line(
            &board,
            RemovalPolicy::Classic,
            Player::Expert,
            Budget::Nodes(5_000),
            None,
        );
        let text = Request { id: 3, job }.to_text();
        let reply = Reply::from_text(&handle(&text)).unwrap();
        assert_eq!(reply.id, 3);
        let Answer::Line(line) = reply.answer else {
            panic!("the Expert answers with a line");
        };
        assert!(!line.moves.is_empty());
        let refused = Reply::from_text(&handle("not ron")).unwrap();
        assert!(matches!(refused.answer, Answer::Refused(_)));
    }
}
