//! The CECP (XBoard protocol, version 2) side of a [`super::player::Player`]: the `feature`
//! handshake, game setup (`new`, `variant`, `setboard`, time controls), the opponent's moves as
//! `usermove`, and the engine's `move` replies, claims and refusals.
//!
//! The engine is kept in `force` mode except while it thinks: on its turn it is sent `force`,
//! the moves played since its last move, a `ping` (when it announced `ping=1`, so that an
//! `Illegal move` reply is tied to our moves), `time`/`otim`, and `go`. Every text conversion
//! between our notation and the engine's goes through
//! [`taikyoku_protocol::dialect::Dialect`].

use std::sync::Arc;
use std::time::{Duration, Instant};

use taikyoku_movegen::{AnyPosition, Outcome, Variant};
use taikyoku_protocol::dialect::Dialect;

use super::clock::TimeControl;
use super::conn::{Conn, Failure, HANDSHAKE_TIMEOUT, LINE_QUEUE};
use super::spec::EngineSpec;
use super::turn::{Reply, Turn};

/// How long a protocol-2 engine may take to send its first `feature` line before it is taken
/// for a protocol-1 engine (the CECP specification's two seconds).
pub const FIRST_FEATURE_TIMEOUT: Duration = Duration::from_secs(2);

/// How long an engine that sent `feature done=0` may take to send `done=1`.
pub const DONE_TIMEOUT: Duration = Duration::from_secs(60);

/// The CECP name of one of our variants (`chu`, `daidai`, `maka`, `ko`, `taikyoku`, or the
/// variant's own id for variants loaded from files).
///
/// Ko goes by our own name `ko` rather than QBoard's `koshogi`, whose start position differs
/// from ours at one square; the dialect passes `ko` moves through in our notation.
pub fn cecp_variant_name(id: &str) -> String {
    match id {
        "chu" => "chu",
        "dai-dai" => "daidai",
        "maka-dai-dai" => "maka",
        other => other,
    }
    .to_string()
}

/// The CECP names of one of our variants, best first: [`cecp_variant_name`], except that
/// `chu-hachu` (chu with HaChu's rules, docs/chu.md §11) goes by its own name to an engine that
/// announced it (ours) and as `chu` otherwise (HaChu, XBoard's engines): the same board and
/// notation, the engine playing by its own rules and the referee judging by HaChu's.
pub fn cecp_variant_names(id: &str) -> Vec<String> {
    match id {
        "chu-hachu" => vec!["chu-hachu".to_string(), "chu".to_string()],
        other => vec![cecp_variant_name(other)],
    }
}

/// Which of `names` ([`cecp_variant_names`]) to send an engine that announced `announced`: the
/// first it announced; with no announcement, the last (the most widely known).
fn choose_variant_name(names: &[String], announced: Option<&[String]>) -> Result<String, Failure> {
    match announced {
        Some(vs) => names
            .iter()
            .find(|n| vs.contains(n))
            .cloned()
            .ok_or_else(|| {
                Failure::Protocol(format!(
                    "it does not play variant '{}' (it announced: {})",
                    names.join("' or '"),
                    vs.join(",")
                ))
            }),
        None => Ok(names.last().cloned().unwrap_or_default()),
    }
}

/// What the engine announced with `feature`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// `usermove=1`: moves are sent as `usermove <move>`.
    pub usermove: bool,
    /// `ping=1`.
    pub ping: bool,
    /// `setboard=1` (otherwise positions cannot be set up).
    pub setboard: bool,
    /// `memory=1`: it wants the `memory` command.
    pub memory: bool,
    /// `myname`.
    pub myname: Option<String>,
    /// `variants`, when announced.
    pub variants: Option<Vec<String>>,
    /// `done=1` was seen.
    pub done: bool,
}

/// Features this runner knows (answered `accepted`); others are answered `rejected`.
const KNOWN: &[&str] = &[
    "ping",
    "setboard",
    "playother",
    "san",
    "usermove",
    "time",
    "draw",
    "sigint",
    "sigterm",
    "reuse",
    "analyze",
    "myname",
    "variants",
    "colors",
    "ics",
    "name",
    "pause",
    "nps",
    "debug",
    "memory",
    "smp",
    "egt",
    "option",
    "exclude",
    "setscore",
    "highlight",
    "done",
];

/// Splits a `feature` line's arguments into `(key, value)` pairs; values may be quoted.
pub fn parse_features(args: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = args.trim_start();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else { break };
        let key = rest[..eq].trim().to_string();
        rest = &rest[eq + 1..];
        let value;
        if let Some(q) = rest.strip_prefix('"') {
            let end = q.find('"').unwrap_or(q.len());
            value = q[..end].to_string();
            rest = q.get(end + 1..).unwrap_or("");
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            value = rest[..end].to_string();
            rest = &rest[end..];
        }
        rest = rest.trim_start();
        if !key.is_empty() && !key.contains(char::is_whitespace) {
            out.push((key, value));
        }
    }
    out
}

/// The game as the engine knows it.
struct Game {
    /// The position after the moves sent so far.
    pos: AnyPosition,
    /// How many of the game's moves the engine has (sent to it, or its own).
    known: usize,
}

/// A CECP engine's state.
pub struct Cecp {
    /// What it announced.
    pub features: Features,
    dialect: Dialect,
    variant: Arc<Variant>,
    game: Option<Game>,
    pings: u32,
}

impl Cecp {
    /// `xboard`, `protover 2`, the `feature` exchange, then `memory` and the options.
    pub(crate) fn handshake(
        conn: &mut Conn,
        spec: &EngineSpec,
        variant: &Arc<Variant>,
    ) -> Result<Cecp, Failure> {
        let names = cecp_variant_names(variant.id());
        let dialect_of = |name: &str| {
            Dialect::for_cecp_variant(name)
                .map_err(|e| Failure::Protocol(format!("no CECP dialect for '{name}': {e}")))
        };
        for name in &names {
            dialect_of(name)?;
        }
        if let Some(TimeControl::Nodes(_)) = spec.limit {
            return Err(Failure::Protocol(
                "CECP has no node limit (use depth= or a time control)".into(),
            ));
        }
        conn.send("xboard")?;
        conn.send("protover 2")?;
        let start = Instant::now();
        let mut deadline = start + FIRST_FEATURE_TIMEOUT;
        let mut f = Features::default();
        while !f.done {
            let l = match conn.next_line(deadline, "feature done=1") {
                Ok(l) => l,
                // A protocol-1 engine (or one that never finishes): go on with the defaults.
                Err(Failure::Timeout(_)) => break,
                Err(e) => return Err(e),
            };
            let Some(args) = l.trim().strip_prefix("feature ") else {
                continue;
            };
            for (k, v) in parse_features(args) {
                let on = v == "1";
                match k.as_str() {
                    "usermove" => f.usermove = on,
                    "ping" => f.ping = on,
                    "setboard" => f.setboard = on,
                    "memory" => f.memory = on,
                    "myname" => f.myname = Some(v.clone()),
                    "variants" => {
                        f.variants = Some(v.split(',').map(|s| s.trim().to_string()).collect())
                    }
                    "done" if on => f.done = true,
                    "done" => deadline = start + DONE_TIMEOUT,
                    _ => {}
                }
                // We read coordinate moves only.
                let ok = KNOWN.contains(&k.as_str()) && !(k == "san" && on);
                conn.send(&format!("{} {k}", if ok { "accepted" } else { "rejected" }))?;
            }
        }
        let name = choose_variant_name(&names, f.variants.as_deref())?;
        let dialect = dialect_of(&name)?;
        if f.memory {
            conn.send(&format!("memory {}", spec.memory))?;
        }
        for (k, v) in &spec.options {
            conn.send(&format!("option {k}={v}"))?;
        }
        let mut c = Cecp {
            features: f,
            dialect,
            variant: variant.clone(),
            game: None,
            pings: 0,
        };
        c.sync(conn)?;
        Ok(c)
    }

    /// Whether the engine is HaChu, whose `setboard` takes the piece placement only.
    fn is_hachu(&self) -> bool {
        self.features
            .myname
            .as_deref()
            .is_some_and(|n| n.starts_with("HaChu"))
    }

    /// `ping N` / `pong N` when the engine supports it. Returns the lines it sent before the
    /// `pong` that are `Illegal move` replies.
    pub(crate) fn sync(&mut self, conn: &mut Conn) -> Result<Vec<String>, Failure> {
        let mut refusals = Vec::new();
        if !self.features.ping {
            return Ok(refusals);
        }
        self.pings += 1;
        let n = self.pings;
        conn.send(&format!("ping {n}"))?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let l = conn.next_line(deadline, &format!("pong {n}"))?;
            let mut w = l.split_whitespace();
            match (w.next(), w.next()) {
                (Some("pong"), Some(m)) if m == n.to_string() => return Ok(refusals),
                _ if is_refusal(&l) => refusals.push(l.trim().to_string()),
                _ => {}
            }
        }
    }

    /// Forgets the game; the next [`Cecp::go`] sets up a new one.
    pub(crate) fn new_game(&mut self) {
        self.game = None;
    }

    /// `result` at the end of a game.
    pub(crate) fn game_over(&mut self, conn: &mut Conn, outcome: &Outcome, reason: &str) {
        if self.game.take().is_some() {
            let _ = conn.send(&format!(
                "result {} {{{}}}",
                super::result_string(outcome),
                reason.replace(['{', '}'], "")
            ));
            let _ = conn.send("force");
        }
    }

    fn setup(&mut self, conn: &mut Conn, turn: &Turn) -> Result<Game, Failure> {
        let pos = AnyPosition::parse(self.variant.clone(), turn.opening)
            .map_err(|e| Failure::Protocol(format!("bad opening '{}': {e}", turn.opening)))?;
        conn.send("new")?;
        if self.dialect.cecp_name != "normal" {
            conn.send(&format!("variant {}", self.dialect.cecp_name))?;
        }
        conn.send("force")?;
        conn.send("easy")?;
        conn.send("post")?;
        match turn.tc {
            TimeControl::Fischer { base, inc } => {
                conn.send(&format!("level 0 {} {}", level_base(base), seconds(inc)))?
            }
            // No byoyomi in CECP: a fixed time per move when there is no base time, else the
            // byoyomi as an increment.
            TimeControl::Byoyomi { base, byoyomi } if base.is_zero() => {
                conn.send(&format!("st {}", byoyomi.as_secs().max(1)))?
            }
            TimeControl::Byoyomi { base, byoyomi } => conn.send(&format!(
                "level 0 {} {}",
                level_base(base),
                seconds(byoyomi)
            ))?,
            TimeControl::Depth(d) => {
                conn.send(&format!("sd {d}"))?;
                conn.send(&format!("st {}", turn.timeout.as_secs().max(1)))?;
            }
            TimeControl::Nodes(_) => {
                return Err(Failure::Protocol(
                    "CECP has no node limit (use depth= or a time control)".into(),
                ))
            }
        }
        if pos.to_notation() != self.dialect.start_position().to_notation() {
            if !self.features.setboard {
                return Err(Failure::Protocol(
                    "the opening needs setboard, which the engine did not announce".into(),
                ));
            }
            if self.is_hachu() {
                let fen = self.dialect.to_hachu_fen(&pos);
                // HaChu 0.21 reads the placement only (anything after it kills it) and keeps
                // the side to move, which is the first player's after `new`.
                let first_to_move = pos.side_to_move().index() == 0;
                if !first_to_move {
                    return Err(Failure::Protocol(
                        "HaChu cannot be given a position with the second player to move".into(),
                    ));
                }
                let placement = fen.split_whitespace().next().unwrap_or("");
                conn.send(&format!("setboard {placement}"))?;
            } else {
                conn.send(&format!("setboard {}", self.dialect.to_fen(&pos)))?;
            }
        }
        Ok(Game { pos, known: 0 })
    }

    /// The engine's move on `turn`.
    pub(crate) fn go(&mut self, conn: &mut Conn, turn: &Turn) -> Result<Reply, Failure> {
        // Whatever the engine said since its last move (a result claim after it, say): at most
        // what the queue holds, so that an engine that never stops talking cannot keep us here.
        for _ in 0..LINE_QUEUE {
            if conn.pending_line()?.is_none() {
                break;
            }
        }
        let mut game = match self.game.take() {
            Some(g) if g.known <= turn.moves.len() => {
                conn.send("force")?;
                g
            }
            _ => self.setup(conn, turn)?,
        };
        // The moves the engine has not seen.
        let mut sent: Vec<String> = Vec::new();
        for ours in &turn.moves[game.known..] {
            let m = game.pos.parse_move(ours).map_err(|e| {
                Failure::Protocol(format!("cannot replay the game's move '{ours}': {e}"))
            })?;
            let text = self.dialect.move_text(&game.pos, m);
            if text.is_empty() {
                return Err(Failure::Protocol(format!(
                    "the dialect has no text for the move '{ours}'"
                )));
            }
            if self.features.usermove {
                conn.send(&format!("usermove {text}"))?;
            } else {
                conn.send(&text)?;
            }
            sent.push(format!("'{ours}' (sent as '{text}')"));
            game.pos.make(m);
            game.known += 1;
        }
        if !sent.is_empty() {
            let refusals = self.sync(conn)?;
            if !refusals.is_empty() {
                return Err(Failure::Refused(format!(
                    "{}: {}",
                    sent.join(", "),
                    refusals.join("; ")
                )));
            }
        }
        let (own, other) = (turn.clock[turn.side], turn.clock[1 - turn.side]);
        if let TimeControl::Fischer { .. } | TimeControl::Byoyomi { .. } = turn.tc {
            conn.send(&format!("time {}", own.as_millis() / 10))?;
            conn.send(&format!("otim {}", other.as_millis() / 10))?;
        }
        let start = Instant::now();
        conn.send("go")?;
        let deadline = start + turn.timeout;
        let mut score = None;
        let mut legs = String::new();
        loop {
            let l = conn.next_line(deadline, "move")?;
            let t = l.trim();
            let mut words = t.split_whitespace();
            let first = words.next().unwrap_or("");
            if first == "move" {
                let text = words.collect::<Vec<_>>().join(" ");
                legs.push_str(&text);
                if legs.ends_with(',') {
                    continue; // more legs follow on further `move` lines
                }
                let elapsed = start.elapsed();
                return Ok(match self.dialect.parse_move(&game.pos, &legs) {
                    Ok(m) => {
                        let ours = game.pos.move_to_string(m);
                        game.pos.make(m);
                        game.known += 1;
                        self.game = Some(game);
                        Reply {
                            bestmove: ours,
                            score,
                            elapsed,
                            illegal: None,
                        }
                    }
                    Err(e) => Reply {
                        bestmove: legs,
                        score,
                        elapsed,
                        illegal: Some(e),
                    },
                });
            }
            if first == "resign" {
                return Ok(resignation(score, start));
            }
            if let Some(winner) = claim_winner(first) {
                let loses = match winner {
                    Some(w) => w != turn.side,
                    None => false,
                };
                if loses {
                    return Ok(resignation(score, start));
                }
                return Err(Failure::Protocol(format!(
                    "claimed '{t}' instead of moving, in a game that goes on"
                )));
            }
            if is_refusal(t) {
                return Err(Failure::Refused(format!(
                    "{}: {t}",
                    if sent.is_empty() {
                        "no move".to_string()
                    } else {
                        sent.join(", ")
                    }
                )));
            }
            if let Some(s) = thinking_score(t) {
                score = Some(s);
            }
        }
    }
}

fn resignation(score: Option<i32>, start: Instant) -> Reply {
    Reply {
        bestmove: "resign".into(),
        score,
        elapsed: start.elapsed(),
        illegal: None,
    }
}

/// `Illegal move` (with or without a reason or the move).
fn is_refusal(line: &str) -> bool {
    line.trim_start().starts_with("Illegal move")
}

/// For a result claim (`1-0`, `0-1`, `1/2-1/2`): `Some(Some(winner index))` or `Some(None)`
/// for a draw; `None` when `word` is no claim. CECP's "white" moves first: our Black, index 0.
fn claim_winner(word: &str) -> Option<Option<usize>> {
    match word {
        "1-0" => Some(Some(0)),
        "0-1" => Some(Some(1)),
        "1/2-1/2" => Some(None),
        _ => None,
    }
}

/// The score of a thinking-output line `ply score time nodes pv...` (centipawns; mate scores,
/// which engines write as large numbers, are clamped to +-30000).
fn thinking_score(line: &str) -> Option<i32> {
    let w: Vec<&str> = line.split_whitespace().collect();
    if w.len() < 4 {
        return None;
    }
    w[0].trim_end_matches(['.', '&']).parse::<u32>().ok()?;
    let score = w[1].parse::<i64>().ok()?;
    w[2].parse::<u64>().ok()?;
    w[3].parse::<u64>().ok()?;
    Some(score.clamp(-30_000, 30_000) as i32)
}

/// `level`'s base time: whole minutes, or `M:SS`.
fn level_base(d: Duration) -> String {
    let s = d.as_secs_f64().round() as u64;
    if s.is_multiple_of(60) {
        format!("{}", s / 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Seconds, as an integer when whole.
fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{}", s as u64)
    } else {
        format!("{s}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_with_quotes() {
        let f = parse_features(r#"variants="chu,sho" ping=1 myname="HaChu 0.21" done=1"#);
        assert_eq!(
            f,
            vec![
                ("variants".to_string(), "chu,sho".to_string()),
                ("ping".to_string(), "1".to_string()),
                ("myname".to_string(), "HaChu 0.21".to_string()),
                ("done".to_string(), "1".to_string()),
            ]
        );
        assert!(parse_features(r#"option="Resign -check 0"#).len() == 1);
        assert!(parse_features("garbage").is_empty());
    }

    #[test]
    fn thinking_lines_and_claims() {
        assert_eq!(thinking_score("7 110 128 510072 h4h5 g10f8"), Some(110));
        assert_eq!(thinking_score("3 -100005 1 10 a1a2"), Some(-30_000));
        assert_eq!(thinking_score("# 1 2 3 4"), None);
        assert_eq!(thinking_score("move h4h5"), None);
        assert_eq!(claim_winner("1-0"), Some(Some(0)));
        assert_eq!(claim_winner("1/2-1/2"), Some(None));
        assert_eq!(claim_winner("move"), None);
        assert!(is_refusal("Illegal move: e2e4"));
        assert!(is_refusal("Illegal move {Repeats earlier position}"));
    }

    #[test]
    fn time_formats() {
        assert_eq!(level_base(Duration::from_secs(120)), "2");
        assert_eq!(level_base(Duration::from_secs(10)), "0:10");
        assert_eq!(level_base(Duration::from_secs(90)), "1:30");
        assert_eq!(seconds(Duration::from_secs(2)), "2");
        assert_eq!(seconds(Duration::from_millis(100)), "0.1");
        assert_eq!(cecp_variant_name("dai-dai"), "daidai");
        assert_eq!(cecp_variant_name("ko"), "ko");
    }

    #[test]
    fn chu_hachu_is_chu_to_an_engine_that_does_not_know_it() {
        let names = cecp_variant_names("chu-hachu");
        let vs = |s: &str| s.split(',').map(str::to_string).collect::<Vec<_>>();
        let ours = vs(
            "daidai,maka,koshogi,chu,dai,tai,taikyoku,maka-dai-dai,dai-dai,ko,taikyoku-atsa,chu-hachu",
        );
        let choose = |a: Option<&[String]>| choose_variant_name(&names, a);
        assert_eq!(choose(Some(&ours)).unwrap(), "chu-hachu");
        assert_eq!(choose(Some(&vs("chu,shogi"))).unwrap(), "chu");
        assert_eq!(choose(None).unwrap(), "chu");
        let Err(Failure::Protocol(e)) = choose(Some(&vs("shogi"))) else {
            panic!("shogi only")
        };
        assert_eq!(
            e,
            "it does not play variant 'chu-hachu' or 'chu' (it announced: shogi)"
        );
        assert_eq!(cecp_variant_names("dai-dai"), ["daidai"]);
        assert_eq!(
            choose_variant_name(&cecp_variant_names("dai-dai"), None).unwrap(),
            "daidai"
        );
    }
}
