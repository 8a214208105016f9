//! [`AnyPosition`]: a position of any variant, whatever its board size, so that callers can pick
//! the variant at run time while each board size gets its own monomorphised generator.

use std::sync::Arc;

use crate::board::moves::Move;
use crate::board::position::Position;
use crate::definition::variant::Variant;
use crate::definition::variant_file::KindId;
use crate::text::notation::NotationError;

/// A position whose bitboard width was chosen from its variant's board size.
#[derive(Clone, Debug)]
pub enum AnyPosition {
    /// Up to 64 squares.
    W1(Position<1>),
    /// Up to 128 squares.
    W2(Position<2>),
    /// Up to 192 squares (chu shogi's 12x12).
    W3(Position<3>),
    /// Up to 320 squares (Dai dai's 17x17).
    W5(Position<5>),
    /// Up to 384 squares (19x19: Maka dai dai, Ko).
    W6(Position<6>),
    /// Up to 512 squares.
    W8(Position<8>),
    /// Up to 768 squares.
    W12(Position<12>),
    /// Up to 1344 squares (Taikyoku's 36x36).
    W21(Position<21>),
}

/// Runs `$body` with `$p` bound to the concrete `Position<N>` inside an [`AnyPosition`].
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            $crate::AnyPosition::W1($p) => $body,
            $crate::AnyPosition::W2($p) => $body,
            $crate::AnyPosition::W3($p) => $body,
            $crate::AnyPosition::W5($p) => $body,
            $crate::AnyPosition::W6($p) => $body,
            $crate::AnyPosition::W8($p) => $body,
            $crate::AnyPosition::W12($p) => $body,
            $crate::AnyPosition::W21($p) => $body,
        }
    };
}

macro_rules! pick {
    ($variant:expr, $make:ident) => {{
        let squares = $variant.geo.squares();
        if squares <= 64 {
            AnyPosition::W1($make::<1>($variant))
        } else if squares <= 128 {
            AnyPosition::W2($make::<2>($variant))
        } else if squares <= 192 {
            AnyPosition::W3($make::<3>($variant))
        } else if squares <= 320 {
            AnyPosition::W5($make::<5>($variant))
        } else if squares <= 384 {
            AnyPosition::W6($make::<6>($variant))
        } else if squares <= 512 {
            AnyPosition::W8($make::<8>($variant))
        } else if squares <= 768 {
            AnyPosition::W12($make::<12>($variant))
        } else {
            AnyPosition::W21($make::<21>($variant))
        }
    }};
}

impl AnyPosition {
    /// The variant's initial position.
    pub fn startpos(variant: Arc<Variant>) -> AnyPosition {
        fn make<const N: usize>(v: Arc<Variant>) -> Position<N> {
            Position::startpos(v)
        }
        pick!(variant, make)
    }

    /// Parses a position (or `startpos`) of `variant`.
    pub fn parse(variant: Arc<Variant>, text: &str) -> Result<AnyPosition, NotationError> {
        // Parse with a throwaway width first only to choose it; errors are the same for all.
        fn make<const N: usize>(v: Arc<Variant>) -> Position<N> {
            Position::empty(v)
        }
        let mut any = pick!(variant.clone(), make);
        with_position!(&mut any, p => {
            *p = Position::parse(variant, text)?;
        });
        Ok(any)
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        with_position!(self, p => p.variant())
    }

    /// The position in notation.
    pub fn to_notation(&self) -> String {
        with_position!(self, p => p.to_notation())
    }

    /// The position as a TSFEN (the Taikyoku site's format; see [`Position::to_tsfen`]).
    pub fn to_tsfen(&self) -> String {
        with_position!(self, p => p.to_tsfen())
    }

    /// Plays `moves` (in notation) in order, as a game would: each must be legal, not forbidden
    /// by the game's history, and played before the game is over. On an error, which names the
    /// move by its number and text, the moves before it stay played.
    pub fn play_moves(&mut self, moves: &[&str]) -> Result<(), String> {
        for (i, text) in moves.iter().enumerate() {
            with_position!(self, p => {
                if let Some(r) = p.game_result(&[]) {
                    return Err(format!(
                        "move {} '{text}': the game is already over ({})",
                        i + 1,
                        r.reason
                    ));
                }
                let m = p
                    .parse_move(text)
                    .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
                if p.is_forbidden_by_history(m) {
                    return Err(format!(
                        "move {} '{text}' repeats an earlier position, which this variant forbids",
                        i + 1
                    ));
                }
                p.make(m);
            });
        }
        Ok(())
    }

    /// The same position and history under another reading of the same variant's rules (chu's
    /// [`crate::ChuRules`]); an error if `variant` is a different game.
    pub fn with_variant(&self, variant: Arc<Variant>) -> Result<AnyPosition, String> {
        if variant.def.id != self.variant().def.id
            || variant.def.kinds.len() != self.variant().def.kinds.len()
        {
            return Err(format!(
                "cannot read a {} position as {}",
                self.variant().def.id,
                variant.def.id
            ));
        }
        let mut any = self.clone();
        with_position!(&mut any, p => p.variant = variant);
        Ok(any)
    }

    /// Parses `<position> [moves <move>...]` (the position may be `startpos`), as opening
    /// files write positions reached by a few moves.
    pub fn parse_with_moves(variant: Arc<Variant>, text: &str) -> Result<AnyPosition, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let at = words
            .iter()
            .position(|&w| w == "moves")
            .unwrap_or(words.len());
        let mut pos =
            AnyPosition::parse(variant, &words[..at].join(" ")).map_err(|e| e.to_string())?;
        pos.play_moves(words.get(at + 1..).unwrap_or(&[]))?;
        Ok(pos)
    }
}

/// The squares one move touches, named in notation: what a display highlights for it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveSquares {
    /// Where the piece starts, stops on the way (legs of lion and double moves, a shooter's
    /// landing) and ends, in order; the first and last are equal for igui and passes.
    pub path: Vec<String>,
    /// Every square whose piece the move removes: captures at the destination and on the
    /// way, pieces flown over by a range capture, shots, burns, pieces killed by a promotion.
    pub captured: Vec<String>,
    /// The squares shot at (Ko shogi), in order; these are also in `captured`.
    pub shots: Vec<String>,
}

/// A piece on the board as a display draws it: which kind of the variant's piece table, whose,
/// and whether it has promoted (a promoted piece carries its kind's code and moves as the kind
/// it promotes to).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedPiece {
    /// The piece's kind (the code it carries).
    pub kind: KindId,
    /// Whose piece it is.
    pub colour: crate::Colour,
    /// Whether it has promoted.
    pub promoted: bool,
}

/// Where a piece moves on an otherwise empty board: see [`AnyPosition::empty_board_moves`].
/// Coordinates are (column, row) as a display draws Black's view: column 0 is the leftmost
/// file, row 0 the top rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmptyBoardMoves {
    /// The square the piece stands on.
    pub origin: (usize, usize),
    /// Every square it can reach in one move, each once, in reading order.
    pub destinations: Vec<(usize, usize)>,
}

/// The game-facing view of a position that front-ends (the web GUI) use instead of the
/// generator's internals: listing, describing and playing moves, the board's contents and the
/// game's result.
impl AnyPosition {
    /// The side to move.
    pub fn side_to_move(&self) -> crate::Colour {
        with_position!(self, p => p.side_to_move())
    }

    /// The content of every square in reading order (rank `a` first, each rank from the
    /// highest file to file 1, as positions are written): `None` for an empty square.
    pub fn cells(&self) -> Vec<Option<PlacedPiece>> {
        self.map_pieces(placed)
    }

    /// `f` of the piece on every square, in the order of [`AnyPosition::cells`]: `None` for an
    /// empty square.
    fn map_pieces<T>(&self, f: impl Fn(&Variant, crate::Piece) -> T) -> Vec<Option<T>> {
        with_position!(self, p => {
            let v = p.variant();
            v.geo
                .all_squares()
                .map(|sq| {
                    let pc = p.piece_at(sq);
                    pc.is_piece().then(|| f(v, pc))
                })
                .collect()
        })
    }

    /// The moves the rules allow here, history included (Dai dai's repetition ban); none once
    /// a side has lost its objective.
    pub fn legal_moves(&mut self) -> Vec<Move> {
        with_position!(self, p => p.legal_moves())
    }

    /// Parses a move in notation and finds it among this position's moves (history is not
    /// consulted: [`AnyPosition::play_move`] does that).
    pub fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        with_position!(self, p => p.parse_move(text))
    }

    /// The canonical notation of a move of this position.
    pub fn move_to_string(&self, m: Move) -> String {
        with_position!(self, p => p.move_to_string(m))
    }

    /// The move in Hodges-style notation for people (`P-12h`, `LNx!5f`).
    pub fn hodges(&self, m: Move) -> String {
        with_position!(self, p => p.hodges(m))
    }

    /// The squares a move of this position touches, for highlighting it.
    pub fn move_squares(&self, m: Move) -> MoveSquares {
        with_position!(self, p => {
            let geo = &p.variant().geo;
            MoveSquares {
                path: p.move_path(m).into_iter().map(|s| geo.square_name(s)).collect(),
                captured: p.effect(m).captured.into_iter().map(|s| geo.square_name(s)).collect(),
                shots: m.shots().map(|s| geo.square_name(s)).collect(),
            }
        })
    }

    /// Plays a move after checking it: it must be one of this position's moves and not be
    /// forbidden by the game's history. Nothing changes on an error, which says why.
    pub fn play_move(&mut self, m: Move) -> Result<(), String> {
        with_position!(self, p => {
            if !p.is_pseudo_legal(m) {
                return Err("not a legal move in this position".to_string());
            }
            if p.is_forbidden_by_history(m) {
                return Err(
                    "it repeats an earlier position, which this variant forbids".to_string()
                );
            }
            p.make(m);
            Ok(())
        })
    }

    /// Whether the move just played "gave check" (see `Position::gave_check`); a game keeps
    /// one flag per move for [`AnyPosition::game_result`]'s perpetual-check rule.
    pub fn gave_check(&mut self) -> bool {
        with_position!(self, p => p.gave_check())
    }

    /// The game's result if it is over. `checks[i]` says whether the i-th move played on this
    /// position gave check.
    pub fn game_result(&mut self, checks: &[bool]) -> Option<crate::GameResult> {
        with_position!(self, p => p.game_result(checks))
    }

    /// Where a Black piece of `kind` (promoted or not) can move from the square nearest the
    /// centre of an otherwise empty board of `variant`, as the move generator finds it: what a
    /// piece table draws as the piece's movement. Rules about how the game ends are ignored
    /// (a lone piece would otherwise have already won). `None` if the form does not exist.
    pub fn empty_board_moves(
        variant: &Arc<Variant>,
        kind: KindId,
        promoted: bool,
    ) -> Option<EmptyBoardMoves> {
        if kind.index() >= variant.kind_count()
            || !variant.forms[Variant::form_of(kind, promoted)].exists
        {
            return None;
        }
        let mut any = AnyPosition::parse(variant.clone(), "startpos").ok()?;
        with_position!(&mut any, p => {
            let geo = variant.geo.clone();
            *p = Position::empty(variant.clone());
            let (col, row) = (geo.files() / 2, geo.ranks() / 2);
            let from = geo.square(col, row);
            let piece = crate::Piece::new(Variant::form_of(kind, promoted), crate::Colour::Black);
            p.put(from, piece);
            let mut moves = Vec::new();
            p.one_piece_into(from, &mut moves);
            let mut destinations: Vec<(usize, usize)> = moves
                .iter()
                .map(|m| (geo.col(m.to()), geo.row(m.to())))
                .collect();
            destinations.sort_by_key(|&(c, r)| (r, c));
            destinations.dedup();
            Some(EmptyBoardMoves { origin: (col, row), destinations })
        })
    }
}

/// The game's record and the questions the protocols and the referee ask while they keep a game:
/// how far it has gone, taking moves back, playing a move already found, what a move does.
impl AnyPosition {
    /// How many moves have been played on this position since it was set up (the moves
    /// [`AnyPosition::take_back`] can take back).
    pub fn ply(&self) -> usize {
        with_position!(self, p => p.ply())
    }

    /// The full-move number as positions write it (1 in a start position).
    pub fn move_number(&self) -> u32 {
        with_position!(self, p => p.move_number())
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        with_position!(self, p => p.last_move())
    }

    /// Takes back the last move played and returns it; `None` (and nothing changes) if no
    /// move has been played since the position was set up.
    pub fn take_back(&mut self) -> Option<Move> {
        with_position!(self, p => {
            let m = p.last_move()?;
            p.unmake();
            Some(m)
        })
    }

    /// Plays a move already found among this position's moves (by
    /// [`AnyPosition::parse_move`], [`AnyPosition::legal_moves`] or checked with
    /// [`AnyPosition::is_pseudo_legal`]), without checking it again; [`AnyPosition::play_move`]
    /// checks a move that may not be.
    pub fn make(&mut self, m: Move) {
        with_position!(self, p => p.make(m))
    }

    /// Whether `m` is one of the moves the pieces allow here (the game's history aside).
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        with_position!(self, p => p.is_pseudo_legal(m))
    }

    /// Whether the game's history forbids `m` here (a variant that forbids repeating a
    /// position, as Dai dai).
    pub fn is_forbidden_by_history(&mut self, m: Move) -> bool {
        with_position!(self, p => p.is_forbidden_by_history(m))
    }

    /// Every move the pieces allow here, the game's history and its end aside
    /// ([`AnyPosition::legal_moves`] applies both).
    pub fn moves(&self) -> Vec<Move> {
        with_position!(self, p => p.moves())
    }

    /// What a move of this position does: the squares whose pieces it removes, what it
    /// promotes ([`crate::Effect`]).
    pub fn effect(&self, m: Move) -> crate::Effect {
        with_position!(self, p => p.effect(m))
    }

    /// The squares a move of this position passes through where something happens: where it
    /// starts, its stops (legs of lion and double moves) and where it ends.
    pub fn move_path(&self, m: Move) -> Vec<crate::Square> {
        with_position!(self, p => p.move_path(m))
    }

    /// The position's hash: equal for equal positions (board, side to move and the state the
    /// board does not show), whatever the moves that led to them.
    pub fn hash(&self) -> u64 {
        with_position!(self, p => p.hash())
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: crate::Square) -> Option<PlacedPiece> {
        with_position!(self, p => {
            let pc = p.piece_at(sq);
            pc.is_piece().then(|| placed(p.variant(), pc))
        })
    }

    /// How many pieces `side` has on the board.
    pub fn piece_count(&self, side: crate::Colour) -> usize {
        with_position!(self, p => p.piece_count(side))
    }

    /// The piece on every square as positions write it (`+(FL)` for Black, `p` for White), in
    /// the order of [`AnyPosition::cells`]: `None` for an empty square.
    pub fn piece_codes(&self) -> Vec<Option<String>> {
        self.map_pieces(|v, pc| v.piece_code(pc))
    }

    /// Perft by root move: for each move of this position, the number of leaf nodes `depth`
    /// plies on (distinct moves; [`AnyPosition::divide_paths`] counts lishogi's move strings).
    /// The root moves are shared among the current rayon pool's threads.
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        with_position!(self, p => p.divide(depth))
    }

    /// [`AnyPosition::divide`] counting lishogi's move strings (`perft --paths`) rather than
    /// distinct moves.
    pub fn divide_paths(&self, depth: u32) -> Vec<(Move, u64)> {
        with_position!(self, p => p.divide_paths(depth))
    }

    /// [`AnyPosition::divide`] that gives up, returning `None`, as soon as `stop` is set (the
    /// protocol's `go perft`, which `stop` and `quit` must be able to end).
    pub fn divide_until(
        &self,
        depth: u32,
        stop: &std::sync::atomic::AtomicBool,
    ) -> Option<Vec<(Move, u64)>> {
        with_position!(self, p => p.divide_until(depth, stop))
    }
}

/// The [`PlacedPiece`] of a piece of `variant`.
fn placed(variant: &Variant, pc: crate::Piece) -> PlacedPiece {
    let f = variant.form(pc);
    PlacedPiece {
        kind: f.kind,
        colour: pc.colour(),
        promoted: f.promoted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(v: &Variant, code: &str) -> KindId {
        v.def.kind_by_code(code).expect("a kind of the variant")
    }

    #[test]
    fn empty_board_moves_come_from_the_generator() {
        let chu = Variant::builtin("chu").unwrap();
        let king = AnyPosition::empty_board_moves(&chu, kind(&chu, "K"), false).unwrap();
        assert_eq!(king.origin, (6, 6));
        assert_eq!(king.destinations.len(), 8);
        // The lion reaches every square within two (and may pass: its own square).
        let lion = AnyPosition::empty_board_moves(&chu, kind(&chu, "LN"), false).unwrap();
        assert_eq!(lion.destinations.len(), 25, "{lion:?}");
        // A pawn steps forward (up the board for Black); a king has no promoted form.
        let pawn = AnyPosition::empty_board_moves(&chu, kind(&chu, "P"), false).unwrap();
        assert_eq!(pawn.destinations, vec![(6, 5)]);
        assert!(AnyPosition::empty_board_moves(&chu, kind(&chu, "K"), true).is_none());
        assert!(AnyPosition::empty_board_moves(&chu, KindId::new(999), false).is_none());
    }

    #[test]
    fn every_kind_of_every_variant_has_an_empty_board_movement() {
        for id in crate::definition::variant::BUILTIN {
            let v = Variant::builtin(id).unwrap();
            for k in v.kind_ids() {
                let m = AnyPosition::empty_board_moves(&v, k, false).unwrap();
                assert!(
                    !m.destinations.is_empty(),
                    "{id} {} has no move on an empty board",
                    v.kind(k).code()
                );
            }
        }
    }

    #[test]
    fn moves_are_described_and_checked() {
        let v = Variant::builtin("chu").unwrap();
        let mut pos = AnyPosition::startpos(v);
        let moves = pos.legal_moves();
        assert!(!moves.is_empty());
        let m = pos.parse_move("3i3h").unwrap();
        assert!(moves.contains(&m));
        assert_eq!(pos.move_to_string(m), "3i3h");
        assert_eq!(pos.hodges(m), "P-3h");
        let sq = pos.move_squares(m);
        assert_eq!(sq.path, vec!["3i", "3h"]);
        assert!(sq.captured.is_empty() && sq.shots.is_empty());
        let before = pos.to_notation();
        pos.play_move(m).unwrap();
        assert_ne!(pos.to_notation(), before);
        // The same move is not a move of the new position (the pawn has gone, White moves).
        assert!(pos.play_move(m).is_err());
        assert_eq!(pos.side_to_move(), crate::Colour::White);
        assert!(!pos.gave_check());
        assert!(pos.game_result(&[false]).is_none());
        let cells = pos.cells();
        assert_eq!(cells.len(), 144);
        assert_eq!(cells.iter().flatten().count(), 92);
    }
}
