//! One refereed game between two engines: the move generator checks every move, the clocks are
//! kept here, and the game ends by the variant's rules, by a failure of an engine, or by
//! adjudication.

use std::sync::Arc;
use std::time::Duration;

use taikyoku_movegen::{AnyPosition, Colour, Outcome, Variant};
use taikyoku_protocol::game::Game;
use taikyoku_protocol::joint::ChuPlay;

use super::clock::{Clocks, TimeControl};
use super::conn::Failure;
use super::player::Player;
use super::turn::Turn;

/// Rules of one game besides the variant's.
#[derive(Clone, Debug)]
pub struct GameConfig {
    /// The variant.
    pub variant: Arc<Variant>,
    /// How chu's two rule readings are joined (`either`: every move one of them allows is
    /// legal; see [`taikyoku_protocol::joint`]); `variant` is then in [`ChuPlay::reading`].
    pub chu_play: ChuPlay,
    /// Time control.
    pub tc: TimeControl,
    /// Time an engine may overrun its clock before it loses.
    pub margin: Duration,
    /// Adjudicate a draw after this many plies.
    pub max_plies: Option<usize>,
    /// Adjudicate a loss when both engines agree for this many moves each that the score is
    /// at least this bad: (centipawns, moves).
    pub resign: Option<(i32, usize)>,
    /// Time allowed per move for nodes/depth controls before an engine counts as stalled.
    pub move_timeout: Duration,
}

/// How a game ended, from the referee.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Who won (Black/White), or a draw.
    pub outcome: Outcome,
    /// Why, in words.
    pub reason: String,
    /// The reason with every engine's name written `<engine>`: what the match report counts
    /// (games grouped by what happened, whoever it happened to).
    pub summary: String,
    /// The moves in the project's notation.
    pub moves: Vec<String>,
    /// The moves in Hodges-style notation.
    pub hodges: Vec<String>,
    /// A player whose process should be restarted before its next game (it failed or was
    /// killed), by colour.
    pub broken: [bool; 2],
    /// Time left on each clock at the end, by colour (None when the game was not played on
    /// the clock: fixed depth or nodes, or it never started).
    pub clock_left: Option<[Duration; 2]>,
}

/// Plays one game from `opening` (`startpos` or a position) between `players[0]` (Black) and
/// `players[1]` (White), and tells the engines that are still sound how it ended.
pub fn play_game(players: [&mut Player; 2], opening: &str, cfg: &GameConfig) -> GameRecord {
    let [a, b] = players;
    let mut left = None;
    let mut record = play(&mut [&mut *a, &mut *b], opening, cfg, &mut left);
    record.clock_left = left;
    for (i, p) in [a, b].into_iter().enumerate() {
        if !record.broken[i] {
            p.game_over(&record.outcome, &record.reason);
        }
    }
    record
}

fn play(
    players: &mut [&mut Player; 2],
    opening: &str,
    cfg: &GameConfig,
    left: &mut Option<[Duration; 2]>,
) -> GameRecord {
    // An opening may be a position followed by `moves ...`: the engines get the position and
    // those moves (a CECP engine such as HaChu then needs no `setboard`), the referee plays
    // them, and the record starts after them.
    let (base, opening_moves) = match opening.split_once(" moves ") {
        Some((b, m)) => (b.trim(), m.split_whitespace().map(String::from).collect()),
        None => (opening.trim(), Vec::new()),
    };
    let pos = match AnyPosition::parse_with_moves(cfg.variant.clone(), opening) {
        Ok(p) => p,
        Err(e) => {
            let reason = format!("bad opening: {e}");
            return GameRecord {
                outcome: Outcome::Draw,
                summary: reason.clone(),
                reason,
                moves: Vec::new(),
                hodges: Vec::new(),
                broken: [false; 2],
                clock_left: None,
            };
        }
    };
    let mut game = Game::new(cfg.chu_play, pos);
    let mut moves: Vec<String> = Vec::new();
    let mut hodges: Vec<String> = Vec::new();
    let mut checks: Vec<bool> = vec![false; opening_moves.len()];
    // What the engines are sent: the opening's moves, then the game's.
    let mut sent: Vec<String> = opening_moves;
    // Each engine plays under its own limit (`tc=`, `depth=`, `nodes=`) or the match's.
    let tcs = [0, 1].map(|s| players[s].spec.limit.unwrap_or(cfg.tc));
    let mut clocks = Clocks::new(tcs, cfg.margin, cfg.move_timeout);
    let on_clock = clocks.on_clock();
    if on_clock {
        *left = Some(clocks.left());
    }
    let mut agreement = Agreement::new(cfg.resign);
    let mut broken = [false; 2];
    let finish = |outcome: Outcome, why: Why, moves, hodges, broken| GameRecord {
        outcome,
        reason: why.text,
        summary: why.summary,
        moves,
        hodges,
        broken,
        clock_left: None,
    };
    for (i, p) in players.iter_mut().enumerate() {
        if let Err(f) = p.new_game() {
            p.kill();
            broken[i] = true;
            let side = Colour::from_index(i);
            return finish(
                Outcome::Win(side.flip()),
                Why::named(&p.spec.name, "", |n, _| {
                    format!("{n} ({side}) was not ready: {f}")
                }),
                moves,
                hodges,
                broken,
            );
        }
    }
    loop {
        let result = game.result(&checks);
        if let Some(r) = result {
            return finish(
                r.outcome,
                Why::plain(r.reason.to_string()),
                moves,
                hodges,
                broken,
            );
        }
        if let Some(limit) = cfg.max_plies.filter(|&m| moves.len() >= m) {
            return finish(
                Outcome::Draw,
                // The limit is named: without `--draw-after` it is the variant's default.
                Why::plain(format!("move limit ({limit} plies)")),
                moves,
                hodges,
                broken,
            );
        }
        let side = game.position().side_to_move();
        let s = side.index();
        let name = players[s].spec.name.clone();
        let other = players[1 - s].spec.name.clone();
        // A reason naming the mover (`n`) and its opponent (`o`).
        let named = |f: &dyn Fn(&str, &str) -> String| Why::named(&name, &other, f);
        let loses = |why: Why| (Outcome::Win(side.flip()), why);
        let turn = Turn {
            opening: base,
            moves: &sent,
            clock: clocks.left(),
            tc: clocks.tc(s),
            timeout: clocks.timeout(s),
            side: s,
        };
        let reply = match players[s].go(&turn) {
            Ok(r) => r,
            Err(f) => {
                players[s].kill();
                broken[s] = true;
                let why = match f {
                    Failure::Timeout(_) => {
                        named(&|n, _| format!("{n} ({side}) lost on time (no move)"))
                    }
                    Failure::Crash(e) => named(&|n, _| format!("{n} ({side}) crashed: {e}")),
                    Failure::Protocol(e) => {
                        named(&|n, _| format!("{n} ({side}) broke the protocol: {e}"))
                    }
                    Failure::Refused(e) => named(&|n, o| {
                        format!("{n} ({side}) refused {o}'s move {e} (rules disagreement?)")
                    }),
                };
                let (o, r) = loses(why);
                return finish(o, r, moves, hodges, broken);
            }
        };
        if let Some(e) = &reply.illegal {
            let (o, r) = loses(named(&|n, _| {
                format!(
                    "{n} ({side}) played an illegal move '{}': {e}",
                    reply.bestmove
                )
            }));
            return finish(o, r, moves, hodges, broken);
        }
        // Clocks (not for an engine with a depth or node limit).
        let in_time = clocks.charge(s, reply.elapsed);
        if on_clock {
            *left = Some(clocks.left());
        }
        if !in_time {
            let (o, r) = loses(named(&|n, _| format!("{n} ({side}) lost on time")));
            return finish(o, r, moves, hodges, broken);
        }
        if reply.bestmove == "resign" {
            let (o, r) = loses(named(&|n, _| format!("{n} ({side}) resigns")));
            return finish(o, r, moves, hodges, broken);
        }
        let parsed = game.read(|p| p.parse_move(&reply.bestmove));
        let applied: Result<(String, bool), Why> = match parsed {
            Err(e) => Err(named(&|n, _| {
                format!(
                    "{n} ({side}) played an illegal move '{}': {e}",
                    reply.bestmove
                )
            })),
            Ok(m) if game.forbidden_by_history(m) => Err(named(&|n, _| {
                format!(
                    "{n} ({side}) played '{}', which repeats an earlier position",
                    reply.bestmove
                )
            })),
            Ok(m) => {
                let h = game.position().hodges(m);
                let canonical = game.position().move_to_string(m);
                game.make(m);
                hodges.push(h);
                Ok((canonical, game.gave_check()))
            }
        };
        match applied {
            Err(e) => {
                let (o, r) = loses(e);
                return finish(o, r, moves, hodges, broken);
            }
            Ok((m, check)) => {
                sent.push(m.clone());
                moves.push(m);
                checks.push(check);
            }
        }
        // Resignation adjudication: both engines agree for long enough.
        if let Some(winner) = reply.score.and_then(|sc| agreement.note(side, sc)) {
            let loser = players[winner.flip().index()].spec.name.clone();
            return finish(
                Outcome::Win(winner),
                Why::named(&loser, "", |n, _| {
                    format!("adjudication: both engines agree that {n} is lost")
                }),
                moves,
                hodges,
                broken,
            );
        }
    }
}

/// Resignation adjudication (`--resign CP:MOVES`): the engines' last reported scores, each
/// from the mover's side.
struct Agreement {
    /// The score beyond which a side counts as lost, and for how many moves of each engine.
    resign: Option<(i32, usize)>,
    /// Each side's scores so far, by colour index.
    scores: [Vec<i32>; 2],
}

impl Agreement {
    fn new(resign: Option<(i32, usize)>) -> Agreement {
        Agreement {
            resign,
            scores: [Vec::new(), Vec::new()],
        }
    }

    /// Notes `side`'s score `sc` for the move it just played: the winner, once both engines'
    /// last `MOVES` scores agree on one (the mover's at least CP up and its opponent's at least
    /// CP down, or the other way round).
    fn note(&mut self, side: Colour, sc: i32) -> Option<Colour> {
        let (cp, n) = self.resign?;
        let s = side.index();
        self.scores[s].push(sc);
        let last = |v: &Vec<i32>| v.iter().rev().take(n).copied().collect::<Vec<_>>();
        let (a, b) = (last(&self.scores[s]), last(&self.scores[1 - s]));
        if a.len() < n || b.len() < n {
            return None;
        }
        let mover_losing = a.iter().all(|&x| x <= -cp) && b.iter().all(|&x| x >= cp);
        let mover_winning = a.iter().all(|&x| x >= cp) && b.iter().all(|&x| x <= -cp);
        if mover_winning {
            Some(side)
        } else if mover_losing {
            Some(side.flip())
        } else {
            None
        }
    }
}

/// Why a game ended: the text for people, and its summary for the match report.
pub(crate) struct Why {
    text: String,
    summary: String,
}

impl Why {
    /// A reason that names no engine.
    fn plain(text: impl Into<String>) -> Why {
        let text = text.into();
        Why {
            summary: text.clone(),
            text,
        }
    }

    /// A reason written by `f` from the names of the engine it is about and of its opponent;
    /// the summary is the same text written with `<engine>` for both. (Replacing the names in
    /// the finished text instead would also replace them inside other words.)
    pub(crate) fn named(name: &str, other: &str, f: impl Fn(&str, &str) -> String) -> Why {
        Why {
            text: f(name, other),
            summary: f(ENGINE, ENGINE),
        }
    }
}

/// How the match report writes an engine's name.
pub const ENGINE: &str = "<engine>";
