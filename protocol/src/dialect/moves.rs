//! Moves in the GUIs' text and back: squares `a1`.., legs joined by commas, Ko's shots after
//! `x`, the pass `@@@@`. A move read is converted to our notation and found among the legal
//! moves of the position by the rules crate's own move parser (which generates the moves), so
//! nothing here knows a rule.

use taikyoku_movegen::RepetitionRule;
use taikyoku_movegen::{AnyPosition, Geometry, Move, Promotion, Square};

/// A square as the GUIs write it: file letter from the first player's left, rank number from
/// its side (`a1` = our bottom-left corner, the square of file W, last rank).
pub(crate) fn cecp_square_name(geo: &Geometry, sq: Square) -> String {
    let col = geo.col(sq);
    let file = char::from_u32('a' as u32 + col as u32).unwrap_or('?');
    format!("{file}{}", geo.ranks() - geo.row(sq))
}

/// Parses a GUI square (`f6`, `a12`).
pub(crate) fn parse_cecp_square(geo: &Geometry, text: &str) -> Result<Square, String> {
    let mut chars = text.chars();
    let letter = chars
        .next()
        .filter(char::is_ascii_lowercase)
        .ok_or_else(|| format!("square '{text}' does not start with a file letter"))?;
    let digits = chars.as_str();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
        return Err(format!(
            "square '{text}' has no rank number after its file letter"
        ));
    }
    let col = (letter as u8 - b'a') as usize;
    if col >= geo.files() {
        return Err(format!(
            "square '{text}': file '{letter}' is not on a board with {} files",
            geo.files()
        ));
    }
    let rank: usize = digits
        .parse()
        .ok()
        .filter(|&r| (1..=geo.ranks()).contains(&r))
        .ok_or_else(|| {
            format!(
                "square '{text}': rank {digits} is not on a board with {} ranks",
                geo.ranks()
            )
        })?;
    Ok(geo.square(col, geo.ranks() - rank))
}

/// The text without a leading `usermove` (GUIs send moves with or without it).
pub(crate) fn strip_usermove(text: &str) -> &str {
    let t = text.trim();
    match t.strip_prefix("usermove") {
        Some(rest) if rest.is_empty() || rest.starts_with(char::is_whitespace) => rest.trim(),
        _ => t,
    }
}

/// Whether `m` is a pass: the piece ends where it started, having removed nothing.
pub(crate) fn is_pass(pos: &AnyPosition, m: Move) -> bool {
    m.from() == m.to()
        && m.stops().next().is_none()
        && m.shots().next().is_none()
        && pos.effect(m).captured.is_empty()
}

/// Whether the rules forbid `m` here because of the game's history (Dai dai's repetitions).
fn forbidden_by_history(pos: &AnyPosition, m: Move) -> bool {
    if pos.variant().repetition() != RepetitionRule::Forbidden {
        return false;
    }
    pos.clone().is_forbidden_by_history(m)
}

/// The pass `@@@@` stands for: the first legal pass, preferring one that does not promote.
pub(crate) fn find_pass(pos: &AnyPosition) -> Option<Move> {
    let mut passes: Vec<Move> = pos
        .moves()
        .into_iter()
        .filter(|&m| is_pass(pos, m))
        .collect();
    passes.sort_by_key(|m| m.promotion() == Promotion::Promote);
    passes.into_iter().find(|&m| !forbidden_by_history(pos, m))
}

/// The hash of the position after `m`.
fn hash_after(pos: &AnyPosition, m: Move) -> u64 {
    let mut q = pos.clone();
    q.make(m);
    q.hash()
}

/// Whether `@@@@` denotes `m` (or a pass leading to the same position).
fn pass_is_canonical(pos: &AnyPosition, m: Move) -> bool {
    match find_pass(pos) {
        Some(c) => c == m || hash_after(pos, c) == hash_after(pos, m),
        None => false,
    }
}

/// One leg of a GUI move: where it starts, where it ends (none: the piece stays), what it shoots.
struct Leg {
    from: Square,
    to: Option<Square>,
    shots: Vec<Square>,
}

/// Reads a square at `chars[*i..]` (a letter and digits), advancing `i`.
fn read_square(geo: &Geometry, chars: &[char], i: &mut usize) -> Result<Square, String> {
    let start = *i;
    if chars.get(*i).is_some_and(char::is_ascii_lowercase) {
        *i += 1;
    }
    while chars.get(*i).is_some_and(char::is_ascii_digit) {
        *i += 1;
    }
    let text: String = chars[start..*i].iter().collect();
    if text.is_empty() {
        let rest: String = chars[start..].iter().collect();
        return Err(format!("expected a square at '{rest}'"));
    }
    parse_cecp_square(geo, &text)
}

/// Splits a move body (no suffix) into legs: `sq[sq](xsq)*` joined by commas.
fn parse_legs(geo: &Geometry, body: &str) -> Result<Vec<Leg>, String> {
    let mut legs = Vec::new();
    for (n, text) in body.split(',').enumerate() {
        if text.is_empty() {
            return Err(format!("leg {} is empty", n + 1));
        }
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        let from = read_square(geo, &chars, &mut i)?;
        let shot_mark = |i: usize| {
            chars.get(i) == Some(&'x') && chars.get(i + 1).is_some_and(char::is_ascii_lowercase)
        };
        let to = if i < chars.len() && !shot_mark(i) {
            Some(read_square(geo, &chars, &mut i)?)
        } else {
            None
        };
        let mut shots = Vec::new();
        while i < chars.len() {
            if !shot_mark(i) {
                let rest: String = chars[i..].iter().collect();
                return Err(format!("unexpected '{rest}' in leg '{text}'"));
            }
            i += 1;
            shots.push(read_square(geo, &chars, &mut i)?);
        }
        if to.is_none() && shots.is_empty() {
            return Err(format!("leg '{text}' has no destination and no shot"));
        }
        legs.push(Leg { from, to, shots });
    }
    Ok(legs)
}

/// A GUI move converted to our notation's parts: the squares visited (origin first), for each
/// whether a shot was taken there, the shots, and the promotion suffix.
struct Converted {
    path: Vec<Square>,
    shot_from: Vec<bool>,
    shots: Vec<Square>,
    suffix: &'static str,
}

impl Converted {
    /// Our notation of the move, optionally without the empty squares it only passed through
    /// (a GUI may name a first leg onto an empty square; our notation names only squares where
    /// something happens).
    fn notation(&self, pos: &AnyPosition, drop_empty: bool) -> String {
        let geo = pos.variant().geometry();
        let last = self.path.len() - 1;
        let mut s = String::new();
        for (k, &sq) in self.path.iter().enumerate() {
            let keep = k == 0
                || k == last
                || !drop_empty
                || self.shot_from[k]
                || pos.piece_at(sq).is_some();
            if keep {
                s.push_str(&geo.square_name(sq));
            }
        }
        for &shot in &self.shots {
            s.push('*');
            s.push_str(&geo.square_name(shot));
        }
        s.push_str(self.suffix);
        s
    }
}

/// Reads a GUI move body into its parts.
fn convert(geo: &Geometry, text: &str) -> Result<Converted, String> {
    let (body, suffix) = if let Some(b) = text.strip_suffix('+') {
        (b, "+")
    } else if let Some(b) = text.strip_suffix('=') {
        (b, "=")
    } else {
        (text, "")
    };
    if body.contains(['+', '=']) {
        return Err("a promotion mark ('+' or '=') may only end the move".to_string());
    }
    let legs = parse_legs(geo, body)?;
    let mut path = vec![legs[0].from];
    let mut shot_from = vec![false];
    let mut shots = Vec::new();
    for (n, leg) in legs.iter().enumerate() {
        let here = *path.last().unwrap_or(&leg.from);
        if leg.from != here {
            return Err(format!(
                "leg {} starts on {}, not where leg {} ended ({})",
                n + 1,
                cecp_square_name(geo, leg.from),
                n,
                cecp_square_name(geo, here)
            ));
        }
        if let Some(to) = leg.to {
            path.push(to);
            shot_from.push(false);
        }
        if !leg.shots.is_empty() {
            if let Some(f) = shot_from.last_mut() {
                *f = true;
            }
            shots.extend(&leg.shots);
        }
    }
    if path.len() == 1 {
        // Shots without moving: the piece's square twice, as our notation writes it.
        path.push(path[0]);
        shot_from.push(true);
    }
    Ok(Converted {
        path,
        shot_from,
        shots,
        suffix,
    })
}

/// Whether a text is the pass: `@@@@`, or the `@@@` and digits that QBoard relays a pass as.
fn is_pass_text(t: &str) -> bool {
    t.strip_prefix("@@@")
        .is_some_and(|r| r == "@" || (!r.is_empty() && r.chars().all(|c| c.is_ascii_digit())))
}

/// Parses a move (`usermove` optional) into the legal move of `pos` it denotes: GUI text, or our
/// notation when `native`.
pub(crate) fn parse(pos: &AnyPosition, text: &str, native: bool) -> Result<Move, String> {
    let t = strip_usermove(text);
    if t.is_empty() {
        return Err(format!("cannot read move '{text}': it is empty"));
    }
    if is_pass_text(t) {
        return find_pass(pos).ok_or_else(|| {
            "'@@@@' (a pass) is not a legal move here: no piece can pass".to_string()
        });
    }
    let m = if native {
        pos.parse_move(t).map_err(|e| e.to_string())?
    } else {
        let geo = pos.variant().geometry();
        let c = convert(geo, t).map_err(|e| format!("cannot read move '{t}': {e}"))?;
        let ours = c.notation(pos, false);
        match pos.parse_move(&ours) {
            Ok(m) => m,
            Err(e) => {
                let shorter = c.notation(pos, true);
                match (shorter != ours).then(|| pos.parse_move(&shorter)) {
                    Some(Ok(m)) => m,
                    _ => return Err(format!("move '{t}' (our notation '{ours}'): {e}")),
                }
            }
        }
    };
    if forbidden_by_history(pos, m) {
        return Err(format!(
            "move '{t}' is not a legal move here: it repeats an earlier position, which {} forbids",
            pos.variant().id()
        ));
    }
    Ok(m)
}

/// `m` as one text: GUI legs joined by commas (a leg only where something happens: a capture, a
/// shot), `@@@@` for a pass, `+` for a promotion; our notation when `native`.
pub(crate) fn text(pos: &AnyPosition, m: Move, native: bool) -> String {
    if native {
        return pos.move_to_string(m);
    }
    let geo = pos.variant().geometry();
    let name = |sq: Square| cecp_square_name(geo, sq);
    let suffix = if m.promotion() == Promotion::Promote {
        "+"
    } else {
        ""
    };
    let (from, to) = (m.from(), m.to());
    if is_pass(pos, m) {
        if m.promotion() != Promotion::Promote && pass_is_canonical(pos, m) {
            return "@@@@".to_string();
        }
        return format!("{}{}{suffix}", name(from), name(from));
    }
    let mut legs: Vec<String> = Vec::new();
    if m.has_shot_layout() {
        let shots: Vec<Square> = m.shots().collect();
        match m.stops().next() {
            Some(mid) => {
                // Moved to `mid`, shot from there, moved on to `to`, shot from there.
                let mut first = name(from) + &name(mid);
                for &s in shots.iter().take(1) {
                    first.push('x');
                    first.push_str(&name(s));
                }
                let mut second = name(mid) + &name(to);
                for &s in shots.iter().skip(1) {
                    second.push('x');
                    second.push_str(&name(s));
                }
                legs.push(first);
                legs.push(second);
            }
            None => {
                let mut leg = name(from);
                if to != from || shots.is_empty() {
                    leg.push_str(&name(to));
                }
                for &s in &shots {
                    leg.push('x');
                    leg.push_str(&name(s));
                }
                legs.push(leg);
            }
        }
    } else {
        let path = pos.move_path(m);
        for w in path.windows(2) {
            legs.push(name(w[0]) + &name(w[1]));
        }
    }
    legs.join(",") + suffix
}

/// The `move` lines for `m`: one per leg, all but the last ending in a comma, unless the GUI reads
/// the legs on one line (`one_line`: Ko in QBoard, and our own notation).
pub(crate) fn lines(pos: &AnyPosition, m: Move, native: bool, one_line: bool) -> Vec<String> {
    let t = text(pos, m, native);
    if native || one_line {
        return vec![t];
    }
    let legs: Vec<&str> = t.split(',').collect();
    let n = legs.len();
    legs.iter()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 < n {
                format!("{l},")
            } else {
                l.to_string()
            }
        })
        .collect()
}
