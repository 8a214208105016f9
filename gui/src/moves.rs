//! The legal moves of the shown position as the page uses them: which square to click for
//! each, every square it touches, and a sentence in words for the chooser that appears when
//! several distinct moves reach one square (lion double moves, igui, range captures, Ko shots,
//! promotion or not).

use std::collections::HashMap;

use serde::Serialize;
use taikyoku_movegen::{AnyPosition, Move, MoveSquares, PlacedPiece, Promotion, Variant};

/// One legal move for the page.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct MoveEntry {
    /// Our notation: what the page sends back to play it.
    pub text: String,
    /// Hodges notation.
    pub hodges: String,
    /// In words, for the chooser.
    pub words: String,
    /// The moving piece's square.
    pub from: String,
    /// The square the user clicks to make it: the destination, or for a move that ends where
    /// it started (igui, a shot without moving) the first square it acts on, or the piece's
    /// own square for a pass.
    pub target: String,
    /// Origin, stops and destination.
    pub path: Vec<String>,
    /// Every square whose piece it removes.
    pub captured: Vec<String>,
    /// The squares it shoots at.
    pub shots: Vec<String>,
}

/// The legal moves of `pos` for the page.
pub fn list(pos: &AnyPosition) -> Vec<MoveEntry> {
    let mut pos = pos.clone();
    let variant = pos.variant().clone();
    let names = crate::pieces::square_names(&variant);
    let cells = pos.cells();
    let at: HashMap<&str, Option<PlacedPiece>> = names
        .iter()
        .map(String::as_str)
        .zip(cells.iter().copied())
        .collect();
    pos.legal_moves()
        .into_iter()
        .map(|m| entry(&pos, &variant, &at, m))
        .collect()
}

fn entry(
    pos: &AnyPosition,
    variant: &Variant,
    at: &HashMap<&str, Option<PlacedPiece>>,
    m: Move,
) -> MoveEntry {
    let sq = pos.move_squares(m);
    let from = sq.path.first().cloned().unwrap_or_default();
    let to = sq.path.last().cloned().unwrap_or_default();
    let target = if to != from {
        to.clone()
    } else if let Some(s) = sq.path.get(1).filter(|s| **s != from) {
        s.clone()
    } else if let Some(s) = sq.shots.first() {
        s.clone()
    } else {
        from.clone()
    };
    MoveEntry {
        text: pos.move_to_string(m),
        hodges: pos.hodges(m),
        words: words(variant, at, &sq, m.promotion()),
        from,
        target,
        path: sq.path.clone(),
        captured: sq.captured.clone(),
        shots: sq.shots.clone(),
    }
}

/// The name of a piece for people (`Lion`, `promoted Pawn`).
fn piece_name(variant: &Variant, p: Option<PlacedPiece>) -> String {
    match p {
        Some(p) => {
            let k = variant.kind(p.kind);
            if p.promoted {
                match k.promotes_to() {
                    Some(to) => format!("{} (promoted {})", variant.kind(to).name(), k.name()),
                    None => format!("promoted {}", k.name()),
                }
            } else {
                k.name().to_string()
            }
        }
        None => "piece".to_string(),
    }
}

/// A move in words: `Lion 5e captures on 5f without moving (igui)`, `Rook 12k to 12c,
/// capturing Pawn on 12c, and promotes`.
fn words(
    variant: &Variant,
    at: &HashMap<&str, Option<PlacedPiece>>,
    sq: &MoveSquares,
    promotion: Promotion,
) -> String {
    let piece = |s: &str| piece_name(variant, at.get(s).copied().flatten());
    let from = sq.path.first().map(String::as_str).unwrap_or("");
    let to = sq.path.last().map(String::as_str).unwrap_or("");
    let inner = if sq.path.len() > 2 {
        &sq.path[1..sq.path.len() - 1]
    } else {
        &[]
    };
    let stops: Vec<&str> = inner.iter().map(String::as_str).collect();
    let mut s = format!("{} {from}", piece(from));
    if from == to {
        if !stops.is_empty() {
            s.push_str(&format!(
                " captures on {} without moving (igui)",
                stops.join(", ")
            ));
        } else if !sq.shots.is_empty() {
            s.push_str(" shoots without moving");
        } else {
            s.push_str(" passes (stays where it is)");
        }
    } else {
        s.push_str(&format!(" to {to}"));
        if !stops.is_empty() {
            s.push_str(&format!(" via {}", stops.join(", ")));
        }
    }
    let taken: Vec<String> = sq
        .captured
        .iter()
        .filter(|c| !sq.shots.contains(c))
        .map(|c| format!("{} on {c}", piece(c)))
        .collect();
    if !taken.is_empty() {
        s.push_str(&format!(", capturing {}", taken.join(", ")));
    }
    if !sq.shots.is_empty() {
        let shot: Vec<String> = sq
            .shots
            .iter()
            .map(|c| format!("{} on {c}", piece(c)))
            .collect();
        s.push_str(&format!(", shooting {}", shot.join(", ")));
    }
    match promotion {
        Promotion::Promote => s.push_str(", and promotes"),
        Promotion::Decline => s.push_str(", without promoting"),
        Promotion::None => {}
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn pos(variant: &str, text: &str) -> AnyPosition {
        AnyPosition::parse(Variant::builtin(variant).unwrap(), text).unwrap()
    }

    #[test]
    fn the_start_of_taikyoku_lists_every_legal_move_once() {
        let p = pos("taikyoku", "startpos");
        let list = list(&p);
        let mut q = p.clone();
        assert_eq!(list.len(), q.legal_moves().len());
        let mut texts: Vec<&str> = list.iter().map(|m| m.text.as_str()).collect();
        texts.sort();
        texts.dedup();
        assert_eq!(texts.len(), list.len());
        assert!(list.iter().all(|m| m.path.first() == Some(&m.from)));
    }

    #[test]
    fn lion_moves_are_told_apart_in_words() {
        // Chu: a Black lion on 6f (centre), a White pawn on 6e next to it.
        let v: Arc<Variant> = Variant::builtin("chu").unwrap();
        let ln = v.kind_by_code("LN").unwrap();
        assert_eq!(v.kind(ln).code(), "LN");
        let p = pos("chu", "k11/12/12/12/6p5/6(LN)5/12/12/12/12/12/11K b - 1");
        let list = list(&p);
        let igui: Vec<&MoveEntry> = list.iter().filter(|m| m.text == "6f6e6f").collect();
        assert_eq!(igui.len(), 1);
        assert_eq!(igui[0].target, "6e");
        assert!(
            igui[0].words.contains("without moving (igui)"),
            "{}",
            igui[0].words
        );
        assert!(
            igui[0].words.contains("capturing Pawn on 6e"),
            "{}",
            igui[0].words
        );
        // Several moves are clicked on 6e: the plain capture and the igui at least.
        let on_6e = list
            .iter()
            .filter(|m| m.from == "6f" && m.target == "6e")
            .count();
        assert!(on_6e >= 2, "{on_6e}");
        let pass = list.iter().find(|m| m.text == "6f6f").unwrap();
        assert!(pass.words.contains("passes"));
    }

    #[test]
    fn promotion_choices_are_in_words() {
        // Chu: a Black pawn on 7e steps into the zone (ranks a to d) and may promote or not.
        let p = pos("chu", "k11/12/12/12/5P6/12/12/12/12/12/12/11K b - 1");
        let list = list(&p);
        let words: Vec<&str> = list
            .iter()
            .filter(|m| m.from == "7e")
            .map(|m| m.words.as_str())
            .collect();
        assert_eq!(words.len(), 2, "{words:?}");
        assert!(
            words.iter().any(|w| w.ends_with("and promotes")),
            "{words:?}"
        );
        assert!(
            words.iter().any(|w| w.ends_with("without promoting")),
            "{words:?}"
        );
    }
}
