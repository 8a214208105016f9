//! The JSON messages between the page and the server over the WebSocket, one JSON object per
//! WebSocket text message, tagged by `t`. Anything that does not decode into a
//! [`ClientMsg`] is answered with an error and changes nothing.

use serde::{Deserialize, Serialize};

use crate::clock::{ClockView, TimeControls};
use crate::info::{Info, Score};
use crate::moves::MoveEntry;
use crate::pieces::{Movement, VariantInfo};

/// The version of these messages; a page of another version is told to reload.
pub const PROTOCOL: u32 = 1;

/// The largest message the server reads from a page (a long game record fits).
pub const MAX_CLIENT_MESSAGE: usize = 1024 * 1024;

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// A person plays Black against the engine.
    HumanBlack,
    /// A person plays White against the engine.
    HumanWhite,
    /// The engine plays both sides.
    EngineEngine,
    /// People play both sides.
    HumanHuman,
    /// People move; the engine thinks about the shown position without end.
    Analysis,
}

/// How long the engine thinks about a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Limit {
    /// This many milliseconds (`go movetime`).
    Movetime {
        /// Milliseconds.
        ms: u64,
    },
    /// This many plies (`go depth`).
    Depth {
        /// Plies.
        depth: u32,
    },
}

impl Limit {
    /// The `go` command for one move under this limit.
    pub fn go(&self) -> String {
        match self {
            Limit::Movetime { ms } => format!("go movetime {ms}"),
            Limit::Depth { depth } => format!("go depth {depth}"),
        }
    }

    /// Checks the range: 10 ms to 1 hour, depth 1 to 64.
    pub fn check(&self) -> Result<(), String> {
        match *self {
            Limit::Movetime { ms } if !(10..=3_600_000).contains(&ms) => {
                Err(format!("time per move {ms} ms is not from 10 ms to 1 hour"))
            }
            Limit::Depth { depth } if !(1..=64).contains(&depth) => {
                Err(format!("depth {depth} is not from 1 to 64"))
            }
            _ => Ok(()),
        }
    }
}

/// The game's settings as the page shows and sends them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// Who plays.
    pub mode: Mode,
    /// The engine's thinking limit per move.
    pub limit: Limit,
    /// A draw after this many plies (0: no limit).
    pub move_limit: u32,
    /// The engine's `Skill Level` (0 to 19 weaker, 20 full strength; a page that does not
    /// send it asks for full strength).
    #[serde(default = "full_skill")]
    pub skill: u8,
    /// Each side's clock (none by default: the engine thinks by `limit`, people have no time
    /// limit).
    #[serde(default)]
    pub clocks: TimeControls,
    /// The lines analysis shows (the engine's `MultiPV`, 1 to [`MAX_LINES`]; a page that does
    /// not send it asks for one).
    #[serde(default = "one_line")]
    pub multipv: u8,
}

impl Settings {
    /// Checks every range; the error says which setting is wrong and why.
    pub fn check(&self) -> Result<(), String> {
        self.limit.check()?;
        if self.move_limit > 100_000 {
            return Err("a move limit is at most 100000 plies".into());
        }
        if self.skill > FULL_SKILL {
            return Err(format!(
                "skill level {} is not from 0 to {FULL_SKILL}",
                self.skill
            ));
        }
        if !(1..=MAX_LINES).contains(&self.multipv) {
            return Err(format!(
                "lines (MultiPV) {} is not from 1 to {MAX_LINES}",
                self.multipv
            ));
        }
        self.clocks.check()
    }
}

/// The most lines analysis shows (the engine's `MultiPV` range).
pub const MAX_LINES: u8 = 32;

fn one_line() -> u8 {
    1
}

/// The engine's full strength (`Skill Level` 20).
pub const FULL_SKILL: u8 = 20;

fn full_skill() -> u8 {
    FULL_SKILL
}

/// A message from the page.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Play a move (our notation) in the shown position, which the page saw as `version`.
    Move {
        /// The move.
        text: String,
        /// The state version the page showed.
        version: u64,
    },
    /// A new game of the same variant.
    New {},
    /// A new game of another variant.
    Variant {
        /// Its key.
        key: String,
    },
    /// Take back a move (in a game against the engine, back to the person's turn).
    Undo {
        /// The state version the page showed.
        version: u64,
    },
    /// Show the position after `ply` moves of the record.
    Goto {
        /// The ply.
        ply: usize,
        /// The state version the page showed.
        version: u64,
    },
    /// A new game from a position in our notation.
    Position {
        /// The position.
        text: String,
    },
    /// A new game from a record.
    Load {
        /// The record.
        text: String,
    },
    /// Ask for the game's record.
    Save {},
    /// Change who plays and how long the engine thinks.
    Settings(Settings),
    /// Ask the engine to move now.
    MoveNow {},
    /// Restart the engine.
    Restart {},
    /// Ask for a piece's movement.
    Piece {
        /// Its kind.
        kind: usize,
        /// Promoted form or not.
        promoted: bool,
    },
}

/// A variant the page can pick.
#[derive(Clone, Debug, Serialize)]
pub struct VariantRef {
    /// Key.
    pub key: String,
    /// Name.
    pub name: String,
}

/// A move of the record.
#[derive(Clone, Debug, Serialize)]
pub struct RecordMove {
    /// Our notation.
    pub text: String,
    /// Hodges notation.
    pub hodges: String,
}

/// The last move's squares, for highlighting.
#[derive(Clone, Debug, Serialize)]
pub struct LastMove {
    /// Origin, stops, destination.
    pub path: Vec<String>,
    /// Removed pieces' squares.
    pub captured: Vec<String>,
    /// Shot squares.
    pub shots: Vec<String>,
}

/// Everything the page draws about the game.
#[derive(Clone, Debug, Serialize)]
pub struct State {
    /// Changes with every change of the game or the shown ply.
    pub version: u64,
    /// The variant's key.
    pub variant: String,
    /// The shown position in our notation.
    pub position: String,
    /// The shown position as a TSFEN (the Taikyoku site's format, docs/atsa.md).
    pub tsfen: String,
    /// The game's start (`startpos` or a position).
    pub start: String,
    /// `b` or `w`.
    pub side: String,
    /// The shown ply.
    pub ply: usize,
    /// The board, reading order: 0 empty, else `kind * 4 + promoted * 2 + colour + 1`
    /// (colour 0 Black, 1 White).
    pub board: Vec<u32>,
    /// The move that led to the shown position.
    pub last: Option<LastMove>,
    /// The legal moves (empty when the game is over).
    pub moves: Vec<MoveEntry>,
    /// The whole record.
    pub record: Vec<RecordMove>,
    /// The game's end at the shown position, in words.
    pub result: Option<String>,
    /// The settings.
    pub settings: Settings,
    /// Whether a person may move now.
    pub human_to_move: bool,
    /// Black's and White's clocks (`None` for a side without one), as at the moment the state
    /// was sent.
    pub clocks: [Option<ClockView>; 2],
}

/// One line of the engine's thinking (one `multipv` of it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// Which line, 1 the best.
    pub multipv: u64,
    /// The depth it was found at.
    pub depth: Option<u64>,
    /// The selective depth.
    pub seldepth: Option<u64>,
    /// Its score, from the side to move's point of view.
    pub score: Option<Score>,
    /// The moves as the engine wrote them.
    pub pv: Vec<String>,
    /// The moves in Hodges notation (as far as they are legal).
    pub pv_hodges: Vec<String>,
    /// The first move's squares (origin, stops, destination), for its arrow; empty when the
    /// first move is not legal.
    pub arrow: Vec<String>,
}

/// A message to the page.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "t", rename_all = "kebab-case")]
pub enum ServerMsg {
    /// Sent first: the protocol version and the variants on offer.
    Welcome {
        /// [`PROTOCOL`].
        protocol: u32,
        /// The variants.
        variants: Vec<VariantRef>,
        /// The engine command line.
        engine: String,
    },
    /// The current variant.
    Variant(VariantInfo),
    /// The game.
    State(Box<State>),
    /// The engine's state: `off`, `starting`, `ready`, `thinking`, `failed`.
    Engine {
        /// The state.
        status: String,
        /// The engine's `id name`.
        name: String,
        /// What happened (why it failed).
        message: String,
    },
    /// The engine's latest thinking.
    Info {
        /// The fields.
        info: Info,
        /// The principal variation in Hodges notation (as far as it is legal).
        pv_hodges: Vec<String>,
        /// Whether this is analysis of the shown position (else the engine's search for its
        /// move).
        analysis: bool,
        /// Every line of the current search so far, best first (one unless analysis asked
        /// for more).
        lines: Vec<Line>,
    },
    /// A piece's movement.
    Piece(Movement),
    /// The game's record, to save.
    Record {
        /// The text.
        text: String,
        /// A file name.
        filename: String,
    },
    /// Something the page asked for was refused or failed; nothing changed.
    Error {
        /// Why.
        message: String,
    },
    /// Something worth telling (the engine resigned).
    Notice {
        /// What.
        message: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeControl;

    fn decode(s: &str) -> Result<ClientMsg, serde_json::Error> {
        serde_json::from_str(s)
    }

    #[test]
    fn page_messages_decode_strictly() {
        assert_eq!(
            decode(r#"{"t":"move","text":"19gg19ff","version":3}"#).unwrap(),
            ClientMsg::Move {
                text: "19gg19ff".into(),
                version: 3
            }
        );
        assert_eq!(decode(r#"{"t":"new"}"#).unwrap(), ClientMsg::New {});
        assert_eq!(
            decode(r#"{"t":"move-now"}"#).unwrap(),
            ClientMsg::MoveNow {}
        );
        let s = decode(
            r#"{"t":"settings","mode":"human-white","limit":{"kind":"depth","depth":1},"move_limit":0}"#,
        )
        .unwrap();
        assert!(matches!(
            s,
            ClientMsg::Settings(Settings {
                mode: Mode::HumanWhite,
                limit: Limit::Depth { depth: 1 },
                skill: FULL_SKILL,
                ..
            })
        ));
        let s = decode(
            r#"{"t":"settings","mode":"human-white","limit":{"kind":"depth","depth":1},"move_limit":0,"skill":3}"#,
        )
        .unwrap();
        assert!(matches!(s, ClientMsg::Settings(Settings { skill: 3, .. })));
        let s = decode(
            r#"{"t":"settings","mode":"analysis","limit":{"kind":"depth","depth":1},"move_limit":0,"multipv":4,"clocks":{"black":{"kind":"fischer","base_ms":60000,"inc_ms":1000},"white":{"kind":"byoyomi","base_ms":0,"byoyomi_ms":5000}}}"#,
        )
        .unwrap();
        let ClientMsg::Settings(s) = s else {
            panic!("settings")
        };
        assert_eq!(s.multipv, 4);
        assert_eq!(
            s.clocks.white,
            TimeControl::Byoyomi {
                base_ms: 0,
                byoyomi_ms: 5000
            }
        );
        assert!(s.check().is_ok());
        for bad in [
            "",
            "null",
            "[]",
            r#"{"t":"explode"}"#,
            r#"{"t":"move","text":"1a1b"}"#,
            r#"{"t":"move","text":"1a1b","version":-1}"#,
            r#"{"t":"move","text":"1a1b","version":1,"extra":true}"#,
            r#"{"text":"1a1b","version":1}"#,
            r#"{"t":"settings","mode":"robot","limit":{"kind":"depth","depth":1},"move_limit":0}"#,
            r#"{"t":"settings","mode":"analysis","limit":{"kind":"depth","depth":1},"move_limit":0,"multipv":-1}"#,
            r#"{"t":"settings","mode":"analysis","limit":{"kind":"depth","depth":1},"move_limit":0,"clocks":{"black":{"kind":"sandglass"}}}"#,
            r#"{"t":"settings","mode":"analysis","limit":{"kind":"depth","depth":1},"move_limit":0,"clocks":{"black":{"kind":"fischer","base_ms":1}}}"#,
            r#"{"t":"settings","mode":"analysis","limit":{"kind":"depth","depth":1},"move_limit":0,"clocks":{"black":{"kind":"fischer","base_ms":1000,"inc_ms":0,"extra":1}}}"#,
        ] {
            assert!(decode(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn settings_are_checked() {
        let ok = Settings {
            mode: Mode::Analysis,
            limit: Limit::Depth { depth: 3 },
            move_limit: 0,
            skill: FULL_SKILL,
            clocks: TimeControls::default(),
            multipv: 1,
        };
        assert!(ok.check().is_ok());
        for bad in [
            Settings { multipv: 0, ..ok },
            Settings { multipv: 33, ..ok },
            Settings { skill: 21, ..ok },
            Settings {
                move_limit: 100_001,
                ..ok
            },
            Settings {
                clocks: TimeControls {
                    black: TimeControl::None,
                    white: TimeControl::Fischer {
                        base_ms: 0,
                        inc_ms: 0,
                    },
                },
                ..ok
            },
        ] {
            assert!(bad.check().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn limits_are_checked() {
        assert!(Limit::Movetime { ms: 5 }.check().is_err());
        assert!(Limit::Depth { depth: 0 }.check().is_err());
        assert!(Limit::Depth { depth: 1 }.check().is_ok());
        assert_eq!(Limit::Movetime { ms: 100 }.go(), "go movetime 100");
    }
}
