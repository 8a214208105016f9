//! CECP (XBoard protocol) dialects: how the GUIs that drive the giant variants over CECP (QBoard
//! for Dai dai, Maka dai dai and Ko; XBoard for chu) name variants, write squares, positions and
//! moves, and which start positions they assume. Everything here converts between their text
//! and this project's notation; no rule is re-implemented (moves are matched against the legal
//! moves of the position).
//!
//! SKELETON: the signatures below are the interface the CECP loop (`crate::cecp`) and the match
//! runner build against; the bodies are being written.

use std::sync::Arc;

use taikyoku_movegen::{AnyPosition, Move, Variant};

/// One CECP variant name bound to one of our variants, with the conventions its GUI uses.
#[derive(Clone, Debug)]
pub struct Dialect {
    /// The name CECP's `variant` command uses (`daidai`, `maka`, `koshogi`, `chu`, or one of our
    /// own variant names).
    pub cecp_name: String,
    /// Our variant.
    pub variant: Arc<Variant>,
}

impl Dialect {
    /// The dialect for a CECP variant name (`daidai`, `maka`, `koshogi`, `chu`, or our own names
    /// such as `dai-dai`, `taikyoku`); an error names the unknown variant.
    pub fn for_cecp_variant(name: &str) -> Result<Dialect, String> {
        Err(format!("unknown variant '{name}' (dialects not written yet)"))
    }

    /// The CECP variant names we announce in `feature variants=...`.
    pub fn announced_variants() -> Vec<String> {
        Vec::new()
    }

    /// The position a new game of this variant starts from: the GUI's own setup (QBoard's Ko
    /// setup differs from the seed's).
    pub fn start_position(&self) -> AnyPosition {
        AnyPosition::startpos(self.variant.clone())
    }

    /// Parses a `setboard` FEN in the GUI's dialect (`<placement> w|b [...]`).
    pub fn parse_fen(&self, text: &str) -> Result<AnyPosition, String> {
        Err(format!("setboard not supported yet: '{text}'"))
    }

    /// Writes `pos` as the GUI's FEN.
    pub fn to_fen(&self, pos: &AnyPosition) -> String {
        pos.to_notation()
    }

    /// Parses a move as the GUI sends it (`a6a7`, `a6a7+`, `b6b7,b7b8`, `f5xf15`, `@@@@`) into
    /// the legal move of `pos` it denotes; an error says why it is not one.
    pub fn parse_move(&self, pos: &AnyPosition, text: &str) -> Result<Move, String> {
        let _ = pos;
        Err(format!("cannot read move '{text}' yet"))
    }

    /// `m`, a legal move of `pos`, as one text (legs joined by commas): what `usermove` carries
    /// and what XBoard and HaChu read. Multi-leg moves name a first leg only when its first
    /// step captures (HaChu's convention); a pass is `@@@@`.
    pub fn move_text(&self, pos: &AnyPosition, m: Move) -> String {
        let _ = (pos, m);
        String::new()
    }

    /// The `move` lines (without the leading `move `) that send `m` to the GUI: one line per
    /// leg, all but the last ending in a comma, except Ko, whose legs QBoard reads on one line.
    pub fn move_lines(&self, pos: &AnyPosition, m: Move) -> Vec<String> {
        vec![self.move_text(pos, m)]
    }

    /// Starts an edit-mode (`edit` ... `.`) board from `pos`.
    pub fn edit(&self, pos: &AnyPosition) -> EditBoard {
        EditBoard {
            variant: self.variant.clone(),
            text: pos.to_notation(),
        }
    }
}

/// A board being set up with CECP's edit mode: `#` clears it, `c` switches colour,
/// `<code><square>` places a piece (`x<square>` empties a square), `.` ends.
#[derive(Clone, Debug)]
pub struct EditBoard {
    variant: Arc<Variant>,
    text: String,
}

impl EditBoard {
    /// Handles one edit-mode line other than `.`; an error names the bad line.
    pub fn command(&mut self, line: &str) -> Result<(), String> {
        Err(format!("edit mode not supported yet: '{line}'"))
    }

    /// The position set up, with the given side to move (true: the first player, CECP's white).
    pub fn finish(&self, first_player_to_move: bool) -> Result<AnyPosition, String> {
        let _ = first_player_to_move;
        AnyPosition::parse(self.variant.clone(), &self.text).map_err(|e| e.to_string())
    }
}
