//! The browser's file picker and downloads (web), for every file the player brings in or takes
//! away: a theme image, a saved game, the one-file export of their data. `web/index.html`
//! defines `modernGemsPick(purpose, accept, maxBytes)`, which leaves the chosen file in
//! `window.modernGemsPicked` (unread when it is larger than `maxBytes`), and
//! `modernGemsDownload(name, bytes, type)`.

use wasm_bindgen::{JsCast, JsValue};

/// A picked file: its name, and its bytes or its size when it was too large to read.
pub type Picked = (String, Result<Vec<u8>, u64>);

/// Calls the page's function `name` with `args`; false when the page has none or it failed.
fn call(name: &str, args: &[JsValue]) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let Some(f) = js_sys::Reflect::get(&window, &JsValue::from_str(name))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    else {
        return false;
    };
    let args: js_sys::Array = args.iter().collect();
    f.apply(&window, &args).is_ok()
}

/// Opens the browser's file picker for `purpose` (a word the taker names again), offering
/// the files `accept` describes (`image/png`, `.mg`); a file over `max` bytes is not read.
/// False when the page has no picker.
pub fn open(purpose: &str, accept: &str, max: u64) -> bool {
    call(
        "modernGemsPick",
        &[purpose.into(), accept.into(), JsValue::from_f64(max as f64)],
    )
}

/// The file picked for `purpose` since the last call, if any.
pub fn take(purpose: &str) -> Option<Picked> {
    let window = web_sys::window()?;
    let key = JsValue::from_str("modernGemsPicked");
    let picked = js_sys::Reflect::get(&window, &key).ok()?;
    let field = |name: &str| js_sys::Reflect::get(&picked, &JsValue::from_str(name)).ok();
    if picked.is_undefined() || picked.is_null() || field("purpose")?.as_string()? != purpose {
        return None;
    }
    let _ = js_sys::Reflect::set(&window, &key, &JsValue::UNDEFINED);
    let name = field("name")?.as_string()?;
    if let Some(size) = field("size")?.as_f64() {
        return Some((name, Err(size as u64)));
    }
    Some((name, Ok(js_sys::Uint8Array::new(&field("bytes")?).to_vec())))
}

/// Offers `bytes` to the player as a download named `name`, of MIME type `mime`; false when
/// the page cannot.
pub fn download(name: &str, bytes: &[u8], mime: &str) -> bool {
    let array = js_sys::Uint8Array::from(bytes);
    call(
        "modernGemsDownload",
        &[name.into(), array.into(), mime.into()],
    )
}
