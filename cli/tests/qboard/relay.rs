//! QBoard's reading of an engine's output and its relay of the move to the other engine, as
//! QBoard 1.2.0.2 does it (`EngineOutputHandler::CutAtLastCompleteMove`, `ExtractMove`,
//! `RelayMove`, `KoShogiShootToText`; `WbEngine::AddMove`), written from its source without
//! any of the engine's own code, so that the engine's idea of what QBoard carries is checked
//! against an independent model:
//! - output is taken up to its last complete line, holding back trailing `move x,` legs;
//! - a chunk containing `bestmove resign`, `offer draw` or `bestmove win` is a result and
//!   nothing else in it is read (a move in the same chunk is lost);
//! - Dai dai, Maka dai dai: every `move <sq><sq>[+]` line is a leg; one leg is relayed with its
//!   `+`, two legs as `usermove a,b` and three or more as the first three legs, without `+`;
//! - Ko: the first `move` line matching `sq(xsq){1,2}+?` or `sqsq(,sqsq)?+?` (so a move then a
//!   shot is cut to the move); shots are relayed as they are, two legs without `+`;
//! - `move @@@@` is a pass, relayed as `@@@64`, as is any move from a square to itself without
//!   promotion.

/// One element of QBoard's move array: a file letter, a rank number, or a marker (`x`, `+`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    File(u8),
    Rank(u32),
    Mark(u8),
}

/// What QBoard makes of one chunk of an engine's output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// A result text: `bestmove resign`, `offer draw` or `bestmove win` (checked in that order).
    Result(&'static str),
    /// A move, as relayed to the other engine (without `usermove`), and whether QBoard sends it
    /// with `usermove` whatever the feature says (its double and triple moves do).
    Move {
        relayed: String,
        forced_usermove: bool,
    },
    /// Nothing QBoard acts on.
    Nothing,
}

/// The end of the part of `buffer` QBoard processes now: the last complete line, not counting
/// trailing `move ...,` legs whose move is not complete yet. None: nothing to process yet.
pub fn complete_part(buffer: &[u8]) -> Option<usize> {
    let mut nl = buffer.iter().rposition(|&b| b == b'\n')?;
    while nl > 0 {
        let mut end = nl;
        while end > 0 && buffer[end - 1] == b'\r' {
            end -= 1;
        }
        if end == 0 {
            break;
        }
        let start = buffer[..end]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        if end > start && buffer[end - 1] == b',' && buffer[start..].starts_with(b"move ") {
            if start == 0 {
                return None;
            }
            nl = start - 1;
        } else {
            break;
        }
    }
    Some(nl + 1)
}

/// Reads a square `[a-<last>](2[0-5]|1?[0-9])` (the Ko pattern has no `2[0-5]`) at `s[*i..]`.
fn square(s: &[u8], i: &mut usize, last: u8, ko: bool, out: &mut Vec<Item>) -> bool {
    let start = *i;
    let Some(&f) = s.get(*i) else { return false };
    if !(b'a'..=last).contains(&f) {
        return false;
    }
    let digit = |k: usize| s.get(k).filter(|c| c.is_ascii_digit()).copied();
    let rank = match (digit(*i + 1), digit(*i + 2)) {
        (Some(b'2'), Some(d)) if !ko && d <= b'5' => Some((20 + (d - b'0') as u32, 3)),
        (Some(b'1'), Some(d)) => Some((10 + (d - b'0') as u32, 3)),
        (Some(d), _) => Some(((d - b'0') as u32, 2)),
        _ => None,
    };
    match rank {
        Some((r, len)) => {
            out.push(Item::File(f));
            out.push(Item::Rank(r));
            *i = start + len;
            true
        }
        None => false,
    }
}

/// Dai dai / Maka dai dai: every line `move <sq><sq>[+]`, concatenated.
fn extract_legs(chunk: &str) -> Vec<Item> {
    let mut items = Vec::new();
    for line in chunk.split('\n') {
        let Some(rest) = line.strip_prefix("move ") else {
            continue;
        };
        let s = rest.as_bytes();
        let (mut i, mut leg) = (0, Vec::new());
        if square(s, &mut i, b'y', false, &mut leg) && square(s, &mut i, b'y', false, &mut leg) {
            if s.get(i) == Some(&b'+') {
                leg.push(Item::Mark(b'+'));
            }
            items.extend(leg);
        }
    }
    items
}

/// Ko: the first line matching QBoard's one-line pattern; commas dropped.
fn extract_ko(chunk: &str) -> Vec<Item> {
    for line in chunk.split('\n') {
        let Some(rest) = line.strip_prefix("move ") else {
            continue;
        };
        let s = rest.as_bytes();
        let mut items = Vec::new();
        let mut i = 0;
        if !square(s, &mut i, b's', true, &mut items) {
            continue;
        }
        let mut shots = 0;
        while shots < 2 && s.get(i) == Some(&b'x') {
            let mut j = i + 1;
            let mut shot = vec![Item::Mark(b'x')];
            if !square(s, &mut j, b's', true, &mut shot) {
                break;
            }
            items.extend(shot);
            i = j;
            shots += 1;
        }
        if shots == 0 {
            if !square(s, &mut i, b's', true, &mut items) {
                continue;
            }
            if s.get(i) == Some(&b',') {
                let (mut j, mut leg) = (i + 1, Vec::new());
                if square(s, &mut j, b's', true, &mut leg)
                    && square(s, &mut j, b's', true, &mut leg)
                {
                    items.extend(leg);
                    i = j;
                }
            }
        }
        if s.get(i) == Some(&b'+') {
            items.push(Item::Mark(b'+'));
        }
        return items;
    }
    Vec::new()
}

fn sq(f: Item, r: Item) -> String {
    match (f, r) {
        (Item::File(f), Item::Rank(r)) => format!("{}{r}", f as char),
        _ => "??".to_string(),
    }
}

/// What QBoard makes of a chunk (its complete part) of an engine's output in `ko` (Ko shogi) or
/// another of its large shogi variants.
pub fn read_chunk(chunk: &str, ko: bool) -> Reading {
    for result in ["bestmove resign", "offer draw", "bestmove win"] {
        if chunk.contains(result) {
            return Reading::Result(result);
        }
    }
    let relayed = |relayed: String, forced_usermove: bool| Reading::Move {
        relayed,
        forced_usermove,
    };
    if chunk
        .trim()
        .split(['\r', '\n'])
        .any(|l| !l.is_empty() && l == "move @@@@")
    {
        return relayed("@@@64".to_string(), false);
    }
    let items = if ko {
        extract_ko(chunk)
    } else {
        extract_legs(chunk)
    };
    if items.is_empty() {
        return Reading::Nothing;
    }
    if ko && items.contains(&Item::Mark(b'x')) {
        let text: String = items
            .iter()
            .map(|it| match *it {
                Item::File(f) | Item::Mark(f) => (f as char).to_string(),
                Item::Rank(r) => r.to_string(),
            })
            .collect();
        return relayed(text, false);
    }
    let n = items.len();
    let at = |k: usize| items.get(k).copied().unwrap_or(Item::Mark(b'?'));
    if n < 8 {
        let (from, to) = (sq(at(0), at(1)), sq(at(2), at(3)));
        let plus = n > 4 && at(4) == Item::Mark(b'+');
        if from == to && !plus {
            return relayed("@@@@".to_string(), false);
        }
        return relayed(format!("{from}{to}{}", if plus { "+" } else { "" }), false);
    }
    let (a, b, c) = (sq(at(0), at(1)), sq(at(2), at(3)), sq(at(6), at(7)));
    if n < 12 {
        return relayed(format!("{a}{b},{b}{c}"), true);
    }
    let d = sq(at(10), at(11));
    relayed(format!("{a}{b},{b}{c},{c}{d}"), true)
}
