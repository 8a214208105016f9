//! What follows a move in a zone-promotion variant (`promotion = zone N`; Ko shogi is the
//! built-in one, docs/ko.md): burning by a burning piece, the side effects of a promotion
//! (`promote-with`, `kill-on-promotion`), the reversion of promoted forms (`needs-alive`,
//! `reverts-near`) and the zone-entry record of the extra field (`zone-entry-letters`).

use arrayvec::ArrayVec;

use crate::board::geometry::{Colour, Square};
use crate::board::moves::Move;
use crate::board::position::{MoveObserver, Position};
use crate::definition::piece::{FormId, Piece};
use crate::definition::variant::Variant;

/// Squares on the largest board.
const MAX_SQUARES: usize = crate::board::geometry::MAX_SIDE * crate::board::geometry::MAX_SIDE;

impl<const N: usize> Position<N> {
    /// The effects after the mover has arrived (on `to`, as `placed`): burning, the clerk's
    /// promotion effects, reversions, zone entry. Removals go on the capture stack, in-place
    /// changes on the change stack.
    pub(crate) fn after_move_effects<O: MoveObserver>(
        &mut self,
        m: Move,
        moved: Piece,
        placed: Piece,
        had: [u16; 2],
        obs: &mut O,
    ) {
        if self.variant.zone_promotion.is_none() {
            return;
        }
        let v = self.variant.clone();
        let zp = v.zone_promotion.as_ref().expect("zone-promotion rules");
        let us = moved.colour();
        let them = us.flip();
        let to = m.to();
        if v.programs[moved.index()].burns {
            self.burn(m, us, obs);
        }
        let kind = v.form(moved).kind;
        if placed != moved && v.form(placed).promoted && !v.form(moved).promoted {
            // Promotion side effects: allied kinds promote along, enemy forms are removed.
            for &k in &zp.promote_with[kind] {
                let form = Variant::form_of(k, false);
                for sq in self.squares_of_form(form, us) {
                    let p = self.board[sq as usize];
                    if v.form(p).can_promote {
                        self.change(Square(sq), v.promoted(p), obs);
                    }
                }
            }
            for &form in &zp.kill_on_promotion[kind] {
                for sq in self.squares_of_form(form, them) {
                    self.capture_observed(Square(sq), obs);
                }
            }
        }
        // Promoted forms that need an allied piece of some kind revert when this move removed
        // the last one.
        for (i, &(form, ref needed)) in zp.needs_alive_forms.iter().enumerate() {
            for side in [Colour::Black, Colour::White] {
                if self.has_kind(side, needed) || had[side.index()] & (1 << i) == 0 {
                    continue;
                }
                for sq in self.squares_of_form(form, side) {
                    let base = Variant::form_of(v.forms[form].kind, false);
                    self.change(Square(sq), Piece::new(base, side), obs);
                }
            }
        }
        // Forms that revert near another form (of either side).
        for &(a, b, dist) in &zp.reverts_near {
            for side in [Colour::Black, Colour::White] {
                for sq in self.squares_of_form(a, side) {
                    let near = v.king_steps.iter().any(|&d| {
                        let mut t = sq as i32;
                        for _ in 0..dist {
                            t += d;
                            let q = self.board[t as usize];
                            if q == Piece::OFFBOARD {
                                return false;
                            }
                            if q.is_piece() && q.form() == b {
                                return true;
                            }
                        }
                        false
                    });
                    if near {
                        let base = Variant::form_of(v.forms[a].kind, false);
                        self.change(Square(sq), Piece::new(base, side), obs);
                    }
                }
            }
        }
        // Zone entry of tracked kinds.
        let bit = zp.zone_bit[kind];
        if bit != 0 && self.board[to.index()].is_piece() && self.in_zone(to, us) {
            self.set_extra(self.extra | bit << (4 * us.index()));
        }
    }

    /// For each side, which entries of `needs_alive_forms` it currently satisfies (a bit each):
    /// taken before a move, so that reversion happens when the move removes the last needed
    /// piece.
    pub(crate) fn needs_alive_mask(&self) -> [u16; 2] {
        let mut out = [0u16; 2];
        if let Some(zp) = &self.variant.zone_promotion {
            for (i, (_, needed)) in zp.needs_alive_forms.iter().enumerate().take(16) {
                for side in [Colour::Black, Colour::White] {
                    if self.has_kind(side, needed) {
                        out[side.index()] |= 1 << i;
                    }
                }
            }
        }
        out
    }

    /// Whether `side` has a piece of one form.
    pub(crate) fn has_form(&self, form: FormId, side: Colour) -> bool {
        let v = &*self.variant;
        let bb = self.kind_bitboard(v.forms[form].moves_as, side);
        bb.iter()
            .any(|d| self.board[v.geo.from_dense(d).index()].form() == form)
    }

    /// The squares holding `side`'s pieces of one form (found through the bitboard of the kind
    /// the form moves as).
    pub(crate) fn squares_of_form(&self, form: FormId, side: Colour) -> ArrayVec<u16, MAX_SQUARES> {
        let v = &*self.variant;
        let mut out = ArrayVec::new();
        let bb = *self.kind_bitboard(v.forms[form].moves_as, side);
        for d in bb.iter() {
            let sq = v.geo.from_dense(d);
            if self.board[sq.index()].form() == form {
                out.push(sq.0);
            }
        }
        out
    }
}
