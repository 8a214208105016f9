//! The `[rules]` section of a variant file (Ko shogi's special rules, chu shogi's readings):
//! what it holds ([`RulesDef`], [`FormRef`] and the named choices such as
//! [`LionProtection`]) and how its `key = value` lines are read ([`parse_rules`]). One file
//! so that a new rule's type and its key are added side by side.

use std::collections::HashMap;

use super::kind::{KindDef, KindId};

/// A reference to a piece in the `[rules]` section: a kind in either state (`CODE` where a
/// base is meant), or a specific form (`CODE` = unpromoted, `+CODE` = promoted, where a form
/// is meant).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FormRef {
    /// The kind.
    pub(crate) kind: KindId,
    /// The promoted form.
    pub(crate) promoted: bool,
}

/// The special rules of the `[rules]` section (Ko shogi); empty for other variants. See
/// `docs/variant-format.md`.
#[derive(Clone, Debug, Default)]
pub(crate) struct RulesDef {
    /// Besides royal pieces, a side stays alive while it has a piece of every kind of one of
    /// these groups (either side up).
    pub(crate) commanders: Vec<Vec<KindId>>,
    /// Capturing a piece of one of these kinds (either side up) promotes the capturer.
    pub(crate) commanding: Vec<KindId>,
    /// A step mover capturing one of these forms promotes.
    pub(crate) step_capture_promotes: Vec<FormRef>,
    /// (capturer kind, kinds it promotes by capturing, either side up).
    pub(crate) capture_promotes: Vec<(KindId, Vec<KindId>)>,
    /// (kind, kinds of its side that promote with it).
    pub(crate) promote_with: Vec<(KindId, Vec<KindId>)>,
    /// (kind, enemy forms removed when it promotes).
    pub(crate) kill_on_promotion: Vec<(KindId, Vec<FormRef>)>,
    /// (kind, kinds that must each have entered the zone before it promotes there).
    pub(crate) zone_promotion_needs: Vec<(KindId, Vec<KindId>)>,
    /// (kinds, kinds needed): the kinds cannot promote without an allied piece of a needed
    /// kind, and revert when the last one is gone.
    pub(crate) needs_alive: Vec<(Vec<KindId>, Vec<KindId>)>,
    /// (form, form, distance): the first reverts when the second (either side) is within the
    /// distance on a line.
    pub(crate) reverts_near: Vec<(FormRef, FormRef, u8)>,
    /// (kind, kinds needed): the kind's forward step needs an allied piece of a needed kind.
    pub(crate) forward_needs: Vec<(KindId, Vec<KindId>)>,
    /// (kind, letter): the position's extra field records, with this letter (upper case for
    /// Black, lower case for White), that a piece of the kind has entered its promotion zone.
    pub(crate) zone_letters: Vec<(KindId, char)>,
    /// Chu shogi's lion-trading rules for `lion` pieces (lishogi's reading).
    pub(crate) lion_trading: bool,
    /// A pass (stepping out and back) needs an empty first-step square (chu shogi).
    pub(crate) pass_needs_empty: bool,
    /// The bare-king rule and the draw by bare kings (chu shogi).
    pub(crate) bare_king: bool,
    /// For the repetition rule, a move after which the piece that moved attacks an enemy piece
    /// is an attacking move, like a check (perpetual chasing; chu shogi). Defaults to
    /// `bare_king`'s value.
    pub(crate) perpetual_chasing: bool,
    /// When a lion taking a lion two squares away counts it as protected.
    pub(crate) lion_protection: LionProtection,
    /// Which captures of a lion by a non-lion bind the opponent's next move.
    pub(crate) counter_strike_from: CounterStrikeFrom,
    /// Whether, under a counter-strike, a non-lion may take a lion standing on the recorded
    /// square (a kirin that promoted by taking the lion).
    pub(crate) counter_strike_recapture: CounterStrikeRecapture,
    /// How a `last-rank-promotes` piece reaching the last rank promotes (`zone-entry`).
    pub(crate) last_rank_promotion: LastRankPromotion,
    /// What a range capturer (`x`) may land on.
    pub(crate) range_capture: RangeCaptureRule,
    /// Where an emperor (`{emperor}`) may go.
    pub(crate) emperor: EmperorRule,
}

/// `emperor`: where a piece that moves as the emperor may go (docs/rules-decisions.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum EmperorRule {
    /// `unattacked`: any square the opponent does not attack, empty or holding an enemy piece;
    /// attacked empty squares too while its side has another royal piece; only squares its own
    /// side protects while neither side has a second royal and both have an emperor (Maka dai
    /// dai's seed).
    #[default]
    Unattacked,
    /// `all-but-protected-royals`: any empty square, and any enemy piece except a royal one
    /// that its side protects (another of that side's emperors protects every other royal
    /// piece of its side; QBoard's reading).
    AllButProtectedRoyals,
}

/// `range-capture`: what a range capturer may land on, and so capture (docs/rules.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum RangeCaptureRule {
    /// `any-enemy`: an empty square or any enemy piece, whatever its rank (the seeds'
    /// Taikyoku); it flies over pieces of lower rank only.
    #[default]
    AnyEnemy,
    /// `lower-rank`: an empty square or any piece of lower rank than its own, of either colour
    /// (removing it); a piece of its rank or higher blocks it and cannot be taken (the
    /// Taikyoku site's reading).
    LowerRank,
}

/// `lion-protection`: when a lion may not take a lion two squares away (without a bridge)
/// because the target is protected (docs/chu.md §6.1, §11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum LionProtection {
    /// `before`: protected on the board before the move, the bridge piece on the first-step
    /// square still guarding (lishogi).
    #[default]
    Before,
    /// `after`: protected on the board after the move, the bridge gone (HaChu).
    After,
    /// `before-and-after`: the capture needs the target unprotected by both judgements.
    BeforeAndAfter,
    /// `before-or-after`: the capture needs the target unprotected by either judgement.
    BeforeOrAfter,
}

/// `counter-strike-from`: which captures of a lion by a non-lion restrict the next move
/// (docs/chu.md §6.2, §11). The position records the square in every case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum CounterStrikeFrom {
    /// `any-step`: a lion taken on the destination or on a falcon's or eagle's first step
    /// (lishogi).
    #[default]
    AnyStep,
    /// `destination`: only a lion taken on the capturer's destination (HaChu).
    Destination,
}

/// `counter-strike-recapture`: whether the lion standing on the recorded square is exempt
/// from the counter-strike (docs/chu.md §6.2, §11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum CounterStrikeRecapture {
    /// `recorded`: a non-lion may take a lion on the recorded square (lishogi).
    #[default]
    Recorded,
    /// `none`: no exception (HaChu).
    None,
}

/// `last-rank-promotion`: how a `last-rank-promotes` piece (pawn, lance) promotes on reaching
/// the last rank under `promotion = zone-entry` (docs/chu.md §7, §11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum LastRankPromotion {
    /// `optional`: reaching the last rank offers promotion by any move, never compulsory
    /// (lishogi).
    #[default]
    Optional,
    /// `compulsory`: only the zone's own rule offers promotion there (entering, or capturing
    /// in the zone), and then it is compulsory; otherwise the piece arrives unpromoted (HaChu).
    Compulsory,
    /// `strict`: as `compulsory`, and a move that would leave the piece unpromoted on the last
    /// rank is not allowed (what both readings allow).
    Strict,
}

/// Parses the `[rules]` lines, each `(key, value, line)`, against the piece table (`by_code`,
/// `kinds`); an error is `(line, message)`, to which the reader adds the file.
pub(super) fn parse_rules(
    lines: &[(String, String, usize)],
    by_code: &HashMap<String, KindId>,
    kinds: &[KindDef],
) -> Result<RulesDef, (usize, String)> {
    let mut r = RulesDef::default();
    let mut chasing = None;
    for (key, value, line) in lines {
        let line = *line;
        let kind = |code: &str| -> Result<KindId, (usize, String)> {
            by_code
                .get(code)
                .copied()
                .ok_or_else(|| (line, format!("{key}: '{code}' is not a piece code")))
        };
        let form = |w: &str| -> Result<FormRef, (usize, String)> {
            let (code, promoted) = match w.strip_prefix('+') {
                Some(c) => (c, true),
                None => (w, false),
            };
            let k = kind(code)?;
            if promoted && kinds[k.index()].promotes.is_none() {
                return Err((line, format!("{key}: {code} does not promote")));
            }
            Ok(FormRef { kind: k, promoted })
        };
        let kinds_of = |ws: &str| -> Result<Vec<KindId>, (usize, String)> {
            let v: Vec<KindId> = ws
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|w| !w.is_empty())
                .map(kind)
                .collect::<Result<_, _>>()?;
            if v.is_empty() {
                return Err((line, format!("{key}: no piece codes")));
            }
            Ok(v)
        };
        let pair = |v: &str| -> Result<(String, String), (usize, String)> {
            let (a, b) = v.split_once(':').ok_or_else(|| {
                (
                    line,
                    format!("{key}: expected '<codes>: <codes>', found '{v}'"),
                )
            })?;
            Ok((a.trim().to_string(), b.trim().to_string()))
        };
        let yes_no = |v: &str| -> Result<bool, (usize, String)> {
            match v {
                "yes" => Ok(true),
                "no" => Ok(false),
                _ => Err((line, format!("{key}: expected 'yes' or 'no', found '{v}'"))),
            }
        };
        let one = |a: &str| -> Result<KindId, (usize, String)> {
            let ks = kinds_of(a)?;
            if ks.len() != 1 {
                return Err((
                    line,
                    format!("{key}: expected one code before ':', found '{a}'"),
                ));
            }
            Ok(ks[0])
        };
        match key.as_str() {
            "commanders" => {
                for g in value.split('|') {
                    r.commanders.push(kinds_of(g)?);
                }
            }
            "commanding" => r.commanding = kinds_of(value)?,
            "step-capture-promotes" => {
                r.step_capture_promotes = value
                    .split_whitespace()
                    .map(form)
                    .collect::<Result<_, _>>()?
            }
            "capture-promotes" => {
                let (a, b) = pair(value)?;
                r.capture_promotes.push((one(&a)?, kinds_of(&b)?));
            }
            "promote-with" => {
                let (a, b) = pair(value)?;
                r.promote_with.push((one(&a)?, kinds_of(&b)?));
            }
            "kill-on-promotion" => {
                let (a, b) = pair(value)?;
                let forms = b.split_whitespace().map(form).collect::<Result<_, _>>()?;
                r.kill_on_promotion.push((one(&a)?, forms));
            }
            "zone-promotion-needs" => {
                let (a, b) = pair(value)?;
                r.zone_promotion_needs.push((one(&a)?, kinds_of(&b)?));
            }
            "needs-alive" => {
                let (a, b) = pair(value)?;
                r.needs_alive.push((kinds_of(&a)?, kinds_of(&b)?));
            }
            "reverts-near" => {
                let (a, b) = pair(value)?;
                let w: Vec<&str> = b.split_whitespace().collect();
                let dist = match w.get(1).map(|d| d.parse::<u8>()) {
                    Some(Ok(d)) if (1..=36).contains(&d) && w.len() == 2 => d,
                    _ => {
                        return Err((
                            line,
                            format!("{key}: expected '<form>: <form> <distance>', found '{value}'"),
                        ))
                    }
                };
                r.reverts_near.push((form(&a)?, form(w[0])?, dist));
            }
            "forward-needs" => {
                let (a, b) = pair(value)?;
                r.forward_needs.push((one(&a)?, kinds_of(&b)?));
            }
            "zone-entry-letters" => {
                for item in value.split_whitespace() {
                    let (code, letter) = item.split_once(':').ok_or_else(|| {
                        (
                            line,
                            format!("{key}: expected '<code>:<letter>', found '{item}'"),
                        )
                    })?;
                    let mut chars = letter.chars();
                    let c = match (chars.next(), chars.next()) {
                        (Some(c), None) if c.is_ascii_uppercase() => c,
                        _ => {
                            return Err((
                                line,
                                format!("{key}: '{letter}' is not one upper-case letter"),
                            ))
                        }
                    };
                    if r.zone_letters.iter().any(|&(_, l)| l == c) {
                        return Err((line, format!("{key}: letter {c} is used twice")));
                    }
                    r.zone_letters.push((kind(code)?, c));
                }
            }
            "lion-trading" => r.lion_trading = yes_no(value)?,
            "pass-needs-empty" => r.pass_needs_empty = yes_no(value)?,
            "bare-king" => r.bare_king = yes_no(value)?,
            "perpetual-chasing" => chasing = Some(yes_no(value)?),
            "lion-protection" => {
                r.lion_protection = choice(
                    key,
                    value,
                    &[
                        ("before", LionProtection::Before),
                        ("after", LionProtection::After),
                        ("before-and-after", LionProtection::BeforeAndAfter),
                        ("before-or-after", LionProtection::BeforeOrAfter),
                    ],
                )
                .map_err(|e| (line, e))?
            }
            "counter-strike-from" => {
                r.counter_strike_from = choice(
                    key,
                    value,
                    &[
                        ("any-step", CounterStrikeFrom::AnyStep),
                        ("destination", CounterStrikeFrom::Destination),
                    ],
                )
                .map_err(|e| (line, e))?
            }
            "counter-strike-recapture" => {
                r.counter_strike_recapture = choice(
                    key,
                    value,
                    &[
                        ("recorded", CounterStrikeRecapture::Recorded),
                        ("none", CounterStrikeRecapture::None),
                    ],
                )
                .map_err(|e| (line, e))?
            }
            "last-rank-promotion" => {
                r.last_rank_promotion = choice(
                    key,
                    value,
                    &[
                        ("optional", LastRankPromotion::Optional),
                        ("compulsory", LastRankPromotion::Compulsory),
                        ("strict", LastRankPromotion::Strict),
                    ],
                )
                .map_err(|e| (line, e))?
            }
            "range-capture" => {
                r.range_capture = choice(
                    key,
                    value,
                    &[
                        ("any-enemy", RangeCaptureRule::AnyEnemy),
                        ("lower-rank", RangeCaptureRule::LowerRank),
                    ],
                )
                .map_err(|e| (line, e))?
            }
            "emperor" => {
                r.emperor = choice(
                    key,
                    value,
                    &[
                        ("unattacked", EmperorRule::Unattacked),
                        (
                            "all-but-protected-royals",
                            EmperorRule::AllButProtectedRoyals,
                        ),
                    ],
                )
                .map_err(|e| (line, e))?
            }
            _ => return Err((line, format!("unknown rule '{key}'"))),
        }
    }
    r.perpetual_chasing = chasing.unwrap_or(r.bare_king);
    Ok(r)
}

/// The value of a `[rules]` key with named choices: `value` looked up in `options`, or an
/// error listing them ("expected a, b or c, found 'x'").
fn choice<T: Copy>(key: &str, value: &str, options: &[(&str, T)]) -> Result<T, String> {
    if let Some(&(_, v)) = options.iter().find(|(name, _)| *name == value) {
        return Ok(v);
    }
    let names: Vec<&str> = options.iter().map(|o| o.0).collect();
    let (last, rest) = names.split_last().unwrap_or((&"", &[]));
    let expected = if rest.is_empty() {
        last.to_string()
    } else {
        format!("{} or {last}", rest.join(", "))
    };
    Err(format!("{key}: expected {expected}, found '{value}'"))
}
