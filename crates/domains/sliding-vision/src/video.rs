//! Video frames through the `ffmpeg` program: it decodes the file and writes every frame to
//! a pipe as a binary PPM (a few header bytes, then raw RGB), which is read here frame by
//! frame, so any format ffmpeg knows works and no video codec is compiled into delve.
//!
//! The program is `ffmpeg` on the `PATH`, or the path in the environment variable
//! [`FFMPEG_ENV`] (which is also how the tests point it at a missing program).

use crate::error::Error;
use image::RgbImage;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};

/// The environment variable that overrides the `ffmpeg` program.
pub const FFMPEG_ENV: &str = "DELVE_FFMPEG";

/// The `ffmpeg` program to run.
pub fn program() -> String {
    std::env::var(FFMPEG_ENV).ok().filter(|p| !p.is_empty()).unwrap_or_else(|| "ffmpeg".to_string())
}

/// The frames of a video, decoded by a running `ffmpeg`.
pub struct Video {
    path: String,
    child: Child,
    out: BufReader<ChildStdout>,
    errors: Option<std::thread::JoinHandle<String>>,
    done: bool,
    /// Frames handed out so far.
    frames: u64,
}

impl Video {
    /// Starts decoding `path`.
    pub fn open(path: &Path) -> Result<Video, Error> {
        if !path.is_file() {
            return Err(Error::io(path, "no such video file"));
        }
        let program = program();
        let mut child = Command::new(&program)
            .args(["-nostdin", "-v", "error", "-i"])
            .arg(path)
            .args(["-f", "image2pipe", "-c:v", "ppm", "-"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| Error::FfmpegMissing { program: program.clone(), message: e.to_string() })?;
        let out = BufReader::with_capacity(1 << 20, child.stdout.take().expect("stdout is piped"));
        let mut stderr = child.stderr.take().expect("stderr is piped");
        // Read ffmpeg's messages on the side so a chatty ffmpeg never blocks on a full pipe.
        let errors = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Ok(Video { path: path.display().to_string(), child, out, errors: Some(errors), done: false, frames: 0 })
    }

    fn fail(&self, message: impl Into<String>) -> Error {
        Error::Video { path: self.path.clone(), message: message.into() }
    }

    /// The next frame, `Ok(None)` at the end of the video.
    pub fn next_frame(&mut self) -> Result<Option<RgbImage>, Error> {
        if self.done {
            return Ok(None);
        }
        match read_ppm(&mut self.out) {
            Ok(Some(frame)) => {
                self.frames += 1;
                Ok(Some(frame))
            }
            Ok(None) => {
                self.done = true;
                let status = self.child.wait().map_err(|e| self.fail(e.to_string()))?;
                let messages = self.errors.take().and_then(|h| h.join().ok()).unwrap_or_default();
                if status.success() {
                    Ok(None)
                } else {
                    // ffmpeg's messages, on one line.
                    let lines: Vec<&str> = messages.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
                    Err(self.fail(if lines.is_empty() {
                        format!("ffmpeg exited with {status}")
                    } else {
                        lines.join("; ")
                    }))
                }
            }
            Err(message) => {
                self.done = true;
                let _ = self.child.kill();
                let _ = self.child.wait();
                Err(self.fail(message))
            }
        }
    }

    /// Up to `size` next frames, each with its number (counted from 1), for reading a batch
    /// in parallel; empty at the end of the video.
    pub fn next_batch(&mut self, size: usize) -> Result<Vec<(u64, RgbImage)>, Error> {
        let mut batch = Vec::with_capacity(size);
        while batch.len() < size {
            match self.next_frame()? {
                Some(frame) => batch.push((self.frames, frame)),
                None => break,
            }
        }
        Ok(batch)
    }
}

impl Drop for Video {
    fn drop(&mut self) {
        if !self.done {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Reads one binary PPM (`P6`, 8-bit) from `r`; `Ok(None)` at a clean end of input.
pub fn read_ppm(r: &mut impl BufRead) -> Result<Option<RgbImage>, String> {
    if r.fill_buf().map_err(|e| e.to_string())?.is_empty() {
        return Ok(None);
    }
    let mut fields = Vec::with_capacity(4);
    while fields.len() < 4 {
        let mut token = Vec::new();
        loop {
            let mut byte = [0u8];
            if r.read(&mut byte).map_err(|e| e.to_string())? == 0 {
                if token.is_empty() {
                    return Err("the frame stream ended inside a header".into());
                }
                break;
            }
            match byte[0] {
                b'#' if token.is_empty() => {
                    let mut comment = Vec::new();
                    r.read_until(b'\n', &mut comment).map_err(|e| e.to_string())?;
                }
                b if b.is_ascii_whitespace() => {
                    if !token.is_empty() {
                        break;
                    }
                }
                b => token.push(b),
            }
            if token.len() > 16 {
                return Err("not a PPM frame stream".into());
            }
        }
        fields.push(String::from_utf8_lossy(&token).into_owned());
        if fields[0] != "P6" {
            return Err(format!("not a PPM frame stream (magic `{}`)", fields[0]));
        }
    }
    let number = |s: &str| s.parse::<u32>().map_err(|_| format!("not a PPM frame stream (header field `{s}`)"));
    let (w, h, max) = (number(&fields[1])?, number(&fields[2])?, number(&fields[3])?);
    if max != 255 || w == 0 || h == 0 || (w as u64) * (h as u64) > 1 << 28 {
        return Err(format!("unsupported PPM frame {w}x{h}, max value {max}"));
    }
    let mut data = vec![0u8; w as usize * h as usize * 3];
    r.read_exact(&mut data).map_err(|e| format!("the frame stream ended inside a frame: {e}"))?;
    Ok(RgbImage::from_raw(w, h, data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ppm_frames_follow_each_other() {
        let mut bytes = b"P6\n2 1\n255\n".to_vec();
        bytes.extend([1, 2, 3, 4, 5, 6]);
        bytes.extend(b"P6 # a comment\n1 1 255\n");
        bytes.extend([9, 9, 9]);
        let mut r = std::io::Cursor::new(bytes);
        let a = read_ppm(&mut r).unwrap().unwrap();
        assert_eq!((a.dimensions(), a.get_pixel(1, 0).0), ((2, 1), [4, 5, 6]));
        let b = read_ppm(&mut r).unwrap().unwrap();
        assert_eq!(b.get_pixel(0, 0).0, [9, 9, 9]);
        assert!(read_ppm(&mut r).unwrap().is_none());
        let mut cut = std::io::Cursor::new(b"P6\n2 2\n255\n\x01\x02".to_vec());
        assert!(read_ppm(&mut cut).unwrap_err().contains("inside a frame"));
        let mut junk = std::io::Cursor::new(b"GIF89a....".to_vec());
        assert!(read_ppm(&mut junk).unwrap_err().contains("not a PPM"));
    }
}
