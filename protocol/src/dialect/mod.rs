//! CECP (XBoard protocol) dialects: how the GUIs that drive the giant variants over CECP (QBoard
//! for Dai dai, Maka dai dai and Ko; XBoard for chu) name variants, write squares, positions and
//! moves, and which start positions they assume. Everything here converts between their text
//! and this project's notation; no rule is re-implemented (moves are matched against the legal
//! moves of the position).
//!
//! Two kinds of dialect (docs/cecp-dialects.md):
//! - the GUIs' (`daidai`, `maka`, `koshogi`, `tai`: QBoard; `chu`: XBoard, HaChu, QBoard; `dai`:
//!   QBoard and HaChu, with QBoard's piece letters and HaChu's for its `setboard`): squares
//!   `a1`.. from the first player's left and side, QBoard's or XBoard's piece codes, moves as
//!   legs joined by commas, `@@@@` for a pass;
//! - the native one, under our own variant names (`taikyoku`, `dai-dai`, `maka-dai-dai`, `ko`):
//!   positions and moves in our notation unchanged (`docs/notation.md`), for our own
//!   match runner. `chu` is both a CECP name and ours; it means XBoard's dialect, and so does
//!   `chu-hachu` (our name for chu with HaChu's rules, docs/chu.md §11), which no GUI sends.

mod codes;
mod fen;
mod moves;
pub mod relay;
pub mod tables;

use std::sync::Arc;

use taikyoku_movegen::{known_names, BUILTIN, READINGS};
use taikyoku_movegen::{AnyPosition, Colour, Move, Variant};

use codes::{grid_of, infer_extra, is_suffix, position_from_grid, Cell, CodeMap};
use relay::QboardRelay;
use tables::Entry;

/// A GUI's conventions for one CECP variant name.
struct Gui {
    /// The CECP variant name.
    cecp: &'static str,
    /// Our variant id.
    variant: &'static str,
    /// Piece codes.
    table: &'static [Entry],
    /// The GUI's start position (its FEN).
    start: &'static str,
    /// Whether the GUI reads all legs of a move on one `move` line (Ko in QBoard).
    one_line: bool,
    /// What QBoard relays intact between engines (none: the variant is XBoard's).
    relay: Option<QboardRelay>,
    /// HaChu's piece codes, where they differ from the GUI's (Dai: QBoard is the GUI, HaChu
    /// the engine, and their letters differ): what `setboard` carries to HaChu.
    hachu_table: Option<&'static [Entry]>,
}

/// The GUI dialects, by CECP variant name.
const GUIS: &[Gui] = &[
    Gui {
        cecp: "daidai",
        variant: "dai-dai",
        table: tables::DAI_DAI,
        start: tables::DAI_DAI_START,
        one_line: false,
        relay: Some(QboardRelay::DAI_DAI),
        hachu_table: None,
    },
    Gui {
        cecp: "maka",
        variant: "maka-dai-dai",
        table: tables::MAKA,
        start: tables::MAKA_START,
        one_line: false,
        relay: Some(QboardRelay::MAKA),
        hachu_table: None,
    },
    Gui {
        cecp: "koshogi",
        variant: "ko",
        table: tables::KO,
        start: tables::KO_START,
        one_line: true,
        relay: Some(QboardRelay::KO),
        hachu_table: None,
    },
    Gui {
        cecp: "chu",
        variant: "chu",
        table: tables::CHU,
        start: tables::CHU_START,
        one_line: false,
        relay: None,
        hachu_table: None,
    },
    // Dai shogi: QBoard's name and HaChu's, and ours. QBoard's letters; HaChu's for its
    // `setboard`. The start positions are the same.
    Gui {
        cecp: "dai",
        variant: "dai",
        table: tables::DAI,
        start: tables::DAI_START,
        one_line: false,
        relay: Some(QboardRelay::DAI),
        hachu_table: Some(tables::DAI_HACHU),
    },
    // Tai shogi: QBoard's name and ours; QBoard's letters and start position. Promotion on
    // capture is compulsory, as in Dai dai, so QBoard relays its moves the same way.
    Gui {
        cecp: "tai",
        variant: "tai",
        table: tables::TAI,
        start: tables::TAI_START,
        one_line: false,
        relay: Some(QboardRelay::DAI_DAI),
        hachu_table: None,
    },
    // Chu with HaChu's rules (docs/chu.md §11): no GUI's name but ours, written as chu is.
    Gui {
        cecp: "chu-hachu",
        variant: "chu-hachu",
        table: tables::CHU,
        start: tables::CHU_START,
        one_line: false,
        relay: None,
        hachu_table: None,
    },
];

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
    /// such as `dai-dai`, `taikyoku`, `chu-hachu`); an error names the unknown variant and lists
    /// the known ones.
    pub fn for_cecp_variant(name: &str) -> Result<Dialect, String> {
        let name = name.trim();
        let id = match GUIS.iter().find(|g| g.cecp == name) {
            Some(g) => g.variant,
            None => match BUILTIN.iter().find(|&&b| b == name) {
                Some(b) => b,
                None => {
                    return Err(format!(
                        "unknown variant '{name}' (known: {})",
                        Dialect::announced_variants().join(", ")
                    ))
                }
            },
        };
        let variant = Variant::builtin(id).map_err(|e| format!("variant '{name}': {e}"))?;
        Ok(Dialect {
            cecp_name: name.to_string(),
            variant,
        })
    }

    /// The CECP variant names we announce in `feature variants=...`: the GUIs' names, then our
    /// own names that are not already among them (the built-in variants, native dialect; then
    /// the readings, `chu-hachu`, in chu's dialect).
    pub fn announced_variants() -> Vec<String> {
        let mut names: Vec<String> = GUIS
            .iter()
            .filter(|g| !READINGS.contains(&g.cecp))
            .map(|g| g.cecp.to_string())
            .collect();
        for b in known_names() {
            if !names.iter().any(|n| n == b) {
                names.push(b.to_string());
            }
        }
        names
    }

    /// The GUI conventions of this dialect; `None` for the native dialect (our own names, or a
    /// GUI name bound to a variant other than the GUI's).
    fn gui(&self) -> Option<&'static Gui> {
        GUIS.iter()
            .find(|g| g.cecp == self.cecp_name && g.variant == self.variant.id())
    }

    /// Whether this dialect speaks our own notation (squares `7g`, positions and moves as in
    /// `docs/notation.md`) rather than a GUI's.
    pub fn is_native(&self) -> bool {
        self.gui().is_none()
    }

    /// The piece codes of the GUI, resolved against our variant.
    fn codes(&self, gui: &Gui) -> CodeMap {
        CodeMap::new(&self.variant, gui.table)
    }

    /// The position a new game of this variant starts from: the GUI's own setup (QBoard's Ko
    /// setup differs from the seed's).
    pub fn start_position(&self) -> AnyPosition {
        match self.gui() {
            Some(g) => self
                .parse_fen(g.start)
                .unwrap_or_else(|_| AnyPosition::startpos(self.variant.clone())),
            None => AnyPosition::startpos(self.variant.clone()),
        }
    }

    /// Parses a `setboard` FEN in the GUI's dialect (`<placement> w|b [...]`).
    pub fn parse_fen(&self, text: &str) -> Result<AnyPosition, String> {
        match self.gui() {
            Some(g) => fen::parse(&self.variant, &self.codes(g), text)
                .map_err(|e| format!("position '{}': {e}", text.trim())),
            None => AnyPosition::parse(self.variant.clone(), text).map_err(|e| e.to_string()),
        }
    }

    /// Writes `pos` as the GUI's FEN.
    pub fn to_fen(&self, pos: &AnyPosition) -> String {
        match self.gui() {
            Some(g) => fen::write(&self.codes(g), pos),
            None => pos.to_notation(),
        }
    }

    /// Writes `pos` as HaChu reads it in `setboard` (with the side field, which the caller
    /// strips for HaChu): the GUI's FEN with HaChu's piece letters where they differ (Dai).
    pub fn to_hachu_fen(&self, pos: &AnyPosition) -> String {
        match self.gui() {
            Some(g) => match g.hachu_table {
                Some(t) => fen::write(&CodeMap::new(&self.variant, t), pos),
                None => fen::write(&self.codes(g), pos),
            },
            None => pos.to_notation(),
        }
    }

    /// Parses a move as the GUI sends it (`a6a7`, `a6a7+`, `b6b7,b7b8`, `f5xf15`, `@@@@`) into
    /// the legal move of `pos` it denotes; an error says why it is not one.
    pub fn parse_move(&self, pos: &AnyPosition, text: &str) -> Result<Move, String> {
        moves::parse(pos, text, self.is_native())
    }

    /// `m`, a legal move of `pos`, as one text (legs joined by commas): what `usermove` carries
    /// and what XBoard and HaChu read. Multi-leg moves name a first leg only when its first
    /// step captures (HaChu's convention); a pass is `@@@@`.
    pub fn move_text(&self, pos: &AnyPosition, m: Move) -> String {
        moves::text(pos, m, self.is_native())
    }

    /// The `move` lines (without the leading `move `) that send `m` to the GUI: one line per
    /// leg, all but the last ending in a comma, except Ko, whose legs QBoard reads on one line.
    pub fn move_lines(&self, pos: &AnyPosition, m: Move) -> Vec<String> {
        let gui = self.gui();
        moves::lines(pos, m, gui.is_none(), gui.is_some_and(|g| g.one_line))
    }

    /// The moves QBoard relays intact between engines in this variant, if QBoard plays it (chu
    /// is XBoard's: none).
    pub fn qboard_relay(&self) -> Option<QboardRelay> {
        self.gui().and_then(|g| g.relay)
    }

    /// Starts an edit-mode (`edit` ... `.`) board from `pos`.
    pub fn edit(&self, pos: &AnyPosition) -> EditBoard {
        let notation = pos.to_notation();
        let extra = notation
            .split_whitespace()
            .nth(2)
            .unwrap_or("-")
            .to_string();
        EditBoard {
            dialect: self.clone(),
            grid: grid_of(pos),
            colour: Colour::Black,
            extra,
        }
    }
}

/// A board being set up with CECP's edit mode: `#` clears it, `c` switches colour,
/// `<code><square>` places a piece (`x<square>` empties a square), `.` ends.
#[derive(Clone, Debug)]
pub struct EditBoard {
    /// The dialect whose codes and squares the lines use.
    dialect: Dialect,
    /// The board, in reading order.
    grid: Vec<Cell>,
    /// The colour of the pieces placed next (CECP starts with "white", the first player).
    colour: Colour,
    /// The native dialect's extra field, kept from the position edited.
    extra: String,
}

impl EditBoard {
    /// Handles one edit-mode line other than `.`; an error names the bad line.
    pub fn command(&mut self, line: &str) -> Result<(), String> {
        let t = line.trim();
        let bad = |why: String| format!("edit mode: bad line '{t}': {why}");
        match t {
            "" | "." => Ok(()),
            "#" => {
                self.grid.iter_mut().for_each(|c| *c = None);
                Ok(())
            }
            "c" => {
                self.colour = self.colour.flip();
                Ok(())
            }
            _ => {
                if let Some(rest) = t.strip_prefix('x') {
                    if let Ok(i) = self.square_index(rest) {
                        if let Some(c) = self.grid.get_mut(i) {
                            *c = None;
                            return Ok(());
                        }
                    }
                }
                let (kind, promoted, square) = self.piece_and_square(t).map_err(bad)?;
                let i = self.square_index(square).map_err(bad)?;
                let cell = self
                    .grid
                    .get_mut(i)
                    .ok_or_else(|| bad("the board being edited is of another variant".into()))?;
                *cell = Some((kind, promoted, self.colour));
                Ok(())
            }
        }
    }

    /// The dense index of a square in the dialect's notation.
    fn square_index(&self, text: &str) -> Result<usize, String> {
        let geo = self.dialect.variant.geometry();
        let sq = if self.dialect.is_native() {
            geo.parse_square(text)?
        } else {
            moves::parse_cecp_square(geo, text)?
        };
        Ok(geo.dense(sq).index())
    }

    /// Splits `<code><square>` into our piece and the square's text.
    fn piece_and_square<'a>(
        &self,
        t: &'a str,
    ) -> Result<(taikyoku_movegen::KindId, bool, &'a str), String> {
        let v = &self.dialect.variant;
        let (promoted, rest) = match t.strip_prefix('+') {
            Some(r) => (true, r),
            None => (false, t),
        };
        match self.dialect.gui() {
            Some(g) => {
                let codes = self.dialect.codes(g);
                let mut it = rest.char_indices();
                match it.next() {
                    Some((_, c)) if c.is_ascii_alphabetic() => {}
                    _ => return Err("expected a piece code".to_string()),
                }
                let mut end = 1;
                if codes.has_suffixes() && rest[1..].starts_with(is_suffix) {
                    end = 2;
                }
                let code = format!(
                    "{}{}",
                    if promoted { "+" } else { "" },
                    rest[..end].to_ascii_uppercase()
                );
                let (kind, p) = codes
                    .read(&code)
                    .ok_or_else(|| format!("'{code}' is not a piece code of {}", v.id()))?;
                Ok((kind, p, &rest[end..]))
            }
            None => {
                let (code, square) = if let Some(r) = rest.strip_prefix('(') {
                    let close = r.find(')').ok_or("'(' without ')'")?;
                    (&r[..close], &r[close + 1..])
                } else {
                    let end = rest
                        .find(|c: char| !c.is_ascii_alphabetic())
                        .unwrap_or(rest.len());
                    (&rest[..end], &rest[end..])
                };
                let kind = v
                    .kind_by_code(&code.to_ascii_uppercase())
                    .ok_or_else(|| format!("'{code}' is not a piece code of {}", v.id()))?;
                if v.form_moves_as(kind, promoted).is_none() {
                    return Err(format!("'{code}' cannot be promoted"));
                }
                Ok((kind, promoted, square))
            }
        }
    }

    /// The position set up, with the given side to move (true: the first player, CECP's white).
    pub fn finish(&self, first_player_to_move: bool) -> Result<AnyPosition, String> {
        let side = if first_player_to_move {
            Colour::Black
        } else {
            Colour::White
        };
        let extra = if self.dialect.is_native() {
            self.extra.clone()
        } else {
            infer_extra(&self.dialect.variant, &self.grid)
        };
        position_from_grid(&self.dialect.variant, &self.grid, side, &extra)
            .map_err(|e| format!("edit mode: the board set up is not a position: {e}"))
    }
}

#[cfg(test)]
mod tests;
