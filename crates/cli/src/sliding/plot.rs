//! Charts for `delve sliding`: bar charts, line charts and a heat map, written as PNG or SVG
//! (chosen by the file extension) with plotters.
//!
//! Text is drawn with DejaVu Sans embedded in the binary (`assets/fonts`, Bitstream Vera
//! licence) through plotters' pure-Rust `ab_glyph` renderer, so plots come out the same on a
//! machine with no system fonts or fontconfig.

use anyhow::{Context, Result, anyhow, bail};
use delve_core::human;
use plotters::chart::MeshStyle;
use plotters::coord::Shift;
use plotters::coord::ranged1d::Ranged;
use plotters::prelude::*;
use plotters::style::FontStyle;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;
use std::sync::Once;

const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const SIZE: (u32, u32) = (1280, 800);
const BAR: RGBColor = RGBColor(49, 110, 180);
const FAMILY: &str = "sans-serif";

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is compiled in, so this cannot fail at run time.
        let _ = plotters::style::register_font(FAMILY, FontStyle::Normal, FONT);
    });
}

fn drawing_error<E: std::fmt::Debug>(e: E) -> anyhow::Error {
    anyhow!("drawing failed: {e:?}")
}

/// The output format of a plot file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Png,
    Svg,
}

fn format_of(path: &Path) -> Result<Format> {
    match path.extension().and_then(|e| e.to_str()).map(|e| e.to_ascii_lowercase()).as_deref() {
        Some("png") => Ok(Format::Png),
        Some("svg") => Ok(Format::Svg),
        _ => bail!("plot file `{}` must end in .png or .svg", path.display()),
    }
}

/// Checks a plot path before any long computation (extension, parent directory).
pub fn check_path(path: &Path) -> Result<()> {
    format_of(path)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && !dir.is_dir()
    {
        bail!("cannot write plot `{}`: directory `{}` does not exist", path.display(), dir.display());
    }
    Ok(())
}

/// Runs `draw` on a PNG or SVG drawing area for `path`.
macro_rules! with_area {
    ($path:expr, $area:ident => $body:expr) => {{
        register_font();
        let path: &Path = $path;
        match format_of(path)? {
            Format::Png => {
                let $area = BitMapBackend::new(path, SIZE).into_drawing_area();
                $body?;
                $area.present().map_err(drawing_error).with_context(|| format!("writing {}", path.display()))
            }
            Format::Svg => {
                let $area = SVGBackend::new(path, SIZE).into_drawing_area();
                $body?;
                $area.present().map_err(drawing_error).with_context(|| format!("writing {}", path.display()))
            }
        }
    }};
}

/// A bar chart: one bar per label.
pub struct Bars<'a> {
    /// Title on top.
    pub title: &'a str,
    /// X axis description.
    pub x_desc: &'a str,
    /// Y axis description.
    pub y_desc: &'a str,
    /// `(label, value)` per bar, left to right.
    pub bars: Vec<(String, f64)>,
    /// Show at most this many x labels (the rest are skipped evenly); 0 hides them.
    pub max_labels: usize,
    /// Write each bar's value above it (for few bars).
    pub values_on_bars: bool,
}

/// Draws `spec` to `path` (`.png` or `.svg`).
pub fn bar_chart(path: &Path, spec: &Bars<'_>) -> Result<()> {
    with_area!(path, area => draw_bars(&area, spec))
}

/// Every chart's axes: the descriptions, in the house fonts, over a light grid.
fn axes<'m, 'a, 'b, X, Y, DB>(
    mesh: &'m mut MeshStyle<'a, 'b, X, Y, DB>,
    x_desc: &str,
    y_desc: &str,
) -> &'m mut MeshStyle<'a, 'b, X, Y, DB>
where
    X: Ranged,
    Y: Ranged,
    DB: DrawingBackend,
{
    mesh.x_desc(x_desc)
        .y_desc(y_desc)
        .axis_desc_style((FAMILY, 22))
        .label_style((FAMILY, 16))
        .light_line_style(RGBColor(230, 230, 230))
}

/// Text in the house font, `size` points, anchored at its point by `h` and `v`.
fn text_style(size: u32, color: &RGBColor, h: HPos, v: VPos) -> TextStyle<'static> {
    (FAMILY, size).into_font().color(color).pos(Pos::new(h, v))
}

fn nice_max(max: f64) -> f64 {
    if max <= 0.0 {
        return 1.0;
    }
    max * 1.12
}

fn draw_bars<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, spec: &Bars<'_>) -> Result<()> {
    area.fill(&WHITE).map_err(drawing_error)?;
    let n = spec.bars.len().max(1);
    let top = nice_max(spec.bars.iter().map(|b| b.1).fold(0.0, f64::max));
    let mut chart = ChartBuilder::on(area)
        .caption(spec.title, (FAMILY, 30))
        .margin(24)
        .x_label_area_size(if spec.max_labels == 0 { 30 } else { 60 })
        .y_label_area_size(90)
        .build_cartesian_2d(-0.6f64..(n as f64 - 0.4), 0f64..top)
        .map_err(drawing_error)?;
    let step = if spec.max_labels == 0 { usize::MAX } else { n.div_ceil(spec.max_labels).max(1) };
    let labels: Vec<&str> = spec.bars.iter().map(|b| b.0.as_str()).collect();
    let x_fmt = |x: &f64| {
        let i = x.round();
        if (x - i).abs() > 1e-6 || i < 0.0 {
            return String::new();
        }
        let i = i as usize;
        if step != usize::MAX && i.is_multiple_of(step) {
            labels.get(i).map(|s| s.to_string()).unwrap_or_default()
        } else {
            String::new()
        }
    };
    let integral = spec.bars.iter().all(|b| b.1.fract() == 0.0);
    let y_fmt = |y: &f64| {
        if integral && y.fract().abs() > 1e-9 {
            String::new() // counts: no ticks between whole numbers
        } else if top >= 10_000.0 {
            human::count(*y)
        } else if top < 10.0 && !integral {
            format!("{y:.1}")
        } else {
            format!("{y:.0}")
        }
    };
    axes(&mut chart.configure_mesh(), spec.x_desc, spec.y_desc)
        .disable_x_mesh()
        .x_labels(n.min(200) + 1)
        .x_label_formatter(&x_fmt)
        .y_label_formatter(&y_fmt)
        .draw()
        .map_err(drawing_error)?;
    let half = if n > 60 { 0.45 } else { 0.38 };
    chart
        .draw_series(
            spec.bars
                .iter()
                .enumerate()
                .map(|(i, b)| Rectangle::new([(i as f64 - half, 0.0), (i as f64 + half, b.1)], BAR.filled())),
        )
        .map_err(drawing_error)?;
    if spec.values_on_bars {
        chart
            .draw_series(spec.bars.iter().enumerate().map(|(i, b)| {
                let text = if b.1.fract() == 0.0 { human::count(b.1) } else { format!("{:.2}", b.1) };
                Text::new(text, (i as f64, b.1 + top * 0.01), text_style(14, &BLACK, HPos::Center, VPos::Bottom))
            }))
            .map_err(drawing_error)?;
    }
    Ok(())
}

/// One line of a line chart.
pub struct Line {
    /// Legend text.
    pub name: String,
    /// The points, in x order.
    pub points: Vec<(f64, f64)>,
    /// Its colour.
    pub color: RGBColor,
}

/// A line chart with reference lines.
pub struct Lines<'a> {
    /// Title on top.
    pub title: &'a str,
    /// X axis description.
    pub x_desc: &'a str,
    /// Y axis description.
    pub y_desc: &'a str,
    /// The lines.
    pub lines: Vec<Line>,
    /// Marked points `(x, y, label)`.
    pub marks: Vec<(f64, f64, String)>,
    /// Where the legend goes.
    pub legend: SeriesLabelPosition,
}

/// Colours for line charts.
pub const BLUE_LINE: RGBColor = RGBColor(31, 119, 180);
/// Orange.
pub const ORANGE_LINE: RGBColor = RGBColor(255, 127, 14);
/// Green.
pub const GREEN_LINE: RGBColor = RGBColor(44, 160, 44);
/// Black.
pub const BLACK_LINE: RGBColor = RGBColor(0, 0, 0);
/// Red.
pub const RED_LINE: RGBColor = RGBColor(214, 39, 40);

/// Draws a line chart to `path`.
pub fn line_chart(path: &Path, spec: &Lines<'_>) -> Result<()> {
    with_area!(path, area => draw_lines(&area, spec))
}

fn draw_lines<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, spec: &Lines<'_>) -> Result<()> {
    area.fill(&WHITE).map_err(drawing_error)?;
    let pts = spec.lines.iter().flat_map(|l| l.points.iter());
    let (mut x0, mut x1, mut y1) = (f64::MAX, f64::MIN, f64::MIN);
    for &(x, y) in pts {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    if x0 >= x1 {
        x1 = x0 + 1.0;
    }
    let mut chart = ChartBuilder::on(area)
        .caption(spec.title, (FAMILY, 28))
        .margin(24)
        .x_label_area_size(60)
        .y_label_area_size(90)
        .build_cartesian_2d(x0..x1, 0f64..nice_max(y1))
        .map_err(drawing_error)?;
    let tidy = |v: &f64| if v.fract() == 0.0 { format!("{v:.0}") } else { format!("{v:.1}") };
    axes(&mut chart.configure_mesh(), spec.x_desc, spec.y_desc)
        .x_label_formatter(&tidy)
        .y_label_formatter(&tidy)
        .draw()
        .map_err(drawing_error)?;
    for line in &spec.lines {
        let color = line.color;
        chart
            .draw_series(LineSeries::new(line.points.iter().copied(), color.stroke_width(3)))
            .map_err(drawing_error)?
            .label(line.name.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], color.stroke_width(3)));
    }
    for (x, y, label) in &spec.marks {
        chart.draw_series(std::iter::once(Circle::new((*x, *y), 7, RED_LINE.filled()))).map_err(drawing_error)?;
        chart
            .draw_series(std::iter::once(Text::new(
                label.clone(),
                (*x, *y),
                text_style(18, &BLACK, HPos::Left, VPos::Bottom),
            )))
            .map_err(drawing_error)?;
    }
    chart
        .configure_series_labels()
        .position(spec.legend.clone())
        .label_font((FAMILY, 18))
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()
        .map_err(drawing_error)?;
    Ok(())
}

/// Draws a square matrix as a heat map with the numbers written in the cells.
pub fn heat_map(path: &Path, title: &str, axis: &str, labels: &[String], matrix: &[Vec<usize>]) -> Result<()> {
    with_area!(path, area => draw_heat_map(&area, title, axis, labels, matrix))
}

fn draw_heat_map<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    axis: &str,
    labels: &[String],
    matrix: &[Vec<usize>],
) -> Result<()> {
    area.fill(&WHITE).map_err(drawing_error)?;
    let n = labels.len().max(1);
    let max = matrix.iter().flatten().copied().max().unwrap_or(1).max(1) as f64;
    let mut chart = ChartBuilder::on(area)
        .caption(title, (FAMILY, 28))
        .margin(24)
        .x_label_area_size(60)
        .y_label_area_size(90)
        .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), (n as f64 - 0.5)..-0.5f64)
        .map_err(drawing_error)?;
    let fmt = |v: &f64| {
        let i = v.round();
        if (v - i).abs() > 1e-6 || i < 0.0 {
            String::new()
        } else {
            labels.get(i as usize).cloned().unwrap_or_default()
        }
    };
    axes(&mut chart.configure_mesh(), axis, axis)
        .disable_mesh()
        .x_labels(n + 1)
        .y_labels(n + 1)
        .x_label_formatter(&fmt)
        .y_label_formatter(&fmt)
        .draw()
        .map_err(drawing_error)?;
    let cells = matrix.iter().enumerate().flat_map(|(i, row)| row.iter().enumerate().map(move |(j, &v)| (i, j, v)));
    chart
        .draw_series(cells.clone().map(|(i, j, v)| {
            let t = v as f64 / max;
            let shade = |lo: f64, hi: f64| (lo + (hi - lo) * t) as u8;
            let color = RGBColor(shade(247.0, 8.0), shade(251.0, 69.0), shade(255.0, 148.0));
            Rectangle::new([(j as f64 - 0.5, i as f64 - 0.5), (j as f64 + 0.5, i as f64 + 0.5)], color.filled())
        }))
        .map_err(drawing_error)?;
    let font_size = if n > 12 { 12 } else { 20 };
    chart
        .draw_series(cells.map(|(i, j, v)| {
            let color = if v as f64 / max > 0.55 { WHITE } else { BLACK };
            Text::new(v.to_string(), (j as f64, i as f64), text_style(font_size, &color, HPos::Center, VPos::Center))
        }))
        .map_err(drawing_error)?;
    Ok(())
}
