//! `delve sliding read`: boards read from screenshots, a folder of frames or a video by tile
//! templates (the original study's §4-3), printed as `frame,puzzle_number,pattern` rows, written as
//! the `puzzle_number,pattern` CSV `delve sliding analyze` reads, or as JSON.

use crate::common::{self, Progress, Status};
use anyhow::{Context, Result, bail};
use clap::Args;
use delve_sliding_vision::change::{Change, ChangeGate};
use delve_sliding_vision::reader::{BoardRow, ReadReport, boards_csv};
use delve_sliding_vision::templates::image_files;
use delve_sliding_vision::video::Video;
use delve_sliding_vision::{DEFAULT_THRESHOLD, Reader, Reading, Skip, Tally, TemplateSet, debug};
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

/// Arguments of `delve sliding read`.
#[derive(Args, Debug)]
#[command(after_help = "Frames with no puzzle, a piece missing, a piece between two cells or two pieces on \
one cell are skipped and counted; consecutive frames of one board count once (again after a frame without \
the puzzle).\n\nExamples:\n  \
delve sliding read --templates crates/domains/sliding-vision/data/demo/templates --frames crates/domains/sliding-vision/data/demo/frames\n  \
delve sliding read --templates crates/domains/sliding-vision/data/demo/templates crates/domains/sliding-vision/data/demo/frames/frame1.jpg --json\n  \
delve sliding read --templates crates/domains/sliding-vision/data/demo/templates --frames crates/domains/sliding-vision/data/demo/frames --min-change 0.2 --verbose")]
pub(super) struct ReadArgs {
    /// Tile templates: a folder of `{puzzle}{piece}.png|jpg` (piece 2-9 in keypad numbering,
    /// each a crop of the middle of the piece) or a JSON manifest for other boards and names.
    #[arg(long, value_name = "DIR|MANIFEST.json")]
    templates: PathBuf,
    /// Frames (PNG or JPEG), read in the order given.
    #[arg(value_name = "FRAME", conflicts_with_all = ["frames", "video"])]
    frame: Vec<PathBuf>,
    /// A folder of frames, read in name order (frame2 before frame10).
    #[arg(long, value_name = "DIR", conflicts_with = "video")]
    frames: Option<PathBuf>,
    /// A video, decoded by the `ffmpeg` program (Debian package `ffmpeg`; the environment
    /// variable DELVE_FFMPEG names another program).
    #[arg(long, value_name = "FILE")]
    video: Option<PathBuf>,
    /// Least normalised cross-correlation of a piece (the original study's 0.95).
    #[arg(long, value_name = "T", default_value_t = DEFAULT_THRESHOLD, value_parser = parse_threshold)]
    threshold: f32,
    /// Also write the boards as `puzzle_number,pattern` lines, the CSV `delve sliding analyze` reads.
    #[arg(long, value_name = "OUT.csv")]
    csv: Option<PathBuf>,
    #[command(flatten)]
    output: common::OutputArgs,
    /// The most pixels, in millions, a frame file may have: a larger one is refused before it
    /// is decoded [default: 40, a little over 8K].
    #[arg(long, value_name = "MP", value_parser = parse_megapixels)]
    max_megapixels: Option<f64>,
    /// Write every frame into DIR with the pieces found outlined (green border: read; red:
    /// skipped), as NAME.png after the frame's file, or frameNNNNNN.png for a video's frames.
    #[arg(long, value_name = "DIR")]
    debug_dir: Option<PathBuf>,
    /// Keep the frame of each board read (the first of its run of frames) in DIR: a frame
    /// file is copied under its own name, a video's frame written as frameNNNNNN.png.
    #[arg(long, value_name = "DIR")]
    save_frames: Option<PathBuf>,
    /// Read only the frames that changed by at least X from the frame before, the original
    /// study's way through a video: the change is 1 − the normalised cross-correlation of the
    /// two whole frames (grey), so 0 is the same picture. The study read frames whose
    /// similarity was between 0.5 and 0.8: `--min-change 0.2 --max-change 0.5`. The first
    /// frame is never read. Without it every frame is read.
    #[arg(long, value_name = "X", value_parser = parse_change)]
    min_change: Option<f32>,
    /// With --min-change: also skip the frames that changed by more than X (cuts: a screen
    /// appearing or closing), which end a run of one board as a frame with no puzzle does
    /// [default: 2, the most a change can be].
    #[arg(long, value_name = "X", requires = "min_change", value_parser = parse_change)]
    max_change: Option<f32>,
    /// Say on stderr why each skipped frame was skipped, and name each frame with no puzzle.
    #[arg(long, short)]
    verbose: bool,
}

/// A threshold in (0, 1]. It is read as an `f64`, so a tiny one such as `1e-300` (below the
/// smallest positive `f32`) is still in range; it becomes the smallest positive `f32`, which
/// accepts the same matches.
fn parse_threshold(s: &str) -> Result<f32, String> {
    match s.trim().parse::<f64>() {
        Ok(t) if t > 0.0 && t <= 1.0 => Ok((t as f32).max(f32::MIN_POSITIVE)),
        _ => Err(format!("expected a correlation threshold in (0, 1], e.g. 0.95, got `{s}`")),
    }
}

/// A change between frames: 1 − a correlation, so from 0 (the same picture) to 2 (its negative).
fn parse_change(s: &str) -> Result<f32, String> {
    match s.trim().parse::<f32>() {
        Ok(x) if (0.0..=2.0).contains(&x) => Ok(x),
        _ => Err(format!("expected a change between frames in [0, 2] (1 − their correlation), e.g. 0.2, got `{s}`")),
    }
}

/// Where the frames come from.
enum Source {
    Files(Vec<PathBuf>),
    Video(PathBuf),
}

pub(super) fn run_read(args: ReadArgs) -> Result<Status> {
    let start = std::time::Instant::now();
    let set = TemplateSet::load(&args.templates)?;
    let reader = Reader::new(set, args.threshold);
    let source = match (&args.video, &args.frames) {
        (Some(video), _) => Source::Video(video.clone()),
        (None, Some(dir)) => {
            if !dir.is_dir() {
                bail!("{}: no such folder of frames", dir.display());
            }
            let files = image_files(dir)?;
            if files.is_empty() {
                bail!("{}: no PNG or JPEG frames in this folder", dir.display());
            }
            Source::Files(files)
        }
        (None, None) if !args.frame.is_empty() => Source::Files(args.frame.clone()),
        (None, None) => bail!("no frames: give FRAME files, --frames DIR or --video FILE"),
    };
    for dir in [&args.debug_dir, &args.save_frames].into_iter().flatten() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let gate = args.min_change.map(|min| ChangeGate::new(min, args.max_change.unwrap_or(2.0)));
    let mut job = Job { reader, args: &args, gate, tally: Tally::default(), rows: Vec::new() };
    let interrupted = match source {
        Source::Files(files) => job.files(&files)?,
        Source::Video(path) => job.video(&path)?,
    };
    let Job { tally, rows, .. } = job;
    if let Some(out) = &args.csv {
        std::fs::write(out, boards_csv(&rows)).with_context(|| format!("writing {}", out.display()))?;
    }
    if args.output.json {
        let csv = args.csv.as_ref().map(|p| p.display().to_string());
        let stop = interrupted.then_some(delve_core::StopReason::Cancelled);
        common::print_job_report(
            "read",
            stop,
            delve_core::Stats::since(start),
            ReadReport::new(&rows, &tally, csv, interrupted),
        );
    } else {
        let mut out = std::io::stdout().lock();
        for r in &rows {
            writeln!(out, "{},{},{}", csv_field(&r.frame), r.puzzle, r.pattern)?;
        }
        let reasons: Vec<String> = tally.skipped.iter().map(|(k, n)| format!("{n} {}", k.replace('_', " "))).collect();
        eprintln!(
            "{} {}: {} {}, {} repeated, {} skipped{}{}",
            tally.frames,
            common::plural(tally.frames, "frame"),
            rows.len(),
            common::plural(rows.len() as u64, "board"),
            tally.repeats,
            tally.skipped_total(),
            if reasons.is_empty() { String::new() } else { format!(" ({})", reasons.join(", ")) },
            if interrupted { "; interrupted by Ctrl-C" } else { "" }
        );
        if let Some(out) = &args.csv {
            eprintln!("csv: {} (delve sliding analyze {} reads it)", out.display(), out.display());
        }
    }
    Ok(if interrupted { Status::NotSolved } else { Status::Done })
}

/// A field of a CSV row, quoted when it must be.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() }
}

struct Job<'a> {
    reader: Reader,
    args: &'a ReadArgs,
    /// The frame-to-frame gate of `--min-change`, if any.
    gate: Option<ChangeGate>,
    tally: Tally,
    rows: Vec<BoardRow>,
}

/// A frame to read: its name in the output, the name of its tracking image, and the image.
struct Pending {
    name: String,
    debug_name: String,
    image: image::RgbImage,
}

/// A frame read (or skipped by the gate): its names, its reading, and the frame when
/// `--save-frames` may keep it.
struct Read {
    name: String,
    debug_name: String,
    reading: Reading,
    image: Option<image::RgbImage>,
}

impl Job<'_> {
    /// Reads one frame and writes its tracking image when asked.
    fn read(&self, frame: image::RgbImage, debug_name: &str) -> Result<Reading> {
        let reading = self.reader.read(&frame);
        if let Some(dir) = &self.args.debug_dir {
            let mut img = frame;
            debug::draw(&mut img, &reading);
            let path = dir.join(format!("{debug_name}.png"));
            img.save(&path).with_context(|| format!("writing {}", path.display()))?;
        }
        Ok(reading)
    }

    /// Reads a batch of frames in parallel, after the `--min-change` gate (in order, since
    /// each frame is compared with the one before); the frames the gate passes over are
    /// skipped unread. Gives each frame's name, tracking-image name and reading, in order,
    /// and the frame itself when `--save-frames` may keep it.
    fn read_batch(&mut self, batch: Vec<Pending>) -> Result<Vec<Read>> {
        let gated: Vec<(Pending, Option<Skip>)> = batch
            .into_iter()
            .map(|frame| {
                let skip = self.gate.as_mut().and_then(|gate| match gate.check(&frame.image) {
                    Change::First => Some(Skip::FirstFrame),
                    Change::Small(similarity) => Some(Skip::SmallChange { similarity }),
                    Change::Cut(similarity) => Some(Skip::Cut { similarity }),
                    Change::Read(_) => None,
                });
                (frame, skip)
            })
            .collect();
        let keep = self.args.save_frames.is_some();
        let job = &*self;
        gated
            .into_par_iter()
            .map(|(frame, skip)| {
                let Pending { name, debug_name, image } = frame;
                if let Some(skip) = skip {
                    let reading = Reading { puzzle: None, found: Vec::new(), result: Err(skip) };
                    return Ok(Read { name, debug_name, reading, image: None });
                }
                let kept = keep.then(|| image.clone());
                let reading = job.read(image, &debug_name)?;
                Ok(Read { name, debug_name, reading, image: kept })
            })
            .collect()
    }

    /// Counts a frame's reading, in order; with `--verbose`, says why it was skipped, a frame
    /// with no puzzle included (above the progress bar). Returns whether the frame gave a new
    /// board.
    fn count(&mut self, name: &str, reading: &Reading, progress: &Progress) -> bool {
        if self.args.verbose
            && let Err(skip) = &reading.result
        {
            progress.println(&format!("{name}: skipped: {skip}"));
        }
        let row = self.tally.add(name, reading);
        let new = row.is_some();
        self.rows.extend(row);
        new
    }

    /// Reads image files, a batch at a time in parallel, counted in order. Returns whether
    /// Ctrl-C stopped it.
    fn files(&mut self, files: &[PathBuf]) -> Result<bool> {
        let cancel = common::cancel_flag();
        let mut progress = Progress::new("reading frames");
        let max_pixels = self
            .args
            .max_megapixels
            .map_or(delve_sliding_vision::templates::MAX_PIXELS, |mp| (mp * 1e6).min(u64::MAX as f64) as u64);
        let mut done = 0;
        for chunk in files.chunks(2 * rayon::current_num_threads()) {
            if cancel.load(Ordering::Relaxed) {
                return Ok(true);
            }
            let batch = chunk
                .par_iter()
                .map(|path| {
                    let image = load_frame(path, max_pixels)?;
                    Ok(Pending { name: path.display().to_string(), debug_name: debug_stem(path), image })
                })
                .collect::<Result<Vec<_>>>()?;
            for (read, path) in self.read_batch(batch)?.into_iter().zip(chunk) {
                if self.count(&read.name, &read.reading, &progress)
                    && let (Some(dir), Some(file)) = (&self.args.save_frames, path.file_name())
                {
                    let to = dir.join(file);
                    std::fs::copy(path, &to)
                        .with_context(|| format!("copying {} to {}", path.display(), to.display()))?;
                }
            }
            done += chunk.len() as u64;
            progress.show("frames", done, Some(files.len() as u64));
        }
        Ok(false)
    }

    /// Reads a video's frames from ffmpeg, a batch at a time in parallel. Returns whether
    /// Ctrl-C stopped it.
    fn video(&mut self, path: &Path) -> Result<bool> {
        let mut video = Video::open(path)?;
        let cancel = common::cancel_flag();
        let mut progress = Progress::new("reading video");
        let video_name = path.display().to_string();
        loop {
            let batch = video.next_batch(2 * rayon::current_num_threads())?;
            let Some(&(last, _)) = batch.last() else { return Ok(false) };
            let batch = batch
                .into_iter()
                .map(|(i, image)| Pending {
                    name: format!("{video_name}#{i}"),
                    debug_name: format!("frame{i:06}"),
                    image,
                })
                .collect();
            for Read { name, debug_name, reading, image } in self.read_batch(batch)? {
                if self.count(&name, &reading, &progress)
                    && let (Some(dir), Some(frame)) = (&self.args.save_frames, image)
                {
                    let to = dir.join(format!("{debug_name}.png"));
                    frame.save(&to).with_context(|| format!("writing {}", to.display()))?;
                }
            }
            progress.show("frames", last, None);
            if cancel.load(Ordering::Relaxed) {
                return Ok(true);
            }
        }
    }
}

/// The name of a frame's tracking image: its file name without the extension.
fn debug_stem(path: &Path) -> String {
    path.file_stem().map_or_else(|| "frame".to_string(), |s| s.to_string_lossy().into_owned())
}

/// Decodes an image file of at most `max_pixels` pixels, naming it in any error.
fn load_frame(path: &Path, max_pixels: u64) -> Result<image::RgbImage> {
    Ok(delve_sliding_vision::templates::load_rgb_within(path, max_pixels)?)
}

/// A positive number of megapixels.
fn parse_megapixels(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(mp) if mp > 0.0 && mp.is_finite() => Ok(mp),
        _ => Err(format!("expected a positive number of megapixels, e.g. 40, got `{s}`")),
    }
}
