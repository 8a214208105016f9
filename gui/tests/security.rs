//! The GUI server against hostile pages and clients (docs/security.md), on loopback: a name
//! rebound to 127.0.0.1, a page that switches variants without end, half-sent requests, stale
//! messages that ask for heavy work. Each test fails on the server before its fix.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::json;
use taikyoku_gui::{Config, Server};
use taikyoku_tests::processes::tagged;

use common::{request, script, server, Page};

#[test]
fn a_rebound_name_gets_nothing_and_the_page_is_told_no_path() {
    let s = server("chu", "scripted", &[]);
    let port = s.addr().port();
    let evil = format!("evil.example:{port}");
    let upgrade = "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\
                   Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";
    // DNS rebinding: the attacker's name with a matching Origin.
    let ws = request(
        &s,
        "/ws",
        &evil,
        &format!("Origin: http://{evil}\r\n{upgrade}"),
    );
    assert!(ws.starts_with("HTTP/1.1 403"), "{ws}");
    assert!(request(&s, "/", &evil, "").starts_with("HTTP/1.1 403"));
    // This computer's names and addresses are answered.
    let local = format!("localhost:{port}");
    assert!(request(&s, "/", &local, "").starts_with("HTTP/1.1 200"));
    let ws = request(
        &s,
        "/ws",
        &local,
        &format!("Origin: http://{local}\r\n{upgrade}"),
    );
    assert!(ws.starts_with("HTTP/1.1 101"), "{ws}");
    // The welcome names the engine's program, not where it is.
    let mut stream = TcpStream::connect(s.addr()).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let url = format!("ws://{}/ws", s.addr());
    let (mut ws, _) = tungstenite::client(url.as_str(), &mut stream).unwrap();
    let welcome: serde_json::Value =
        serde_json::from_str(ws.read().unwrap().to_text().unwrap()).unwrap();
    assert_eq!(welcome["t"], "welcome");
    assert_eq!(welcome["engine"], "sh");
    s.stop();
}

#[test]
fn a_page_has_one_engine_at_a_time_and_none_outlives_the_server() {
    let tag = format!("taikyoku-gui-deaf-{}", std::process::id());
    let mut cfg = Config::new(0, vec!["sh".into(), script("deaf"), tag.clone()], "chu").unwrap();
    cfg.engine_timeout = Duration::from_secs(1);
    cfg.max_sessions = 1;
    let s = Server::start(cfg).unwrap();
    let mut p = Page::open(&s);
    p.engine("ready");
    // An engine that ignores `quit`, switched away from as fast as the page can.
    let mut most = 0;
    let started = Instant::now();
    for i in 0..12 {
        let key = if i % 2 == 0 { "dai-dai" } else { "chu" };
        p.send(json!({"t": "variant", "key": key}));
        let until = Instant::now() + Duration::from_millis(150);
        while Instant::now() < until {
            most = most.max(s.live_engines());
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    assert!(most <= 1, "{most} engines of one page were alive at once");
    // The last one starts once its predecessor is gone (2 s grace) and the gap has passed.
    p.engine("ready");
    assert_eq!(s.live_engines(), 1);
    assert!(started.elapsed() < Duration::from_secs(30));
    assert!(tagged(&tag) >= 2, "the engine and its child run");
    s.stop();
    let deadline = Instant::now() + Duration::from_secs(5);
    while tagged(&tag) > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        tagged(&tag),
        0,
        "engines or their children outlived the server"
    );
}

#[test]
fn half_sent_requests_are_dropped_and_connections_bounded() {
    let mut cfg = Config::new(0, vec!["sh".into(), script("scripted")], "chu").unwrap();
    cfg.header_timeout = Duration::from_secs(1);
    cfg.max_connections = 8;
    let s = Server::start(cfg).unwrap();
    let mut slow = Vec::new();
    for _ in 0..20 {
        let mut c = TcpStream::connect(s.addr()).unwrap();
        c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let _ = write!(c, "GET / HTTP/1.1\r\nHost: {}\r\nX-Slow: ", s.addr());
        slow.push(c);
    }
    // Every one of them is closed: at once beyond the bound, after the header timeout within.
    let started = Instant::now();
    for c in &mut slow {
        let mut buf = [0u8; 256];
        match c.read(&mut buf) {
            Ok(n) => {
                let answer = String::from_utf8_lossy(&buf[..n]).to_string();
                assert!(n == 0 || answer.contains("408"), "{answer}");
            }
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {}
            Err(e) => panic!("a half-sent request was still open after 10 s: {e}"),
        }
    }
    assert!(started.elapsed() < Duration::from_secs(8));
    // The server still answers.
    let page = request(&s, "/", &s.addr().to_string(), "");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    s.stop();
}

#[test]
fn a_stale_message_does_not_send_the_state_again() {
    let s = server("chu", "scripted", &[]);
    let mut p = Page::open(&s);
    let v = p.version();
    p.engine("ready");
    p.send(json!({"t": "move", "text": "3i3h", "version": v + 5}));
    assert_eq!(p.next()["t"], "error");
    // The next answer is to the next question: no second copy of the state came between.
    p.send(json!({"t": "piece", "kind": 0, "promoted": false}));
    assert_eq!(p.until_with(|m| m["t"] != "engine")["t"], "piece");
    s.stop();
}

/// A Maka dai dai position with 180 emperors (promoted kings): 32,403 legal moves for the page.
fn emperors() -> String {
    let full = vec!["+K".repeat(18) + "1"; 10].join("/");
    format!("k18/{full}/19/19/19/19/19/19/19/K18 b - 1")
}

#[test]
fn a_page_asking_for_heavy_work_does_not_stall_the_others() {
    let mut cfg = Config::new(0, vec!["sh".into(), script("scripted")], "maka-dai-dai").unwrap();
    cfg.max_sessions = 4;
    let s = Server::start(cfg).unwrap();
    // Two pages set the position and ask for its state again and again (a new version, so
    // a new list of moves, each time), without reading the answers.
    let mut heavy = Vec::new();
    for _ in 0..2 {
        let mut p = Page::open(&s);
        p.settings("human-human", json!({"kind": "depth", "depth": 1}), 0);
        p.until("state");
        p.send(json!({"t": "position", "text": emperors()}));
        let state = p.until("state");
        let moves = state["moves"].as_array().map_or(0, Vec::len);
        assert_eq!(moves, 32_403, "{}", state["position"]);
        let v = p.version();
        for i in 0..8 {
            p.send(json!({"t": "goto", "ply": 0, "version": v + i}));
        }
        heavy.push(p);
    }
    let started = Instant::now();
    let page = request(&s, "/", &s.addr().to_string(), "");
    assert!(page.starts_with("HTTP/1.1 200"));
    let mut other = Page::open(&s);
    other.until("engine");
    let took = started.elapsed();
    eprintln!("another page opened in {took:?} while two pages were busy");
    assert!(
        took < Duration::from_secs(5),
        "another page waited {took:?} for a busy one"
    );
    s.stop();
}
