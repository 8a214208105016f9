//! The GUI server's API as a page uses it: a real server on a free port, spoken to over a
//! WebSocket, with scripted USI engines (shell scripts in `tests/engines/`) standing in for a
//! real one so that crashes, stalls and answers are exactly as each test needs. Every test
//! checks both what the server answers and that refused input changed nothing.
//! (The real engine and a real browser are tested with the `taikyoku` binary, in
//! `cli/tests/gui.rs`.)

mod common;

use serde_json::json;
use std::net::TcpStream;
use std::time::Duration;
use taikyoku_gui::{Config, Server};
use taikyoku_movegen::{AnyPosition, Variant};
use tungstenite::Message;

use common::{server, Page};

#[test]
fn the_legal_moves_of_the_position_are_listed() {
    let s = server("chu", "scripted", &[]);
    let p = Page::open(&s);
    let mut pos = AnyPosition::startpos(Variant::builtin("chu").unwrap());
    let expected: Vec<String> = {
        let moves = pos.legal_moves();
        let mut v: Vec<String> = moves.iter().map(|&m| pos.move_to_string(m)).collect();
        v.sort();
        v
    };
    let mut listed: Vec<String> = p.state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect();
    listed.sort();
    assert_eq!(listed, expected);
    let pawn = p.state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["text"] == "3i3h")
        .unwrap();
    assert_eq!(pawn["hodges"], "P-3h");
    assert_eq!(pawn["target"], "3h");
    assert_eq!(pawn["words"], "Pawn 3i to 3h");
    assert_eq!(p.state["board"].as_array().unwrap().len(), 144);
    s.stop();
}

#[test]
fn human_moves_are_checked_and_bad_input_changes_nothing() {
    let s = server("chu", "scripted", &["3d3e"]);
    let mut p = Page::open(&s);
    let start = p.state["position"].clone();
    let v = p.version();
    for bad in [
        json!({"t": "move", "text": "3i3g", "version": v}),
        json!({"t": "move", "text": "garbage", "version": v}),
        json!({"t": "move", "text": "", "version": v}),
        json!({"t": "move", "text": "3d3e", "version": v}),
        json!({"t": "move", "text": "3i3h", "version": v + 7}),
        json!({"t": "move", "text": "3i3h"}),
        json!({"t": "launch"}),
        json!({"t": "position", "text": "9/9/9 b - 1"}),
        json!({"t": "load", "text": "1 3i3h\n2 3i3h"}),
        json!({"t": "variant", "key": "chess"}),
        json!({"t": "piece", "kind": 99999, "promoted": false}),
        json!({"t": "settings", "mode": "analysis", "limit": {"kind": "depth", "depth": 0}, "move_limit": 0}),
        json!({"t": "undo", "version": v}),
    ] {
        p.send(bad.clone());
        let e = p.until_with(|m| m["t"] == "error");
        assert!(!e["message"].as_str().unwrap().is_empty(), "{bad}");
    }
    for text in ["not json", "{", "[1,2]", "\u{0}"] {
        p.send_text(text);
        p.until("error");
    }
    p.ws.send(Message::binary(vec![1u8, 2, 3])).unwrap();
    p.until("error");
    let now = p.fresh_state();
    assert_eq!(now["position"], start);
    assert!(now["record"].as_array().unwrap().is_empty());
    // A good move is played and the engine answers it.
    p.play("3i3h");
    let after = p.until("state");
    assert_eq!(after["record"][0]["hodges"], "P-3h");
    assert_eq!(after["last"]["path"], json!(["3i", "3h"]));
    assert_eq!(after["human_to_move"], false);
    p.until_with(|m| m["t"] == "state" && m["record"].as_array().unwrap().len() == 2);
    assert_eq!(p.record_texts(), ["3i3h", "3d3e"]);
    s.stop();
}

#[test]
fn a_message_over_the_size_limit_closes_only_that_page() {
    let s = server("chu", "scripted", &[]);
    let mut p = Page::open(&s);
    let huge = format!(
        r#"{{"t":"load","text":"{}"}}"#,
        "x".repeat(taikyoku_gui::messages::MAX_CLIENT_MESSAGE + 10)
    );
    let _ = p.ws.send(Message::text(huge));
    let closed = loop {
        match p.ws.read() {
            Ok(Message::Close(_)) | Err(_) => break true,
            Ok(_) => continue,
        }
    };
    assert!(closed);
    // The server goes on serving other pages.
    let q = Page::open(&s);
    assert_eq!(q.state["ply"], 0);
    s.stop();
}

#[test]
fn two_pages_keep_their_own_games() {
    let s = server("chu", "scripted", &[]);
    let mut a = Page::open(&s);
    let mut b = Page::open(&s);
    a.settings("human-human", json!({"kind": "depth", "depth": 1}), 0);
    a.until("state");
    a.play("3i3h");
    a.until("state");
    a.play("3d3e");
    a.until("state");
    assert_eq!(a.record_texts(), ["3i3h", "3d3e"]);
    let bs = b.fresh_state();
    assert!(bs["record"].as_array().unwrap().is_empty());
    b.send(json!({"t": "variant", "key": "dai-dai"}));
    b.until("variant");
    let bs = b.until("state");
    assert_eq!(bs["variant"], "dai-dai");
    let as_ = a.fresh_state();
    assert_eq!(as_["variant"], "chu");
    assert_eq!(a.record_texts(), ["3i3h", "3d3e"]);
    s.stop();
}

#[test]
fn records_are_saved_loaded_and_stepped_through() {
    let s = server("chu", "scripted", &[]);
    let mut p = Page::open(&s);
    p.settings("human-human", json!({"kind": "movetime", "ms": 100}), 0);
    p.until("state");
    for m in ["3i3h", "3d3e", "5i5h"] {
        p.play(m);
        p.until("state");
    }
    p.send(json!({"t": "save"}));
    let rec = p.until("record");
    let text = rec["text"].as_str().unwrap().to_string();
    assert!(text.contains("Variant: chu\n"), "{text}");
    assert!(
        text.contains("1 3i3h P-3h\n2 3d3e P-3e\n3 5i5h P-5h\n"),
        "{text}"
    );
    assert_eq!(rec["filename"], "chu-game.txt");
    // Step back: the shown position and the last move follow; the record stays whole.
    let v = p.version();
    p.send(json!({"t": "goto", "ply": 1, "version": v}));
    let st = p.until("state");
    assert_eq!(st["ply"], 1);
    assert_eq!(st["last"]["path"], json!(["3i", "3h"]));
    assert_eq!(st["record"].as_array().unwrap().len(), 3);
    // A new game, then the saved record loaded back.
    p.send(json!({"t": "new"}));
    assert_eq!(p.until("state")["record"].as_array().unwrap().len(), 0);
    p.send(json!({"t": "load", "text": text}));
    let st = p.until("state");
    assert_eq!(p.record_texts(), ["3i3h", "3d3e", "5i5h"]);
    assert_eq!(st["ply"], 3);
    // A record in Hodges notation only.
    p.send(json!({"t": "load", "text": "P-3h P-3e"}));
    p.until("state");
    assert_eq!(p.record_texts(), ["3i3h", "3d3e"]);
    // A broken record changes nothing.
    p.send(json!({"t": "load", "text": "1 3i3h\n2 3d3e\n3 9z9y"}));
    let e = p.until("error");
    assert!(e["message"].as_str().unwrap().contains("line 3"), "{e}");
    assert_eq!(p.fresh_state()["record"].as_array().unwrap().len(), 2);
    // A record of another variant switches the page to it.
    p.send(json!({"t": "load", "text": "Variant: dai-dai\nStart: startpos\n"}));
    assert_eq!(p.until("variant")["id"], "dai-dai");
    assert_eq!(p.until("state")["variant"], "dai-dai");
    s.stop();
}

#[test]
fn positions_are_set_and_read_in_our_notation() {
    let s = server("chu", "scripted", &[]);
    let mut p = Page::open(&s);
    let text = "11k/12/12/12/12/12/12/12/12/12/12/K11 w - 5";
    p.send(json!({"t": "position", "text": text}));
    let st = p.until("state");
    assert_eq!(st["position"], text);
    assert_eq!(st["start"], text);
    assert_eq!(st["side"], "w");
    // The same position as a TSFEN (the Taikyoku site's format): written in every state, and
    // read by the position box like our notation.
    let tsfen = "11,K/12/12/12/12/12/12/12/12/12/12/k,11 4";
    assert_eq!(st["tsfen"], tsfen);
    p.send(json!({"t": "position", "text": "K,11/12/12/12/12/12/12/12/12/12/12/11,k 2"}));
    let st = p.until("state");
    assert_eq!(
        st["position"],
        "k11/12/12/12/12/12/12/12/12/12/12/11K b - 3"
    );
    s.stop();
}

#[test]
fn the_engine_answers_reports_its_thinking_and_a_take_back_returns_to_the_person() {
    let s = server("chu", "scripted", &["3d3e"]);
    let mut p = Page::open(&s);
    p.engine("ready");
    p.play("3i3h");
    let info = p.until("info");
    assert_eq!(info["info"]["depth"], 1);
    assert_eq!(info["info"]["score"], json!({"kind": "cp", "value": 5}));
    assert_eq!(info["pv_hodges"], json!(["P-3e"]));
    assert_eq!(info["analysis"], false);
    let st = p.until_with(|m| m["t"] == "state" && m["record"].as_array().unwrap().len() == 2);
    assert_eq!(st["last"]["path"], json!(["3d", "3e"]));
    assert_eq!(st["human_to_move"], true);
    let v = p.version();
    p.send(json!({"t": "undo", "version": v}));
    let st = p.until("state");
    assert_eq!(
        st["ply"], 0,
        "back to the person's turn: two plies taken back"
    );
    s.stop();
}

#[test]
fn an_illegal_engine_move_is_refused_and_not_asked_for_again() {
    let s = server("chu", "scripted", &["1a1a"]);
    let mut p = Page::open(&s);
    p.engine("ready");
    p.play("3i3h");
    p.until("state");
    let e = p.until("error");
    assert!(e["message"].as_str().unwrap().contains("refused"), "{e}");
    p.engine("ready");
    assert_eq!(p.fresh_state()["record"].as_array().unwrap().len(), 1);
    s.stop();
}

#[test]
fn the_engine_resigning_ends_the_game() {
    let s = server("chu", "scripted", &[]);
    let mut p = Page::open(&s);
    p.play("3i3h");
    let st = p.until_with(|m| m["t"] == "state" && !m["result"].is_null());
    assert_eq!(st["result"], "Black wins (White (engine) resigned)");
    assert!(st["moves"].as_array().unwrap().is_empty());
    s.stop();
}

#[test]
fn a_move_limit_ends_the_game_in_a_draw() {
    let s = server("chu", "scripted", &[]);
    let mut p = Page::open(&s);
    p.settings("human-human", json!({"kind": "depth", "depth": 1}), 2);
    p.until("state");
    p.play("3i3h");
    p.until("state");
    p.play("3d3e");
    assert_eq!(p.until("state")["result"], "Draw (move limit)");
    p.play("5i5h");
    assert!(p.until("error")["message"]
        .as_str()
        .unwrap()
        .contains("over"));
    s.stop();
}

#[test]
fn the_skill_level_reaches_the_engine_before_its_next_search() {
    let log = std::env::temp_dir().join(format!("taikyoku-gui-skill-{}", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let s = server("chu", "skilled", &[log.to_str().unwrap(), "3d3e", "5d5e"]);
    let mut p = Page::open(&s);
    let depth = json!({"kind": "depth", "depth": 1});
    // Out of range: refused, nothing changes.
    p.send(json!({"t": "settings", "mode": "human-black", "limit": depth, "move_limit": 0, "skill": 21}));
    assert!(p.until("error")["message"]
        .as_str()
        .unwrap()
        .contains("skill level 21"));
    p.send(json!({"t": "settings", "mode": "human-black", "limit": depth, "move_limit": 0, "skill": 3}));
    assert_eq!(p.until("state")["settings"]["skill"], 3);
    p.play("3i3h");
    p.until_with(|m| m["t"] == "state" && m["record"].as_array().unwrap().len() == 2);
    p.play("5i5h");
    p.until_with(|m| m["t"] == "state" && m["record"].as_array().unwrap().len() == 4);
    s.stop();
    let sent = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    let lines: Vec<&str> = sent.lines().collect();
    // Sent once, before the first search after the change, not again.
    let set: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i] == "setoption name Skill Level value 3")
        .collect();
    assert_eq!(set.len(), 1, "{sent}");
    let first_go = lines.iter().position(|l| l.starts_with("go")).unwrap();
    assert!(set[0] < first_go, "{sent}");
    assert!(
        !lines.iter().any(|l| l.contains("Skill Level value 21")),
        "{sent}"
    );
}

#[test]
fn engine_versus_engine_and_analysis() {
    let s = server("chu", "scripted", &["3i3h", "3d3e"]);
    let mut p = Page::open(&s);
    p.settings("engine-engine", json!({"kind": "movetime", "ms": 50}), 0);
    p.until_with(|m| m["t"] == "state" && m["record"].as_array().unwrap().len() == 2);
    // Out of moves, the script resigns for Black.
    let st = p.until_with(|m| m["t"] == "state" && !m["result"].is_null());
    assert_eq!(st["result"], "White wins (Black (engine) resigned)");
    // Analysis: thinking about the shown position, without moving. People play the new game
    // until then: in engine-engine mode it would start with a search of its own, whose `info`
    // could reach the page before the analysis' one.
    p.settings("human-human", json!({"kind": "depth", "depth": 3}), 0);
    p.send(json!({"t": "new"}));
    p.until("state");
    p.settings("analysis", json!({"kind": "depth", "depth": 3}), 0);
    let info = p.until("info");
    assert_eq!(info["analysis"], true);
    assert_eq!(info["info"]["nodes"], 42);
    // A move stops the analysis and starts it again on the new position.
    p.play("3i3h");
    let st = p.until("state");
    assert_eq!(st["record"].as_array().unwrap().len(), 1);
    p.until("info");
    s.stop();
}

#[test]
fn a_crashed_engine_is_reported_and_restarts() {
    let marker = std::env::temp_dir().join(format!("taikyoku-gui-crash-{}", std::process::id()));
    let _ = std::fs::remove_file(&marker);
    let s = server("chu", "crash-once", &[marker.to_str().unwrap(), "3d3e"]);
    let mut p = Page::open(&s);
    p.engine("ready");
    p.play("3i3h");
    let failed = p.engine("failed");
    let why = failed["message"].as_str().unwrap();
    assert!(why.contains("exited"), "{why}");
    // The game is intact; restarting brings the engine back, and it moves.
    assert_eq!(p.fresh_state()["record"].as_array().unwrap().len(), 1);
    p.send(json!({"t": "restart"}));
    p.engine("starting");
    p.until_with(|m| m["t"] == "state" && m["record"].as_array().unwrap().len() == 2);
    assert_eq!(p.record_texts(), ["3i3h", "3d3e"]);
    let _ = std::fs::remove_file(&marker);
    s.stop();
}

#[test]
fn a_stalled_or_mute_or_missing_engine_is_reported() {
    let s = server("chu", "stall", &[]);
    let mut p = Page::open(&s);
    p.settings("human-black", json!({"kind": "movetime", "ms": 50}), 0);
    p.engine("ready");
    p.play("3i3h");
    let failed = p.engine("failed");
    assert!(
        failed["message"].as_str().unwrap().contains("stalled"),
        "{failed}"
    );
    p.send(json!({"t": "restart"}));
    p.engine("ready");
    s.stop();

    let s = server("chu", "mute", &[]);
    let mut p = Page::open(&s);
    let failed = p.engine("failed");
    assert!(
        failed["message"].as_str().unwrap().contains("'usi'"),
        "{failed}"
    );
    s.stop();

    let mut cfg = Config::new(0, vec!["/nonexistent/engine".into()], "chu").unwrap();
    cfg.engine_timeout = Duration::from_secs(1);
    let s = Server::start(cfg).unwrap();
    let mut p = Page::open(&s);
    let failed = p.engine("failed");
    assert!(
        failed["message"].as_str().unwrap().contains("cannot start"),
        "{failed}"
    );
    // Human against human needs no engine: the game goes on.
    p.settings("human-human", json!({"kind": "depth", "depth": 1}), 0);
    p.until("state");
    p.play("3i3h");
    assert_eq!(p.until("state")["record"].as_array().unwrap().len(), 1);
    s.stop();
}

#[test]
fn taikyoku_and_its_piece_panel() {
    let s = server("taikyoku", "scripted", &[]);
    let mut p = Page::open(&s);
    let board = p.state["board"].as_array().unwrap();
    assert_eq!(board.len(), 1296);
    assert_eq!(board.iter().filter(|c| c.as_u64() != Some(0)).count(), 804);
    p.send(json!({"t": "piece", "kind": 0, "promoted": false}));
    let m = p.until("piece");
    assert_eq!(m["cols"], 19);
    assert_eq!(m["window"], true);
    assert!(!m["destinations"].as_array().unwrap().is_empty());
    s.stop();
}

#[test]
fn pages_are_served_and_other_sites_are_refused() {
    let s = server("chu", "scripted", &[]);
    let get = |path: &str| -> String {
        use std::io::{Read, Write};
        let mut c = TcpStream::connect(s.addr()).unwrap();
        write!(
            c,
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            s.addr()
        )
        .unwrap();
        let mut out = Vec::new();
        c.read_to_end(&mut out).unwrap();
        String::from_utf8_lossy(&out).into_owned()
    };
    assert!(get("/").contains("200 OK"));
    let js = get("/assets/main.js");
    assert!(js.contains("text/javascript"), "{js}");
    assert!(js.contains("cache-control: no-cache"), "{js}");
    // The kanji font, kept a year (its address carries a tag of its content), and its license.
    let font = get("/assets/fonts/kanji.woff2?v=1");
    let head = &font[..font.find("\r\n\r\n").unwrap()];
    assert!(head.contains("200 OK"), "{head}");
    assert!(head.contains("content-type: font/woff2"), "{head}");
    assert!(
        head.contains("cache-control: public, max-age=31536000, immutable"),
        "{head}"
    );
    assert!(font.contains("wOF2"));
    assert!(get("/assets/fonts/OFL.txt").contains("SIL OPEN FONT LICENSE Version 1.1"));
    assert!(get("/assets/nothing.js").contains("404"));
    assert!(get("/assets/../Cargo.toml").contains("404"));
    // A WebSocket opened by another site's page is refused.
    let stream = TcpStream::connect(s.addr()).unwrap();
    let req = tungstenite::http::Request::builder()
        .uri(format!("ws://{}/ws", s.addr()))
        .header("Host", s.addr().to_string())
        .header("Origin", "http://evil.example")
        .header("Connection", "Upgrade")
        .header("Upgrade", "websocket")
        .header("Sec-WebSocket-Version", "13")
        .header(
            "Sec-WebSocket-Key",
            tungstenite::handshake::client::generate_key(),
        )
        .body(())
        .unwrap();
    assert!(tungstenite::client(req, stream).is_err());
    s.stop();
}
