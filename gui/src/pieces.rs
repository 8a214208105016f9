//! What the page needs to know about a variant to draw it (board size, square names, the piece
//! table with kanji), and the piece panel's data: a piece's movement on a small empty board,
//! as the move generator finds it.

use std::sync::Arc;

use serde::Serialize;
use taikyoku_movegen::{AnyPosition, KindId, Variant};

/// The most files or ranks the piece panel's board shows; bigger boards show a window of this
/// size around the piece.
pub const PANEL_SIDE: usize = 19;

/// One kind of the piece table.
#[derive(Clone, Debug, Serialize)]
pub struct KindInfo {
    /// Code (`FK`).
    pub code: String,
    /// English name.
    pub name: String,
    /// Kanji, if the variant file gives them.
    pub kanji: Option<String>,
    /// The kind it promotes to (index into the table).
    pub promotes: Option<usize>,
    /// Movement in the variant file's notation.
    pub moves: String,
    /// An objective piece.
    pub royal: bool,
}

/// A variant as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct VariantInfo {
    /// The key the page selects it by.
    pub key: String,
    /// The variant's id (`taikyoku`).
    pub id: String,
    /// Its name for people.
    pub name: String,
    /// Files (columns).
    pub files: usize,
    /// Ranks (rows).
    pub ranks: usize,
    /// Square names in reading order (rank `a` first, highest file first).
    pub squares: Vec<String>,
    /// The piece table.
    pub kinds: Vec<KindInfo>,
}

/// The names of `variant`'s squares in reading order.
pub fn square_names(variant: &Variant) -> Vec<String> {
    let geo = variant.geometry();
    (0..geo.ranks())
        .flat_map(|row| (0..geo.files()).map(move |col| geo.square_name(geo.square(col, row))))
        .collect()
}

/// The page's description of `variant`, selected by `key`.
pub fn variant_info(key: &str, variant: &Variant) -> VariantInfo {
    VariantInfo {
        key: key.to_string(),
        id: variant.id().to_string(),
        name: variant.name().to_string(),
        files: variant.geometry().files(),
        ranks: variant.geometry().ranks(),
        squares: square_names(variant),
        kinds: variant
            .kinds()
            .map(|k| KindInfo {
                code: k.code().to_string(),
                name: k.name().to_string(),
                kanji: k.kanji().map(str::to_string),
                promotes: k.promotes_to().map(KindId::index),
                moves: k.movement().to_string(),
                royal: k.is_royal(),
            })
            .collect(),
    }
}

/// A piece's movement for the panel: a board of `cols` x `rows` (the variant's, or a window of
/// it), the piece's square and the squares it reaches, in that board's (column, row)
/// coordinates as Black sees it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Movement {
    /// The kind.
    pub kind: usize,
    /// Whether this is the promoted form.
    pub promoted: bool,
    /// Columns shown.
    pub cols: usize,
    /// Rows shown.
    pub rows: usize,
    /// Whether the board shown is a window of a bigger one (slides go on beyond it).
    pub window: bool,
    /// The piece's square.
    pub origin: (usize, usize),
    /// Where it can move (its own square too if it may pass).
    pub destinations: Vec<(usize, usize)>,
}

/// The movement of kind number `kind` (promoted or not) for the panel; `None` if there is no
/// such form.
pub fn movement(variant: &Arc<Variant>, kind: usize, promoted: bool) -> Option<Movement> {
    let m = AnyPosition::empty_board_moves(variant, variant.kind_id(kind)?, promoted)?;
    let (files, ranks) = (variant.geometry().files(), variant.geometry().ranks());
    let cols = files.min(PANEL_SIDE);
    let rows = ranks.min(PANEL_SIDE);
    // The window's top-left corner: the piece in the middle, the window inside the board.
    let left = m.origin.0.saturating_sub(cols / 2).min(files - cols);
    let top = m.origin.1.saturating_sub(rows / 2).min(ranks - rows);
    let inside =
        |(c, r): (usize, usize)| (left..left + cols).contains(&c) && (top..top + rows).contains(&r);
    Some(Movement {
        kind,
        promoted,
        cols,
        rows,
        window: cols < files || rows < ranks,
        origin: (m.origin.0 - left, m.origin.1 - top),
        destinations: m
            .destinations
            .into_iter()
            .filter(|&d| inside(d))
            .map(|(c, r)| (c - left, r - top))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taikyoku_is_described_for_the_page() {
        let v = Variant::builtin("taikyoku").unwrap();
        let info = variant_info("taikyoku", &v);
        assert_eq!((info.files, info.ranks), (36, 36));
        assert_eq!(info.squares.len(), 1296);
        assert_eq!(info.squares[0], "36a");
        assert_eq!(info.squares[1295], "1jj");
        assert!(info.kinds.len() > 250);
        assert!(info.kinds.iter().filter(|k| k.kanji.is_some()).count() > 250);
    }

    #[test]
    fn big_boards_show_a_window_around_the_piece() {
        let v = Variant::builtin("taikyoku").unwrap();
        let rook = v.kind_by_code("R").unwrap();
        let m = movement(&v, rook.index(), false).unwrap();
        assert_eq!((m.cols, m.rows, m.window), (19, 19, true));
        assert_eq!(m.origin, (9, 9));
        // A rook's four lines, cut at the window's edges: 9 + 9 + 9 + 9 squares.
        assert_eq!(m.destinations.len(), 36, "{m:?}");
        let chu = Variant::builtin("chu").unwrap();
        let king = movement(&chu, chu.kind_by_code("K").unwrap().index(), false).unwrap();
        assert_eq!((king.cols, king.rows, king.window), (12, 12, false));
        assert_eq!(king.origin, (6, 6));
        assert_eq!(king.destinations.len(), 8);
        assert!(movement(&chu, 9999, false).is_none());
    }
}
