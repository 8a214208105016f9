//! The GUI server's load test, alone in its test binary so that the process's memory is the
//! server's: many pages and many messages, bounded in count and time, on loopback.

mod common;

use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::json;
use taikyoku_gui::{Config, Server};

use common::{request, script, Page};

/// This process's resident memory in KiB (the server runs inside it).
fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap()
}

/// The load test: six pages (the bound) send 1,200 messages in all (moves, stale and broken
/// messages, mode and variant changes, restarts) while the server is watched: at most one
/// engine per page, memory that does not grow with the messages, and `GET /` answered.
#[test]
fn many_pages_and_many_messages_stay_bounded() {
    const PAGES: usize = 6;
    const MESSAGES: usize = 200;
    let mut cfg = Config::new(
        0,
        vec!["sh".into(), script("scripted"), "resign".into()],
        "chu",
    )
    .unwrap();
    cfg.max_sessions = PAGES;
    cfg.engine_timeout = Duration::from_secs(2);
    let s = Server::start(cfg).unwrap();
    let pages: Vec<Page> = (0..PAGES).map(|_| Page::open(&s)).collect();
    assert!(
        TcpStream::connect(s.addr())
            .ok()
            .and_then(|c| tungstenite::client(format!("ws://{}/ws", s.addr()).as_str(), c).ok())
            .is_none(),
        "a page over the bound is refused"
    );
    let before = rss_kib();
    let workers: Vec<_> = pages
        .into_iter()
        .enumerate()
        .map(|(i, mut p)| {
            std::thread::spawn(move || {
                p.ws.get_mut()
                    .set_read_timeout(Some(Duration::from_millis(2)))
                    .unwrap();
                let mut received = 0usize;
                for n in 0..MESSAGES {
                    let v = p.state["version"].as_u64().unwrap_or(0);
                    let msg = match (n + i) % 10 {
                        0 => json!({"t": "move", "text": "3i3h", "version": v}),
                        1 => json!({"t": "move", "text": "9z9z", "version": v}),
                        2 => json!({"t": "move", "text": "3i3h", "version": v + 7}),
                        3 => json!({"t": "undo", "version": v}),
                        4 => json!({"t": "settings", "mode": "engine-engine",
                            "limit": {"kind": "depth", "depth": 1}, "move_limit": 0}),
                        5 => json!({"t": "variant", "key": if n % 4 == 1 { "dai-dai" } else { "chu" }}),
                        6 => json!({"t": "restart"}),
                        7 => json!({"t": "goto", "ply": 0, "version": v}),
                        8 => json!({"t": "new"}),
                        _ => json!({"t": "nonsense", "x": [1, 2, 3]}),
                    };
                    p.send(msg);
                    // Read what has come so far (keeps the state's version current).
                    loop {
                        match p.ws.read() {
                            Ok(tungstenite::Message::Text(t)) => {
                                received += 1;
                                let m: serde_json::Value =
                                    serde_json::from_str(t.as_str()).unwrap();
                                if m["t"] == "state" {
                                    p.state = m;
                                }
                            }
                            Ok(_) => {}
                            Err(tungstenite::Error::Io(e))
                                if matches!(
                                    e.kind(),
                                    std::io::ErrorKind::WouldBlock
                                        | std::io::ErrorKind::TimedOut
                                        | std::io::ErrorKind::Interrupted
                                ) =>
                            {
                                break
                            }
                            Err(e) => panic!("page {i}: {e}"),
                        }
                    }
                }
                received
            })
        })
        .collect();
    let mut most_engines = 0;
    let mut slowest = Duration::ZERO;
    while workers.iter().any(|w| !w.is_finished()) {
        most_engines = most_engines.max(s.live_engines());
        let t = Instant::now();
        let page = request(&s, "/", &s.addr().to_string(), "");
        assert!(page.starts_with("HTTP/1.1 200"), "{page}");
        slowest = slowest.max(t.elapsed());
        std::thread::sleep(Duration::from_millis(20));
    }
    let received: usize = workers.into_iter().map(|w| w.join().unwrap()).sum();
    let grown = rss_kib().saturating_sub(before);
    eprintln!(
        "load: {} messages sent, {received} received; at most {most_engines} engines; \
         GET / at worst {slowest:?}; memory grew {grown} KiB",
        PAGES * MESSAGES
    );
    assert!(received >= PAGES * MESSAGES / 2, "{received}");
    assert!(
        most_engines <= PAGES,
        "{most_engines} engines for {PAGES} pages"
    );
    assert!(grown < 64 * 1024, "memory grew {grown} KiB");
    assert!(slowest < Duration::from_secs(5), "GET / took {slowest:?}");
    s.stop();
}
