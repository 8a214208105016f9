//! One engine spoken to over ATSI v0 (the Taikyoku site's protocol, docs/atsa.md), as the
//! site's host speaks it: `atsiinit v0`, `identify`, then per game `player`, `time` and
//! `startgame` (a TSFEN), the opponent's moves as `opmove <squares> <time> <opponent's time>`,
//! and the engine's own as `move <squares>`, unprompted on its turn.
//!
//! The referee judges by the project's rules, not by the site's host: a move is read from its
//! squares as the project's notation reads a path ([`taikyoku_movegen::AnyPosition::parse_move`]).
//! tomatene writes a multi-step move with its middle square last (`src dest mid`) and reads it
//! so: [`StepOrder::Last`] speaks that order.

use std::sync::Arc;
use std::time::{Duration, Instant};

use taikyoku_movegen::{AnyPosition, Move, Outcome, Variant};

use super::clock::TimeControl;
use super::conn::{Conn, Failure, HANDSHAKE_TIMEOUT, LINE_QUEUE};
use super::spec::{EngineSpec, StepOrder};
use super::turn::{Reply, Turn};

/// The game as the engine knows it.
struct Game {
    /// The position after the moves it has (sent to it, or its own).
    pos: AnyPosition,
    /// How many of the game's moves it has.
    known: usize,
    /// Its colour's index (Black 0).
    side: usize,
}

/// An ATSI engine's state.
pub struct Atsi {
    variant: Arc<Variant>,
    order: StepOrder,
    game: Option<Game>,
}

impl Atsi {
    /// `atsiinit v0` / `atsiok`, `identify`, and the options as `setparam`.
    pub(crate) fn handshake(
        conn: &mut Conn,
        spec: &EngineSpec,
        variant: &Arc<Variant>,
    ) -> Result<Atsi, Failure> {
        if !matches!(
            variant.promotion(),
            taikyoku_movegen::PromotionRule::ZoneCompulsory(_)
        ) || variant.geometry().files() != 36
        {
            return Err(Failure::Protocol(format!(
                "ATSI plays modern Taikyoku (taikyoku-atsa), not {}",
                variant.id()
            )));
        }
        if let Some(TimeControl::Nodes(_) | TimeControl::Depth(_)) = spec.limit {
            return Err(Failure::Protocol(
                "ATSI has no depth or node limit (give the engine a time control: tc=)".into(),
            ));
        }
        conn.send("atsiinit v0")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        while conn.next_line(deadline, "atsiok")?.trim() != "atsiok" {}
        conn.send("identify")?;
        for (k, v) in &spec.options {
            conn.send(&format!("setparam {k} {v}"))?;
        }
        Ok(Atsi {
            variant: variant.clone(),
            order: spec.steps,
            game: None,
        })
    }

    /// Forgets the game; the next [`Atsi::go`] starts a new one.
    pub(crate) fn new_game(&mut self) {
        self.game = None;
    }

    /// `win`, `loss` or `draw` at the end of a game the engine was told of.
    pub(crate) fn game_over(&mut self, conn: &mut Conn, outcome: &Outcome) {
        if let Some(g) = self.game.take() {
            let word = match outcome {
                Outcome::Win(c) if c.index() == g.side => "win",
                Outcome::Win(_) => "loss",
                Outcome::Draw => "draw",
            };
            let _ = conn.send(word);
        }
    }

    /// The squares of `m`, a move of `pos`, in the engine's order.
    fn squares_text(&self, pos: &AnyPosition, m: Move) -> String {
        let geo = pos.variant().geometry();
        let mut path: Vec<String> = pos
            .move_path(m)
            .into_iter()
            .map(|s| geo.square_name(s))
            .collect();
        // A pass is written through an empty neighbour, as the host writes it; our path of a
        // pass is `s s`.
        if path.len() == 2 && path[0] == path[1] {
            if let Some(n) = empty_neighbour(pos, m) {
                path.insert(1, n);
            }
        }
        if self.order == StepOrder::Last && path.len() > 2 {
            let end = path.remove(path.len() - 1);
            path.insert(1, end);
        }
        path.join(" ")
    }

    /// The engine's move text (its squares) as a move of `pos`, in the project's notation.
    fn read_move(&self, pos: &AnyPosition, words: &[&str]) -> Result<Move, String> {
        let mut squares: Vec<&str> = words.to_vec();
        if self.order == StepOrder::Last && squares.len() > 2 {
            let end = squares.remove(1);
            squares.push(end);
        }
        if squares.len() < 2 {
            return Err("a move needs at least two squares".into());
        }
        pos.parse_move(&squares.concat()).map_err(|e| e.to_string())
    }

    fn setup(&mut self, conn: &mut Conn, turn: &Turn) -> Result<Game, Failure> {
        let bad = |e: String| Failure::Protocol(format!("bad opening '{}': {e}", turn.opening));
        let mut pos = AnyPosition::parse(self.variant.clone(), turn.opening)
            .map_err(|e| bad(e.to_string()))?;
        // A TSFEN has no move list and no promotion marks, so the engine is given the game's
        // first position it can be: the one before the opponent's last move, then that move
        // (at its first turn, the opening's position and at most one move, where nothing has
        // promoted since the opening). Player 0 is the one that moves first from the position
        // sent, whatever its colour (the spec's reading and tomatene's).
        let before = turn.moves.len().saturating_sub(1);
        let player = if before == turn.moves.len() { 0 } else { 1 };
        for m in &turn.moves[..before] {
            let mv = pos.parse_move(m).map_err(|e| bad(e.to_string()))?;
            pos.make(mv);
        }
        if let Some(why) = tsfen_loses(&pos) {
            return Err(Failure::Protocol(format!(
                "this position cannot be sent as a TSFEN: {why}"
            )));
        }
        let (base, inc) = match turn.tc {
            TimeControl::Fischer { base, inc } => (base, inc),
            TimeControl::Byoyomi { base, byoyomi } => (base, byoyomi),
            _ => (Duration::from_secs(900), Duration::ZERO),
        };
        conn.send(&format!("player {player}"))?;
        conn.send(&format!("time {} {}", seconds(base), seconds(inc)))?;
        let start = AnyPosition::startpos(self.variant.clone());
        if pos.to_notation() == start.to_notation() {
            conn.send("startgame initial")?;
        } else {
            conn.send(&format!("startgame {}", pos.to_tsfen()))?;
        }
        Ok(Game {
            pos,
            known: before,
            side: turn.side,
        })
    }

    /// The engine's move on `turn`.
    pub(crate) fn go(&mut self, conn: &mut Conn, turn: &Turn) -> Result<Reply, Failure> {
        for _ in 0..LINE_QUEUE {
            if conn.pending_line()?.is_none() {
                break;
            }
        }
        let start = Instant::now();
        let mut game = match self.game.take() {
            Some(g) if g.known < turn.moves.len() => g,
            _ => self.setup(conn, turn)?,
        };
        // The moves it has not seen: at most the opponent's last one (its own were read from
        // it), which it answers at once.
        let unseen = turn.moves.len() - game.known;
        if unseen > 1 {
            return Err(Failure::Protocol(format!(
                "{unseen} moves to tell at once: ATSI sends one opponent move per turn"
            )));
        }
        if let Some(text) = turn.moves.get(game.known) {
            let m = game.pos.parse_move(text).map_err(|e| {
                Failure::Protocol(format!("cannot replay the game's move '{text}': {e}"))
            })?;
            let (own, other) = (turn.clock[turn.side], turn.clock[1 - turn.side]);
            conn.send(&format!(
                "opmove {} {} {}",
                self.squares_text(&game.pos, m),
                seconds(own),
                seconds(other)
            ))?;
            game.pos.make(m);
            game.known += 1;
        }
        let deadline = start + turn.timeout;
        loop {
            let l = conn.next_line(deadline, "move")?;
            let words: Vec<&str> = l.split_whitespace().collect();
            match words.first().copied() {
                Some("move") => {
                    let elapsed = start.elapsed();
                    let text = words[1..].join(" ");
                    return Ok(match self.read_move(&game.pos, &words[1..]) {
                        Ok(m) => {
                            let ours = game.pos.move_to_string(m);
                            game.pos.make(m);
                            game.known += 1;
                            self.game = Some(game);
                            Reply {
                                bestmove: ours,
                                // ATSI's `eval` has no common scale (tomatene's start position
                                // reads 29751): scores are not used for adjudication.
                                score: None,
                                elapsed,
                                illegal: None,
                            }
                        }
                        Err(e) => Reply {
                            bestmove: text,
                            score: None,
                            elapsed,
                            illegal: Some(e),
                        },
                    });
                }
                Some("resign") | Some("quit") => {
                    return Ok(Reply {
                        bestmove: "resign".into(),
                        score: None,
                        elapsed: start.elapsed(),
                        illegal: None,
                    })
                }
                _ => {}
            }
        }
    }
}

/// A neighbour of a pass's square that is empty and gives the pass's promotion, by name.
fn empty_neighbour(pos: &AnyPosition, m: Move) -> Option<String> {
    let v = pos.variant();
    let geo = v.geometry();
    let from = m.from();
    let side = pos.side_to_move();
    let promotes = m.promotion() == taikyoku_movegen::Promotion::Promote;
    let (c, r) = (geo.col(from) as i32, geo.row(from) as i32);
    let from_in = v.in_promotion_zone(from, side);
    for dr in -1..=1 {
        for dc in -1..=1 {
            let (x, y) = (c + dc, r + dr);
            if (dc, dr) == (0, 0)
                || x < 0
                || y < 0
                || x >= geo.files() as i32
                || y >= geo.ranks() as i32
            {
                continue;
            }
            let s = geo.square(x as usize, y as usize);
            if pos.piece_at(s).is_none() && (from_in || v.in_promotion_zone(s, side)) == promotes {
                return Some(geo.square_name(s));
            }
        }
    }
    None
}

/// Why a TSFEN of `pos` would not give the same game, if it would not: it writes a promoted
/// piece as its new kind, which reads back unpromoted (and able to promote again, where that
/// kind promotes), and tomatene promotes every promotable piece it reads in its zone.
pub fn tsfen_loses(pos: &AnyPosition) -> Option<String> {
    let v = pos.variant();
    let geo = v.geometry();
    for sq in geo.all_squares() {
        let Some(p) = pos.piece_at(sq) else { continue };
        let moves_as = v.form_moves_as(p.kind, p.promoted).unwrap_or(p.kind);
        let can_promote = v.kind(moves_as).promotes_to().is_some();
        if p.promoted && can_promote {
            return Some(format!(
                "the promoted {} on {} would read as a {} that promotes again",
                v.kind(p.kind).code(),
                geo.square_name(sq),
                v.kind(moves_as).code()
            ));
        }
        if !p.promoted && can_promote && v.in_promotion_zone(sq, p.colour) {
            return Some(format!(
                "the unpromoted {} on {} stands in its zone",
                v.kind(p.kind).code(),
                geo.square_name(sq)
            ));
        }
    }
    None
}

fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{}", s as u64)
    } else {
        format!("{s}")
    }
}
