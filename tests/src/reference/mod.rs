//! Reference move generator: slow, simple, written straight from the rules text (the seeds in
//! shared/seeds/ and docs/rules-decisions.md), independently of `movegen/`.
//!
//! * `pieces.rs`: the movement language the piece tables are written in, and the tables' types.
//! * `taikyoku.rs`, `daidai.rs`, `maka.rs`, `ko.rs`: one piece table and setup per variant.
//! * this file: positions (a plain mailbox), move generation, promotion, play, perft, notation.
//! * `chu.rs`: chu shogi (docs/chu.md, lishogi's rules): its pieces, setup, lion
//!   moves, lion trading, counter-strike (the extra field), promotion and game end.
//! * `dai.rs`: Dai shogi (docs/rules-decisions.md): chu's pieces and eight more, its setup and
//!   its promotion rule; generated and played by chu.rs's code, without chu's lion rules.
//! * `tai.rs`: Tai shogi (docs/rules-decisions.md): QBoard's setup and promotions, Dai dai's,
//!   Maka dai dai's and chu's pieces and nine of its own; played by this file's code.
//! * `ko_rules.rs`: Ko shogi's own rules (docs/ko.md): shots, multiple moves, burning, its
//!   promotions and reversions, the extra field, the end of the game.
//! * `atsa.rs`, `atsa_table.rs`: modern Taikyoku (`taikyoku-atsa`, the rules of
//!   taikyoku-shogi.github.io and tomatene-v1): the site's piece table in its own Betza dialect,
//!   a reader for that dialect, compulsory zone promotion, the site's range capture, and path
//!   counts as tomatene counts them.
//!
//! Moves are generated piece by piece as (destination, set of removed squares); duplicates (two
//! paths with the same effect) are removed by sorting, then the promotion choices are attached.

mod atsa;
mod atsa_table;
#[cfg(test)]
mod atsa_tests;
mod chu;
mod dai;
mod daidai;
mod ko;
mod ko_rules;
mod maka;
mod pieces;
mod tai;
mod taikyoku;
#[cfg(test)]
mod tests;

use pieces::{Atom, PieceType, PromotionRule, Variant};
use rayon::prelude::*;
use std::sync::OnceLock;

/// Promotion choice of a move, as docs/notation.md defines (`+`, `=`, or nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RefPromotion {
    /// No choice: the move cannot promote.
    None,
    /// `+`: promotes.
    Promote,
    /// `=`: could promote and does not.
    Decline,
}

/// A move identified by its effect (docs/notation.md: two moves are the same move when they have
/// the same origin, destination, set of captured squares and promotion choice).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RefMove {
    /// Square in notation, e.g. "12k", "36jj".
    pub from: String,
    /// Destination (== from for igui / pass).
    pub to: String,
    /// Every square whose piece the move removes (enemy pieces, and friendly pieces a range
    /// capturer flies over; in Ko shogi also pieces shot or burned, and the enemy poison flames
    /// removed because the clerk promoted), sorted ascending as strings, no duplicates.
    pub captured: Vec<String>,
    /// The promotion choice.
    pub promotion: RefPromotion,
}

/// A piece on the board: its kind (index in the variant's kind table), colour (0 Black, 1 White)
/// and whether it has promoted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Piece {
    kind: u16,
    color: u8,
    promoted: bool,
}

/// A position: a mailbox of n*n squares, row 0 = rank a (top), column 0 = file n (left as Black
/// sees the board).
#[derive(Clone, Debug)]
pub struct RefPosition {
    v: &'static Variant,
    n: usize,
    sq: Vec<Option<Piece>>,
    side: u8,
    /// The extra field: Ko shogi's guards' zone state (bits of ko_rules::EXTRA_LETTERS); chu's
    /// counter-strike square + 1 (chu.rs); 0 (written `-`) when empty and in the other variants.
    extra: u8,
    move_number: u32,
}

impl PartialEq for RefPosition {
    fn eq(&self, o: &Self) -> bool {
        std::ptr::eq(self.v, o.v)
            && self.sq == o.sq
            && self.side == o.side
            && self.extra == o.extra
            && self.move_number == o.move_number
    }
}
impl Eq for RefPosition {}

/// A move inside the generator: squares are board indices, `caps` sorted ascending.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct IMove {
    from: u16,
    to: u16,
    caps: Vec<u16>,
    promo: RefPromotion,
}

/// One destination of one piece: where it ends and what it removes (sorted).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Raw {
    to: u16,
    caps: Vec<u16>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Empty,
    Friend,
    Enemy,
}

static TAIKYOKU: OnceLock<Variant> = OnceLock::new();
static DAIDAI: OnceLock<Variant> = OnceLock::new();
static MAKA: OnceLock<Variant> = OnceLock::new();
static KO: OnceLock<Variant> = OnceLock::new();
static CHU: OnceLock<Variant> = OnceLock::new();
static ATSA: OnceLock<Variant> = OnceLock::new();
static DAI: OnceLock<Variant> = OnceLock::new();
static TAI: OnceLock<Variant> = OnceLock::new();
static TAI_QBOARD: OnceLock<Variant> = OnceLock::new();

fn variant(name: &str) -> Option<&'static Variant> {
    match name {
        "taikyoku" => Some(TAIKYOKU.get_or_init(taikyoku::build)),
        "dai-dai" => Some(DAIDAI.get_or_init(daidai::build)),
        "maka-dai-dai" => Some(MAKA.get_or_init(maka::build)),
        "ko" => Some(KO.get_or_init(ko::build)),
        "chu" => Some(CHU.get_or_init(chu::build)),
        "taikyoku-atsa" => Some(ATSA.get_or_init(atsa::build)),
        "dai" => Some(DAI.get_or_init(dai::build)),
        "tai" => Some(TAI.get_or_init(tai::build)),
        "tai-qboard" => Some(TAI_QBOARD.get_or_init(tai::build_qboard_emperor)),
        _ => None,
    }
}

/// Square name in docs/notation.md's format.
fn square_name(n: usize, idx: usize) -> String {
    let c = idx % n;
    let r = idx / n;
    let file = n - c;
    let rank = if r < 26 {
        ((b'a' + r as u8) as char).to_string()
    } else {
        let ch = (b'a' + (r - 26) as u8) as char;
        format!("{ch}{ch}")
    };
    format!("{file}{rank}")
}

/// Parses a square name; None if malformed or off the board.
fn parse_square(n: usize, s: &str) -> Option<usize> {
    let digits: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
    let letters = &s[digits.len()..];
    if digits.is_empty() || digits.starts_with('0') {
        return None;
    }
    let file: usize = digits.parse().ok()?;
    let lb = letters.as_bytes();
    let r = match lb.len() {
        1 if lb[0].is_ascii_lowercase() => (lb[0] - b'a') as usize,
        2 if lb[0] == lb[1] && (b'a'..=b'j').contains(&lb[0]) => 26 + (lb[0] - b'a') as usize,
        _ => return None,
    };
    if file < 1 || file > n || r >= n {
        return None;
    }
    Some(r * n + (n - file))
}

impl RefPosition {
    /// variant: "taikyoku" | "dai-dai" | "maka-dai-dai" | "ko" | "chu" | "taikyoku-atsa" | "dai" |
    /// "tai" | "tai-qboard" (Tai with QBoard's emperor).
    /// text: a
    /// position in docs/notation.md's format, or "startpos". Errors are a message, never a panic.
    pub fn parse(variant_name: &str, text: &str) -> Result<RefPosition, String> {
        let v = variant(variant_name).ok_or_else(|| {
            format!(
                "unknown variant `{variant_name}` \
                 (taikyoku, dai-dai, maka-dai-dai, ko, chu, taikyoku-atsa, dai, tai, tai-qboard)"
            )
        })?;
        let n = v.size;
        let text = text.trim();
        if text == "startpos" {
            let mut sq = vec![None; n * n];
            for &(row, col, kind) in &v.setup {
                sq[row * n + col] = Some(Piece {
                    kind: kind as u16,
                    color: 0,
                    promoted: false,
                });
                sq[(n - 1 - row) * n + (n - 1 - col)] = Some(Piece {
                    kind: kind as u16,
                    color: 1,
                    promoted: false,
                });
            }
            return Ok(RefPosition {
                v,
                n,
                sq,
                side: 0,
                extra: 0,
                move_number: 1,
            });
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 4 {
            return Err(format!(
                "a position has 4 fields (board side extra move-number), found {}",
                fields.len()
            ));
        }
        let side = match fields[1] {
            "b" => 0,
            "w" => 1,
            s => return Err(format!("side to move must be `b` or `w`, found `{s}`")),
        };
        let extra = if v.rule == PromotionRule::Ko {
            ko_rules::parse_extra(fields[2])?
        } else if v.rule == PromotionRule::Chu {
            chu::parse_extra(n, fields[2])?
        } else if fields[2] != "-" {
            return Err(format!(
                "extra field must be `-` in {variant_name}, found `{}`",
                fields[2]
            ));
        } else {
            0
        };
        let move_number: u32 = match fields[3].parse() {
            Ok(m) if m >= 1 && !fields[3].starts_with('+') => m,
            _ => {
                return Err(format!(
                    "move number must be a positive integer, found `{}`",
                    fields[3]
                ))
            }
        };
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != n {
            return Err(format!(
                "board has {} ranks, {variant_name} needs {n}",
                ranks.len()
            ));
        }
        let mut sq = Vec::with_capacity(n * n);
        for (ri, rank) in ranks.iter().enumerate() {
            let rank_label = square_name(n, ri * n + n - 1);
            let rank_label = rank_label.trim_start_matches(|c: char| c.is_ascii_digit());
            let err = |msg: String| Err(format!("rank {} (`{}`): {}", rank_label, rank, msg));
            let chars: Vec<char> = rank.chars().collect();
            let mut i = 0;
            let mut width = 0usize;
            while i < chars.len() {
                let ch = chars[i];
                if ch.is_ascii_digit() {
                    let start = i;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        i += 1;
                    }
                    let num: String = chars[start..i].iter().collect();
                    if num.starts_with('0') {
                        return err(format!("bad empty-square count `{num}`"));
                    }
                    let k: usize = match num.parse() {
                        Ok(k) => k,
                        Err(_) => return err(format!("bad empty-square count `{num}`")),
                    };
                    if k > n || width + k > n {
                        return err(format!("more than {n} squares"));
                    }
                    width += k;
                    if width > n {
                        return err(format!("more than {n} squares"));
                    }
                    for _ in 0..k {
                        sq.push(None);
                    }
                    continue;
                }
                let mut promoted = false;
                if ch == '+' {
                    promoted = true;
                    i += 1;
                    if i >= chars.len() {
                        return err("`+` at the end of a rank".into());
                    }
                }
                let code: String;
                if chars[i] == '(' {
                    let start = i + 1;
                    let mut j = start;
                    while j < chars.len() && chars[j] != ')' {
                        j += 1;
                    }
                    if j >= chars.len() {
                        return err("unclosed `(`".into());
                    }
                    code = chars[start..j].iter().collect();
                    if code.len() < 2 {
                        return err(format!(
                            "`({code})`: one-letter codes are written without parentheses"
                        ));
                    }
                    i = j + 1;
                } else if chars[i].is_ascii_alphabetic() {
                    code = chars[i].to_string();
                    i += 1;
                } else {
                    return err(format!("unexpected character `{}`", chars[i]));
                }
                if !code.chars().all(|c| c.is_ascii_alphabetic()) {
                    return err(format!("bad piece code `{code}`"));
                }
                let upper = code.chars().all(|c| c.is_ascii_uppercase());
                let lower = code.chars().all(|c| c.is_ascii_lowercase());
                if !upper && !lower {
                    return err(format!("piece code `{code}` mixes upper and lower case"));
                }
                let kind = match v.kind_by_code(&code.to_ascii_uppercase()) {
                    Some(k) => k,
                    None => return err(format!("unknown piece code `{code}` in {variant_name}")),
                };
                if promoted && v.kinds[kind].promo.is_none() {
                    return err(format!("`+{code}`: this piece does not promote"));
                }
                width += 1;
                if width > n {
                    return err(format!("more than {n} squares"));
                }
                sq.push(Some(Piece {
                    kind: kind as u16,
                    color: if upper { 0 } else { 1 },
                    promoted,
                }));
            }
            if width != n {
                return err(format!("{width} squares, {variant_name} needs {n}"));
            }
        }
        Ok(RefPosition {
            v,
            n,
            sq,
            side,
            extra,
            move_number,
        })
    }

    /// The position in docs/notation.md's format (board, side, extra field, move number).
    pub fn to_notation(&self) -> String {
        let n = self.n;
        let mut s = String::new();
        for r in 0..n {
            if r > 0 {
                s.push('/');
            }
            let mut empty = 0;
            for c in 0..n {
                match self.sq[r * n + c] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        if p.promoted {
                            s.push('+');
                        }
                        let code = &self.v.kinds[p.kind as usize].code;
                        let code = if p.color == 0 {
                            code.clone()
                        } else {
                            code.to_ascii_lowercase()
                        };
                        if code.len() == 1 {
                            s += &code;
                        } else {
                            s += &format!("({code})");
                        }
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
        }
        format!(
            "{} {} {} {}",
            s,
            if self.side == 0 { "b" } else { "w" },
            if self.v.rule == PromotionRule::Chu {
                chu::extra_string(n, self.extra)
            } else {
                ko_rules::extra_string(self.extra)
            },
            self.move_number
        )
    }

    /// Every distinct move (no history: repetition is not considered). Empty when the game is
    /// over.
    pub fn moves(&self) -> Vec<RefMove> {
        let mut out: Vec<RefMove> = self.gen_moves().iter().map(|m| self.ref_move(m)).collect();
        out.sort();
        out
    }

    /// The position after the move (copying is fine here). The move must be one of moves().
    pub fn play(&self, m: &RefMove) -> RefPosition {
        let im = self
            .internal_move(m)
            .unwrap_or_else(|e| panic!("play: {e}"));
        if !self.gen_moves().contains(&im) {
            panic!(
                "play: {m:?} is not a {} move of {}",
                self.v.name,
                self.to_notation()
            );
        }
        self.play_internal(&im)
    }

    /// Perft: number of leaf nodes at depth (depth 0 = 1). The root is parallelised with rayon.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth <= 1 {
            return self.perft_seq(depth);
        }
        let ms = self.gen_moves();
        ms.par_iter()
            .map(|m| self.play_internal(m).perft_seq(depth - 1))
            .sum()
    }

    /// Chu: every distinct move with the number of lishogi path strings that make it (§10.1
    /// of docs/chu.md; `perft --paths`). taikyoku-atsa: with the number of tomatene's paths
    /// (atsa.rs). Other variants: one path per move.
    pub fn moves_with_paths(&self) -> Vec<(RefMove, u64)> {
        let mut out: Vec<(RefMove, u64)> = self
            .gen_moves_with_paths()
            .iter()
            .map(|(m, n)| (self.ref_move(m), *n))
            .collect();
        out.sort();
        out
    }

    /// Perft counting lishogi's path strings (chu) or tomatene's paths (taikyoku-atsa); the
    /// same as `perft` elsewhere.
    pub fn perft_paths(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let ms = self.gen_moves_with_paths();
        ms.par_iter()
            .map(|(m, n)| n * self.play_internal(m).perft_paths_seq(depth - 1))
            .sum()
    }

    fn perft_paths_seq(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.gen_moves_with_paths()
            .iter()
            .map(|(m, n)| {
                if depth == 1 {
                    *n
                } else {
                    n * self.play_internal(m).perft_paths_seq(depth - 1)
                }
            })
            .sum()
    }

    /// Every distinct move with its number of paths.
    fn gen_moves_with_paths(&self) -> Vec<(IMove, u64)> {
        match self.v.rule {
            PromotionRule::Atsa => self.atsa_moves_counted(),
            PromotionRule::Chu => self
                .gen_moves()
                .into_iter()
                .map(|m| {
                    let n = self.chu_paths(&m);
                    (m, n)
                })
                .collect(),
            _ => self.gen_moves().into_iter().map(|m| (m, 1)).collect(),
        }
    }

    fn perft_seq(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.gen_moves().len() as u64,
            _ => self
                .gen_moves()
                .iter()
                .map(|m| self.play_internal(m).perft_seq(depth - 1))
                .sum(),
        }
    }

    // ------------------------------------------------------------------ conversions

    fn ref_move(&self, m: &IMove) -> RefMove {
        let mut captured: Vec<String> = m
            .caps
            .iter()
            .map(|&c| square_name(self.n, c as usize))
            .collect();
        captured.sort();
        RefMove {
            from: square_name(self.n, m.from as usize),
            to: square_name(self.n, m.to as usize),
            captured,
            promotion: m.promo,
        }
    }

    fn internal_move(&self, m: &RefMove) -> Result<IMove, String> {
        let sq = |s: &str| parse_square(self.n, s).ok_or_else(|| format!("bad square `{s}`"));
        let mut caps = Vec::new();
        for c in &m.captured {
            caps.push(sq(c)? as u16);
        }
        caps.sort_unstable();
        caps.dedup();
        Ok(IMove {
            from: sq(&m.from)? as u16,
            to: sq(&m.to)? as u16,
            caps,
            promo: m.promotion,
        })
    }

    // ------------------------------------------------------------------ board helpers

    fn ty(&self, p: Piece) -> &'static PieceType {
        let k = &self.v.kinds[p.kind as usize];
        if p.promoted {
            &self.v.types[k.promo.expect("promoted piece without promotion")]
        } else {
            &self.v.types[k.base]
        }
    }

    fn is_emperor(&self, p: Piece) -> bool {
        self.ty(p).atoms.iter().any(|a| matches!(a, Atom::Emperor))
    }

    /// Whether a piece that moves as the emperor stands on the board (for diagnostics:
    /// `tests/examples/reference_diagnostics.rs`).
    pub fn has_emperor(&self) -> bool {
        self.sq.iter().flatten().any(|&q| self.is_emperor(q))
    }

    /// The square `k` steps of (dc, dr) away from `from`, if on the board.
    fn at(&self, from: usize, dc: i32, dr: i32, k: i32) -> Option<usize> {
        let n = self.n as i32;
        let c = (from % self.n) as i32 + dc * k;
        let r = (from / self.n) as i32 + dr * k;
        if c < 0 || r < 0 || c >= n || r >= n {
            None
        } else {
            Some((r * n + c) as usize)
        }
    }

    fn cell(&self, idx: usize, color: u8) -> Cell {
        match self.sq[idx] {
            None => Cell::Empty,
            Some(p) if p.color == color => Cell::Friend,
            Some(_) => Cell::Enemy,
        }
    }

    fn has_royal(&self, color: u8) -> bool {
        self.sq
            .iter()
            .flatten()
            .any(|&p| p.color == color && self.ty(p).royal)
    }

    // ------------------------------------------------------------------ move generation

    /// All distinct moves of the side to move.
    fn gen_moves(&self) -> Vec<IMove> {
        if self.v.rule == PromotionRule::Ko {
            return self.ko_gen_moves();
        }
        if matches!(self.v.rule, PromotionRule::Chu | PromotionRule::Dai) {
            return self.chu_gen_moves();
        }
        if self.v.rule == PromotionRule::Atsa {
            return self.atsa_gen_moves();
        }
        let mut out = Vec::new();
        if !self.has_royal(0) || !self.has_royal(1) {
            return out;
        }
        let n = self.n;
        let mut raw = Vec::new();
        for from in 0..n * n {
            let p = match self.sq[from] {
                Some(p) if p.color == self.side => p,
                _ => continue,
            };
            raw.clear();
            self.gen_piece(from, &mut raw);
            raw.sort_unstable();
            raw.dedup();
            // Taikyoku: a listed piece on its furthest rank may only make capturing moves.
            let restricted = self.v.furthest_rank_rule && self.ty(p).restricted && {
                let row = from / n;
                (p.color == 0 && row == 0) || (p.color == 1 && row == n - 1)
            };
            for r in raw.drain(..) {
                if restricted
                    && !r
                        .caps
                        .iter()
                        .any(|&c| self.cell(c as usize, p.color) == Cell::Enemy)
                {
                    continue;
                }
                for &promo in self.promotion_options(p, &r.caps) {
                    out.push(IMove {
                        from: from as u16,
                        to: r.to,
                        caps: r.caps.clone(),
                        promo,
                    });
                }
            }
        }
        out
    }

    /// The promotion choices of a move of `mover` removing `caps`.
    fn promotion_options(&self, mover: Piece, caps: &[u16]) -> &'static [RefPromotion] {
        const NONE: &[RefPromotion] = &[RefPromotion::None];
        const PROMOTE: &[RefPromotion] = &[RefPromotion::Promote];
        const BOTH: &[RefPromotion] = &[RefPromotion::Promote, RefPromotion::Decline];
        let enemies: Vec<Piece> = caps
            .iter()
            .filter_map(|&c| self.sq[c as usize])
            .filter(|q| q.color != mover.color)
            .collect();
        if enemies.is_empty() {
            return NONE;
        }
        let can_promote = !mover.promoted && self.v.kinds[mover.kind as usize].promo.is_some();
        match self.v.rule {
            PromotionRule::CaptureCompulsory => {
                if can_promote {
                    PROMOTE
                } else {
                    NONE
                }
            }
            PromotionRule::Ko => unreachable!("Ko promotion is in ko_rules.rs"),
            PromotionRule::Chu | PromotionRule::Dai => {
                unreachable!("chu and dai promotion is in chu.rs")
            }
            PromotionRule::Atsa => unreachable!("taikyoku-atsa promotion is in atsa.rs"),
            PromotionRule::Maka => {
                if !self.ty(mover).royal {
                    if let Some(special) = self.maka_special(mover, &enemies) {
                        return if special == mover { NONE } else { PROMOTE };
                    }
                }
                if !can_promote {
                    NONE
                } else if enemies.iter().any(|q| q.promoted) {
                    PROMOTE
                } else {
                    BOTH
                }
            }
        }
    }

    /// Maka dai dai: what a non-royal capturer becomes when it captures a deva / teaching king
    /// (a teaching king) or a dark spirit / Buddhist spirit (a Buddhist spirit); None otherwise.
    fn maka_special(&self, mover: Piece, enemies: &[Piece]) -> Option<Piece> {
        let to = |k: Option<usize>| {
            k.map(|k| Piece {
                kind: k as u16,
                color: mover.color,
                promoted: true,
            })
        };
        let captures =
            |k: Option<usize>| k.is_some_and(|k| enemies.iter().any(|q| q.kind as usize == k));
        if captures(self.v.deva) {
            to(self.v.deva)
        } else if captures(self.v.dark_spirit) {
            to(self.v.dark_spirit)
        } else {
            None
        }
    }

    fn play_internal(&self, m: &IMove) -> RefPosition {
        if self.v.rule == PromotionRule::Ko {
            return self.ko_play(m);
        }
        if matches!(self.v.rule, PromotionRule::Chu | PromotionRule::Dai) {
            return self.chu_play(m);
        }
        let mut next = self.clone();
        let from = m.from as usize;
        let mut mover = self.sq[from].expect("play: no piece on the origin square");
        if m.promo == RefPromotion::Promote {
            let enemies: Vec<Piece> = m
                .caps
                .iter()
                .filter_map(|&c| self.sq[c as usize])
                .filter(|q| q.color != mover.color)
                .collect();
            let special = if self.v.rule == PromotionRule::Maka && !self.ty(mover).royal {
                self.maka_special(mover, &enemies)
            } else {
                None
            };
            mover = match special {
                Some(p) => p,
                None => Piece {
                    promoted: true,
                    ..mover
                },
            };
        }
        for &c in &m.caps {
            next.sq[c as usize] = None;
        }
        next.sq[from] = None;
        next.sq[m.to as usize] = Some(mover);
        next.side = 1 - self.side;
        next.move_number = self.move_number + 1;
        next
    }

    /// Every (destination, removed squares) of the piece on `from`, possibly with duplicates.
    fn gen_piece(&self, from: usize, out: &mut Vec<Raw>) {
        let p = self.sq[from].expect("gen_piece on an empty square");
        let color = p.color;
        // Directions are written for Black; White's are rotated by 180 degrees.
        let s = if color == 0 { 1 } else { -1 };
        let push = |out: &mut Vec<Raw>, to: usize, caps: &[usize]| {
            let mut caps: Vec<u16> = caps.iter().map(|&c| c as u16).collect();
            caps.sort_unstable();
            caps.dedup();
            out.push(Raw {
                to: to as u16,
                caps,
            });
        };
        // Slide up to `max` squares from `start` (exclusive) along (dc, dr), starting after `k0`
        // steps: lands on empty squares, captures the first enemy, stops before a friend.
        let slide = |out: &mut Vec<Raw>, dc: i32, dr: i32, k0: i32, max: u32| {
            let mut k = k0 + 1;
            let mut count = 0u32;
            while count < max {
                let t = match self.at(from, dc, dr, k) {
                    Some(t) => t,
                    None => break,
                };
                match self.cell(t, color) {
                    Cell::Empty => push(out, t, &[]),
                    Cell::Enemy => {
                        push(out, t, &[t]);
                        break;
                    }
                    Cell::Friend => break,
                }
                k += 1;
                count += 1;
            }
        };
        for atom in &self.ty(p).atoms {
            match atom {
                Atom::Slide { dirs, max } => {
                    for d in dirs {
                        slide(out, d.dc * s, d.dr * s, 0, *max);
                    }
                }
                Atom::Jump {
                    dirs,
                    first,
                    last,
                    cont,
                } => {
                    for d in dirs {
                        let (dc, dr) = (d.dc * s, d.dr * s);
                        for k in *first..=*last {
                            let k = k as i32;
                            let t = match self.at(from, dc, dr, k) {
                                Some(t) => t,
                                None => break,
                            };
                            match self.cell(t, color) {
                                Cell::Friend => {}
                                Cell::Enemy => push(out, t, &[t]),
                                Cell::Empty => {
                                    push(out, t, &[]);
                                    if *cont > 0 {
                                        slide(out, dc, dr, k, *cont);
                                    }
                                }
                            }
                        }
                    }
                }
                Atom::Over { dirs, limit } => {
                    for d in dirs {
                        let (dc, dr) = (d.dc * s, d.dr * s);
                        let mut passed = 0u32; // occupied squares strictly before the k-th
                        let mut k = 1;
                        while let Some(t) = self.at(from, dc, dr, k) {
                            if passed > *limit {
                                break;
                            }
                            match self.cell(t, color) {
                                Cell::Empty => push(out, t, &[]),
                                Cell::Enemy => {
                                    push(out, t, &[t]);
                                    passed += 1;
                                }
                                Cell::Friend => passed += 1,
                            }
                            k += 1;
                        }
                    }
                }
                Atom::RangeCapture { dirs, rank } => {
                    for d in dirs {
                        let (dc, dr) = (d.dc * s, d.dr * s);
                        let mut flown: Vec<usize> = Vec::new();
                        let mut k = 1;
                        while let Some(t) = self.at(from, dc, dr, k) {
                            match self.sq[t] {
                                None => push(out, t, &flown),
                                Some(q) => {
                                    if q.color != color {
                                        let mut caps = flown.clone();
                                        caps.push(t);
                                        push(out, t, &caps);
                                    }
                                    // May it fly over this piece?
                                    let qt = self.ty(q);
                                    let flyable = !qt.royal && qt.rc_rank.is_none_or(|r| r > *rank);
                                    if !flyable {
                                        break;
                                    }
                                    flown.push(t);
                                }
                            }
                            k += 1;
                        }
                    }
                }
                Atom::CaptureFar { dirs } => {
                    for d in dirs {
                        let (dc, dr) = (d.dc * s, d.dr * s);
                        let mut k = 1;
                        while let Some(t) = self.at(from, dc, dr, k) {
                            if self.cell(t, color) == Cell::Enemy {
                                push(out, t, &[t]);
                            }
                            k += 1;
                        }
                    }
                }
                Atom::Hook { dirs, within } => {
                    for d in dirs {
                        let (dc, dr) = (d.dc * s, d.dr * s);
                        let mut k = 1;
                        while let Some(t) = self.at(from, dc, dr, k) {
                            match self.cell(t, color) {
                                Cell::Empty => {
                                    push(out, t, &[]);
                                    // Turn 90 degrees here (either way, or only into another
                                    // of the atom's directions) and range on.
                                    for (pc, pr) in [(-dr, dc), (dr, -dc)] {
                                        if *within
                                            && !dirs
                                                .iter()
                                                .any(|e| e.dc * s == pc && e.dr * s == pr)
                                        {
                                            continue;
                                        }
                                        let mut j = 1;
                                        while let Some(u) = self.at(t, pc, pr, j) {
                                            match self.cell(u, color) {
                                                Cell::Empty => push(out, u, &[]),
                                                Cell::Enemy => {
                                                    push(out, u, &[u]);
                                                    break;
                                                }
                                                Cell::Friend => break,
                                            }
                                            j += 1;
                                        }
                                    }
                                }
                                Cell::Enemy => {
                                    push(out, t, &[t]);
                                    break;
                                }
                                Cell::Friend => break,
                            }
                            k += 1;
                        }
                    }
                }
                Atom::LionLine { dirs, steps } => {
                    for d in dirs {
                        let mut caps = Vec::new();
                        self.lion_line(
                            from,
                            color,
                            d.dc * s,
                            d.dr * s,
                            0,
                            *steps,
                            true,
                            &mut caps,
                            out,
                        );
                    }
                }
                Atom::Lion => self.lion(from, color, out),
                Atom::Igui => {
                    for (dc, dr) in KING_STEPS {
                        if let Some(t) = self.at(from, dc, dr, 1) {
                            if self.cell(t, color) == Cell::Enemy {
                                push(out, from, &[t]);
                            }
                        }
                    }
                }
                Atom::Leap { offsets } => {
                    for o in offsets {
                        if let Some(t) = self.at(from, o.dc * s, o.dr * s, 1) {
                            match self.cell(t, color) {
                                Cell::Empty => push(out, t, &[]),
                                Cell::Enemy => push(out, t, &[t]),
                                Cell::Friend => {}
                            }
                        }
                    }
                }
                Atom::Emperor => self.emperor(from, color, out),
                Atom::MoveOnly { .. }
                | Atom::LeapMoveOnly { .. }
                | Atom::Legs { .. }
                | Atom::Cavalry
                | Atom::Roam { .. }
                | Atom::Priest { .. }
                | Atom::Shoot(_)
                | Atom::Burn => panic!("Ko shogi atom {atom:?} outside Ko shogi"),
            }
        }
    }

    /// Lion area move: one or two king steps (capturing on either; the first may instead be
    /// jumped), a jump to any square within two, igui, and pass.
    fn lion(&self, from: usize, color: u8, out: &mut Vec<Raw>) {
        let mk = |to: usize, caps: &[usize]| {
            let mut caps: Vec<u16> = caps.iter().map(|&c| c as u16).collect();
            caps.sort_unstable();
            Raw {
                to: to as u16,
                caps,
            }
        };
        // Pass: always allowed.
        out.push(mk(from, &[]));
        // Jumps (and plain steps) to any square within two.
        for dr in -2i32..=2 {
            for dc in -2i32..=2 {
                if dr == 0 && dc == 0 {
                    continue;
                }
                if let Some(t) = self.at(from, dc, dr, 1) {
                    match self.cell(t, color) {
                        Cell::Empty => out.push(mk(t, &[])),
                        Cell::Enemy => out.push(mk(t, &[t])),
                        Cell::Friend => {}
                    }
                }
            }
        }
        // Capture on the first step, then a second step anywhere (back to the origin = igui).
        for (dc, dr) in KING_STEPS {
            let s1 = match self.at(from, dc, dr, 1) {
                Some(s1) if self.cell(s1, color) == Cell::Enemy => s1,
                _ => continue,
            };
            for (dc2, dr2) in KING_STEPS {
                let s2 = match self.at(s1, dc2, dr2, 1) {
                    Some(s2) => s2,
                    None => continue,
                };
                if s2 == from {
                    out.push(mk(from, &[s1]));
                    continue;
                }
                match self.cell(s2, color) {
                    Cell::Empty => out.push(mk(s2, &[s1])),
                    Cell::Enemy => out.push(mk(s2, &[s1, s2])),
                    Cell::Friend => {}
                }
            }
        }
    }

    /// Lion line move along (dc, dr), read from the Dai dai seed's list (capture on each step;
    /// capture the 1st and 2nd and retreat to the 1st; igui; jump to the 2nd and continue to the
    /// 3rd; jump directly to the 3rd) and from the lion's rule in docs/rules-decisions.md (steps, or a
    /// jump from the origin): from position `pos` (0 = the origin, k = the k-th square) with `left`
    /// steps of budget, the piece either steps one square forward or back along the line (never
    /// beyond the origin) or, as its first leg only, jumps from the origin to the k-th square
    /// (costing k steps). Every square it lands on must be empty, hold an enemy piece (captured)
    /// or be the origin. The pass is always allowed (docs/rules-decisions.md), even with a friendly
    /// piece on the first square.
    #[allow(clippy::too_many_arguments)]
    fn lion_line(
        &self,
        from: usize,
        color: u8,
        dc: i32,
        dr: i32,
        pos: i32,
        left: u32,
        first: bool,
        caps: &mut Vec<usize>,
        out: &mut Vec<Raw>,
    ) {
        let record = |out: &mut Vec<Raw>, to: usize, caps: &[usize]| {
            let mut c: Vec<u16> = caps.iter().map(|&c| c as u16).collect();
            c.sort_unstable();
            out.push(Raw {
                to: to as u16,
                caps: c,
            });
        };
        if first {
            record(out, from, caps); // the pass
        }
        let mut legs = vec![(pos + 1, 1u32), (pos - 1, 1u32)];
        if first {
            for k in 2..=left {
                legs.push((k as i32, k));
            }
        }
        for (next, cost) in legs {
            if next < 0 || cost > left {
                continue;
            }
            if next == 0 {
                // Back on the origin: igui (or a pass when nothing was captured).
                record(out, from, caps);
                self.lion_line(from, color, dc, dr, 0, left - cost, false, caps, out);
                continue;
            }
            let t = match self.at(from, dc, dr, next) {
                Some(t) => t,
                None => continue,
            };
            let cell = if caps.contains(&t) {
                Cell::Empty
            } else {
                self.cell(t, color)
            };
            match cell {
                Cell::Empty => {
                    record(out, t, caps);
                    self.lion_line(from, color, dc, dr, next, left - cost, false, caps, out);
                }
                Cell::Enemy => {
                    caps.push(t);
                    record(out, t, caps);
                    self.lion_line(from, color, dc, dr, next, left - cost, false, caps, out);
                    caps.pop();
                }
                Cell::Friend => {}
            }
        }
    }

    /// Maka dai dai emperor: jumps to any square the opponent does not attack (empty or holding
    /// an enemy piece); never captures a protected piece; with a prince of its own it may also go
    /// to attacked empty squares; when neither side has a prince and both have an emperor it may
    /// only go to squares its own side protects. Attacks are computed with the emperor lifted off
    /// its square, ignoring both emperors' own moves.
    fn emperor(&self, from: usize, color: u8, out: &mut Vec<Raw>) {
        let opp = 1 - color;
        if self.v.qboard_emperor {
            return self.qboard_emperor(from, color, out);
        }
        let mut lifted = self.clone();
        lifted.sq[from] = None;
        let is_prince = |p: &Piece| self.ty(*p).name == "Prince";
        let own_other_royal = lifted
            .sq
            .iter()
            .flatten()
            .any(|p| p.color == color && self.ty(*p).royal);
        let any_prince = lifted.sq.iter().flatten().any(is_prince);
        let opp_emperor = lifted
            .sq
            .iter()
            .flatten()
            .any(|p| p.color == opp && self.is_emperor(*p));
        let strict = !any_prince && opp_emperor;
        let mut buf = Vec::new();
        for t in 0..self.n * self.n {
            if t == from {
                continue;
            }
            let cell = lifted.cell(t, color);
            if cell == Cell::Friend {
                continue;
            }
            // (An empty square is not looked at while another royal of ours is in play.)
            let needs_check = cell == Cell::Enemy || !own_other_royal;
            if needs_check && lifted.captures_on(t, opp, &mut buf) {
                continue; // a protected piece, or an attacked empty square
            }
            if strict && !lifted.captures_on(t, color, &mut buf) {
                continue;
            }
            let caps: Vec<u16> = if cell == Cell::Enemy {
                vec![t as u16]
            } else {
                vec![]
            };
            out.push(Raw { to: t as u16, caps });
        }
    }

    /// QBoard's emperor (Tai's option): any empty square; any enemy piece, except a royal one
    /// that its side protects: another emperor of that side (which may go to any empty square)
    /// or a piece of that side that could capture there, this emperor standing where it is.
    fn qboard_emperor(&self, from: usize, color: u8, out: &mut Vec<Raw>) {
        let opp = 1 - color;
        let mut probe = self.clone();
        let mut buf = Vec::new();
        for t in 0..self.n * self.n {
            if t == from {
                continue;
            }
            match self.cell(t, color) {
                Cell::Friend => {}
                Cell::Empty => out.push(Raw {
                    to: t as u16,
                    caps: vec![],
                }),
                Cell::Enemy => {
                    let q = self.sq[t].expect("an enemy piece");
                    if self.ty(q).royal {
                        let other_emperor = self.sq.iter().enumerate().any(|(s, p)| {
                            s != t && p.is_some_and(|p| p.color == opp && self.is_emperor(p))
                        });
                        if other_emperor || probe.captures_on(t, opp, &mut buf) {
                            continue;
                        }
                    }
                    out.push(Raw {
                        to: t as u16,
                        caps: vec![t as u16],
                    });
                }
            }
        }
    }

    /// Could some piece of `by` (other than an emperor) capture on `t` if a piece of the other
    /// side stood there?
    fn captures_on(&mut self, t: usize, by: u8, buf: &mut Vec<Raw>) -> bool {
        let saved = self.sq[t];
        // A stand-in piece of the other side (its kind does not matter for capturing in maka
        // dai dai, which has no range capturers).
        self.sq[t] = Some(Piece {
            kind: 0,
            color: 1 - by,
            promoted: false,
        });
        let mut found = false;
        for s in 0..self.n * self.n {
            match self.sq[s] {
                Some(p) if p.color == by && !self.is_emperor(p) => {}
                _ => continue,
            }
            buf.clear();
            self.gen_piece(s, buf);
            if buf.iter().any(|r| r.caps.contains(&(t as u16))) {
                found = true;
                break;
            }
        }
        self.sq[t] = saved;
        found
    }
}

const KING_STEPS: [(i32, i32); 8] = [
    (0, -1),
    (0, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
];
