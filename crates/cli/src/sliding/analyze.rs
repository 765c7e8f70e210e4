//! `delve sliding analyze`: the reference's analytics on a CSV of observed puzzles, as text, JSON or charts.

use super::solve::{HeuristicArg, PdbOptions, choose_heuristic};
use super::{board_arg, enumerate_space, interruptible, plot, resolve_goal};
use crate::common::{self, Status};
use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use delve_core::NoObserver;
use delve_sliding::analytics::{Analysis, analyze, parse_samples};
use delve_sliding::notation::{Notation, format_state};
use delve_sliding::solve::{Algorithm, solve};
use delve_sliding::{Board, Grid};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum PlotFormat {
    /// PNG images.
    Png,
    /// SVG drawings.
    Svg,
}

/// Arguments of `delve sliding analyze`.
#[derive(Args, Debug)]
pub(super) struct AnalyzeArgs {
    /// CSV of `puzzle_number,pattern` rows (quotes, a header row and a UTF-8 BOM allowed).
    #[arg(value_name = "SAMPLES.csv")]
    file: PathBuf,
    /// The board, when the patterns alone do not tell.
    #[arg(long, value_name = "MxN", value_parser = board_arg)]
    size: Option<Board>,
    /// The goal (default: keypad goal for keypad patterns, else `1 2 … 0`).
    #[arg(long, value_name = "STATE")]
    goal: Option<String>,
    /// Write the charts into DIR (created if missing).
    #[arg(long, value_name = "DIR")]
    plot_dir: Option<PathBuf>,
    /// Image format of the charts.
    #[arg(long, value_enum, default_value_t = PlotFormat::Png)]
    plot_format: PlotFormat,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

pub(super) fn run_analyze(args: AnalyzeArgs) -> Result<Status> {
    let name = args.file.display().to_string();
    let bytes = std::fs::read(&args.file).with_context(|| format!("reading {name}"))?;
    let text = String::from_utf8(bytes)
        .map_err(|e| anyhow::anyhow!("{name}: not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))?;
    let samples = parse_samples(&name, &text, args.size)?;
    let goal = resolve_goal(args.goal.as_deref(), samples.board, samples.notation)?;
    let analysis = match enumerate_space(&goal) {
        Ok(space) => analyze(&name, &samples, |g| space.depth(g))?,
        Err(_) => {
            // Too large to enumerate: solve each distinct pattern optimally instead.
            let heuristic = choose_heuristic(
                HeuristicArg::Auto,
                Algorithm::Idastar,
                &goal,
                &PdbOptions { pdb_dir: None, partition: None },
                args.json,
            )?;
            analyze(&name, &samples, |g| {
                solve(g, &goal, Algorithm::Idastar, &heuristic, samples.notation, &interruptible(), NoObserver)
                    .ok()
                    .and_then(|r| r.solution().map(|s| s.cost))
            })?
        }
    };
    let plots = match &args.plot_dir {
        Some(dir) => analysis_plots(&analysis, dir, args.plot_format)?,
        None => Vec::new(),
    };
    if args.json {
        let mut v = analysis_json(&analysis);
        v["board"] = json!(samples.board.to_string());
        v["goal"] = json!(format_state(&goal, samples.notation));
        v["plots"] = json!(plots.iter().map(|p| p.display().to_string()).collect::<Vec<_>>());
        common::print_json(&v);
    } else {
        print_analysis(&analysis, &goal, samples.notation);
        for p in &plots {
            println!("plot: {}", p.display());
        }
    }
    Ok(Status::Done)
}

fn analysis_json(a: &Analysis) -> Value {
    json!({
        "samples": a.samples,
        "distinct_patterns": a.patterns.len(),
        "patterns": a.patterns.iter().map(|p| json!({"pattern": p.pattern, "count": p.count, "moves": p.moves})).collect::<Vec<_>>(),
        "puzzles": a.puzzles.iter().map(|p| json!({"puzzle": p.puzzle, "count": p.count, "patterns": p.patterns})).collect::<Vec<_>>(),
        "min_moves": a.min_moves(),
        "max_moves": a.max_moves(),
        "pattern_average_moves": a.pattern_average,
        "weighted_average_moves": a.weighted_average,
        "median_moves": a.median,
        "mode_moves": a.modes,
        "by_moves": a.by_moves.iter().map(|b| json!({"moves": b.moves, "patterns": b.patterns, "samples": b.samples})).collect::<Vec<_>>(),
        "similarity": a.similarity,
    })
}

fn print_analysis(a: &Analysis, goal: &Grid, notation: Notation) {
    println!("samples: {}, distinct patterns: {} (goal {})", a.samples, a.patterns.len(), format_state(goal, notation));
    println!("minimum moves: {} to {}, median {}, mode {:?}", a.min_moves(), a.max_moves(), a.median, a.modes);
    println!("average minimum moves over patterns:        {}", a.pattern_average);
    println!("average minimum moves over samples (weighted by appearances): {}", a.weighted_average);
    println!("\npuzzle  samples  patterns");
    for p in &a.puzzles {
        println!("{:>6}  {:>7}  {:>8}", p.puzzle, p.count, p.patterns);
    }
    println!("\nmoves  patterns  samples");
    for b in &a.by_moves {
        println!("{:>5}  {:>8}  {:>7}", b.moves, b.patterns, b.samples);
    }
    println!("\nsimilarity (patterns two puzzle numbers share):");
    let w = a
        .similarity
        .iter()
        .flatten()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
        .max(a.puzzles.iter().map(|p| p.puzzle.len()).max().unwrap_or(1));
    print!("{:>w$} ", "");
    for p in &a.puzzles {
        print!(" {:>w$}", p.puzzle);
    }
    println!();
    for (p, row) in a.puzzles.iter().zip(&a.similarity) {
        print!("{:>w$} ", p.puzzle);
        for v in row {
            print!(" {v:>w$}");
        }
        println!();
    }
    println!("\npattern     count  moves");
    for p in &a.patterns {
        println!("{:<10} {:>6} {:>6}", p.pattern, p.count, p.moves);
    }
}

fn analysis_plots(a: &Analysis, dir: &Path, format: PlotFormat) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let ext = match format {
        PlotFormat::Png => "png",
        PlotFormat::Svg => "svg",
    };
    let n = a.samples;
    let mut out = Vec::new();
    let mut bars = |name: &str,
                    title: String,
                    x: &str,
                    y: &str,
                    bars: Vec<(String, f64)>,
                    max_labels: usize,
                    values: bool|
     -> Result<()> {
        let path = dir.join(format!("{name}.{ext}"));
        plot::bar_chart(
            &path,
            &plot::Bars { title: &title, x_desc: x, y_desc: y, bars, max_labels, values_on_bars: values },
        )?;
        out.push(path);
        Ok(())
    };
    let few = a.puzzles.len() <= 40;
    bars(
        "puzzle-frequency",
        format!("Appearances by puzzle number ({n} samples, {} puzzle numbers)", a.puzzles.len()),
        "Puzzle number",
        "Appearances",
        a.puzzles.iter().map(|p| (p.puzzle.clone(), p.count as f64)).collect(),
        40,
        few,
    )?;
    bars(
        "pattern-frequency",
        format!("Appearances by pattern ({} distinct patterns in {n} samples)", a.patterns.len()),
        "Pattern (in order of first appearance)",
        "Appearances",
        a.patterns.iter().map(|p| (p.pattern.clone(), p.count as f64)).collect(),
        if a.patterns.len() <= 12 { 12 } else { 0 },
        a.patterns.len() <= 30,
    )?;
    bars(
        "moves-by-pattern",
        format!("Minimum moves by pattern (average {:.3})", a.pattern_average),
        "Pattern (in order of first appearance)",
        "Minimum number of moves",
        a.patterns.iter().map(|p| (p.pattern.clone(), p.moves as f64)).collect(),
        if a.patterns.len() <= 12 { 12 } else { 0 },
        a.patterns.len() <= 30,
    )?;
    bars(
        "patterns-by-moves",
        "Distinct patterns by minimum number of moves".to_string(),
        "Minimum number of moves",
        "Patterns",
        a.by_moves.iter().map(|b| (b.moves.to_string(), b.patterns as f64)).collect(),
        40,
        true,
    )?;
    bars(
        "samples-by-moves",
        format!("Samples by minimum number of moves (weighted average {:.4})", a.weighted_average),
        "Minimum number of moves",
        "Samples",
        a.by_moves.iter().map(|b| (b.moves.to_string(), b.samples as f64)).collect(),
        40,
        true,
    )?;
    bars(
        "patterns-by-puzzle",
        "Distinct patterns by puzzle number".to_string(),
        "Puzzle number",
        "Distinct patterns",
        a.puzzles.iter().map(|p| (p.puzzle.clone(), p.patterns as f64)).collect(),
        40,
        few,
    )?;
    let path = dir.join(format!("similarity.{ext}"));
    let labels: Vec<String> = a.puzzles.iter().map(|p| p.puzzle.clone()).collect();
    plot::heat_map(
        &path,
        "Patterns shared by two puzzle numbers (similarity matrix)",
        "Puzzle number",
        &labels,
        &a.similarity,
    )?;
    out.push(path);
    Ok(out)
}
