//! Positions: the mailbox, piece lists, per-kind bitboards, hash and history, kept consistent by
//! make/unmake (no copying per node).

use std::sync::Arc;

use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Colour, Square, PAD};
use crate::board::moves::{Move, Promotion};
use crate::definition::piece::Piece;
use crate::definition::variant::Variant;
use crate::definition::variant_file::KindId;
use crate::generation::interp::CapInfo;

/// The hash of the side to move (xored in when White is to move).
const SIDE_KEY: u64 = 0x6a09_e667_f3bc_c909;

/// The padded mailbox of an empty board: every square of `geo` empty, the padding off the
/// board (what a position starts from, and what the empty-board walks of the reach tables and
/// the evaluation's mobility read).
pub(crate) fn empty_mailbox(geo: &crate::board::geometry::Geometry) -> Vec<Piece> {
    let mut board = vec![Piece::OFFBOARD; geo.padded_len()];
    for sq in geo.all_squares() {
        board[sq.index()] = Piece::EMPTY;
    }
    board
}

/// The hash of the extra field's state bits (Ko's zone entries).
#[inline]
fn extra_key(extra: u8) -> u64 {
    if extra == 0 {
        0
    } else {
        zobrist(Piece(0xf000 | extra as u16), 0xffff)
    }
}

/// The hash of chu shogi's counter-strike record.
#[inline]
fn strike_key(strike: u16) -> u64 {
    if strike == 0 {
        0
    } else {
        zobrist(Piece(0xf100), strike as usize)
    }
}

/// The Zobrist key of a piece on a square, computed by a 64-bit mixer instead of a table (a
/// table for 1200 pieces x 1936 squares would not fit in cache).
#[inline]
pub(crate) fn zobrist(p: Piece, sq: usize) -> u64 {
    let mut z = ((p.0 as u64) << 16 | sq as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Told of every change a move makes to the board, so that state kept outside the position (an
/// evaluation's running sums, say) can follow [`Position::make_observed`] and
/// [`Position::unmake_observed`] without the position knowing of it.
///
/// A move reports each piece it takes off the board (the mover leaving its square, captures,
/// shots, burns, pieces changed in place by a promotion or reversion, which are removed and put
/// back) and each piece it puts on one, in the order they happen; its unmake reports the
/// opposite changes (not necessarily in reverse order). A mover that neither moves nor changes
/// (a lion's pass) is reported neither way. An observer that adds a piece's contribution on [`MoveObserver::placed`] and
/// subtracts it on [`MoveObserver::removed`] is therefore restored exactly by unmake. Null moves
/// change no piece and report nothing. `()` is the observer that ignores everything: plain
/// [`Position::make`] and [`Position::unmake`] use it and compile to the same code as without
/// an observer.
pub trait MoveObserver {
    /// Piece `p` was put on the empty square `sq`.
    fn placed(&mut self, sq: Square, p: Piece);
    /// Piece `p` was taken off square `sq`.
    fn removed(&mut self, sq: Square, p: Piece);
}

impl MoveObserver for () {
    #[inline(always)]
    fn placed(&mut self, _: Square, _: Piece) {}
    #[inline(always)]
    fn removed(&mut self, _: Square, _: Piece) {}
}

/// What [`Position::unmake`] needs to restore a move.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    moved: Piece,
    cap_start: u32,
    change_start: u32,
    hash: u64,
    rev_start: u32,
    extra: u8,
    strike: u16,
}

/// A piece a move took off the board, kept for unmake: its square, the piece, and the place it
/// held in its side's piece list. Unmake puts it back in that place, so that the lists' order,
/// which is the order moves are generated in, is the one before the move: a make and unmake
/// that the search adds or leaves out (a probe for repetition, say) cannot change what it
/// searches next.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Taken {
    pub(crate) sq: u16,
    pub(crate) piece: Piece,
    slot: u16,
}

/// A position of a variant whose board fits in `64 * N` bits.
///
/// Holds the padded mailbox, each side's piece list, one bitboard per (kind moved as, colour),
/// occupancy per colour, the number of royal pieces per side, an incremental Zobrist hash, and
/// the history of hashes for repetition.
#[derive(Clone, Debug)]
pub struct Position<const N: usize> {
    pub(crate) variant: Arc<Variant>,
    pub(crate) board: Vec<Piece>,
    pub(crate) plist: [Vec<u16>; 2],
    pub(crate) pidx: Vec<u16>,
    pub(crate) kind_bb: Vec<Bitboard<N>>,
    pub(crate) occ: [Bitboard<N>; 2],
    pub(crate) royals: [u32; 2],
    pub(crate) side: Colour,
    pub(crate) move_number: u32,
    pub(crate) hash: u64,
    undo: Vec<Undo>,
    pub(crate) captures: Vec<Taken>,
    history: Vec<u64>,
    /// Index into `history` of the first position that can still recur (none before the last
    /// capture, promotion or null move can).
    rev_start: usize,
    null_stack: Vec<usize>,
    /// Pieces per kind (either side up) and colour, index `kind * 2 + colour`.
    pub(crate) base_count: Vec<u16>,
    /// State that the board does not show (Ko's zone entries: 4 bits per colour).
    pub(crate) extra: u8,
    /// Chu shogi's counter-strike record: the square where a non-lion just took a lion (0 =
    /// none), with [`crate::rules::lion_trading::STRIKE_AT_DESTINATION`].
    pub(crate) strike: u16,
    null_strike: Vec<u16>,
    /// Pieces changed in place after a move (Ko: promoted along, reverted, the mover
    /// included): (square, piece before).
    changes: Vec<(u16, Piece)>,
}

impl<const N: usize> Position<N> {
    /// An empty board of `variant`, Black to move, move number 1.
    pub(crate) fn empty(variant: Arc<Variant>) -> Position<N> {
        let geo = &variant.geo;
        assert!(
            geo.squares() <= 64 * N,
            "a {}x{} board needs more than {N} words",
            geo.files(),
            geo.ranks()
        );
        let board = empty_mailbox(geo);
        let kinds = variant.kind_count();
        Position {
            board,
            plist: [Vec::with_capacity(512), Vec::with_capacity(512)],
            pidx: vec![0; geo.padded_len()],
            kind_bb: vec![Bitboard::EMPTY; kinds * 2],
            occ: [Bitboard::EMPTY; 2],
            royals: [0; 2],
            side: Colour::Black,
            move_number: 1,
            hash: 0,
            undo: Vec::with_capacity(256),
            captures: Vec::with_capacity(256),
            history: Vec::with_capacity(256),
            rev_start: 0,
            null_stack: Vec::new(),
            base_count: vec![0; kinds * 2],
            extra: 0,
            strike: 0,
            null_strike: Vec::new(),
            changes: Vec::with_capacity(64),
            variant,
        }
    }

    /// The variant's initial position.
    pub fn startpos(variant: Arc<Variant>) -> Position<N> {
        let mut pos = Position::empty(variant.clone());
        let geo = &variant.geo;
        for &(col, row_from_black, kind) in &variant.def.setup {
            let form = Variant::form_of(kind, false);
            let row = geo.ranks() - 1 - row_from_black;
            pos.put(geo.square(col, row), Piece::new(form, Colour::Black));
            let wsq = geo.square(geo.files() - 1 - col, row_from_black);
            pos.put(wsq, Piece::new(form, Colour::White));
        }
        pos
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Colour {
        self.side
    }

    /// The move number (starts at 1, counts plies, as in SFEN).
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The Zobrist hash (pieces and side to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The content of a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }

    /// Number of pieces of a side.
    pub fn piece_count(&self, c: Colour) -> usize {
        self.plist[c.index()].len()
    }

    /// The squares of a side's pieces (in no particular order).
    pub fn pieces(&self, c: Colour) -> impl Iterator<Item = Square> + '_ {
        self.plist[c.index()].iter().map(|&s| Square(s))
    }

    /// Number of royal (objective) pieces of a side.
    #[inline]
    pub fn royal_count(&self, c: Colour) -> u32 {
        self.royals[c.index()]
    }

    /// Whether a side has lost its objective: no royal piece left and (in Ko shogi) no complete
    /// commander group either.
    #[inline]
    pub(crate) fn lost(&self, c: Colour) -> bool {
        if self.royals[c.index()] > 0 {
            return false;
        }
        match &self.variant.zone_promotion {
            None => true,
            Some(ko) => !ko.commander_groups.iter().any(|g| {
                g.iter()
                    .all(|&k| self.base_count[k.index() * 2 + c.index()] > 0)
            }),
        }
    }

    /// Whether `c` would have lost if one more piece `p` of it were gone.
    pub(crate) fn lost_without(&self, c: Colour, p: Piece) -> bool {
        let f = self.variant.form(p);
        let royals = self.royals[c.index()] - f.royal as u32;
        if royals > 0 {
            return false;
        }
        match &self.variant.zone_promotion {
            None => true,
            Some(ko) => !ko.commander_groups.iter().any(|g| {
                g.iter().all(|&k| {
                    let n = self.base_count[k.index() * 2 + c.index()] - (k == f.kind) as u16;
                    n > 0
                })
            }),
        }
    }

    /// The winner, once a side has lost its objective.
    #[inline]
    pub fn winner(&self) -> Option<Colour> {
        if self.lost(Colour::Black) {
            Some(Colour::White)
        } else if self.lost(Colour::White) {
            Some(Colour::Black)
        } else {
            None
        }
    }

    /// Sets the counter-strike record, keeping the hash right.
    pub(crate) fn set_strike(&mut self, s: u16) {
        self.hash ^= strike_key(self.strike) ^ strike_key(s);
        self.strike = s;
    }

    /// Sets the extra state bits, keeping the hash right.
    pub(crate) fn set_extra(&mut self, e: u8) {
        self.hash ^= extra_key(self.extra) ^ extra_key(e);
        self.extra = e;
    }

    /// Replaces the piece on a square in place with a piece of the same side (promoted along,
    /// reverted), recording it for unmake.
    pub(crate) fn change<O: MoveObserver>(&mut self, sq: Square, p: Piece, obs: &mut O) {
        let old = self.board[sq.index()];
        self.relocate_observed(sq, sq, p, obs);
        self.changes.push((sq.0, old));
    }

    /// The set of squares holding pieces of `c` that move as `kind`.
    pub fn kind_bitboard(&self, kind: KindId, c: Colour) -> &Bitboard<N> {
        &self.kind_bb[kind.index() * 2 + c.index()]
    }

    /// Whether the last move made changed any of the padded-mailbox cells in `cells` (a bit per
    /// cell): its origin, its destination, the squares it captured on, the pieces it changed
    /// in place. False when no move was made.
    pub(crate) fn last_move_changed_any(&self, cells: &[u64]) -> bool {
        let Some(u) = self.undo.last() else {
            return false;
        };
        let has = |i: usize| cells.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 != 0);
        has(u.mv.from().index())
            || has(u.mv.to().index())
            || self.captures[u.cap_start as usize..]
                .iter()
                .any(|t| has(t.sq as usize))
            || self.changes[u.change_start as usize..]
                .iter()
                .any(|&(sq, _)| has(sq as usize))
    }

    /// Hashes of the positions before each move made so far (oldest first).
    pub(crate) fn history(&self) -> &[u64] {
        &self.history
    }

    /// Number of moves made on this position object (undo depth).
    pub fn ply(&self) -> usize {
        self.undo.len()
    }

    /// Forgets the undo stack and history (e.g. after setting up a position).
    pub fn clear_history(&mut self) {
        self.undo.clear();
        self.captures.clear();
        self.changes.clear();
        self.history.clear();
        self.rev_start = 0;
        self.null_stack.clear();
    }

    /// The part of the history that can still recur: hashes of the positions since the last
    /// capture, promotion or null move (before each of the moves made since).
    pub fn reversible_history(&self) -> &[u64] {
        &self.history[self.rev_start..]
    }

    /// False when the move `m` (not yet made) certainly cannot recreate a position of the
    /// [`Position::reversible_history`]: an earlier position with a piece on `m`'s destination,
    /// which is empty or an enemy's now, recurs only if a move since then left that square
    /// (capturing a piece, promoting and Ko's effects end the reversible history), and none
    /// did. A cheap test before [`crate::Position::is_repetition`] after making `m`: the
    /// search asks it of many moves it might prune.
    pub fn may_recur_after(&self, m: Move) -> bool {
        // The history's entries since `rev_start` are the positions before the last moves on
        // the undo stack (a null move, the only other entry, starts the window anew).
        let window = self.history.len() - self.rev_start;
        if window == 0 {
            return false;
        }
        let to = m.to();
        if to == m.from() {
            return true;
        }
        let n = self.undo.len();
        self.undo[n - window.min(n)..]
            .iter()
            .any(|u| u.mv.from() == to)
    }

    /// Passes the turn without moving (for null-move pruning in search; not a rule move).
    pub fn make_null(&mut self) {
        self.null_strike.push(self.strike);
        self.set_strike(0);
        self.history.push(self.hash);
        self.null_stack.push(self.rev_start);
        self.rev_start = self.history.len();
        self.side = self.side.flip();
        self.hash ^= SIDE_KEY;
    }

    /// Takes back [`Position::make_null`].
    pub fn unmake_null(&mut self) {
        self.rev_start = self
            .null_stack
            .pop()
            .expect("unmake_null without make_null");
        self.history.pop();
        self.side = self.side.flip();
        self.hash ^= SIDE_KEY;
        let s = self.null_strike.pop().expect("pushed by make_null");
        self.set_strike(s);
    }

    /// Places a piece on an empty square, at the end of its side's piece list (setting up a
    /// position: nothing observes it).
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        self.mark(sq, p);
        let c = p.colour().index();
        self.pidx[sq.index()] = self.plist[c].len() as u16;
        self.plist[c].push(sq.0);
    }

    /// Removes the piece on a square as a capture of the move being made: tells `obs` and
    /// pushes it on the capture stack, from which unmake puts it back in its list place.
    pub(crate) fn capture_observed<O: MoveObserver>(&mut self, sq: Square, obs: &mut O) {
        let t = self.take_observed(sq, obs);
        self.captures.push(t);
    }

    /// Removes the piece on a square and tells `obs`; the piece leaves its side's list by
    /// swapping the list's last entry into its place, which the returned record keeps.
    fn take_observed<O: MoveObserver>(&mut self, sq: Square, obs: &mut O) -> Taken {
        let p = self.board[sq.index()];
        debug_assert!(p.is_piece());
        self.unmark(sq, p);
        let c = p.colour().index();
        let i = self.pidx[sq.index()] as usize;
        let last = self.plist[c].pop().expect("piece list holds the piece");
        if i < self.plist[c].len() {
            self.plist[c][i] = last;
            self.pidx[last as usize] = i as u16;
        }
        obs.removed(sq, p);
        Taken {
            sq: sq.0,
            piece: p,
            slot: i as u16,
        }
    }

    /// Undoes [`Position::take_observed`] exactly: the piece goes back on its square and in its
    /// list place, and the entry that was swapped into that place goes back to the list's end.
    /// Exact when every piece taken after it has been restored (unmake restores captures in
    /// reverse order; relocations do not reorder the lists).
    fn restore_observed<O: MoveObserver>(&mut self, t: Taken, obs: &mut O) {
        let sq = Square(t.sq);
        self.mark(sq, t.piece);
        let list = &mut self.plist[t.piece.colour().index()];
        let i = t.slot as usize;
        if i < list.len() {
            let swapped = list[i];
            self.pidx[swapped as usize] = list.len() as u16;
            list.push(swapped);
            list[i] = t.sq;
        } else {
            debug_assert_eq!(i, list.len(), "a piece list restored out of order");
            list.push(t.sq);
        }
        self.pidx[sq.index()] = t.slot;
        obs.placed(sq, t.piece);
    }

    /// Moves the piece on `from` to the empty square `to` (or replaces it in place when they
    /// are the same square) as `p`, a piece of the same side, keeping its place in the piece
    /// list; tells `obs` of the removal and the placement.
    fn relocate_observed<O: MoveObserver>(
        &mut self,
        from: Square,
        to: Square,
        p: Piece,
        obs: &mut O,
    ) {
        let old = self.board[from.index()];
        debug_assert!(old.is_piece() && old.colour() == p.colour());
        debug_assert!(to == from || self.board[to.index()] == Piece::EMPTY);
        let slot = self.pidx[from.index()];
        self.unmark(from, old);
        obs.removed(from, old);
        self.mark(to, p);
        self.plist[p.colour().index()][slot as usize] = to.0;
        self.pidx[to.index()] = slot;
        obs.placed(to, p);
    }

    /// Puts `p` on the mailbox, the bitboards, the counts and the hash (not the piece list).
    #[inline]
    fn mark(&mut self, sq: Square, p: Piece) {
        debug_assert!(self.board[sq.index()] == Piece::EMPTY);
        let v = &*self.variant;
        let c = p.colour().index();
        self.board[sq.index()] = p;
        let d = v.geo.dense(sq);
        let f = v.form(p);
        self.kind_bb[f.moves_as.index() * 2 + c].set(d);
        self.occ[c].set(d);
        self.royals[c] += f.royal as u32;
        self.base_count[f.kind.index() * 2 + c] += 1;
        self.hash ^= zobrist(p, sq.index());
    }

    /// Takes `p` (the piece on `sq`) off the mailbox, the bitboards, the counts and the hash
    /// (not the piece list).
    #[inline]
    fn unmark(&mut self, sq: Square, p: Piece) {
        debug_assert_eq!(self.board[sq.index()], p);
        let v = &*self.variant;
        let c = p.colour().index();
        self.board[sq.index()] = Piece::EMPTY;
        let d = v.geo.dense(sq);
        let f = v.form(p);
        self.kind_bb[f.moves_as.index() * 2 + c].clear(d);
        self.occ[c].clear(d);
        self.royals[c] -= f.royal as u32;
        self.base_count[f.kind.index() * 2 + c] -= 1;
        self.hash ^= zobrist(p, sq.index());
    }

    /// Sets the side to move (keeping the hash right).
    pub(crate) fn set_side(&mut self, c: Colour) {
        if c != self.side {
            self.hash ^= SIDE_KEY;
            self.side = c;
        }
    }

    /// Sets the move number.
    pub(crate) fn set_move_number(&mut self, n: u32) {
        self.move_number = n;
    }

    /// Calls `f(dc, dr, piece)` for each piece within `radius` files and ranks of the on-board
    /// square `sq` (the square itself left out), `dc` and `dr` being its file and rank
    /// distance from `sq`, rows from the top and files from the left; the evaluation's royal
    /// safety asks this of every royal at every node. `radius` is at most 4, the width of the
    /// padded mailbox's border, which makes this a walk over `(2 radius + 1)^2` cells without
    /// bounds checks (off-board cells hold no piece); a larger radius is cut to 4.
    #[inline]
    pub fn for_each_piece_near(
        &self,
        sq: Square,
        radius: usize,
        mut f: impl FnMut(i32, i32, Piece),
    ) {
        debug_assert!(radius <= PAD, "radius {radius} beyond the mailbox's border");
        debug_assert!(self.variant.geo.on_board(sq.index()));
        let r = radius.min(PAD) as i32;
        let stride = self.variant.geo.stride() as i32;
        let centre = sq.index() as i32;
        for dr in -r..=r {
            let row = centre + dr * stride;
            for dc in -r..=r {
                let p = self.board[(row + dc) as usize];
                if p.is_piece() && (dc, dr) != (0, 0) {
                    f(dc, dr, p);
                }
            }
        }
    }

    /// The unit step from `from` toward `to` along a line (for range captures).
    #[inline]
    pub(crate) fn line_step(&self, from: Square, to: Square) -> i32 {
        let stride = self.variant.geo.stride() as i32;
        let (f, t) = (from.0 as i32, to.0 as i32);
        let (fr, fc) = (f / stride, f % stride);
        let (tr, tc) = (t / stride, t % stride);
        (tr - fr).signum() * stride + (tc - fc).signum()
    }

    /// Plays a move generated for this position.
    #[inline]
    pub fn make(&mut self, m: Move) {
        self.make_observed(m, &mut ());
    }

    /// Plays a move generated for this position, reporting every piece it removes and places
    /// to `obs` ([`MoveObserver`]).
    pub fn make_observed<O: MoveObserver>(&mut self, m: Move, obs: &mut O) {
        let from = m.from();
        let to = m.to();
        let moved = self.board[from.index()];
        self.undo.push(Undo {
            mv: m,
            moved,
            cap_start: self.captures.len() as u32,
            change_start: self.changes.len() as u32,
            hash: self.hash,
            rev_start: self.rev_start as u32,
            extra: self.extra,
            strike: self.strike,
        });
        self.history.push(self.hash);
        let had = if self.variant.zone_promotion.is_some() {
            self.needs_alive_mask()
        } else {
            [0; 2]
        };
        if m.is_range() {
            let d = self.line_step(from, to);
            let mut s = from.0 as i32 + d;
            while s != to.0 as i32 {
                let sq = Square(s as u16);
                if self.board[sq.index()].is_piece() {
                    self.capture_observed(sq, obs);
                }
                s += d;
            }
        }
        for mid in m.stops() {
            if self.board[mid.index()].is_piece() {
                self.capture_observed(mid, obs);
            }
        }
        if to != from && self.board[to.index()].is_piece() {
            self.capture_observed(to, obs);
        }
        for shot in m.shots() {
            if self.board[shot.index()].is_piece() {
                self.capture_observed(shot, obs);
            }
        }
        let mut piece = moved;
        let start = self.undo.last().expect("just pushed").cap_start as usize;
        let captured = self.captures[start..].iter().map(|t| t.piece);
        if let Some(conv) = CapInfo::for_compulsion(&self.variant, moved.colour(), captured)
            .conversion(&self.variant, moved)
        {
            piece = conv;
        } else if m.promotion() == Promotion::Promote {
            piece = self.variant.promoted(moved);
        }
        if to != from || piece != moved {
            self.relocate_observed(from, to, piece, obs);
        }
        if self.variant.zone_promotion.is_some() {
            let extra = self.extra;
            let changes = self.changes.len();
            self.after_move_effects(m, moved, piece, had, obs);
            if self.changes.len() > changes || self.extra != extra {
                self.rev_start = self.history.len();
            }
        }
        if piece != moved || self.captures.len() > start {
            self.rev_start = self.history.len();
        }
        if self.variant.def.rules.lion_trading {
            let s = self.strike_after(moved, to, &self.captures[start..]);
            if s != self.strike {
                self.set_strike(s);
            }
        }
        self.side = self.side.flip();
        self.hash ^= SIDE_KEY;
        self.move_number += 1;
    }

    /// Takes back the last move made.
    #[inline]
    pub fn unmake(&mut self) {
        self.unmake_observed(&mut ());
    }

    /// Takes back the last move made, reporting the reverse of what
    /// [`Position::make_observed`] reported to `obs`.
    pub fn unmake_observed<O: MoveObserver>(&mut self, obs: &mut O) {
        let u = self.undo.pop().expect("unmake without make");
        self.history.pop();
        while self.changes.len() > u.change_start as usize {
            let (sq, old) = self.changes.pop().expect("len > start");
            self.relocate_observed(Square(sq), Square(sq), old, obs);
        }
        if self.extra != u.extra {
            self.set_extra(u.extra);
        }
        if self.strike != u.strike {
            self.set_strike(u.strike);
        }
        let m = u.mv;
        let (from, to) = (m.from(), m.to());
        if to != from || self.board[from.index()] != u.moved {
            self.relocate_observed(to, from, u.moved, obs);
        }
        let start = u.cap_start as usize;
        while self.captures.len() > start {
            let t = self.captures.pop().expect("len > start");
            self.restore_observed(t, obs);
        }
        self.side = self.side.flip();
        self.hash ^= SIDE_KEY;
        self.move_number -= 1;
        self.rev_start = u.rev_start as usize;
        debug_assert_eq!(self.hash, u.hash);
    }

    /// The last move made, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.undo.last().map(|u| u.mv)
    }

    /// The move made `back` moves before the last (0: the last), if there is one (null moves
    /// are not counted: they are not on this stack).
    pub fn recent_move(&self, back: usize) -> Option<Move> {
        let n = self.undo.len();
        (back < n).then(|| self.undo[n - 1 - back].mv)
    }

    /// The hash computed from scratch (for tests of the incremental hash).
    pub fn compute_hash(&self) -> u64 {
        let mut h = if self.side == Colour::White {
            SIDE_KEY
        } else {
            0
        };
        h ^= extra_key(self.extra);
        h ^= strike_key(self.strike);
        for sq in self.variant.geo.all_squares() {
            let p = self.board[sq.index()];
            if p.is_piece() {
                h ^= zobrist(p, sq.index());
            }
        }
        h
    }

    /// Checks every redundant structure against the mailbox; returns a description of the first
    /// inconsistency (for tests).
    pub fn check_consistency(&self) -> Result<(), String> {
        let v = &*self.variant;
        let mut kind_bb = vec![Bitboard::<N>::EMPTY; self.kind_bb.len()];
        let mut occ = [Bitboard::<N>::EMPTY; 2];
        let mut royals = [0u32; 2];
        let mut count = [0usize; 2];
        let mut base_count = vec![0u16; self.base_count.len()];
        for sq in v.geo.all_squares() {
            let p = self.board[sq.index()];
            if !p.is_piece() {
                if p != Piece::EMPTY {
                    return Err(format!("square {} holds {:?}", v.geo.square_name(sq), p));
                }
                continue;
            }
            let c = p.colour().index();
            let f = v.form(p);
            if !f.exists {
                return Err(format!(
                    "square {} holds a form that does not exist",
                    v.geo.square_name(sq)
                ));
            }
            count[c] += 1;
            let d = v.geo.dense(sq);
            kind_bb[f.moves_as.index() * 2 + c].set(d);
            occ[c].set(d);
            royals[c] += f.royal as u32;
            base_count[f.kind.index() * 2 + c] += 1;
            let i = self.pidx[sq.index()] as usize;
            if self.plist[c].get(i) != Some(&sq.0) {
                return Err(format!("piece list misses {}", v.geo.square_name(sq)));
            }
        }
        if count[0] != self.plist[0].len() || count[1] != self.plist[1].len() {
            return Err("piece list has extra entries".into());
        }
        if kind_bb != self.kind_bb || occ != self.occ {
            return Err("bitboards disagree with the mailbox".into());
        }
        if royals != self.royals {
            return Err("royal counts disagree with the mailbox".into());
        }
        if base_count != self.base_count {
            return Err("piece counts per kind disagree with the mailbox".into());
        }
        if self.compute_hash() != self.hash {
            return Err("incremental hash differs from the recomputed one".into());
        }
        Ok(())
    }
}
