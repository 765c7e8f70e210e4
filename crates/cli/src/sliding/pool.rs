//! `delve sliding pool` and `delve sliding samples-needed`: pattern-pool estimates from samples.

use super::plot;
use crate::common::{self, Status};
use anyhow::Result;
use clap::Args;
use delve_sliding::pool::{check_observed, expected_distinct, samples_needed, simulate_pool, unseen_probability};
use std::path::PathBuf;

/// Arguments of `delve sliding pool`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  delve sliding pool --samples 80 --observed 70 --trials 200")]
pub(super) struct PoolArgs {
    /// Samples drawn (S), e.g. 80.
    #[arg(long, value_name = "S")]
    samples: usize,
    /// Distinct patterns observed among them (K), e.g. 48.
    #[arg(long, value_name = "K")]
    observed: usize,
    /// Simulated draws averaged per pool size.
    #[arg(long, value_name = "T", default_value_t = 100)]
    trials: usize,
    /// Largest pool size simulated (pools 1..=P).
    #[arg(long, value_name = "P", default_value_t = 100)]
    max_pool: usize,
    /// Seed of the random generator.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Draw the curve to FILE (.png or .svg).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    #[command(flatten)]
    output: common::OutputArgs,
}

pub(super) fn run_pool(args: PoolArgs) -> Result<Status> {
    let start = std::time::Instant::now();
    if let Some(p) = &args.plot {
        plot::check_path(p)?;
    }
    check_observed(args.samples, args.observed).map_err(|e| anyhow::anyhow!("--{e}"))?;
    let curve = simulate_pool(args.samples, args.trials, args.max_pool, args.seed)?;
    let k = args.observed as f64;
    let crossing = curve.crossing(k);
    let expected = curve.expected_crossing(k);
    if let Some(path) = &args.plot {
        let title =
            format!("Distinct patterns seen in {} samples, by pool size ({} trials each)", args.samples, args.trials);
        let xs = 1..=args.max_pool;
        let mut marks = Vec::new();
        if let Some(c) = crossing {
            marks.push((c as f64, curve.average[c - 1], format!("  pool ≈ {c}")));
        }
        plot::line_chart(
            path,
            &plot::Lines {
                title: &title,
                x_desc: "Pool size (patterns)",
                y_desc: "Distinct patterns observed",
                lines: vec![
                    plot::Line {
                        name: "simulated average".into(),
                        points: xs.clone().map(|p| (p as f64, curve.average[p - 1])).collect(),
                        color: plot::BLUE_LINE,
                    },
                    plot::Line {
                        name: "expected P(1-(1-1/P)^S)".into(),
                        points: xs.clone().map(|p| (p as f64, expected_distinct(p as f64, args.samples))).collect(),
                        color: plot::GREEN_LINE,
                    },
                    // The original's line y = x, over the whole range: a pool of P patterns
                    // would show all P only with at least P samples.
                    plot::Line {
                        name: "every pattern seen".into(),
                        points: vec![(1.0, 1.0), (args.max_pool as f64, args.max_pool as f64)],
                        color: plot::ORANGE_LINE,
                    },
                    plot::Line {
                        name: format!("{} observed", args.observed),
                        points: vec![(1.0, k), (args.max_pool as f64, k)],
                        color: plot::BLACK_LINE,
                    },
                ],
                marks,
                legend: plotters::prelude::SeriesLabelPosition::LowerRight,
            },
        )?;
    }
    if args.output.json {
        common::print_job_report("pool-estimate", None, delve_core::Stats::since(start), curve.estimate(args.observed));
    } else {
        println!(
            "simulated {} trials of {} samples for pools of 1..{} patterns (seed {})",
            args.trials, args.samples, args.max_pool, args.seed
        );
        match crossing {
            Some(c) => println!(
                "{} distinct patterns observed → estimated pool: {c} patterns (simulated average there {:.2})",
                args.observed,
                curve.average[c - 1]
            ),
            None => println!(
                "{} distinct patterns observed: no pool up to {} reaches it on average; try a larger --max-pool",
                args.observed, args.max_pool
            ),
        }
        if let Some(e) = expected {
            println!("closed form P(1-(1-1/P)^S) = {}: P = {e:.2}", args.observed);
        }
        if let Some(p) = &args.plot {
            println!("plot: {}", p.display());
        }
    }
    Ok(Status::Done)
}

/// Arguments of `delve sliding samples-needed`.
#[derive(Args, Debug)]
pub(super) struct SamplesNeededArgs {
    /// The pool size believed (P), e.g. 70.
    #[arg(long, value_name = "P")]
    pool: u64,
    /// Confidence that no further pattern exists (e.g. 0.999 for 0.1%).
    #[arg(long, value_name = "C", default_value_t = 0.999)]
    confidence: f64,
    /// Also report the probability after N samples.
    #[arg(long, value_name = "N")]
    have: Option<u64>,
    /// Mark N samples with a line on the plot and report the probability there (repeatable:
    /// the original marked 70 and 80).
    #[arg(long = "mark", value_name = "N")]
    marks: Vec<u64>,
    /// Draw the probability curve to FILE (.png or .svg).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    #[command(flatten)]
    output: common::OutputArgs,
}

/// `0.0010000000000000009` → `0.1` (percent, float noise trimmed).
fn percent(fraction: f64) -> String {
    let s = format!("{:.6}", fraction * 100.0);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `1 sample`, `487 samples`.
fn samples(n: u64) -> String {
    format!("{n} {}", common::plural(n, "sample"))
}

pub(super) fn run_samples_needed(args: SamplesNeededArgs) -> Result<Status> {
    let start = std::time::Instant::now();
    if let Some(p) = &args.plot {
        plot::check_path(p)?;
    }
    let s = samples_needed(args.pool, args.confidence)?;
    let have = args.have.map(|n| (n, unseen_probability(args.pool, n)));
    if let Some(path) = &args.plot {
        let title = format!(
            "Probability that one pattern beyond {} is never seen, (P/(P+1))^n; {}% reached at n = {}",
            args.pool,
            percent(1.0 - args.confidence),
            s.samples
        );
        let last = args.marks.iter().copied().chain(args.have).chain([s.samples]).max().unwrap_or(0);
        let end = last as usize + s.samples as usize / 10 + 1;
        let points: Vec<(f64, f64)> =
            (0..=end).map(|n| (n as f64, unseen_probability(args.pool, n as u64) * 100.0)).collect();
        let mut lines = vec![
            plot::Line { name: "probability".into(), points, color: plot::BLUE_LINE },
            plot::Line {
                name: samples(s.samples),
                points: vec![(s.samples as f64, 0.0), (s.samples as f64, 100.0)],
                color: plot::ORANGE_LINE,
            },
        ];
        if let Some((n, _)) = have {
            lines.push(plot::Line {
                name: samples(n),
                points: vec![(n as f64, 0.0), (n as f64, 100.0)],
                color: plot::GREEN_LINE,
            });
        }
        for (&n, color) in args.marks.iter().zip([plot::BLACK_LINE, plot::RED_LINE].into_iter().cycle()) {
            let p = unseen_probability(args.pool, n) * 100.0;
            lines.push(plot::Line {
                name: format!("{}: {p:.1}%", samples(n)),
                points: vec![(n as f64, 0.0), (n as f64, 100.0)],
                color,
            });
        }
        plot::line_chart(
            path,
            &plot::Lines {
                title: &title,
                x_desc: "Number of samples (n)",
                y_desc: "Unseen-pattern probability (%)",
                lines,
                marks: vec![(s.samples as f64, s.probability * 100.0, format!("  n = {}", s.samples))],
                legend: plotters::prelude::SeriesLabelPosition::UpperRight,
            },
        )?;
    }
    if args.output.json {
        common::print_job_report(
            "samples-needed",
            None,
            delve_core::Stats::since(start),
            s.report(args.confidence, args.have, &args.marks),
        );
    } else {
        println!(
            "With {}, the probability that one more pattern exists but was never seen is {} \
             (below {}%, pool of {})",
            samples(s.samples),
            s.probability,
            percent(1.0 - args.confidence),
            args.pool
        );
        for (n, p) in have.into_iter().chain(args.marks.iter().map(|&n| (n, unseen_probability(args.pool, n)))) {
            println!("With {}, that probability is {p:.6} (confidence {:.2}%)", samples(n), (1.0 - p) * 100.0);
        }
        if let Some(p) = &args.plot {
            println!("plot: {}", p.display());
        }
    }
    Ok(Status::Done)
}
