//! [`AnyPosition`]: a position of any variant, whatever its board size, so that callers can pick
//! the variant at run time while each board size gets its own monomorphised generator.

use std::sync::Arc;

use crate::notation::NotationError;
use crate::position::Position;
use crate::variant::Variant;

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

    /// Like [`AnyPosition::parse_with_moves`], but each move is checked against `referee`, a
    /// different reading of the same variant's rules (chu's `either`), while the position
    /// returned keeps `variant`'s rules for what it generates next (chu's `both`: accept what
    /// either rule set allows, play only what both allow).
    pub fn parse_with_moves_refereed(
        variant: Arc<Variant>,
        referee: Arc<Variant>,
        text: &str,
    ) -> Result<AnyPosition, String> {
        AnyPosition::parse_with_moves(referee, text)?.with_variant(variant)
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
