//! Move generation: interprets each piece's [`Program`](crate::program::Program) on the
//! mailbox and yields every distinct move once (notation.md's definition: same origin,
//! destination, captured squares and promotion choice make the same move).
//!
//! History is ignored here (repetition is the game layer's business). A finished game (a side
//! without royal pieces) has no moves.

use crate::bitboard::Bitboard;
use crate::geometry::{Colour, Square};
use crate::moves::{Counter, Move, MoveSink, Promotion};
use crate::position::Position;
use crate::program::{Op, CAPTURE, MOVE, UNLIMITED};
use crate::variant::{ChuRules, Piece, Variant};
use crate::variant_file::PromotionRule;

/// What a move captured, as far as promotion is concerned.
#[derive(Clone, Copy, Default)]
struct CapInfo {
    /// At least one enemy piece.
    enemy: bool,
    /// At least one promoted enemy piece.
    promoted: bool,
    /// Best converting capture: (priority, kind).
    convert: (u8, u16),
}

impl CapInfo {
    #[inline]
    fn add(&mut self, v: &Variant, p: Piece) {
        let f = v.form(p);
        self.enemy = true;
        self.promoted |= f.promoted;
        if f.converts > self.convert.0 {
            self.convert = (f.converts, f.kind as u16);
        }
    }
}

/// Per-piece generation state.
struct Gen<'a, S, const N: usize> {
    v: &'a Variant,
    board: &'a [Piece],
    sink: &'a mut S,
    from: Square,
    piece: Piece,
    us: Colour,
    caps_only: bool,
    dedup: bool,
    seen: Bitboard<N>,
    /// `promotion = zone-entry`: non-captures may promote too.
    entry: bool,
}

impl<S: MoveSink, const N: usize> Gen<'_, S, N> {
    #[inline]
    fn enemy(&self, p: Piece) -> bool {
        p.is_piece() && p.colour() != self.us
    }

    /// Emits a move whose only capture (if any) is on `to`.
    #[inline]
    fn simple(&mut self, to: usize, target: Piece) {
        if self.dedup && !self.seen.insert(self.v.geo.dense(Square(to as u16))) {
            return;
        }
        let m = Move::new(self.from, Square(to as u16));
        if target.is_piece() {
            let mut info = CapInfo::default();
            info.add(self.v, target);
            self.emit(m, info);
        } else if self.entry {
            self.emit_entry(m, CapInfo::default());
        } else {
            self.sink.push(m);
        }
    }

    /// Emits a move under chu shogi's promotion rule (`promotion = zone-entry`).
    fn emit_entry(&mut self, m: Move, info: CapInfo) {
        let v = self.v;
        let f = v.form(self.piece);
        if !f.can_promote {
            self.sink.push(m);
            return;
        }
        let zb = &v.zone_bits;
        let zone = 1u8 << self.us.index();
        let last = 4u8 << self.us.index();
        let (from_in, to_in) = (
            zb[m.from().index()] & zone != 0,
            zb[m.to().index()] & zone != 0,
        );
        let entry = !from_in && to_in;
        let capture_in_zone = info.enemy && (from_in || to_in);
        let last_rank = f.last_rank_promotes && zb[m.to().index()] & last != 0;
        // HaChu promotes a pawn or lance reaching the last rank only by entering the zone or
        // capturing in it, and never leaves one there unpromoted when it can promote.
        let hachu_can = entry || capture_in_zone;
        match v.chu_rules {
            ChuRules::Lishogi | ChuRules::Either if entry || capture_in_zone || last_rank => {
                self.sink.push(m.with_promotion(Promotion::Promote));
                self.sink.push(m.with_promotion(Promotion::Decline));
            }
            ChuRules::Hachu | ChuRules::Both if last_rank => {
                if hachu_can {
                    self.sink.push(m.with_promotion(Promotion::Promote));
                } else if v.chu_rules == ChuRules::Hachu {
                    self.sink.push(m);
                }
            }
            ChuRules::Hachu | ChuRules::Both if hachu_can => {
                self.sink.push(m.with_promotion(Promotion::Promote));
                self.sink.push(m.with_promotion(Promotion::Decline));
            }
            _ => self.sink.push(m),
        }
    }

    /// Emits a move with its promotion choices.
    #[inline]
    fn emit(&mut self, m: Move, info: CapInfo) {
        if self.entry {
            self.emit_entry(m, info);
            return;
        }
        if !info.enemy {
            self.sink.push(m);
            return;
        }
        let f = self.v.form(self.piece);
        match self.v.promotion() {
            PromotionRule::Capture => {
                if f.can_promote {
                    self.sink.push(m.with_promotion(Promotion::Promote));
                } else {
                    self.sink.push(m);
                }
            }
            PromotionRule::Zone(_) | PromotionRule::Entry(_) => self.sink.push(m),
            PromotionRule::CaptureOptional => {
                if info.convert.0 > 0 && !f.royal {
                    let form = Variant::form_of(info.convert.1 as usize, true);
                    if form == self.piece.form() {
                        self.sink.push(m);
                    } else {
                        self.sink.push(m.with_promotion(Promotion::Promote));
                    }
                } else if f.can_promote {
                    self.sink.push(m.with_promotion(Promotion::Promote));
                    if !info.promoted {
                        self.sink.push(m.with_promotion(Promotion::Decline));
                    }
                } else {
                    self.sink.push(m);
                }
            }
        }
    }

    /// Slides from `start` (exclusive) along `d` for up to `max` squares.
    #[inline]
    fn slide(&mut self, start: i32, d: i32, max: u8, modality: u8) {
        let mut t = start + d;
        let mut n = 0u8;
        loop {
            let p = self.board[t as usize];
            if p == Piece::EMPTY {
                if modality & MOVE != 0 && !self.caps_only {
                    self.simple(t as usize, p);
                }
            } else {
                if modality & CAPTURE != 0 && self.enemy(p) {
                    self.simple(t as usize, p);
                }
                return;
            }
            n += 1;
            if n == max {
                return;
            }
            t += d;
        }
    }

    #[inline]
    fn leap(&mut self, t: i32, modality: u8) {
        let p = self.board[t as usize];
        if p == Piece::EMPTY {
            if modality & MOVE != 0 && !self.caps_only {
                self.simple(t as usize, p);
            }
        } else if modality & CAPTURE != 0 && self.enemy(p) {
            self.simple(t as usize, p);
        }
    }

    fn run(&mut self, op: Op) {
        let from = self.from.0 as i32;
        match op {
            Op::Slide { d, max, modality } => self.slide(from, d, max, modality),
            Op::Leap { d, modality } => self.leap(from + d, modality),
            Op::JumpSlide {
                d,
                from: a,
                to: b,
                cont,
                modality,
            } => {
                let mut t = from;
                for k in 1..=b {
                    t += d;
                    let p = self.board[t as usize];
                    if p == Piece::OFFBOARD {
                        return;
                    }
                    if k < a {
                        continue;
                    }
                    if p == Piece::EMPTY {
                        if modality & MOVE != 0 && !self.caps_only {
                            self.simple(t as usize, p);
                        }
                        self.slide(t, d, cont, modality);
                    } else if modality & CAPTURE != 0 && self.enemy(p) {
                        self.simple(t as usize, p);
                    }
                }
            }
            Op::PassOver {
                d,
                n,
                max,
                modality,
            } => {
                let mut t = from + d;
                let mut passed = 0u8;
                let mut dist = 0u8;
                loop {
                    let p = self.board[t as usize];
                    if p == Piece::OFFBOARD {
                        return;
                    }
                    if p == Piece::EMPTY {
                        if modality & MOVE != 0 && !self.caps_only {
                            self.simple(t as usize, p);
                        }
                    } else {
                        if modality & CAPTURE != 0 && self.enemy(p) {
                            self.simple(t as usize, p);
                        }
                        if passed == n {
                            return;
                        }
                        passed += 1;
                    }
                    dist += 1;
                    if dist == max {
                        return;
                    }
                    t += d;
                }
            }
            Op::RangeCapture { d } => self.range_capture(d),
            Op::JumpCapture { d } => {
                let mut t = from + d;
                loop {
                    let p = self.board[t as usize];
                    if p == Piece::OFFBOARD {
                        return;
                    }
                    if self.enemy(p) {
                        self.simple(t as usize, p);
                    }
                    t += d;
                }
            }
            Op::Hook { d, p1, p2 } => {
                let mut t = from + d;
                loop {
                    let p = self.board[t as usize];
                    if p != Piece::EMPTY {
                        if self.enemy(p) {
                            self.simple(t as usize, p);
                        }
                        return;
                    }
                    if !self.caps_only {
                        self.simple(t as usize, p);
                    }
                    self.slide(t, p1, UNLIMITED, MOVE | CAPTURE);
                    self.slide(t, p2, UNLIMITED, MOVE | CAPTURE);
                    t += d;
                }
            }
            Op::LionLine { d, n, skip_area } => self.lion_line(d, n, skip_area),
            Op::Igui { d } => {
                let t = from + d;
                let p = self.board[t as usize];
                if self.enemy(p) {
                    let mut info = CapInfo::default();
                    info.add(self.v, p);
                    let m = Move::with_mids(self.from, Square(t as u16), None, self.from);
                    self.emit(m, info);
                }
            }
            Op::Lion => self.lion(),
            Op::Emperor
            | Op::Double { .. }
            | Op::Steps { .. }
            | Op::MultiLine { .. }
            | Op::Priest { .. } => {
                unreachable!("the emperor and the Ko atoms are generated by the position")
            }
        }
    }

    fn range_capture(&mut self, d: i32) {
        let from = self.from.0 as i32;
        let rank = self.v.form(self.piece).rank;
        let mut info = CapInfo::default();
        let mut flown = false;
        let mut t = from + d;
        loop {
            let p = self.board[t as usize];
            if p == Piece::OFFBOARD {
                return;
            }
            let to = Square(t as u16);
            if p == Piece::EMPTY {
                if !flown {
                    if !self.caps_only {
                        self.simple(t as usize, p);
                    }
                } else if !self.caps_only || info.enemy {
                    self.emit(Move::range(self.from, to), info);
                }
            } else {
                if self.enemy(p) {
                    if !flown {
                        self.simple(t as usize, p);
                    } else {
                        let mut i = info;
                        i.add(self.v, p);
                        self.emit(Move::range(self.from, to), i);
                    }
                }
                if self.v.form(p).rank >= rank {
                    return;
                }
                if self.enemy(p) {
                    info.add(self.v, p);
                }
                flown = true;
            }
            t += d;
        }
    }

    /// Lion moves along one line (`y` in `docs/variant-format.md`, rules in `docs/rules.md`):
    /// single steps forward or back along the line (never beyond the origin), the first leg
    /// optionally a jump from the origin to the k-th square; every square landed on must be
    /// empty, hold an enemy piece (captured) or be the origin.
    fn lion_line(&mut self, d: i32, n: u8, skip_area: bool) {
        let from = self.from.0 as i32;
        let mut sq = [0i32; 4];
        let mut p = [Piece::EMPTY; 4];
        let mut len = 0usize;
        for k in 1..=n as usize {
            let t = from + d * k as i32;
            let q = self.board[t as usize];
            if q == Piece::OFFBOARD {
                break;
            }
            sq[k] = t;
            p[k] = q;
            len = k;
        }
        // End states (final position, bit set of captured positions).
        let mut found = [(0u8, 0u8); 32];
        let mut nf = 0usize;
        let us = self.us;
        #[allow(clippy::too_many_arguments)]
        fn walk(
            p: &[Piece; 4],
            len: usize,
            us: Colour,
            pos: usize,
            left: u8,
            first: bool,
            mask: u8,
            found: &mut [(u8, u8); 32],
            nf: &mut usize,
        ) {
            let mut legs = [(0usize, 0u8); 5];
            let mut nl = 0;
            legs[nl] = (pos + 1, 1);
            nl += 1;
            if pos > 0 {
                legs[nl] = (pos - 1, 1);
                nl += 1;
            }
            if first {
                for k in 2..=left as usize {
                    legs[nl] = (k, k as u8);
                    nl += 1;
                }
            }
            for &(next, cost) in &legs[..nl] {
                if cost > left || next > len {
                    continue;
                }
                let mut m = mask;
                if next > 0 && mask & (1 << next) == 0 {
                    let q = p[next];
                    if q.is_piece() {
                        if q.colour() == us {
                            continue;
                        }
                        m |= 1 << next;
                    }
                }
                let state = (next as u8, m);
                if !found[..*nf].contains(&state) {
                    found[*nf] = state;
                    *nf += 1;
                }
                walk(p, len, us, next, left - cost, false, m, found, nf);
            }
        }
        walk(&p, len, us, 0, n, true, 0, &mut found, &mut nf);
        for &(f, mask) in &found[..nf] {
            let f = f as usize;
            if f == 0 && mask == 0 {
                continue; // the pass, emitted once per piece
            }
            if skip_area && (f == 0 || f == 2 || (f == 1 && mask & 0b100 == 0)) {
                continue; // the area lion yields these
            }
            let extra = mask & !(1u8 << f);
            if extra == 0 {
                if p[f] == Piece::EMPTY && self.caps_only {
                    continue;
                }
                self.simple(sq[f] as usize, p[f]);
                continue;
            }
            let mut info = CapInfo::default();
            let mut mids = [0u16; 2];
            let mut nm = 0;
            for k in 1..=len {
                if mask & (1 << k) != 0 {
                    info.add(self.v, p[k]);
                    if k != f {
                        mids[nm] = sq[k] as u16;
                        nm += 1;
                    }
                }
            }
            let to = if f == 0 {
                self.from
            } else {
                Square(sq[f] as u16)
            };
            let mid2 = (nm == 2).then_some(Square(mids[1]));
            self.emit(Move::with_mids(self.from, Square(mids[0]), mid2, to), info);
        }
    }

    /// The area lion: every square within two (steps or jump), captures on the first step
    /// followed by a second step (igui when it returns).
    fn lion(&mut self) {
        let from = self.from.0 as i32;
        for &d in self.v.king_steps.iter().chain(self.v.ring_two.iter()) {
            let t = from + d;
            let p = self.board[t as usize];
            if p == Piece::EMPTY {
                if !self.caps_only {
                    self.simple(t as usize, p);
                }
            } else if self.enemy(p) {
                self.simple(t as usize, p);
            }
        }
        for &d1 in &self.v.king_steps {
            let m1 = from + d1;
            let p1 = self.board[m1 as usize];
            if !self.enemy(p1) {
                continue;
            }
            let mut base = CapInfo::default();
            base.add(self.v, p1);
            // Igui.
            self.emit(
                Move::with_mids(self.from, Square(m1 as u16), None, self.from),
                base,
            );
            for &d2 in &self.v.king_steps {
                let t = m1 + d2;
                if t == from {
                    continue;
                }
                let p2 = self.board[t as usize];
                let mut info = base;
                if p2 == Piece::EMPTY {
                } else if self.enemy(p2) {
                    info.add(self.v, p2);
                } else {
                    continue;
                }
                let m = Move::with_mids(self.from, Square(m1 as u16), None, Square(t as u16));
                self.emit(m, info);
            }
        }
    }
}

impl<const N: usize> Position<N> {
    /// Generates every move (or only the moves that capture an enemy piece, for quiescence
    /// search, when `CAPS` is true) into `sink`.
    pub fn generate_into<S: MoveSink, const CAPS: bool>(&self, sink: &mut S) {
        if self.winner().is_some() {
            return;
        }
        if !self.variant.chu {
            self.generate_all::<S, CAPS>(sink);
            return;
        }
        if self.bare_king_state().is_some() {
            return;
        }
        let mut f = crate::chu::LionFilter {
            pos: self,
            inner: sink,
        };
        self.generate_all::<_, CAPS>(&mut f);
    }

    fn generate_all<S: MoveSink, const CAPS: bool>(&self, sink: &mut S) {
        let us = self.side;
        let mut g = Gen::<S, N> {
            v: &self.variant,
            board: &self.board,
            sink,
            from: Square(0),
            piece: Piece::EMPTY,
            us,
            caps_only: CAPS,
            dedup: false,
            seen: Bitboard::EMPTY,
            entry: matches!(self.variant.promotion(), PromotionRule::Entry(_)),
        };
        for &sq in &self.plist[us.index()] {
            self.piece_into::<S, CAPS>(&mut g, Square(sq));
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
        if v.ko.is_some() {
            self.ko_piece_moves(from, caps_only, &mut *g.sink);
            return;
        }
        if prog.emperor {
            self.emperor_moves(from, caps_only, &mut *g.sink);
            return;
        }
        g.from = from;
        g.piece = piece;
        g.caps_only = caps_only;
        g.dedup = prog.dedup;
        if prog.dedup {
            g.seen = Bitboard::EMPTY;
        }
        let f = from.0 as i32;
        for s in &prog.slides {
            g.slide(f, s.d, s.max, s.modality);
        }
        for l in &prog.leaps {
            g.leap(f + l.d, l.modality);
        }
        for &op in &prog.rest {
            g.run(op);
        }
        if prog.pass && !caps_only && (!v.def.rules.pass_needs_empty || self.can_pass(prog, from)) {
            g.sink.push(Move::new(from, from));
        }
    }

    /// Whether the piece on `at` of `board` (a copy of this position's mailbox, possibly
    /// changed) could capture on `target` (chu shogi's protection tests).
    pub(crate) fn attacks_on(&self, board: &[Piece], at: Square, target: Square) -> bool {
        struct Hit(Square, bool);
        impl MoveSink for Hit {
            fn push(&mut self, m: Move) {
                if m.to() == self.0 || m.stops().any(|s| s == self.0) {
                    self.1 = true;
                }
            }
        }
        let v = &*self.variant;
        let piece = board[at.index()];
        let prog = &v.programs[piece.index()];
        let mut hit = Hit(target, false);
        let mut g = Gen::<Hit, N> {
            v,
            board,
            sink: &mut hit,
            from: at,
            piece,
            us: piece.colour(),
            caps_only: true,
            dedup: false,
            seen: Bitboard::EMPTY,
            entry: false,
        };
        let f = at.0 as i32;
        for s in &prog.slides {
            g.slide(f, s.d, s.max, s.modality);
        }
        for l in &prog.leaps {
            g.leap(f + l.d, l.modality);
        }
        for &op in &prog.rest {
            g.run(op);
        }
        hit.1
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
    pub fn piece_moves(&self, from: Square, list: &mut Vec<Move>) {
        self.piece_moves_into(from, list);
    }

    /// The moves of the piece on `from` (which must belong to the side to move), into any sink.
    pub fn piece_moves_into<S: MoveSink>(&self, from: Square, sink: &mut S) {
        if self.winner().is_some() || self.bare_king_state().is_some() {
            return;
        }
        if self.variant.def.rules.lion_trading {
            let mut f = crate::chu::LionFilter {
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
            v: &self.variant,
            board: &self.board,
            sink,
            from,
            piece: Piece::EMPTY,
            us: self.side,
            caps_only: false,
            dedup: false,
            seen: Bitboard::EMPTY,
            entry: matches!(self.variant.promotion(), PromotionRule::Entry(_)),
        };
        self.piece_into::<S, false>(&mut g, from);
    }

    /// The emperor: any square the opponent does not attack (see `docs/rules.md`).
    fn emperor_moves<S: MoveSink>(&self, from: Square, caps_only: bool, sink: &mut S) {
        let v = &*self.variant;
        let us = self.side;
        let them = us.flip();
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
