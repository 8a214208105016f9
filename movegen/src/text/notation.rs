//! Notation (`docs/notation.md`): positions and moves, printed canonically and parsed
//! strictly, with errors that say what is wrong and where.

use std::collections::BTreeSet;
use std::fmt;
use std::sync::Arc;

use crate::board::geometry::{Colour, Square};
use crate::board::moves::{Move, Promotion};
use crate::board::position::Position;
use crate::definition::piece::Piece;
use crate::definition::program::Op;
use crate::definition::variant::Variant;

/// A notation error: what was wrong, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError(pub String);

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotationError {}

fn err<T>(msg: impl Into<String>) -> Result<T, NotationError> {
    Err(NotationError(msg.into()))
}

/// The effect of a move: what docs/notation.md uses to tell moves apart (distinct moves).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Effect {
    /// Origin.
    pub from: Square,
    /// Destination.
    pub to: Square,
    /// Every square whose piece the move removes, ascending.
    pub captured: Vec<Square>,
    /// Promotion choice.
    pub promotion: Promotion,
}

impl<const N: usize> Position<N> {
    /// Parses a position (`<board> <side> <extra> <move-number>`), `startpos`, or a TSFEN
    /// (`<board> <move-counter>`, the Taikyoku site's format: [`Position::parse_tsfen`]).
    pub fn parse(variant: Arc<Variant>, text: &str) -> Result<Position<N>, NotationError> {
        let text = text.trim();
        if text == "startpos" {
            return Ok(Position::startpos(variant));
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() == 2 && fields[0].contains(',') {
            return Position::parse_tsfen(variant, text);
        }
        if fields.len() != 4 {
            return err(format!(
                "a position has 4 fields (board, side, extra, move number), or 2 as a TSFEN (board with comma-separated cells, move counter), found {}",
                fields.len()
            ));
        }
        let mut pos = Position::empty(variant.clone());
        let geo = &variant.geo;
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != geo.ranks() {
            return err(format!(
                "the board has {} ranks separated by '/', found {}",
                geo.ranks(),
                rows.len()
            ));
        }
        for (row, text) in rows.iter().enumerate() {
            let rank = crate::board::geometry::rank_letters(row);
            let chars: Vec<char> = text.chars().collect();
            let mut col = 0usize;
            let mut i = 0usize;
            while i < chars.len() {
                let c = chars[i];
                if c.is_ascii_digit() {
                    let start = i;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        i += 1;
                    }
                    let s: String = chars[start..i].iter().collect();
                    let n: usize = s.parse().unwrap_or(0);
                    if n == 0 || chars[start] == '0' {
                        return err(format!(
                            "rank {rank}: '{s}' is not a count of empty squares"
                        ));
                    }
                    // Checked: a count near the integer's limit must not wrap around.
                    col = match col.checked_add(n) {
                        Some(c) if c <= geo.files() => c,
                        _ => {
                            return err(format!(
                                "rank {rank} has more than {} squares",
                                geo.files()
                            ))
                        }
                    };
                    continue;
                }
                let promoted = c == '+';
                if promoted {
                    i += 1;
                }
                let (code, next) = match chars.get(i) {
                    Some('(') => {
                        let close = chars[i..].iter().position(|&c| c == ')').ok_or_else(|| {
                            NotationError(format!("rank {rank}: '(' without ')'"))
                        })?;
                        let code: String = chars[i + 1..i + close].iter().collect();
                        (code, i + close + 1)
                    }
                    Some(&c) if c.is_ascii_alphabetic() => (c.to_string(), i + 1),
                    Some(&c) => {
                        return err(format!("rank {rank}: unexpected character '{c}'"));
                    }
                    None => return err(format!("rank {rank}: '+' at the end of the rank")),
                };
                i = next;
                let colour = if !code.is_empty() && code.chars().all(|c| c.is_ascii_uppercase()) {
                    Colour::Black
                } else if !code.is_empty() && code.chars().all(|c| c.is_ascii_lowercase()) {
                    Colour::White
                } else {
                    return err(format!(
                        "rank {rank}: piece code '{code}' must be all upper case (Black) or all lower case (White)"
                    ));
                };
                let upper = code.to_ascii_uppercase();
                let kind = variant.def.kind_by_code(&upper).ok_or_else(|| {
                    NotationError(format!(
                        "rank {rank}: '{code}' is not a piece of {}",
                        variant.def.id
                    ))
                })?;
                if upper.len() == 1 && chars[next - 1] == ')' {
                    return err(format!(
                        "rank {rank}: one-letter code '{code}' is written without parentheses"
                    ));
                }
                let form = Variant::form_of(kind, promoted);
                if !variant.forms[form].exists {
                    return err(format!("rank {rank}: '{code}' cannot be promoted"));
                }
                if col >= geo.files() {
                    return err(format!("rank {rank} has more than {} squares", geo.files()));
                }
                pos.put(geo.square(col, row), Piece::new(form, colour));
                col += 1;
            }
            if col != geo.files() {
                return err(format!(
                    "rank {rank} has {col} squares, the board has {} files",
                    geo.files()
                ));
            }
        }
        let side = match fields[1] {
            "b" => Colour::Black,
            "w" => Colour::White,
            s => return err(format!("side to move '{s}' is not 'b' or 'w'")),
        };
        pos.set_side(side);
        match &variant.zone_promotion {
            Some(ko) if !ko.letters.is_empty() => {
                // Letters in a fixed order: Black's (upper case), then White's (lower case).
                let order: Vec<(char, u8)> = ko
                    .letters
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| (c, 1u8 << i))
                    .chain(
                        ko.letters
                            .iter()
                            .enumerate()
                            .map(|(i, &c)| (c.to_ascii_lowercase(), 1u8 << (i + 4))),
                    )
                    .collect();
                let mut bits = 0u8;
                if fields[2] != "-" {
                    let mut next = 0;
                    for c in fields[2].chars() {
                        match order[next..].iter().position(|&(l, _)| l == c) {
                            Some(k) => {
                                bits |= order[next + k].1;
                                next += k + 1;
                            }
                            None => {
                                let all: String = order.iter().map(|&(c, _)| c).collect();
                                return err(format!(
                                    "extra field '{}': letters are a subset of '{all}' in that order, or '-'",
                                    fields[2]
                                ));
                            }
                        }
                    }
                }
                pos.set_extra(bits);
            }
            _ if variant.def.rules.lion_trading => {
                if fields[2] != "-" {
                    let sq = match variant.geo.parse_square(fields[2]) {
                        Ok(sq) => sq,
                        Err(e) => {
                            return err(format!(
                                "extra field '{}' is not '-' or the counter-strike square: {e}",
                                fields[2]
                            ))
                        }
                    };
                    let at_dest = pos.board[sq.index()].is_piece();
                    pos.set_strike(
                        sq.0 | if at_dest {
                            crate::rules::lion_trading::STRIKE_AT_DESTINATION
                        } else {
                            0
                        },
                    );
                }
            }
            _ => {
                if fields[2] != "-" {
                    return err(format!(
                        "extra field '{}' must be '-' in {}",
                        fields[2], variant.def.id
                    ));
                }
            }
        }
        let n: u32 = match fields[3].parse() {
            Ok(n)
                if (1..=1_000_000_000).contains(&n)
                    && fields[3].bytes().all(|b| b.is_ascii_digit())
                    && !fields[3].starts_with('0') =>
            {
                n
            }
            _ => {
                return err(format!(
                    "move number '{}' is not an integer from 1 to 1000000000",
                    fields[3]
                ))
            }
        };
        pos.set_move_number(n);
        Ok(pos)
    }

    /// The position in notation.
    pub fn to_notation(&self) -> String {
        let v = &*self.variant;
        let geo = &v.geo;
        let mut s = String::new();
        for row in 0..geo.ranks() {
            if row > 0 {
                s.push('/');
            }
            let mut empty = 0;
            for col in 0..geo.files() {
                let p = self.board[geo.square(col, row).index()];
                if p.is_piece() {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&v.piece_code(p));
                } else {
                    empty += 1;
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
        }
        format!(
            "{} {} {} {}",
            s,
            self.side.letter(),
            self.extra_string(),
            self.move_number
        )
    }

    /// The extra field (`-` when there is no state).
    pub fn extra_string(&self) -> String {
        let mut s = String::new();
        if let Some(ko) = &self.variant.zone_promotion {
            for (i, &c) in ko.letters.iter().enumerate() {
                if self.extra & (1 << i) != 0 {
                    s.push(c);
                }
            }
            for (i, &c) in ko.letters.iter().enumerate() {
                if self.extra & (1 << (i + 4)) != 0 {
                    s.push(c.to_ascii_lowercase());
                }
            }
        }
        if let Some(sq) = self.counter_strike() {
            s.push_str(&self.variant.geo.square_name(sq));
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    /// The squares of a move's path as notation writes them (origin, stops and captures on the
    /// way, destination).
    pub fn move_path(&self, m: Move) -> Vec<Square> {
        let mut p = vec![m.from()];
        p.extend(m.stops());
        p.push(m.to());
        p
    }

    /// The canonical notation of a move of this position.
    pub fn move_to_string(&self, m: Move) -> String {
        let geo = &self.variant.geo;
        let mut s: String = self
            .move_path(m)
            .into_iter()
            .map(|sq| geo.square_name(sq))
            .collect();
        for shot in m.shots() {
            s.push('*');
            s.push_str(&geo.square_name(shot));
        }
        match m.promotion() {
            Promotion::None => {}
            Promotion::Promote => s.push('+'),
            Promotion::Decline => s.push('='),
        }
        s
    }

    /// Calls `f` with each square (and piece) a move of this position removes, without
    /// allocating.
    pub fn for_each_captured(&self, m: Move, mut f: impl FnMut(Square, Piece)) {
        if m.is_range() {
            let d = self.line_step(m.from(), m.to());
            self.for_each_flown(m.from(), m.to(), d, &mut f);
        }
        for mid in m.stops() {
            let p = self.board[mid.index()];
            if p.is_piece() {
                f(mid, p);
            }
        }
        let to = m.to();
        if to != m.from() && self.board[to.index()].is_piece() {
            f(to, self.board[to.index()]);
        }
        for shot in m.shots() {
            f(shot, self.board[shot.index()]);
        }
        if let Some(ko) = &self.variant.zone_promotion {
            let mover = self.board[m.from().index()];
            let us = mover.colour();
            let v = &*self.variant;
            if v.programs[mover.index()].burns {
                self.for_each_burned(m, us, &mut f);
            }
            if m.promotion() == Promotion::Promote {
                for &form in &ko.kill_on_promotion[v.form(mover).kind] {
                    for sq in self.squares_of_form(form, us.flip()) {
                        let sq = Square(sq);
                        if m.stops().all(|s| s != sq) && m.shots().all(|s| s != sq) && sq != m.to()
                        {
                            f(sq, self.board[sq.index()]);
                        }
                    }
                }
            }
        }
    }

    /// The move in Hodges-style notation for people (`P-12h`, `ORx7c+`, `LNx!5f` for igui,
    /// `LNx5fx5g` for a double capture): the piece's code (`+` in front if promoted), the
    /// origin square when another piece of the same code could make a move to the same
    /// destination, `-` or `x`, the captures on the way, the destination, and the promotion
    /// mark.
    pub fn hodges(&self, m: Move) -> String {
        let v = &*self.variant;
        let geo = &v.geo;
        let piece = self.board[m.from().index()];
        let mut s = v.piece_code(piece).replace(['(', ')'], "").to_uppercase();
        let mut others = Vec::new();
        for sq in self.pieces(self.side) {
            if sq != m.from() && self.board[sq.index()] == piece {
                self.piece_moves(sq, &mut others);
            }
        }
        if others.iter().any(|o| o.to() == m.to()) {
            s.push_str(&geo.square_name(m.from()));
        }
        let mut any_capture = false;
        self.for_each_captured(m, |_, _| any_capture = true);
        let mids: Vec<Square> = m.stops().collect();
        if m.to() == m.from() && !mids.is_empty() {
            s.push_str(&format!("x!{}", geo.square_name(mids[0])));
        } else {
            for mid in &mids {
                s.push('x');
                s.push_str(&geo.square_name(*mid));
            }
            let at_dest = m.to() != m.from() && self.board[m.to().index()].is_piece();
            s.push(if at_dest || (any_capture && mids.is_empty()) {
                'x'
            } else {
                '-'
            });
            s.push_str(&geo.square_name(m.to()));
        }
        match m.promotion() {
            Promotion::Promote => s.push('+'),
            Promotion::Decline => s.push('='),
            Promotion::None => {}
        }
        s
    }

    /// What a move of this position removes, and where it goes.
    pub fn effect(&self, m: Move) -> Effect {
        let mut captured = BTreeSet::new();
        self.for_each_captured(m, |sq, _| {
            captured.insert(sq);
        });
        Effect {
            from: m.from(),
            to: m.to(),
            captured: captured.into_iter().collect(),
            promotion: m.promotion(),
        }
    }

    /// The enemy pieces (of the side to move) around `to`, other than on `from`: what a
    /// burning piece moving from `from` burns on arriving there, together with what it
    /// captured on the way.
    fn burnable_around(&self, to: Square, from: Square) -> Vec<Square> {
        let mut out = Vec::new();
        for &d in &self.variant.king_steps {
            let sq = Square((to.0 as i32 + d) as u16);
            let p = self.board[sq.index()];
            if sq != from && p.is_piece() && p.colour() != self.side {
                out.push(sq);
            }
        }
        out
    }

    /// Parses a move in notation and finds it among this position's moves. Accepts the
    /// canonical form, and for pieces with lion moves any other valid path with the same
    /// effect. A compulsory promotion may be written with or without `+`; where promotion is
    /// optional, a move without suffix declines it.
    pub fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let geo = &self.variant.geo;
        let t = text.trim();
        let (body, suffix) = match t.chars().last() {
            Some('+') => (&t[..t.len() - 1], Some(Promotion::Promote)),
            Some('=') => (&t[..t.len() - 1], Some(Promotion::Decline)),
            _ => (t, None),
        };
        let mut parts = body.split('*');
        let path_text = parts.next().unwrap_or("");
        let mut shots = Vec::new();
        for shot in parts {
            shots.push(
                geo.parse_square(shot)
                    .map_err(|e| NotationError(format!("move '{text}': shot: {e}")))?,
            );
        }
        shots.sort();
        let mut path = Vec::new();
        let b: Vec<char> = path_text.chars().collect();
        let mut i = 0;
        while i < b.len() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            while i < b.len() && b[i].is_ascii_lowercase() {
                i += 1;
            }
            if i == start {
                return err(format!("move '{text}': unexpected character '{}'", b[i]));
            }
            let sq: String = b[start..i].iter().collect();
            path.push(
                geo.parse_square(&sq)
                    .map_err(|e| NotationError(format!("move '{text}': {e}")))?,
            );
        }
        if path.len() < 2 {
            return err(format!(
                "move '{text}' needs at least two squares (from and to)"
            ));
        }
        let from = path[0];
        let p = self.board[from.index()];
        if !p.is_piece() {
            return err(format!(
                "move '{text}': no piece on {}",
                geo.square_name(from)
            ));
        }
        if p.colour() != self.side {
            return err(format!(
                "move '{text}': the piece on {} is not the side to move's",
                geo.square_name(from)
            ));
        }
        let mut moves = Vec::new();
        self.piece_moves(from, &mut moves);
        let lionish = self.variant.programs[p.index()].ops.iter().any(|op| {
            matches!(
                op,
                Op::Lion
                    | Op::LionLine { .. }
                    | Op::Igui { .. }
                    | Op::Pass { .. }
                    | Op::Double { .. }
                    | Op::Steps { .. }
                    | Op::MultiLine { .. }
                    | Op::Priest { .. }
            )
        });
        let path_effect = if lionish && path.len() >= 3 {
            self.lion_path_effect(&path)
        } else {
            None
        };
        let burns = self.variant.programs[p.index()].burns;
        let matches_path = |m: Move| -> bool {
            let mut ms: Vec<Square> = m.shots().collect();
            ms.sort();
            if ms != shots {
                return false;
            }
            if self.move_path(m) == path {
                return true;
            }
            match &path_effect {
                Some((to, caps)) => {
                    let mut own = BTreeSet::new();
                    for s in m.stops() {
                        if self.board[s.index()].is_piece() {
                            own.insert(s);
                        }
                    }
                    if m.to() != m.from() && self.board[m.to().index()].is_piece() {
                        own.insert(m.to());
                    }
                    let mut want: BTreeSet<Square> = caps.iter().copied().collect();
                    if burns {
                        // A burning piece also removes the enemies around where it ends, so
                        // a capture on the way may be one it would burn anyway.
                        let around = self.burnable_around(*to, from);
                        own.extend(around.iter().copied());
                        want.extend(around);
                    }
                    m.to() == *to && own == want
                }
                None => false,
            }
        };
        let candidates: Vec<Move> = moves.into_iter().filter(|&m| matches_path(m)).collect();
        if candidates.is_empty() {
            return err(format!(
                "move '{text}' is not a legal move in this position"
            ));
        }
        // Under `zone-compulsory` a path of steps that stops in the zone promotes, so a path
        // written through a square of the zone names the promoting move; without such a path,
        // a move that can be made with and without promotion (a lion's jump out of the zone,
        // or its step into it and out again) is read as the one that does not promote, as the
        // Taikyoku site's protocol reads it.
        let compulsory = matches!(
            self.variant.promotion(),
            crate::definition::variant_file::PromotionRule::ZoneCompulsory(_)
        );
        let path_promotes = path_effect.is_some()
            && self.variant.form(p).can_promote
            && path[1..]
                .iter()
                .any(|&s| self.variant.in_promotion_zone(s, self.side));
        let chosen: Vec<Move> = candidates
            .iter()
            .copied()
            .filter(|m| match suffix {
                Some(s) => m.promotion() == s,
                None if compulsory && path_effect.is_some() => {
                    (m.promotion() == Promotion::Promote) == path_promotes
                }
                None if compulsory => {
                    m.promotion() != Promotion::Promote
                        || !candidates.iter().any(|c| c.promotion() == Promotion::None)
                }
                None => match m.promotion() {
                    Promotion::None | Promotion::Decline => true,
                    Promotion::Promote => !candidates
                        .iter()
                        .any(|c| c.promotion() == Promotion::Decline),
                },
            })
            .collect();
        match chosen.as_slice() {
            [m] => Ok(*m),
            [] => match suffix {
                Some(Promotion::Promote) => err(format!("move '{text}': this move cannot promote")),
                _ => err(format!("move '{text}': this move cannot decline promotion")),
            },
            _ => err(format!("move '{text}' is ambiguous")),
        }
    }

    /// For a path of lion steps (each leg within two squares), the destination and the set of
    /// captured squares (every listed square after the origin holding an enemy piece).
    fn lion_path_effect(&self, path: &[Square]) -> Option<(Square, Vec<Square>)> {
        let geo = &self.variant.geo;
        let mut caps = BTreeSet::new();
        for w in path.windows(2) {
            let (a, b) = (w[0], w[1]);
            if geo.king_distance(a, b) > 5 {
                return None;
            }
        }
        for &sq in &path[1..] {
            let p = self.board[sq.index()];
            if p.is_piece() && p.colour() != self.side {
                caps.insert(sq);
            }
        }
        Some((*path.last()?, caps.into_iter().collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINI: &str = "\
[variant]
id = mini
name = Mini
board = 5x5
promotion = capture
repetition = fourfold
[pieces]
K | King | - | - | K | royal
P | Pawn | - | G | fW |
G | Gold | - | - | WfF |
LN | Lion | - | - | {lion} |
FL | Ferocious leopard | - | B | FvW |
B | Bishop | - | - | B |
[setup]
2: . . P . .
1: . (LN) K . .
";

    fn var() -> Arc<Variant> {
        Variant::from_text("mini", &MINI.replace("(LN)", "LN")).unwrap()
    }

    #[test]
    fn startpos_round_trips() {
        let v = var();
        let p = Position::<1>::startpos(v.clone());
        let s = p.to_notation();
        assert_eq!(s, "2k(ln)1/2p2/5/2P2/1(LN)K2 b - 1");
        let q = Position::<1>::parse(v, &s).unwrap();
        assert_eq!(q.to_notation(), s);
        assert_eq!(q.hash(), p.hash());
    }

    #[test]
    fn bad_positions_say_what_and_where() {
        let v = var();
        for (bad, needle) in [
            ("5/5/5/5/5 b -", "4 fields"),
            ("5/5/5/5 b - 1", "5 ranks"),
            ("5/5/5/5/6 b - 1", "rank e"),
            ("5/5/5/5/4 b - 1", "rank e has 4 squares"),
            ("5/5/5/5/4X b - 1", "'X' is not a piece"),
            ("5/5/5/5/4(Ln) b - 1", "all upper case"),
            ("5/5/5/5/4(K) b - 1", "without parentheses"),
            ("5/5/5/5/4+K b - 1", "cannot be promoted"),
            ("5/5/5/5/4(LN b - 1", "without ')'"),
            ("5/5/5/5/5 x - 1", "side to move"),
            ("5/5/5/5/5 b x 1", "extra field"),
            ("5/5/5/5/5 b - 0", "move number"),
            ("5/5/5/5/05 b - 1", "count of empty"),
            ("5/5/5/5/4* b - 1", "unexpected character '*'"),
            // Counts that would wrap around the integer's limit (issue 10).
            (
                "5/5/5/5/1p18446744073709551615p2 b - 1",
                "more than 5 squares",
            ),
            (
                "5/5/5/5/2p18446744073709551614p b - 1",
                "more than 5 squares",
            ),
            ("5/5/5/5/99999999999999999999999 b - 1", "count of empty"),
            ("5/5/5/5/5 b - 01", "move number"),
            ("5/5/5/5/5 b - 4294967297", "move number"),
        ] {
            let e = Position::<1>::parse(v.clone(), bad).unwrap_err();
            assert!(e.0.contains(needle), "{bad}: {e}");
        }
    }

    #[test]
    fn moves_round_trip_and_bad_moves_are_explained() {
        let v = var();
        let p = Position::<1>::parse(v, "k4/5/1p3/1(LN)K2/5 b - 1").unwrap();
        for m in p.moves() {
            let s = p.move_to_string(m);
            assert_eq!(p.parse_move(&s).unwrap(), m, "{s}");
        }
        // Lion: capture on 4c then step to 3b, written two ways.
        let a = p.parse_move("4d4c3b").unwrap();
        assert_eq!(p.effect(a).captured.len(), 1);
        // Two steps through an empty square is the jump.
        assert_eq!(
            p.parse_move("4d5c5b").unwrap(),
            p.parse_move("4d5b").unwrap()
        );
        // Igui and pass.
        assert_eq!(
            p.parse_move("4d4c4d").unwrap().to(),
            p.parse_move("4d4d").unwrap().to()
        );
        for (bad, needle) in [
            ("4d", "two squares"),
            ("4d9z", "file 9"),
            ("1a2a", "no piece"),
            ("4c4d", "not the side to move"),
            ("3d3a", "not a legal move"),
            ("4d4c+", "cannot promote"),
            ("4d-4c", "unexpected character"),
        ] {
            let e = p.parse_move(bad).unwrap_err();
            assert!(e.0.contains(needle), "{bad}: {e}");
        }
    }
}
