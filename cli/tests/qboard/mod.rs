//! A stand-in for QBoard playing engine against engine: two engine processes, each read in
//! chunks as QBoard reads them (on its one GUI thread, everything that has arrived since the
//! last read, handled whole before the next read, so output that arrives while it is busy is
//! read together), every move relayed to the other engine as QBoard relays it ([`relay`]), and
//! a referee (the move generator, through the dialect) that checks what the engines meant.
//!
//! A game starts as QBoard starts one (`xboard`, `protover 2`, `new`, `variant`, `sd`; `go`
//! to the first player), optionally from a position reached by a few random plies and sent
//! with `setboard` (as QBoard does after a file is opened), so that games differ.

pub mod relay;

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use relay::{complete_part, read_chunk, Reading};
use taikyoku_movegen::{with_position, AnyPosition, Colour, Move};
use taikyoku_protocol::dialect::Dialect;

/// How a relay game is set up.
#[derive(Clone, Debug)]
pub struct Setup {
    /// QBoard's variant name: `daidai`, `maka` or `koshogi`.
    pub variant: String,
    /// The `sd` QBoard sends to the first player's engine and to the second's (plies): unequal
    /// depths make decisive games (equal engines at a low depth shuffle for thousands of plies).
    pub depths: [u32; 2],
    /// Random plies played before the game (even: the first player moves first), sent with
    /// `setboard`; 0 starts from QBoard's start position.
    pub random_plies: usize,
    /// A start position (QBoard's FEN) instead of the random plies, sent with `setboard`.
    pub start_fen: Option<String>,
    /// The seed of those plies.
    pub seed: u64,
    /// The engine's `--result-hold` in milliseconds (none: the engine's default, started with
    /// no arguments as QBoard starts it).
    pub result_hold_ms: Option<u64>,
    /// Time QBoard spends on each chunk it reads before it reads again (painting the board).
    pub gui_busy: Duration,
    /// A game still going after this many plies is a failure.
    pub max_plies: usize,
    /// The longest wait for an engine's answer before the game counts as stalled.
    pub stall: Duration,
}

/// How a game went.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Plies played (the random ones included).
    pub plies: usize,
    /// The result texts QBoard read, by engine (0: the first player).
    pub results: [Option<&'static str>; 2],
    /// Lines of the engines containing `# rejected move` or `# error`.
    pub rejections: Vec<String>,
    /// `#` lines saying a relayed move was re-read.
    pub rereads: Vec<String>,
    /// Moves whose relay meant something else than the engine's move.
    pub changed_relays: Vec<String>,
    /// Results that arrived in the same read as the engine's move (QBoard drops the move).
    pub lost_winning_moves: usize,
    /// Time between reading the engine's last move and reading its result, if both came.
    pub result_gap: Option<Duration>,
    /// Anything else that went wrong (illegal move, stall, dialog trigger, game too long).
    pub failures: Vec<String>,
    /// The start position (QBoard's FEN) and the moves as the engines meant them.
    pub record: (String, Vec<String>),
    /// The longest the stand-in spent handling one chunk (reading, refereeing, relaying),
    /// besides `gui_busy`.
    pub busiest: Duration,
}

impl Outcome {
    /// A game that ended as it should: a win or resignation read from the engines, nothing
    /// rejected, every move relayed intact, no winning move lost.
    pub fn clean(&self) -> bool {
        self.decided()
            && self.rejections.is_empty()
            && self.changed_relays.is_empty()
            && self.lost_winning_moves == 0
            && self.failures.is_empty()
    }

    /// Whether QBoard read `bestmove win` or `bestmove resign`.
    pub fn decided(&self) -> bool {
        self.results
            .iter()
            .flatten()
            .any(|r| *r == "bestmove win" || *r == "bestmove resign")
    }

    /// One line: plies, results, and what went wrong.
    pub fn summary(&self) -> String {
        let r = |i: usize| self.results[i].unwrap_or("-");
        format!(
            "{} plies; first player: {}; second player: {}; rejections {}; re-reads {}; \
             changed relays {}; lost winning moves {}; result gap {}; busiest read {} ms; \
             failures {:?}",
            self.plies,
            r(0),
            r(1),
            self.rejections.len(),
            self.rereads.len(),
            self.changed_relays.len(),
            self.lost_winning_moves,
            self.result_gap
                .map_or("-".to_string(), |g| format!("{} ms", g.as_millis())),
            self.busiest.as_millis(),
            self.failures
        )
    }
}

/// What the engines' reader threads tell the GUI thread: output has arrived, or ended.
enum Chunk {
    Data(usize),
    End(usize),
}

/// One engine process as QBoard drives it.
struct Player {
    child: Child,
    stdin: ChildStdin,
    /// Output that has arrived and the GUI thread has not read yet (QProcess's buffer).
    arrived: Arc<Mutex<Vec<u8>>>,
    /// Output read but not yet handled (an incomplete line or move).
    buffer: Vec<u8>,
    /// Whether QBoard has read `usermove=1` from this engine.
    usermove: bool,
}

impl Player {
    fn start(index: usize, setup: &Setup, chunks: Sender<Chunk>) -> Player {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_taikyoku"));
        if let Some(ms) = setup.result_hold_ms {
            cmd.args(["xboard", "--result-hold", &ms.to_string()]);
        }
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take().expect("piped");
        let mut stdout = child.stdout.take().expect("piped");
        let arrived = Arc::new(Mutex::new(Vec::new()));
        let shared = arrived.clone();
        std::thread::spawn(move || {
            let mut buf = vec![0u8; 1 << 16];
            loop {
                match stdout.read(&mut buf) {
                    Ok(n) if n > 0 => {
                        shared
                            .lock()
                            .expect("not poisoned")
                            .extend_from_slice(&buf[..n]);
                        if chunks.send(Chunk::Data(index)).is_err() {
                            return;
                        }
                    }
                    _ => {
                        let _ = chunks.send(Chunk::End(index));
                        return;
                    }
                }
            }
        });
        Player {
            child,
            stdin,
            arrived,
            buffer: Vec::new(),
            usermove: false,
        }
    }

    fn send(&mut self, line: &str) {
        let _ = writeln!(self.stdin, "{line}");
        let _ = self.stdin.flush();
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        // QBoard kills its engines at the end of a game.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A small deterministic generator (xorshift64*) for the random plies.
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_f491_4f6c_dd1d)
}

/// QBoard's start position of the variant after `plies` random legal plies (none of which ends
/// the game), and whether the game's start was left.
pub fn opening(d: &Dialect, plies: usize, seed: u64) -> AnyPosition {
    let mut pos = d.start_position();
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for _ in 0..plies {
        let mut q = pos.clone();
        let moves: Vec<Move> = with_position!(&mut q, p => p.legal_moves())
            .into_iter()
            .filter(|&m| {
                let mut r = pos.clone();
                with_position!(&mut r, p => {
                    p.make(m);
                    p.game_result(&[]).is_none()
                })
            })
            .collect();
        if moves.is_empty() {
            break;
        }
        let m = moves[(next_random(&mut state) % moves.len() as u64) as usize];
        with_position!(&mut pos, p => p.make(m));
    }
    pos
}

/// The squares of QBoard's FEN placement, rows from the top: each a piece token (`+`, letter,
/// suffix) or empty.
fn fen_grid(board: &str) -> Vec<Vec<Option<String>>> {
    board
        .split('/')
        .map(|row| {
            let b = row.as_bytes();
            let (mut cells, mut i) = (Vec::new(), 0);
            while i < b.len() {
                if b[i].is_ascii_digit() {
                    let start = i;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    let n = row[start..i].parse::<usize>().unwrap_or(0);
                    cells.extend(std::iter::repeat_n(None, n));
                    continue;
                }
                let start = i;
                if b[i] == b'+' {
                    i += 1;
                }
                i += 1;
                if i < b.len() && b"'!~`".contains(&b[i]) {
                    i += 1;
                }
                cells.push(Some(row[start..i].to_string()));
            }
            cells
        })
        .collect()
}

/// QBoard's FEN placement of a grid.
fn grid_fen(grid: &[Vec<Option<String>>]) -> String {
    let rows: Vec<String> = grid
        .iter()
        .map(|row| {
            let (mut out, mut empty) = (String::new(), 0);
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some(t) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push_str(t);
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    rows.join("/")
}

/// A handicap that ends a game at once: QBoard's FEN `fen` with every piece of the second
/// player (lower case) removed except its king `k`, which stands right in front of the first
/// player's foremost piece (the leftmost of its foremost row).
pub fn lone_king_before_the_lines(fen: &str) -> String {
    let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let mut grid = fen_grid(board);
    let second = |t: &str| t.chars().any(|c| c.is_ascii_lowercase());
    for cell in grid.iter_mut().flatten() {
        if cell.as_deref().is_some_and(second) {
            *cell = None;
        }
    }
    let front = grid
        .iter()
        .position(|row| row.iter().any(Option::is_some))
        .unwrap_or(grid.len());
    let file = grid
        .get(front)
        .and_then(|row| row.iter().position(Option::is_some))
        .unwrap_or(0);
    grid[front.saturating_sub(1)][file] = Some("k".to_string());
    format!("{} {rest}", grid_fen(&grid)).trim().to_string()
}

/// Plays one game through the relay and tells how it went.
pub fn play(setup: &Setup) -> Outcome {
    let d = Dialect::for_cecp_variant(&setup.variant).expect("a QBoard variant");
    let ko = setup.variant == "koshogi";
    let mut out = Outcome::default();
    let mut pos = match &setup.start_fen {
        Some(fen) => d.parse_fen(fen).expect("a position of the variant"),
        None => opening(&d, setup.random_plies, setup.seed),
    };
    out.record.0 = d.to_fen(&pos);
    let (tx, chunks): (Sender<Chunk>, Receiver<Chunk>) = channel();
    let mut players = [
        Player::start(0, setup, tx.clone()),
        Player::start(1, setup, tx),
    ];
    for (p, depth) in players.iter_mut().zip(setup.depths) {
        for line in [
            "xboard".to_string(),
            "protover 2".to_string(),
            "new".to_string(),
            format!("variant {}", setup.variant),
            format!("sd {depth}"),
        ] {
            p.send(&line);
        }
        if setup.random_plies > 0 || setup.start_fen.is_some() {
            p.send(&format!("setboard {}", d.to_fen(&pos)));
        }
    }
    let first = |pos: &AnyPosition| {
        usize::from(with_position!(pos, p => p.side_to_move()) != Colour::Black)
    };
    players[first(&pos)].send("go");
    let mut plies = setup.random_plies;
    // The last move read from each engine: when it was read.
    let mut last_move_at: [Option<Instant>; 2] = [None; 2];
    loop {
        // Once one engine has announced the end, the other has a few seconds to do so too.
        let announced = out.results.iter().flatten().count();
        let wait = if announced > 0 {
            Duration::from_secs(5).min(setup.stall)
        } else {
            setup.stall
        };
        let waited = match chunks.recv_timeout(wait) {
            Ok(c) => c,
            Err(RecvTimeoutError::Timeout) => {
                if announced == 0 {
                    out.failures.push(format!("stalled at ply {plies}"));
                } else {
                    out.failures.push(format!(
                        "only one engine announced the end: {:?}",
                        out.results
                    ));
                }
                break;
            }
            Err(RecvTimeoutError::Disconnected) => break,
        };
        let who = match waited {
            Chunk::Data(who) => who,
            Chunk::End(who) => {
                if out.results[who].is_none() {
                    out.failures.push(format!("engine {who} ended its output"));
                }
                if out.results.iter().all(Option::is_some) {
                    break;
                }
                continue;
            }
        };
        let read_at = Instant::now();
        let player = &mut players[who];
        let data = std::mem::take(&mut *player.arrived.lock().expect("not poisoned"));
        if data.is_empty() {
            continue; // read with an earlier notice
        }
        player.buffer.extend_from_slice(&data);
        let Some(end) = complete_part(&player.buffer) else {
            continue;
        };
        let part: Vec<u8> = player.buffer.drain(..end).collect();
        let text = String::from_utf8_lossy(&part).into_owned();
        for line in text.lines() {
            if line.starts_with("# rejected move") || line.starts_with("# error") {
                out.rejections.push(format!("engine {who}: {line}"));
            } else if line.starts_with("# QBoard sent") {
                out.rereads.push(format!("engine {who}: {line}"));
            }
            let lower = line.to_ascii_lowercase();
            for trigger in [
                "illegal move",
                "telluser",
                "tellall",
                "tellopponent",
                "askuser",
            ] {
                if lower.contains(trigger) {
                    out.failures
                        .push(format!("dialog trigger from engine {who}: {line}"));
                }
            }
        }
        if text.contains("usermove=1") {
            player.usermove = true;
        }
        match read_chunk(&text, ko) {
            Reading::Result(r) => {
                if out.results[who].is_none() {
                    out.results[who] = Some(r);
                    if text.lines().any(|l| l.starts_with("move ")) {
                        out.lost_winning_moves += 1;
                    } else if let Some(at) = last_move_at[who] {
                        if first(&pos) != who {
                            out.result_gap = Some(read_at.duration_since(at));
                        }
                    }
                }
            }
            Reading::Move {
                relayed,
                forced_usermove,
            } => {
                if first(&pos) != who {
                    out.failures.push(format!(
                        "engine {who} moved out of turn at ply {plies}: {text:?}"
                    ));
                    break;
                }
                last_move_at[who] = Some(read_at);
                // The referee: what the engine meant (its legs joined), then what QBoard relays.
                let meant: String = text
                    .lines()
                    .filter_map(|l| l.strip_prefix("move "))
                    .collect();
                let m = match d.parse_move(&pos, &meant) {
                    Ok(m) => m,
                    Err(e) => {
                        out.failures
                            .push(format!("engine {who} played '{meant}' at ply {plies}: {e}"));
                        break;
                    }
                };
                let fen = d.to_fen(&pos);
                if d.parse_move(&pos, &relayed).ok() != Some(m) {
                    let passes = relayed.starts_with('@')
                        && d.parse_move(&pos, &relayed).is_ok_and(|r| {
                            let (mut a, mut b) = (pos.clone(), pos.clone());
                            with_position!(&mut a, p => p.make(m));
                            with_position!(&mut b, p => p.make(r));
                            a.to_notation() == b.to_notation()
                        });
                    if !passes {
                        out.changed_relays
                            .push(format!("'{meant}' relayed as '{relayed}' in {fen}"));
                    }
                }
                with_position!(&mut pos, p => p.make(m));
                out.record.1.push(meant);
                plies += 1;
                let other = &mut players[1 - who];
                if forced_usermove || other.usermove {
                    other.send(&format!("usermove {relayed}"));
                } else {
                    other.send(&relayed);
                }
                if plies >= setup.max_plies {
                    out.failures
                        .push(format!("still going after {plies} plies"));
                    break;
                }
            }
            Reading::Nothing => {}
        }
        out.busiest = out.busiest.max(read_at.elapsed());
        std::thread::sleep(setup.gui_busy);
        if out.results.iter().all(Option::is_some) {
            break;
        }
    }
    out.plies = plies;
    out
}
