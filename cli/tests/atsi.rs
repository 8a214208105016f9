//! ATSI, the Taikyoku site's protocol, through the binary (`taikyoku atsi`): this test plays
//! the site's host as `GameHost.ts` does (its message sequence and order, its move format and
//! its validation, modelled by `taikyoku_protocol::atsi::host`), over standard input and
//! output and over WebSocket with unframed messages (no newline, as the site sends them). The
//! host's side is a seeded random player of the moves the host accepts.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use taikyoku_movegen::{AnyPosition, Colour, Square, Variant};
use taikyoku_protocol::atsi::host::{self, Played};

/// Either way of talking to the engine.
trait Wire {
    fn send(&mut self, msg: &str);
    /// The next message, within a minute.
    fn recv(&mut self) -> String;
}

struct Stdio_ {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Stdio_ {
    fn start() -> Stdio_ {
        let mut child = Command::new(env!("CARGO_BIN_EXE_taikyoku"))
            .arg("atsi")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take().unwrap();
        let lines = read_lines(child.stdout.take().unwrap());
        Stdio_ {
            child,
            stdin,
            lines,
        }
    }
}

fn read_lines(r: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(r).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

impl Wire for Stdio_ {
    fn send(&mut self, msg: &str) {
        writeln!(self.stdin, "{msg}").unwrap();
        self.stdin.flush().unwrap();
    }
    fn recv(&mut self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(60))
            .expect("a message within a minute")
    }
}

impl Drop for Stdio_ {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Ws {
    ws: tungstenite::WebSocket<TcpStream>,
}

impl Wire for Ws {
    fn send(&mut self, msg: &str) {
        // The site sends each command as one message without a newline.
        self.ws.send(tungstenite::Message::text(msg)).unwrap();
    }
    fn recv(&mut self) -> String {
        loop {
            match self.ws.read().expect("a message") {
                tungstenite::Message::Text(t) => return t.as_str().to_string(),
                tungstenite::Message::Close(_) => panic!("the engine closed the connection"),
                _ => {}
            }
        }
    }
}

/// The engine's next `move` (skipping `log` and `eval`), or its `resign`.
fn engine_move(w: &mut dyn Wire) -> Vec<String> {
    loop {
        let m = w.recv();
        let words: Vec<&str> = m.split_whitespace().collect();
        match words.first().copied() {
            Some("move") => return words[1..].iter().map(|s| s.to_string()).collect(),
            Some("resign") => panic!("the engine resigned: {m}"),
            Some("log") if m.contains("error") => panic!("the engine logged an error: {m}"),
            _ => {}
        }
    }
}

/// The engine's next `log error` message, skipping its moves.
fn next_error(w: &mut dyn Wire) -> String {
    loop {
        let m = w.recv();
        if m.starts_with("log error") {
            return m;
        }
    }
}

fn squares(pos: &AnyPosition, words: &[String]) -> Vec<Square> {
    let geo = pos.variant().geometry();
    words
        .iter()
        .map(|w| geo.parse_square(w).unwrap_or_else(|e| panic!("{w}: {e}")))
        .collect()
}

/// Plays the host: the handshake, then `plies` plies with the engine as `player`, the other
/// side a random player of moves the host accepts. Every engine move must be accepted by the
/// host and do what the rules do; the host's board follows both.
fn host_game(w: &mut dyn Wire, player: usize, plies: usize, seed: u64) {
    let v = Variant::builtin("taikyoku-atsa").unwrap();
    let mut pos = AnyPosition::startpos(v);
    let mut rng = StdRng::seed_from_u64(seed);
    w.send("atsiinit v0");
    assert_eq!(w.recv(), "atsiok");
    // The host's sequence after `atsiok`: identify, player, time.
    w.send("identify");
    w.send(&format!("player {player}"));
    w.send("time 3 0.05");
    let info = w.recv();
    assert!(info.starts_with("info taikyoku"), "{info}");
    w.send("startgame initial");
    let (mut mine, mut theirs) = (3.0f64, 3.0f64);
    for _ in 0..plies {
        let to_move = pos.side_to_move();
        if to_move.index() == player {
            let words = engine_move(w);
            let sq = squares(&pos, &words);
            match host::opponent_move(&pos, &sq) {
                Ok(Played::Move(m)) => {
                    assert!(
                        host::host_agrees(&pos, m),
                        "the host and the rules differ on {words:?}"
                    );
                    pos.make(m);
                }
                other => panic!("engine move {words:?}: {other:?} in {}", pos.to_notation()),
            }
            mine -= 0.05;
        } else {
            let moves: Vec<_> = pos
                .moves()
                .into_iter()
                .filter(|&m| host::host_agrees(&pos, m))
                .collect();
            if moves.is_empty() {
                return;
            }
            let m = moves[rng.gen_range(0..moves.len())];
            let text = host::squares_text(&pos, &host::write_move(&pos, m));
            pos.make(m);
            theirs -= 0.05;
            w.send(&format!("opmove {text} {mine} {theirs}"));
        }
        if pos
            .game_result(&[])
            .is_some_and(|r| matches!(r.outcome, taikyoku_movegen::Outcome::Win(_)))
        {
            return;
        }
    }
}

#[test]
fn a_game_over_standard_input_as_the_second_player() {
    let mut e = Stdio_::start();
    // Before `atsiinit`, and malformed input: errors, and the engine goes on.
    e.send("opmove 1a 1b 9 9");
    assert!(e
        .recv()
        .starts_with("log error: 'opmove' before 'atsiinit v0'"));
    e.send("atsiinit v9");
    assert!(e
        .recv()
        .starts_with("log error: unsupported ATSI version v9"));
    host_game(&mut e, 1, 12, 7);
    // (The engine may still be answering the host's last move.)
    e.send("frobnicate");
    assert!(next_error(&mut e).starts_with("log error: unknown command 'frobnicate'"));
    e.send("opmove 99zz 1a 1 1");
    let reply = next_error(&mut e);
    assert!(reply.starts_with("log error: opmove"), "{reply}");
    e.send("loss");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

/// Starts `taikyoku atsi --listen 127.0.0.1:0` and reads the address it serves.
fn listen() -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_taikyoku"))
        .args(["atsi", "--listen", "127.0.0.1:0", "--max-sessions", "2"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let lines = read_lines(child.stderr.take().unwrap());
    let first = lines.recv_timeout(Duration::from_secs(30)).unwrap();
    let addr = first
        .split_whitespace()
        .find_map(|w| w.strip_prefix("ws://"))
        .unwrap_or_else(|| panic!("no address in '{first}'"))
        .to_string();
    (child, addr)
}

/// A WebSocket connection to `addr` sending `origin` (if any) and `host` as its headers.
fn connect(addr: &str, host: &str, origin: Option<&str>) -> Result<Ws, tungstenite::Error> {
    let mut req = tungstenite::handshake::client::Request::builder()
        .uri(format!("ws://{addr}/"))
        .header("Host", host)
        .header("Connection", "Upgrade")
        .header("Upgrade", "websocket")
        .header("Sec-WebSocket-Version", "13")
        .header(
            "Sec-WebSocket-Key",
            tungstenite::handshake::client::generate_key(),
        );
    if let Some(o) = origin {
        req = req.header("Origin", o);
    }
    let stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    tungstenite::client(req.body(()).unwrap(), stream)
        .map(|(ws, _)| Ws { ws })
        .map_err(|e| match e {
            tungstenite::HandshakeError::Failure(f) => f,
            tungstenite::HandshakeError::Interrupted(_) => tungstenite::Error::ConnectionClosed,
        })
}

fn refused_with(r: Result<Ws, tungstenite::Error>) -> u16 {
    match r {
        Err(tungstenite::Error::Http(resp)) => resp.status().as_u16(),
        Err(e) => panic!("refused, but not by status: {e}"),
        Ok(_) => panic!("accepted"),
    }
}

#[test]
fn a_game_over_websocket_as_the_first_player_and_pages_refused() {
    let (mut server, addr) = listen();
    // The site's page, served by the site, connects by the loopback address.
    let mut ws = connect(&addr, &addr, Some("https://taikyoku-shogi.github.io")).unwrap();
    host_game(&mut ws, 0, 12, 11);
    ws.send("win");
    // A page on another site, and a page that rebound its own name to 127.0.0.1.
    let port = addr.rsplit(':').next().unwrap();
    assert_eq!(
        refused_with(connect(&addr, &addr, Some("https://evil.example"))),
        403
    );
    assert_eq!(
        refused_with(connect(
            &addr,
            &format!("evil.example:{port}"),
            Some(&format!("http://evil.example:{port}"))
        )),
        403
    );
    // A page served on this computer, and a client that is no browser page (no Origin).
    let mut local = connect(
        &addr,
        &format!("localhost:{port}"),
        Some("http://localhost:5173"),
    )
    .unwrap();
    local.send("atsiinit v0");
    assert_eq!(local.recv(), "atsiok");
    // Two sessions at most (--max-sessions 2): a third connection is refused while both run.
    assert_eq!(refused_with(connect(&addr, &addr, None)), 503);
    local.send("quit");
    ws.send("quit");
    let _ = server.kill();
    let _ = server.wait();
}

#[test]
fn player_0_moves_first_from_the_position_given() {
    // After a TSFEN with White to move, `player 0` is White and moves at once (the spec: player
    // 0 moves unprompted; tomatene reads it so), and `player 1` is Black and answers White's move.
    let v = Variant::builtin("taikyoku-atsa").unwrap();
    let mut pos = AnyPosition::startpos(v);
    let m = pos.parse_move("19gg19b").unwrap();
    pos.make(m);
    assert_eq!(pos.side_to_move(), Colour::White);
    let mut first = Stdio_::start();
    first.send("atsiinit v0");
    assert_eq!(first.recv(), "atsiok");
    first.send("player 0");
    first.send("time 2 0");
    first.send(&format!("startgame {}", pos.to_tsfen()));
    let words = engine_move(&mut first);
    let white = pos
        .moves()
        .into_iter()
        .find(|&m| host::write_move(&pos, m) == squares(&pos, &words))
        .unwrap_or_else(|| panic!("{words:?} is not a move of White's"));
    first.send("quit");

    let mut second = Stdio_::start();
    second.send("atsiinit v0");
    assert_eq!(second.recv(), "atsiok");
    second.send("player 1");
    second.send("time 2 0");
    second.send(&format!("startgame {}", pos.to_tsfen()));
    // Had it moved unprompted, this would be refused as out of turn (a `log error`).
    second.send(&format!("opmove {} 2 2", words.join(" ")));
    pos.make(white);
    let words = engine_move(&mut second);
    assert!(pos
        .moves()
        .iter()
        .any(|&m| host::write_move(&pos, m) == squares(&pos, &words)));
    second.send("quit");
}
