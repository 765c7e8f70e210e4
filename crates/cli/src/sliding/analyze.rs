//! `delve sliding analyze`: the original study's analytics on a CSV of observed puzzles, as text,
//! JSON or charts.

use super::solve::PdbOptions;
use super::{Display, board_arg, memory_available, plot, resolve_goal};
use crate::common::{self, Status};
use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use delve_core::input;
use delve_sliding::analytics::{Analysis, AnalysisReport, MoveCounter, analyze, parse_samples};
use delve_sliding::notation::{Notation, format_state};
use delve_sliding::{Dims, Grid};
use serde::Serialize;
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
    size: Option<Dims>,
    /// The goal (default: keypad goal for keypad patterns, else `1 2 … 0`).
    #[arg(long, value_name = "STATE")]
    goal: Option<String>,
    /// Write the charts into DIR (created if missing).
    #[arg(long, value_name = "DIR")]
    plot_dir: Option<PathBuf>,
    /// Image format of the charts.
    #[arg(long, value_enum, default_value_t = PlotFormat::Png)]
    plot_format: PlotFormat,
    #[command(flatten)]
    output: common::OutputArgs,
}

pub(super) fn run_analyze(args: AnalyzeArgs) -> Result<Status> {
    let start = std::time::Instant::now();
    let name = args.file.display().to_string();
    let text = input::read_text(&args.file).with_context(|| format!("reading {name}"))?;
    let samples = parse_samples(&name, &text, args.size)?;
    let goal = resolve_goal(args.goal.as_deref(), samples.board, samples.notation)?;
    // One enumeration when the board fits in memory, else IDA* per distinct pattern; a stop
    // (Ctrl-C) is reported as such, never taken for "too large" or "unsolvable".
    let limits = common::interruptible();
    let counter =
        MoveCounter::new(&goal, samples.notation, memory_available(), &limits, Display::layers("enumerating"), |g| {
            PdbOptions::default().load(g, args.output.json)
        })?;
    let mut display = Display::new("solving patterns");
    let analysis = analyze(&name, &samples, |g| counter.moves(g, &limits, &mut display))?;
    drop(display);
    let plots = match &args.plot_dir {
        Some(dir) => analysis_plots(&analysis, dir, args.plot_format)?,
        None => Vec::new(),
    };
    if args.output.json {
        let output = AnalyzeOutput {
            report: analysis.report(&samples, &goal, &counter.method()),
            plots: plots.iter().map(|p| p.display().to_string()).collect(),
        };
        common::print_job_report("analyze", None, delve_core::Stats::since(start), output);
    } else {
        print_analysis(&analysis, &goal, samples.notation, &counter.method());
        for p in &plots {
            println!("plot: {}", p.display());
        }
    }
    Ok(Status::Done)
}

/// What `analyze --json` prints: the domain's report and the charts written.
#[derive(Serialize)]
struct AnalyzeOutput {
    #[serde(flatten)]
    report: AnalysisReport,
    plots: Vec<String>,
}

fn print_analysis(a: &Analysis, goal: &Grid, notation: Notation, method: &str) {
    println!(
        "samples: {}, distinct patterns: {} (goal {}; minimum moves by {method})",
        a.samples,
        a.patterns.len(),
        format_state(goal, notation)
    );
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
