//! Movement on the empty board: where a piece reaches from a square (the evaluation's
//! mobility) and where it could not move again (`must-promote-where-immobile`).

use crate::board::geometry::{Colour, Geometry, Square};
use crate::board::position::empty_mailbox;
use crate::definition::piece::{FormId, Piece};
use crate::definition::program::{CAPTURE, MOVE};
use crate::definition::variant::Variant;
use crate::generation::interp::{Ctx, Visitor, Walker};

/// Empty-board reach of programs, for the evaluation's mobility: the displacements (columns,
/// rows; rows grow toward White) a piece of a form (Black's program) reaches from a square of
/// the variant's empty board, by any move or capture. The empty board and the record of the
/// squares seen are made once and reused from one question to the next (the evaluation asks
/// about every kind on sample squares: 81 in Taikyoku, some 24,000 questions).
pub struct EmptyBoardReach<'v> {
    variant: &'v Variant,
    cells: Vec<Piece>,
    seen: Vec<bool>,
    found: Vec<usize>,
}

impl<'v> EmptyBoardReach<'v> {
    /// The empty board of `variant`.
    pub fn new(variant: &'v Variant) -> EmptyBoardReach<'v> {
        let geo = &variant.geo;
        EmptyBoardReach {
            variant,
            cells: empty_mailbox(geo),
            seen: vec![false; geo.squares()],
            found: Vec::new(),
        }
    }

    /// The variant whose board this is.
    pub fn variant(&self) -> &'v Variant {
        self.variant
    }

    /// Calls `each` once with every displacement `(columns, rows)` that a piece of `form`
    /// reaches from `(col, row)`, in the order the interpreter finds them.
    pub fn reach(&mut self, form: FormId, col: usize, row: usize, each: impl FnMut(i32, i32)) {
        struct Collect<'g, F> {
            geo: &'g Geometry,
            from: Square,
            seen: &'g mut [bool],
            found: &'g mut Vec<usize>,
            each: F,
        }
        impl<F: FnMut(i32, i32)> Visitor for Collect<'_, F> {
            const MOVES: bool = false;
            fn reach(&mut self, _cx: &Ctx, to: usize, _p: Piece, modality: u8) {
                if modality & (MOVE | CAPTURE) == 0 {
                    return;
                }
                let t = Square(to as u16);
                let d = self.geo.dense(t).index();
                if self.seen[d] {
                    return;
                }
                self.seen[d] = true;
                self.found.push(d);
                let g = self.geo;
                (self.each)(
                    g.col(t) as i32 - g.col(self.from) as i32,
                    g.row(t) as i32 - g.row(self.from) as i32,
                );
            }
        }
        let v = self.variant;
        let geo = &v.geo;
        let from = geo.square(col, row);
        let piece = Piece::new(form, Colour::Black);
        // Forget the previous question's squares.
        for d in self.found.drain(..) {
            self.seen[d] = false;
        }
        let mut c = Collect {
            geo,
            from,
            seen: &mut self.seen,
            found: &mut self.found,
            each,
        };
        let mut w = Walker::new(v, &self.cells[..], from, &mut c);
        w.set_piece(from, piece);
        w.program(&v.programs[piece.index()]);
    }
}

/// Empty-board reach of a program (see [`EmptyBoardReach`], which answers many such questions
/// faster): the displacements a piece of `form` reaches from `(col, row)`.
pub fn empty_board_reach(v: &Variant, form: FormId, col: usize, row: usize) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    EmptyBoardReach::new(v).reach(form, col, row, |dc, dr| out.push((dc, dr)));
    out
}

/// For `must-promote-where-immobile` (docs/variant-format.md): per padded square, bit 0 (1)
/// when a Black piece of `form` would have no move from there on the empty board, bit 1 (2)
/// the same for White; 0 off the board.
pub(crate) fn immobile_squares(v: &Variant, form: FormId) -> Vec<u8> {
    struct Any(bool);
    impl Visitor for Any {
        const MOVES: bool = false;
        fn reach(&mut self, _cx: &Ctx, _to: usize, _p: Piece, modality: u8) {
            if modality & (MOVE | CAPTURE) != 0 {
                self.0 = true;
            }
        }
    }
    let geo = &v.geo;
    let cells = empty_mailbox(geo);
    let mut bits = vec![0u8; geo.padded_len()];
    for sq in geo.all_squares() {
        for colour in [Colour::Black, Colour::White] {
            let piece = Piece::new(form, colour);
            let mut any = Any(false);
            let mut w = Walker::new(v, &cells[..], sq, &mut any);
            w.set_piece(sq, piece);
            w.program(&v.programs[piece.index()]);
            if !any.0 {
                bits[sq.index()] |= 1 << colour.index();
            }
        }
    }
    bits
}
