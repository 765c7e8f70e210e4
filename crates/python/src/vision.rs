//! `delve.sliding.read`: boards read from screenshots, a folder of frames or a video by tile
//! templates, as `delve sliding read` reads them.

use crate::guard;
use delve_core::{Report, Stats, StopReason};
use delve_sliding_vision::reader::{BoardRow, ReadReport, boards_csv};
use delve_sliding_vision::templates::{MAX_PIXELS, image_files, load_rgb_within};
use delve_sliding_vision::video::Video;
use delve_sliding_vision::{Error, Reader, Reading, Tally, TemplateSet};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A reading error as the Python exception a user expects: templates that do not read are
/// `delve.ParseError`, files that cannot be read or decoded `OSError`.
fn vision_error(py: Python<'_>, e: Error) -> PyErr {
    match e {
        Error::Templates(_) => guard::parse_error_at(py, e.to_string(), None, None),
        Error::Io { .. } | Error::FfmpegMissing { .. } | Error::Video { .. } => PyOSError::new_err(e.to_string()),
    }
}

/// Reads the frames `frames` (image files, in the order given), the frames of the folder
/// `folder` (in name order) or the `video` (decoded by ffmpeg) with the tile templates
/// `templates` (a folder or a JSON manifest), as `delve sliding read --json`: the report and
/// whether Ctrl-C stopped it. With `csv`, also writes the boards as the CSV `delve sliding
/// analyze` reads.
#[pyfunction]
#[pyo3(signature = (templates, frames=None, folder=None, video=None, threshold=0.95, csv=None,
    max_megapixels=None, on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn sliding_read(
    py: Python<'_>,
    templates: PathBuf,
    frames: Option<Vec<PathBuf>>,
    folder: Option<PathBuf>,
    video: Option<PathBuf>,
    threshold: f64,
    csv: Option<PathBuf>,
    max_megapixels: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let start = Instant::now();
    if !(threshold > 0.0 && threshold <= 1.0) {
        return Err(PyValueError::new_err(format!("threshold must be in (0, 1], got {threshold}")));
    }
    let max_pixels = match max_megapixels {
        None => MAX_PIXELS,
        Some(mp) if mp > 0.0 && mp.is_finite() => (mp * 1e6).min(u64::MAX as f64) as u64,
        Some(mp) => return Err(PyValueError::new_err(format!("max_megapixels must be positive, got {mp}"))),
    };
    let files = match (frames, &folder, &video) {
        (Some(files), None, None) if !files.is_empty() => Some(files),
        (None, Some(dir), None) => {
            if !dir.is_dir() {
                return Err(PyValueError::new_err(format!("{}: no such folder of frames", dir.display())));
            }
            let files = image_files(dir).map_err(|e| vision_error(py, e))?;
            if files.is_empty() {
                return Err(PyValueError::new_err(format!("{}: no PNG or JPEG frames in this folder", dir.display())));
            }
            Some(files)
        }
        (None, None, Some(_)) => None,
        _ => return Err(PyValueError::new_err("give frame files, a folder of frames or a video (one of them)")),
    };
    let set = TemplateSet::load(&templates).map_err(|e| vision_error(py, e))?;
    let reader = Reader::new(set, (threshold as f32).max(f32::MIN_POSITIVE));
    let limits = guard::limits(None, None, None)?;
    let (read, interrupted) = guard::run_native(py, limits, on_progress.as_ref(), |limits, _| {
        let never = AtomicBool::new(false);
        let cancel = limits.cancel.as_deref().unwrap_or(&never);
        let mut tally = Tally::default();
        let mut rows: Vec<BoardRow> = Vec::new();
        let stopped = match (&files, &video) {
            (Some(files), _) => {
                let readings: Vec<Option<Result<Reading, Error>>> = files
                    .par_iter()
                    .map(|path| {
                        (!cancel.load(Ordering::Relaxed))
                            .then(|| load_rgb_within(path, max_pixels).map(|frame| reader.read(&frame)))
                    })
                    .collect();
                let mut stopped = false;
                for (path, reading) in files.iter().zip(readings) {
                    match reading {
                        Some(r) => rows.extend(tally.add(&path.display().to_string(), &r?)),
                        None => {
                            stopped = true;
                            break;
                        }
                    }
                }
                stopped
            }
            (None, Some(path)) => {
                let mut video = Video::open(path)?;
                let name = path.display().to_string();
                loop {
                    let batch = video.next_batch(2 * rayon::current_num_threads())?;
                    if batch.is_empty() {
                        break false;
                    }
                    let readings: Vec<(u64, Reading)> =
                        batch.into_par_iter().map(|(i, frame)| (i, reader.read(&frame))).collect();
                    for (i, reading) in readings {
                        rows.extend(tally.add(&format!("{name}#{i}"), &reading));
                    }
                    if cancel.load(Ordering::Relaxed) {
                        break true;
                    }
                }
            }
            (None, None) => false,
        };
        Ok::<_, Error>((rows, tally, stopped))
    })?;
    let (rows, tally, stopped) = read.map_err(|e| vision_error(py, e))?;
    if let Some(out) = &csv {
        std::fs::write(out, boards_csv(&rows))
            .map_err(|e| PyOSError::new_err(format!("writing {}: {e}", out.display())))?;
    }
    let report = ReadReport::new(&rows, &tally, csv.as_ref().map(|p| p.display().to_string()), stopped);
    let stop = stopped.then_some(StopReason::Cancelled);
    Ok((guard::to_py(py, &Report::job("read", stop, Stats::since(start), report))?, interrupted))
}
