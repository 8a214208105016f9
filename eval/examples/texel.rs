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
//! cargo run --release -p taikyoku-eval --example texel -- dai-dai games.rec [every-nth-position]
//! ```
//!
//! Prints the loss before and after and the fitted values as `name=value` pairs, the form
//! `Params::set` reads. Every fifth game is held out of the fit (in both modes), and its loss
//! before and after is printed too: a fit that only learnt its own games shows no gain there.
//!
//! With `--values`, fits each piece kind's value instead (a piece is worth the value of the
//! kind it moves as, as when every kind has a `value=` in its variant file): the evaluation is
//! split into material, a sum over kinds of value times Black's count minus White's, and the
//! rest, held fixed; the values follow the gradient of the same error (Adam), pulled gently
//! toward their starting values so that a kind seldom traded stays where it was. The fitted
//! values are printed as `code value` lines.
//!
//! ```sh
//! cargo run --release -p taikyoku-eval --example texel -- dai-dai games.rec 4 --values [--prior=0.000002]
//! ```

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
    ("centre_bonus", 2.0),
    ("centre_large_bonus", 3.0),
    ("royal_attacker_penalty", 8.0),
    ("royal_defender_bonus", 4.0),
];

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    let values_mode = args.iter().any(|a| a == "--values");
    let prior = match args.iter().find_map(|a| a.strip_prefix("--prior=")) {
        None => 2e-6,
        Some(text) => match text.parse::<f64>() {
            Ok(p) if p.is_finite() && p >= 0.0 => p,
            _ => {
                eprintln!("--prior={text}: not a number of at least 0");
                std::process::exit(2);
            }
        },
    };
    args.retain(|a| a != "--values" && !a.starts_with("--prior="));
    if args.len() < 3 {
        eprintln!("usage: texel <variant> <records> [every-nth-position] [--values [--prior=P]]");
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
    if values_mode {
        fit_values(&variant, &text, every, prior);
        return;
    }
    let (mut samples, mut held_out) = (Vec::new(), Vec::new());
    load(&variant, &text, every, &base, |game, pos, result| {
        let s = Sample {
            pos: pos.clone(),
            result,
        };
        if held_out_game(game) {
            held_out.push(s)
        } else {
            samples.push(s)
        }
    });
    eprintln!("{} quiet positions", samples.len());
    let k = fit_k(|k| loss(&variant, &samples, &base, k));
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
        "loss {:.6} -> {best_loss:.6}; held out {:.6} -> {:.6}",
        loss(&variant, &samples, &base, k),
        loss(&variant, &held_out, &base, k),
        loss(&variant, &held_out, &best, k)
    );
    for (name, _) in TUNED {
        println!("{name}={}", best.get(name).unwrap());
    }
}

/// Whether game number `game` is held out of the fit (every fifth), to measure it on.
fn held_out_game(game: usize) -> bool {
    game % 5 == 4
}

/// Calls `keep(game number, position, result for Black)` for the quiet positions of every
/// `every`-th ply of each decided or drawn game.
fn load(
    variant: &Arc<Variant>,
    text: &str,
    every: usize,
    params: &Params,
    mut keep: impl FnMut(usize, &AnyPosition, f64),
) {
    let e = Evaluator::with_params(variant.clone(), params.clone());
    for (number, game) in text.split("[Game ").skip(1).enumerate() {
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
                keep(number, &pos, result);
            }
            let Ok(m) = pos.parse_move(mv) else { break };
            if pos.play_move(m).is_err() {
                break;
            }
        }
    }
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

/// The scale `K` that minimises `loss_at` (golden-section search); fitted to the starting
/// evaluation, then kept.
fn fit_k(loss_at: impl Fn(f64) -> f64) -> f64 {
    let (mut lo, mut hi) = (1e-5f64, 0.02f64);
    for _ in 0..40 {
        let a = lo + (hi - lo) * 0.382;
        let b = lo + (hi - lo) * 0.618;
        if loss_at(a) < loss_at(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// One quiet position reduced to what the values fit needs: the evaluation without material
/// (Black's view), Black's count minus White's of each kind moved as, the game's result.
struct Counted {
    now: f64,
    rest: f64,
    counts: Vec<(u16, i8)>,
    result: f64,
}

/// The `--values` fit (see the module documentation).
fn fit_values(variant: &Arc<Variant>, text: &str, every: usize, prior: f64) {
    let e = Evaluator::new(variant.clone());
    let kinds = variant.kind_count();
    // A kind's value as an unpromoted piece (with its promotion's share), which is what
    // `value=` would set.
    let start: Vec<f64> = variant
        .kind_ids()
        .map(|k| e.values.by_form[Variant::form_of(k, false).index()] as f64)
        .collect();
    let (mut train, mut test) = (Vec::new(), Vec::new());
    load(
        variant,
        text,
        every,
        &Params::default(),
        |game, pos, result| {
            let c = with_position!(pos, p => {
                let b = e.breakdown(p);
                let total = if p.side_to_move() == Colour::Black { b.total } else { -b.total };
                let mut counts = vec![0i32; kinds];
                for c in [Colour::Black, Colour::White] {
                    for sq in p.pieces(c) {
                        let pc = p.piece_at(sq);
                        if !variant.is_royal(pc) {
                            counts[variant.moves_as(pc).index()] += if c == Colour::Black { 1 } else { -1 };
                        }
                    }
                }
                Counted {
                    now: total as f64,
                    rest: (total - (b.material[0] - b.material[1])) as f64,
                    counts: (0..kinds)
                        .filter(|&k| counts[k] != 0)
                        .map(|k| (k as u16, counts[k].clamp(-127, 127) as i8))
                        .collect(),
                    result,
                }
            });
            if held_out_game(game) {
                test.push(c)
            } else {
                train.push(c)
            }
        },
    );
    eprintln!(
        "{} training and {} held-out quiet positions",
        train.len(),
        test.len()
    );
    let eval = |s: &Counted, v: &[f64]| {
        s.rest
            + s.counts
                .iter()
                .map(|&(k, n)| v[k as usize] * n as f64)
                .sum::<f64>()
    };
    // Mean squared error over `set` of the evaluation `score` gives each sample.
    let error = |set: &[Counted], k: f64, score: &dyn Fn(&Counted) -> f64| {
        set.iter()
            .map(|s| (s.result - sigmoid(k, score(s))).powi(2))
            .sum::<f64>()
            / set.len().max(1) as f64
    };
    let mse = |set: &[Counted], v: &[f64], k: f64| error(set, k, &|s| eval(s, v));
    let k = fit_k(|k| mse(&train, &start, k));
    // How often each kind's count differs: the kinds the games say something about.
    let mut seen = vec![0usize; kinds];
    for s in &train {
        for &(i, _) in &s.counts {
            seen[i as usize] += 1;
        }
    }
    let royal: Vec<bool> = variant.kinds().map(|k| k.is_royal()).collect();
    let fixed = |i: usize| royal[i] || seen[i] == 0;
    // Adam on the values, with a prior pulling each toward its start (`prior` per squared
    // pawn of difference, added to the mean error).
    const RATE: f64 = 2.0;
    let mut v = start.clone();
    let (mut m1, mut m2) = (vec![0.0; kinds], vec![0.0; kinds]);
    let n = train.len().max(1) as f64;
    for step in 1..=600 {
        let mut grad = vec![0.0; kinds];
        for s in &train {
            let p = sigmoid(k, eval(s, &v));
            let d = -2.0 * (s.result - p) * p * (1.0 - p) * k;
            for &(i, c) in &s.counts {
                grad[i as usize] += d * c as f64;
            }
        }
        for i in 0..kinds {
            if fixed(i) {
                continue;
            }
            let g = grad[i] / n + 2.0 * prior * (v[i] - start[i]) / 10_000.0;
            m1[i] = 0.9 * m1[i] + 0.1 * g;
            m2[i] = 0.999 * m2[i] + 0.001 * g * g;
            let mh = m1[i] / (1.0 - 0.9f64.powi(step));
            let vh = m2[i] / (1.0 - 0.999f64.powi(step));
            v[i] = (v[i] - RATE * mh / (vh.sqrt() + 1e-12)).max(10.0);
        }
        if step % 100 == 0 {
            eprintln!(
                "step {step}: training {:.6}, held out {:.6}",
                mse(&train, &v, k),
                mse(&test, &v, k)
            );
        }
    }
    let now = |set: &[Counted]| error(set, k, &|s| s.now);
    println!(
        "K = {k:.6}; the evaluation as it is: training {:.6}, held out {:.6}",
        now(&train),
        now(&test)
    );
    println!(
        "training: {:.6} -> {:.6}",
        mse(&train, &start, k),
        mse(&train, &v, k)
    );
    println!(
        "held out: {:.6} -> {:.6}",
        mse(&test, &start, k),
        mse(&test, &v, k)
    );
    for (i, kind) in variant.kinds().enumerate() {
        println!(
            "{} {} (was {}, {} positions)",
            kind.code(),
            v[i].round(),
            start[i],
            seen[i]
        );
    }
}
