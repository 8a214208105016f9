//! Texel-style fit of the evaluation's parameters to game results.
//!
//! Reads game records written by `taikyoku match --records`, replays every game, keeps quiet
//! positions (side to move not in check, no capture that wins material by static exchange),
//! and minimises the mean squared error between each game's result (1, 1/2, 0 for Black) and
//! `sigmoid(K * eval)` over the chosen parameters by local search (each parameter up and down
//! by its step until nothing improves, then half the steps). `K` is fitted first, to the
//! starting parameters, and then kept: the parameters move the evaluation, not its scale.
//!
//! ```sh
//! cargo run --release --example texel -- dai-dai games.rec [every-nth-position]
//! ```
//!
//! Prints the loss before and after and the fitted values as `name=value` pairs, the form
//! `Params::set` reads.

use std::sync::Arc;

use taikyoku_eval::{Evaluator, Params};
use taikyoku_movegen::{with_position, AnyPosition, Colour, Variant};

/// One quiet position and its game's result for Black.
struct Sample {
    pos: AnyPosition,
    result: f64,
}

/// The parameters fitted, with their search steps.
const TUNED: &[(&str, f64)] = &[
    ("mobility_power", 0.04),
    ("forward_weight", 0.1),
    ("backward_weight", 0.1),
    ("promotion_share", 0.1),
    ("lion_bonus", 200.0),
    ("range_capture_bonus", 40.0),
    ("jump_capture_bonus", 20.0),
    ("advance_bonus", 2.0),
    ("advance_max_value", 100.0),
    ("royal_attacker_penalty", 8.0),
    ("royal_defender_bonus", 4.0),
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: texel <variant> <records> [every-nth-position]");
        std::process::exit(2);
    }
    let variant = Variant::builtin(&args[1]).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let every: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(3);
    let text = std::fs::read_to_string(&args[2]).unwrap_or_else(|e| {
        eprintln!("{}: {e}", args[2]);
        std::process::exit(2)
    });
    let base = Params::default();
    let samples = load(&variant, &text, every, &base);
    eprintln!("{} quiet positions", samples.len());
    let k = fit_k(&variant, &samples, &base);
    let mut best = base.clone();
    let mut best_loss = loss(&variant, &samples, &best, k);
    eprintln!("K = {k:.5}, loss {best_loss:.6}");
    let mut steps: Vec<f64> = TUNED.iter().map(|t| t.1).collect();
    for round in 0..4 {
        let mut improved = true;
        while improved {
            improved = false;
            for (i, (name, _)) in TUNED.iter().enumerate() {
                for dir in [1.0, -1.0] {
                    let mut p = best.clone();
                    let v = p.get(name).unwrap() + dir * steps[i];
                    p.set(name, v).unwrap();
                    let l = loss(&variant, &samples, &p, k);
                    if l < best_loss {
                        eprintln!("round {round}: {name} = {v:.3}: loss {l:.6}");
                        best = p;
                        best_loss = l;
                        improved = true;
                        break;
                    }
                }
            }
        }
        for s in &mut steps {
            *s /= 2.0;
        }
    }
    println!(
        "loss {:.6} -> {best_loss:.6}",
        loss(&variant, &samples, &base, k)
    );
    for (name, _) in TUNED {
        println!("{name}={}", best.get(name).unwrap());
    }
}

/// The quiet positions of every `every`-th ply of each decided or drawn game.
fn load(variant: &Arc<Variant>, text: &str, every: usize, params: &Params) -> Vec<Sample> {
    let e = Evaluator::with_params(variant.clone(), params.clone());
    let mut out = Vec::new();
    for game in text.split("[Game ").skip(1) {
        let tag = |name: &str| {
            let key = format!("[{name} \"");
            game.find(&key).map(|i| {
                let rest = &game[i + key.len()..];
                rest[..rest.find('"').unwrap_or(0)].to_string()
            })
        };
        let result = match tag("Result").as_deref() {
            Some("1-0") => 1.0,
            Some("0-1") => 0.0,
            Some("1/2-1/2") => 0.5,
            _ => continue,
        };
        let Some(opening) = tag("Opening") else {
            continue;
        };
        let Some(moves) = game
            .lines()
            .skip(1)
            .find(|l| !l.trim().is_empty() && !l.starts_with('['))
        else {
            continue;
        };
        let Ok(mut pos) = AnyPosition::parse_with_moves(variant.clone(), &opening) else {
            continue;
        };
        for (ply, mv) in moves.split_whitespace().enumerate() {
            if ply >= 8 && ply % every == 0 && quiet(&mut pos, &e) {
                out.push(Sample {
                    pos: pos.clone(),
                    result,
                });
            }
            let Ok(m) = pos.parse_move(mv) else { break };
            if pos.play_move(m).is_err() {
                break;
            }
        }
    }
    out
}

/// Not in check, and no capture that wins material by static exchange.
fn quiet(pos: &mut AnyPosition, e: &Evaluator) -> bool {
    with_position!(pos, p => {
        if p.in_check() {
            return false;
        }
        let mut caps = Vec::new();
        p.generate_captures(&mut caps);
        caps.into_iter().all(|m| p.see(m, &e.values.by_piece) <= 0)
    })
}

/// The evaluation from Black's point of view.
fn black_eval(e: &Evaluator, pos: &AnyPosition) -> f64 {
    with_position!(pos, p => {
        let t = e.breakdown(p).total as f64;
        if p.side_to_move() == Colour::Black { t } else { -t }
    })
}

fn sigmoid(k: f64, s: f64) -> f64 {
    1.0 / (1.0 + (-k * s).exp())
}

fn loss(variant: &Arc<Variant>, samples: &[Sample], p: &Params, k: f64) -> f64 {
    let e = Evaluator::with_params(variant.clone(), p.clone());
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let d = s.result - sigmoid(k, black_eval(&e, &s.pos));
            d * d
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// The scale `K` that fits the starting evaluation best (golden-section search).
fn fit_k(variant: &Arc<Variant>, samples: &[Sample], p: &Params) -> f64 {
    let (mut lo, mut hi) = (1e-5f64, 0.02f64);
    for _ in 0..40 {
        let a = lo + (hi - lo) * 0.382;
        let b = lo + (hi - lo) * 0.618;
        if loss(variant, samples, p, a) < loss(variant, samples, p, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}
