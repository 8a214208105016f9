//! A minimal W3C WebDriver client for the browser test: chromedriver started on a free port,
//! one headless Chromium session, and the handful of commands the test needs (navigate, run a
//! script, find and click elements, screenshots), as JSON over HTTP/1.1 with std and
//! serde_json only. (A full client such as fantoccini brings the webdriver crate and some
//! forty more crates into the build for these few commands.)

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The flags headless Chromium needs on a machine without a display or network.
const CHROMIUM_FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1920,1080",
];

/// The first of `names` that exists as a file or is found on `PATH`.
pub fn find_program(names: &[&str]) -> Option<String> {
    for n in names {
        if n.contains('/') {
            if Path::new(n).is_file() {
                return Some(n.to_string());
            }
            continue;
        }
        let path = std::env::var_os("PATH")?;
        for dir in std::env::split_paths(&path) {
            let p = dir.join(n);
            if p.is_file() {
                return Some(p.to_string_lossy().into_owned());
            }
        }
    }
    None
}

/// A chromedriver process and one browser session; both end when this is dropped.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
    profile: std::path::PathBuf,
}

/// A found element's WebDriver reference.
pub type Element = String;

const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Browser {
    /// Starts `chromedriver` and a headless `chromium` session with a fresh profile.
    pub fn start(chromedriver: &str, chromium: &str) -> Browser {
        Browser::start_with_env(chromedriver, chromium, &[])
    }

    /// [`Browser::start`] with more environment variables for chromedriver and so for
    /// Chromium (`FONTCONFIG_FILE`, for example).
    pub fn start_with_env(chromedriver: &str, chromium: &str, env: &[(&str, &str)]) -> Browser {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {chromedriver}: {e}"));
        // One profile per browser: two tests of one process running at once must not share
        // one, or the second Chromium hands its window to the first (its environment, such as
        // the font configuration, then does not apply) and one test's end closes the other's.
        static BROWSERS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = BROWSERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let profile =
            std::env::temp_dir().join(format!("taikyoku-gui-chromium-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        let mut b = Browser {
            driver,
            port,
            session: String::new(),
            profile,
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok(v) = b.request("GET", "/status", None) {
                if v["value"]["ready"] == true {
                    break;
                }
            }
            assert!(Instant::now() < deadline, "chromedriver did not get ready");
            std::thread::sleep(Duration::from_millis(100));
        }
        let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|s| s.to_string()).collect();
        args.push(format!("--user-data-dir={}", b.profile.display()));
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args},
        }}});
        let v = b
            .request("POST", "/session", Some(&caps))
            .unwrap_or_else(|e| panic!("no browser session: {e}"));
        b.session = v["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no browser session: {v}"))
            .to_string();
        b
    }

    /// One WebDriver command; the `value` of its answer, or the error it reported.
    fn command(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let v = self
            .request(method, &path, body)
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        if v["value"]["error"].is_string() {
            panic!("{method} {path}: {}", v["value"]);
        }
        v["value"].clone()
    }

    fn request(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        let mut c = TcpStream::connect(("127.0.0.1", self.port)).map_err(|e| e.to_string())?;
        c.set_read_timeout(Some(Duration::from_secs(120)))
            .map_err(|e| e.to_string())?;
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        write!(
            c,
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.port,
            body.len()
        )
        .map_err(|e| e.to_string())?;
        let mut r = BufReader::new(c);
        let mut length = None;
        let mut line = String::new();
        loop {
            line.clear();
            if r.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Err("the connection closed in the headers".into());
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse::<usize>().ok();
                }
            }
        }
        let mut buf = Vec::new();
        match length {
            Some(n) => {
                buf.resize(n, 0);
                r.read_exact(&mut buf).map_err(|e| e.to_string())?;
            }
            None => {
                r.read_to_end(&mut buf).map_err(|e| e.to_string())?;
            }
        }
        serde_json::from_slice(&buf).map_err(|e| format!("{e}: {}", String::from_utf8_lossy(&buf)))
    }

    /// Opens a page.
    pub fn goto(&self, url: &str) {
        self.command("POST", "/url", Some(&json!({ "url": url })));
    }

    /// Runs a script in the page (`arguments[0]`... are `args`) and returns its value.
    pub fn script(&self, script: &str, args: Value) -> Value {
        self.command(
            "POST",
            "/execute/sync",
            Some(&json!({ "script": script, "args": args })),
        )
    }

    /// Runs `script` until it returns true, up to `timeout`; panics with `what` otherwise.
    pub fn wait_for(&self, what: &str, timeout: Duration, script: &str) {
        let deadline = Instant::now() + timeout;
        while self.script(script, json!([])) != true {
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The element matching a CSS selector.
    pub fn find(&self, css: &str) -> Element {
        let v = self.command(
            "POST",
            "/element",
            Some(&json!({"using": "css selector", "value": css})),
        );
        v[ELEMENT_KEY]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {v}"))
            .to_string()
    }

    /// Clicks an element as a user would (the browser moves the pointer and clicks).
    pub fn click(&self, e: &Element) {
        self.command("POST", &format!("/element/{e}/click"), Some(&json!({})));
    }

    /// A screenshot of the window, as PNG bytes.
    pub fn screenshot(&self) -> Vec<u8> {
        let v = self.command("GET", "/screenshot", None);
        base64_decode(v.as_str().expect("base64 PNG"))
    }

    /// A screenshot of one element, as PNG bytes.
    pub fn element_screenshot(&self, e: &Element) -> Vec<u8> {
        let v = self.command("GET", &format!("/element/{e}/screenshot"), None);
        base64_decode(v.as_str().expect("base64 PNG"))
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = self.request("DELETE", &format!("/session/{}", self.session), None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Decodes standard base64 (as WebDriver sends screenshots).
fn base64_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for v in s.bytes().filter_map(val) {
        acc = acc << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

#[test]
fn base64_is_decoded() {
    assert_eq!(base64_decode("aGVsbG8="), b"hello");
    assert_eq!(base64_decode("iVBORw0KGgo="), b"\x89PNG\r\n\x1a\n");
}
