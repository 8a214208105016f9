//! Clocks and analysis lines through the GUI server's WebSocket, with a scripted engine
//! (`tests/engines/lines.sh`): flags fall for a person and for an engine, the engine is given
//! its clock in `go`, the record gives the loss on time, bad clock settings are refused, and
//! analysis reports several lines with their first moves' squares. Timings are only ever
//! waited for (reads time out after 30 s), never asserted.

mod common;

use serde_json::{json, Value};

use common::{server, Page};

const DEPTH: fn() -> Value = || json!({"kind": "depth", "depth": 1});

fn fischer(base_ms: u64, inc_ms: u64) -> Value {
    json!({"kind": "fischer", "base_ms": base_ms, "inc_ms": inc_ms})
}

fn settings(mode: &str, black: Value, white: Value) -> Value {
    json!({"t": "settings", "mode": mode, "limit": DEPTH(), "move_limit": 0,
           "clocks": {"black": black, "white": white}})
}

fn ended(p: &mut Page) -> Value {
    p.until_with(|m| m["t"] == "state" && !m["result"].is_null())
}

#[test]
fn a_person_who_does_not_move_loses_on_time() {
    let s = server("chu", "lines", &[]);
    let mut p = Page::open(&s);
    // A minute each (time enough for any machine): the clocks run and stepping back through
    // the record is refused meanwhile.
    p.send(settings(
        "human-human",
        fischer(60_000, 0),
        json!({"kind": "none"}),
    ));
    let st = p.until("state");
    assert_eq!(st["clocks"][0]["running"], true, "{st}");
    assert_eq!(st["clocks"][1], Value::Null, "White has no clock");
    p.play("3i3h");
    let st = p.until("state");
    assert_eq!(st["clocks"][0]["running"], false);
    p.play("3d3e");
    let st = p.until("state");
    assert_eq!(st["clocks"][0]["running"], true);
    p.send(json!({"t": "goto", "ply": 0, "version": p.version()}));
    let e = p.until("error");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("clocks are running"),
        "{e}"
    );
    // New time controls in the middle of a timed game wait for the next game (they would
    // refill a clock); a record loaded is a new game: Black has 300 ms and does not move.
    p.send(settings("human-human", fischer(300, 0), fischer(60_000, 0)));
    let n = p.until("notice");
    assert!(n["message"].as_str().unwrap().contains("next game"), "{n}");
    let st = p.until("state");
    assert!(st["clocks"][0]["main_ms"].as_u64().unwrap() > 1_000, "{st}");
    assert_eq!(st["clocks"][1], Value::Null, "{st}");
    p.send(json!({"t": "load", "text": "startpos moves 3i3h 3d3e"}));
    let over = ended(&mut p);
    assert_eq!(over["result"], "White wins (Black lost on time)");
    assert_eq!(over["clocks"][0]["flagged"], true);
    assert_eq!(over["clocks"][0]["main_ms"], 0);
    assert_eq!(over["clocks"][0]["running"], false);
    assert_eq!(over["clocks"][1]["flagged"], false);
    assert_eq!(over["human_to_move"], false);
    // The game is over: no move, no take-back; the record says why.
    p.play("5i5h");
    let e = p.until("error");
    assert!(
        e["message"].as_str().unwrap().contains("lost on time"),
        "{e}"
    );
    p.send(json!({"t": "undo", "version": p.version()}));
    let e = p.until("error");
    assert!(
        e["message"].as_str().unwrap().contains("lost on time"),
        "{e}"
    );
    p.send(json!({"t": "save"}));
    let rec = p.until("record");
    assert!(
        rec["text"]
            .as_str()
            .unwrap()
            .contains("Result: White wins (Black lost on time)\n1 3i3h P-3h\n2 3d3e P-3e\n"),
        "{rec}"
    );
    // Stepping through the finished game is allowed; a new game starts the clocks afresh.
    p.send(json!({"t": "goto", "ply": 1, "version": p.version()}));
    assert_eq!(p.until("state")["ply"], 1);
    p.send(json!({"t": "new"}));
    let st = p.until("state");
    assert!(st["result"].is_null());
    assert_eq!(st["clocks"][0]["flagged"], false);
    assert_eq!(st["clocks"][0]["running"], true);
    s.stop();
}

#[test]
fn the_engine_plays_on_its_clock_and_loses_when_it_does_not_move() {
    // White (the engine) answers its first `go` with 3d3e, then never again.
    let s = server("chu", "lines", &["3d3e"]);
    let mut p = Page::open(&s);
    p.engine("ready");
    let byoyomi = json!({"kind": "byoyomi", "base_ms": 0, "byoyomi_ms": 3000});
    p.send(settings("human-black", fischer(600_000, 2_000), byoyomi));
    let st = p.until("state");
    assert_eq!(st["clocks"][1]["control"]["kind"], "byoyomi", "{st}");
    p.play("3i3h");
    let go = p.until_with(|m| m["t"] == "info" && m["info"]["string"].is_string());
    let go = go["info"]["string"].as_str().unwrap().to_string();
    let words: Vec<&str> = go.split_whitespace().collect();
    assert_eq!(words[0], "go", "{go}");
    let btime: u64 = words[words.iter().position(|w| *w == "btime").unwrap() + 1]
        .parse()
        .unwrap();
    assert!(btime > 590_000 && btime <= 602_000, "{go}");
    assert!(go.contains(" wtime 0 binc 2000 byoyomi 3000"), "{go}");
    assert!(
        !go.contains("depth"),
        "the clock replaces the per-move limit: {go}"
    );
    let st = p.until_with(|m| m["t"] == "state" && m["record"].as_array().unwrap().len() == 2);
    assert_eq!(st["record"][1]["text"], "3d3e");
    assert_eq!(st["clocks"][0]["running"], true);
    p.play("5i5h");
    // The engine has nothing more to say: its flag falls after its byoyomi.
    let over = ended(&mut p);
    assert_eq!(over["result"], "Black wins (White lost on time)");
    assert_eq!(over["clocks"][1]["flagged"], true);
    assert_eq!(over["clocks"][1]["byoyomi_ms"], 0);
    assert_eq!(over["clocks"][0]["flagged"], false);
    assert_eq!(over["record"].as_array().unwrap().len(), 3);
    s.stop();
}

#[test]
fn bad_clock_and_line_settings_are_refused() {
    let s = server("chu", "lines", &[]);
    let mut p = Page::open(&s);
    let none = json!({"kind": "none"});
    for (bad, says) in [
        (
            settings("human-black", fischer(0, 1000), none.clone()),
            "Black: ",
        ),
        (
            settings("human-black", none.clone(), fischer(1000, 4_000_000)),
            "White: ",
        ),
        (
            settings(
                "human-black",
                json!({"kind": "byoyomi", "base_ms": 0, "byoyomi_ms": 0}),
                none.clone(),
            ),
            "byoyomi",
        ),
        (
            json!({"t": "settings", "mode": "analysis", "limit": DEPTH(), "move_limit": 0, "multipv": 33}),
            "MultiPV",
        ),
        (
            json!({"t": "settings", "mode": "analysis", "limit": DEPTH(), "move_limit": 0, "multipv": 0}),
            "MultiPV",
        ),
        (
            json!({"t": "settings", "mode": "analysis", "limit": DEPTH(), "move_limit": 0,
                   "clocks": {"black": {"kind": "fischer", "base_ms": -5, "inc_ms": 0}}}),
            "did not understand",
        ),
    ] {
        p.send(bad.clone());
        let e = p.until("error");
        assert!(e["message"].as_str().unwrap().contains(says), "{bad}: {e}");
    }
    let st = p.fresh_state();
    assert_eq!(st["settings"]["clocks"]["black"]["kind"], "none");
    assert_eq!(st["settings"]["multipv"], 1);
    assert_eq!(st["clocks"], json!([null, null]));
    s.stop();
}

#[test]
fn analysis_reports_several_lines_with_their_first_moves() {
    let s = server("chu", "lines", &[]);
    let mut p = Page::open(&s);
    p.engine("ready");
    p.send(json!({"t": "settings", "mode": "analysis", "limit": DEPTH(), "move_limit": 0, "multipv": 3}));
    let info = p.until_with(|m| m["t"] == "info" && m["lines"].as_array().unwrap().len() == 3);
    let lines = info["lines"].as_array().unwrap();
    for (i, l) in lines.iter().enumerate() {
        let f = [3, 5, 6][i];
        assert_eq!(l["multipv"], i + 1, "{info}");
        assert_eq!(l["pv"], json!([format!("{f}i{f}h"), "3d3e"]), "{info}");
        assert_eq!(l["pv_hodges"][0], format!("P-{f}h"), "{info}");
        assert_eq!(
            l["arrow"],
            json!([format!("{f}i"), format!("{f}h")]),
            "{info}"
        );
        assert_eq!(l["score"], json!({"kind": "cp", "value": 49 - i}), "{info}");
        assert_eq!(l["depth"], 2);
    }
    assert_eq!(info["analysis"], true);
    // A move: the analysis starts again, with as many lines.
    p.play("3i3h");
    p.until("state");
    let again = p.until("info");
    assert_eq!(again["lines"].as_array().unwrap().len(), 3, "{again}");
    s.stop();
}

#[test]
fn a_line_overtaken_by_a_deeper_one_is_not_listed_twice() {
    let s = server("chu", "lines", &[]);
    let mut p = Page::open(&s);
    p.engine("ready");
    p.send(json!({"t": "settings", "mode": "analysis", "limit": DEPTH(), "move_limit": 0, "multipv": 2}));
    // Depth 2: 3i3h, then 5i5h; depth 3's best line is 5i5h: depth 2's second line goes.
    let info = p.until_with(|m| m["t"] == "info" && m["lines"][0]["depth"] == 3);
    let lines = info["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 1, "{info}");
    assert_eq!(lines[0]["pv"][0], "5i5h", "{info}");
    assert_eq!(lines[0]["arrow"], json!(["5i", "5h"]), "{info}");
    s.stop();
}
