//! Move generation: interprets each piece's [`Program`](crate::definition::program::Program) on the
//! mailbox and yields every distinct move once (docs/notation.md's definition: same origin,
//! destination, captured squares and promotion choice make the same move).
//!
//! History is ignored here (repetition is the game layer's business). A finished game (a side
//! without royal pieces) has no moves.

use crate::board::bitboard::Bitboard;
use crate::board::geometry::{DenseSquare, Square};
use crate::board::moves::{Counter, Move, MoveSink, Promotion};
use crate::board::position::Position;
use crate::definition::piece::Piece;
use crate::definition::program::Op;
use crate::definition::variant_file::{EmperorRule, LastRankPromotion, PromotionRule};
use crate::generation::attacks::Danger;
use crate::generation::interp::{CapInfo, Ctx, Visitor, Walker};
use arrayvec::ArrayVec;

/// The move visitor: turns what the interpreter finds into moves with their promotion choices
/// (the rule layered on top of movement), de-duplicated where two instructions of a piece can
/// reach the same square.
struct Gen<'a, S, const N: usize> {
    sink: &'a mut S,
    caps_only: bool,
    dedup: bool,
    seen: Bitboard<N>,
    /// How the promotion zone decides promotion (non-captures may promote too).
    zone: ZoneRule,
    /// The piece being walked can promote (read under [`ZoneRule::Compulsory`]).
    can_promote: bool,
}

/// How the promotion zone takes part in [`Gen`]'s promotion choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ZoneRule {
    /// Promotion by capture (or no promotion): the zone plays no part.
    None,
    /// `promotion = zone-entry` (chu shogi): offered on entering the zone and on captures in
    /// it.
    Entry,
    /// `promotion = zone-compulsory` (modern Taikyoku): compulsory on ending in the zone or
    /// stopping there between legs.
    Compulsory,
}

impl ZoneRule {
    fn of(rule: PromotionRule) -> ZoneRule {
        match rule {
            PromotionRule::Entry(_) => ZoneRule::Entry,
            PromotionRule::ZoneCompulsory(_) => ZoneRule::Compulsory,
            _ => ZoneRule::None,
        }
    }
}

impl<S: MoveSink, const N: usize> Visitor for Gen<'_, S, N> {
    const MOVES: bool = true;

    #[inline(always)]
    fn quiet(&self) -> bool {
        !self.caps_only
    }

    /// Emits a move whose only capture (if any) is on `to`.
    #[inline]
    fn simple(&mut self, cx: &Ctx, to: usize, target: Piece) {
        if self.dedup && !self.seen.insert(cx.v.geo.dense(Square(to as u16))) {
            return;
        }
        let m = Move::new(cx.from, Square(to as u16));
        if target.is_piece() {
            let mut info = CapInfo::default();
            info.add(cx.v, target);
            self.emit(cx, m, info);
        } else {
            match self.zone {
                ZoneRule::None => self.sink.push_classified(m, false),
                ZoneRule::Entry => self.emit_entry(cx, m, CapInfo::default()),
                ZoneRule::Compulsory => self.emit_compulsory(cx, m, false),
            }
        }
    }

    #[inline]
    fn compound(&mut self, cx: &Ctx, m: Move, info: CapInfo) {
        self.emit(cx, m, info);
    }
}

impl<S: MoveSink, const N: usize> Gen<'_, S, N> {
    /// Emits a move under chu shogi's promotion rule (`promotion = zone-entry`).
    fn emit_entry(&mut self, cx: &Ctx, m: Move, info: CapInfo) {
        let v = cx.v;
        let f = v.form(cx.piece);
        if !f.can_promote {
            self.sink.push_classified(m, info.enemy);
            return;
        }
        let zb = &v.zone_bits;
        let zone = 1u8 << cx.us.index();
        let last = 4u8 << cx.us.index();
        let (from_in, to_in) = (
            zb[m.from().index()] & zone != 0,
            zb[m.to().index()] & zone != 0,
        );
        let entry = !from_in && to_in;
        let capture_in_zone = info.enemy && (from_in || to_in);
        let last_rank = f.last_rank_promotes && zb[m.to().index()] & last != 0;
        // `optional`: the last rank offers promotion of its own. Otherwise only entering or
        // capturing in the zone does, compulsorily on the last rank; `strict` refuses to leave
        // the piece unpromoted there.
        let zone_offers = entry || capture_in_zone;
        // `must-promote-where-immobile`: no declining where the piece would have no move.
        let may_decline = !f.must_promote_where_immobile || !v.must_promote_at(cx.piece, m.to());
        match v.def.rules.last_rank_promotion {
            LastRankPromotion::Optional if zone_offers || last_rank => {
                self.sink
                    .push_classified(m.with_promotion(Promotion::Promote), info.enemy);
                if may_decline {
                    self.sink
                        .push_classified(m.with_promotion(Promotion::Decline), info.enemy);
                }
            }
            LastRankPromotion::Compulsory | LastRankPromotion::Strict if last_rank => {
                if zone_offers {
                    self.sink
                        .push_classified(m.with_promotion(Promotion::Promote), info.enemy);
                } else if v.def.rules.last_rank_promotion == LastRankPromotion::Compulsory {
                    self.sink.push_classified(m, info.enemy);
                }
            }
            LastRankPromotion::Compulsory | LastRankPromotion::Strict if zone_offers => {
                self.sink
                    .push_classified(m.with_promotion(Promotion::Promote), info.enemy);
                if may_decline {
                    self.sink
                        .push_classified(m.with_promotion(Promotion::Decline), info.enemy);
                }
            }
            _ => self.sink.push_classified(m, info.enemy),
        }
    }

    /// Emits a move under `promotion = zone-compulsory`: it promotes when the piece can and
    /// the move ends in the zone or stops there between legs.
    #[inline]
    fn emit_compulsory(&mut self, cx: &Ctx, m: Move, enemy: bool) {
        if self.can_promote && cx.v.stops_in_zone(m, cx.us) {
            self.sink
                .push_classified(m.with_promotion(Promotion::Promote), enemy);
        } else {
            self.sink.push_classified(m, enemy);
        }
    }

    /// Emits a move with its promotion choices.
    #[inline]
    fn emit(&mut self, cx: &Ctx, m: Move, info: CapInfo) {
        match self.zone {
            ZoneRule::None => {}
            ZoneRule::Entry => return self.emit_entry(cx, m, info),
            ZoneRule::Compulsory => return self.emit_compulsory(cx, m, info.enemy),
        }
        if !info.enemy {
            self.sink.push_classified(m, info.enemy);
            return;
        }
        let f = cx.v.form(cx.piece);
        match cx.v.promotion() {
            PromotionRule::Capture => {
                if f.can_promote {
                    self.sink
                        .push_classified(m.with_promotion(Promotion::Promote), info.enemy);
                } else {
                    self.sink.push_classified(m, info.enemy);
                }
            }
            PromotionRule::Zone(_) | PromotionRule::Entry(_) | PromotionRule::ZoneCompulsory(_) => {
                self.sink.push_classified(m, info.enemy)
            }
            PromotionRule::CaptureOptional => match info.compelled(cx.v, cx.piece) {
                // Converted into the form it has: nothing changes.
                Some(q) if q == cx.piece => self.sink.push_classified(m, info.enemy),
                Some(_) => self
                    .sink
                    .push_classified(m.with_promotion(Promotion::Promote), info.enemy),
                None if f.can_promote => {
                    self.sink
                        .push_classified(m.with_promotion(Promotion::Promote), info.enemy);
                    if !f.must_promote_where_immobile || !cx.v.must_promote_at(cx.piece, m.to()) {
                        self.sink
                            .push_classified(m.with_promotion(Promotion::Decline), info.enemy);
                    }
                }
                None => self.sink.push_classified(m, info.enemy),
            },
        }
    }
}

impl<const N: usize> Position<N> {
    /// Generates every move (or only the moves that capture an enemy piece, for quiescence
    /// search, when `CAPS` is true) into `sink`.
    pub fn generate_into<S: MoveSink, const CAPS: bool>(&self, sink: &mut S) {
        self.generate_filtered::<S, CAPS>(sink, None);
    }

    /// For the side to move, in check: every move of only the pieces that might escape
    /// `danger` (the royal, the pieces that might move or capture on a cell the first
    /// checker's attack reads, and the others `Position::evasion_pieces` names), in
    /// [`Position::generate_into`]'s order, so that keeping the moves [`Position::may_escape`]
    /// allows (and those taking the opponent's sole royal) gives the same list as filtering
    /// every move would. A Taikyoku side in check walks a few dozen of its 402 programs
    /// instead of all.
    pub fn generate_evasions_into<S: MoveSink>(&self, danger: &Danger, sink: &mut S) {
        match self.evasion_pieces(danger) {
            Some(pieces) => self.generate_filtered::<S, false>(sink, Some(&pieces)),
            None => self.generate_filtered::<S, false>(sink, None),
        }
    }

    /// The captures of the side to move's pieces on `pieces` (dense squares, such as
    /// [`Position::capturers_of`] gives), in [`Position::generate_into`]'s order: the
    /// captures-only list with the other pieces' moves left out.
    pub fn generate_captures_of_into<S: MoveSink>(&self, pieces: &Bitboard<N>, sink: &mut S) {
        self.generate_filtered::<S, true>(sink, Some(pieces));
    }

    /// The moves of the pieces on `pieces` (None: all), through the rule filters: the one
    /// path both generators take, so that they cannot disagree on a rule.
    fn generate_filtered<S: MoveSink, const CAPS: bool>(
        &self,
        sink: &mut S,
        pieces: Option<&Bitboard<N>>,
    ) {
        if self.winner().is_some() {
            return;
        }
        if !self.variant.filters_moves {
            self.generate_of::<S, CAPS>(sink, pieces);
            return;
        }
        if self.bare_king_state().is_some() {
            return;
        }
        let mut f = crate::rules::lion_trading::LionFilter {
            pos: self,
            inner: sink,
        };
        self.generate_of::<_, CAPS>(&mut f, pieces);
    }

    /// Generates the moves of the side to move's pieces on `pieces` (dense squares; None: all),
    /// in piece-list order.
    fn generate_of<S: MoveSink, const CAPS: bool>(
        &self,
        sink: &mut S,
        pieces: Option<&Bitboard<N>>,
    ) {
        let us = self.side;
        let mut g = Gen::<S, N> {
            sink,
            caps_only: CAPS,
            dedup: false,
            seen: Bitboard::EMPTY,
            zone: ZoneRule::of(self.variant.promotion()),
            can_promote: false,
        };
        // Captures only: a piece whose captures are all near and that has no enemy piece near
        // is skipped (Ko's shooters, burners, priests and killing promoters never count as
        // near-only: the reach tables do not hold those captures).
        for &sq in &self.plist[us.index()] {
            if pieces.is_none_or(|b| b.has(self.variant.geo.dense(Square(sq))))
                && (!CAPS || self.may_capture_near(self.board[sq as usize], Square(sq)))
            {
                self.piece_into::<S, CAPS>(&mut g, Square(sq));
            }
        }
    }

    /// Generates the moves of the piece on `from` into the generator state `g`.
    #[inline]
    fn piece_into<S: MoveSink, const CAPS: bool>(&self, g: &mut Gen<'_, S, N>, from: Square) {
        let v = &*self.variant;
        let piece = self.board[from.index()];
        let prog = &v.programs[piece.index()];
        let (lo, hi) = prog.capture_only_zone;
        let caps_only = CAPS || (lo <= from.0 && from.0 < hi);
        if v.zone_promotion.is_some() {
            self.zone_piece_moves(from, caps_only, &mut *g.sink);
            return;
        }
        if prog.emperor {
            self.emperor_moves(from, caps_only, &mut *g.sink);
            return;
        }
        g.caps_only = caps_only;
        g.dedup = prog.dedup;
        g.can_promote = prog.can_promote;
        if prog.dedup {
            g.seen = Bitboard::EMPTY;
        }
        Walker::new(v, &self.board[..], from, &mut *g).program(prog);
        if g.zone == ZoneRule::Compulsory && g.can_promote && prog.pass {
            // A step into the zone between legs promotes: the lion's and the pass's outcomes
            // through an empty square there are moves of their own.
            self.zone_stop_moves(prog, from, caps_only, &mut *g.sink);
        } else if prog.pass && !caps_only && self.may_pass(prog, from) {
            g.sink.push(Move::new(from, from));
        }
    }

    /// Whether the piece on `from` (running `prog`, which has a pass) may pass: always, unless
    /// its pass needs an empty square to step out to (`pass-needs-empty`, or a pass from
    /// `{pass}` atoms) and it has none.
    pub(crate) fn may_pass(
        &self,
        prog: &crate::definition::program::Program,
        from: Square,
    ) -> bool {
        !(self.variant.def.rules.pass_needs_empty || prog.pass_needs_step)
            || self.can_pass(prog, from)
    }

    /// Under `promotion = zone-compulsory`, for a piece that can promote and has a pass (lion
    /// powers or `{pass}`): its passes, and the lion's moves through an empty square of the
    /// zone that end outside it. A step into the zone between legs promotes, so such a move
    /// differs from the jump to the same square, and a pass through the zone from the one
    /// through a square outside it. Captures-only generation keeps the lion moves that
    /// capture.
    fn zone_stop_moves<S: MoveSink>(
        &self,
        prog: &crate::definition::program::Program,
        from: Square,
        caps_only: bool,
        sink: &mut S,
    ) {
        let v = &*self.variant;
        let us = self.side;
        let f = from.0 as i32;
        let in_zone = |i: i32| v.in_promotion_zone(Square(i as u16), us);
        let needs_step = v.def.rules.pass_needs_empty || prog.pass_needs_step;
        let from_in = in_zone(f);
        // The passes: without stepping out (unless a step is needed), or through each empty
        // square it may step to; promoted when it starts in the zone or steps into it.
        let (mut plain, mut promoted) = (!needs_step && !from_in, !needs_step && from_in);
        let mut lion = false;
        self.for_each_pass_square(prog, from, |s| {
            if from_in || in_zone(s) {
                promoted = true;
            } else {
                plain = true;
            }
        });
        for op in &prog.rest {
            lion |= matches!(op, Op::Lion);
        }
        if !caps_only {
            if plain {
                sink.push(Move::new(from, from));
            }
            if promoted {
                sink.push(Move::new(from, from).with_promotion(Promotion::Promote));
            }
        }
        if !lion {
            return;
        }
        let mut done: ArrayVec<i32, 24> = ArrayVec::new();
        for &d1 in &v.king_steps {
            let m = f + d1;
            if self.board[m as usize] != Piece::EMPTY || !in_zone(m) {
                continue;
            }
            for &d2 in &v.king_steps {
                let t = m + d2;
                let p = self.board[t as usize];
                if t == f
                    || p == Piece::OFFBOARD
                    || (p.is_piece() && p.colour() == us)
                    || (caps_only && !p.is_piece())
                    || in_zone(t)
                    || done.contains(&t)
                {
                    continue;
                }
                done.push(t);
                let mv = Move::new(from, Square(t as u16)).with_promotion(Promotion::Promote);
                sink.push_classified(mv, p.is_piece());
            }
        }
    }

    /// Appends every move to `list`.
    pub fn generate(&self, list: &mut Vec<Move>) {
        self.generate_into::<_, false>(list);
    }

    /// Appends the moves that capture at least one enemy piece to `list`.
    pub fn generate_captures(&self, list: &mut Vec<Move>) {
        self.generate_into::<_, true>(list);
    }

    /// Every move, in a new list (convenience; the hot paths use [`Position::generate_into`]).
    pub fn moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.generate(&mut v);
        v
    }

    /// The number of moves (bulk counting for perft).
    pub fn count_moves(&self) -> u64 {
        let mut c = Counter::default();
        self.generate_into::<_, false>(&mut c);
        c.0
    }

    /// Whether a move is among this position's moves (for moves from untrusted sources such
    /// as a hash table). Generates only the moving piece's moves, without allocating.
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        let from = m.from();
        if !self.variant.geo.on_board(from.index()) {
            return false;
        }
        let p = self.board[from.index()];
        if !p.is_piece() || p.colour() != self.side {
            return false;
        }
        struct Find(Move, bool);
        impl MoveSink for Find {
            #[inline]
            fn push(&mut self, m: Move) {
                self.1 |= m == self.0;
            }
        }
        let mut f = Find(m, false);
        self.piece_moves_into(from, &mut f);
        f.1
    }

    /// The move of this position with the given [`Move::key`], if there is one (hash tables
    /// store keys; this both rebuilds the move and proves it legal here).
    pub fn move_from_key(&self, key: u64) -> Option<Move> {
        let from = Square((key & 0xfff) as u16);
        if !self.variant.geo.on_board(from.index()) {
            return None;
        }
        let p = self.board[from.index()];
        if !p.is_piece() || p.colour() != self.side {
            return None;
        }
        struct Find(u64, Option<Move>);
        impl MoveSink for Find {
            #[inline]
            fn push(&mut self, m: Move) {
                if self.1.is_none() && m.key() == self.0 {
                    self.1 = Some(m);
                }
            }
        }
        let mut f = Find(key, None);
        self.piece_moves_into(from, &mut f);
        f.1
    }

    /// The moves of the piece on `from` (which must belong to the side to move).
    pub(crate) fn piece_moves(&self, from: Square, list: &mut Vec<Move>) {
        self.piece_moves_into(from, list);
    }

    /// The moves of the piece on `from` (which must belong to the side to move), into any sink.
    pub(crate) fn piece_moves_into<S: MoveSink>(&self, from: Square, sink: &mut S) {
        if self.winner().is_some() || self.bare_king_state().is_some() {
            return;
        }
        if self.variant.def.rules.lion_trading {
            let mut f = crate::rules::lion_trading::LionFilter {
                pos: self,
                inner: sink,
            };
            self.one_piece_into(from, &mut f);
        } else {
            self.one_piece_into(from, sink);
        }
    }

    pub(crate) fn one_piece_into<S: MoveSink>(&self, from: Square, sink: &mut S) {
        let mut g = Gen::<S, N> {
            sink,
            caps_only: false,
            dedup: false,
            seen: Bitboard::EMPTY,
            zone: ZoneRule::of(self.variant.promotion()),
            can_promote: false,
        };
        self.piece_into::<S, false>(&mut g, from);
    }

    /// The emperor: any square the opponent does not attack (see `docs/rules.md`), or, under
    /// `emperor = all-but-protected-royals`, any empty square and any enemy piece but a
    /// protected royal one.
    fn emperor_moves<S: MoveSink>(&self, from: Square, caps_only: bool, sink: &mut S) {
        let v = &*self.variant;
        let us = self.side;
        let them = us.flip();
        if v.def.rules.emperor == EmperorRule::AllButProtectedRoyals {
            // Protection as it stands (our emperor on its square); the opponent's emperors'
            // own powers are not attacks, but an emperor of theirs can go to any empty square,
            // so it protects every other royal piece of its side.
            let mut protected = None;
            for (d, sq) in v.geo.all_squares().enumerate() {
                let d = DenseSquare::new(d);
                if sq == from {
                    continue;
                }
                let p = self.board[sq.index()];
                if !p.is_piece() {
                    if !caps_only {
                        sink.push(Move::new(from, sq));
                    }
                    continue;
                }
                if p.colour() == us {
                    continue;
                }
                if v.form(p).royal {
                    let emperor_elsewhere = self.plist[them.index()].iter().any(|&s| {
                        s as usize != sq.index() && v.form(self.board[s as usize]).emperor
                    });
                    if emperor_elsewhere
                        || protected
                            .get_or_insert_with(|| self.attacks(them, None))
                            .has(d)
                    {
                        continue;
                    }
                }
                sink.push(Move::new(from, sq));
            }
            return;
        }
        let attacked = self.attacks(them, Some(from));
        let prince = self.royals[us.index()] >= 2;
        let both_emperors = self.royals[0] == 1
            && self.royals[1] == 1
            && self.plist[them.index()]
                .iter()
                .any(|&s| v.form(self.board[s as usize]).emperor);
        let protected = if both_emperors {
            self.attacks(us, Some(from))
        } else {
            Bitboard::EMPTY
        };
        for (d, sq) in v.geo.all_squares().enumerate() {
            let d = DenseSquare::new(d);
            if sq == from {
                continue;
            }
            let p = self.board[sq.index()];
            if p.is_piece() {
                if p.colour() == us || attacked.has(d) {
                    continue;
                }
            } else if caps_only || (attacked.has(d) && !prince) {
                continue;
            }
            if both_emperors && !protected.has(d) {
                continue;
            }
            let m = Move::new(from, sq);
            if p.is_piece() {
                // An emperor never promotes or converts; the capture needs no choice.
                sink.push(m);
            } else {
                sink.push(m);
            }
        }
    }
}
