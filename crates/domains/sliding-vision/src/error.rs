//! The crate's error type: every failure is one human-readable line naming the file at fault.

use thiserror::Error;

/// Everything that can go wrong while loading templates, decoding frames or reading a video.
#[derive(Debug, Error)]
pub enum Error {
    /// A file or folder could not be read or written.
    #[error("{path}: {message}")]
    Io {
        /// The file, as given.
        path: String,
        /// The operating system's (or decoder's) message.
        message: String,
    },
    /// The templates (a folder or a manifest) are not usable: a bad name, a missing piece,
    /// a flat image, a malformed manifest.
    #[error("{0}")]
    Templates(String),
    /// The `ffmpeg` program could not be started.
    #[error(
        "cannot run `{program}` to decode the video ({message}): install ffmpeg (Debian/Ubuntu: \
         `apt-get install ffmpeg`, package `ffmpeg`) or set DELVE_FFMPEG to the program's path"
    )]
    FfmpegMissing {
        /// The program that was looked for.
        program: String,
        /// Why it could not be started.
        message: String,
    },
    /// `ffmpeg` ran but failed, or wrote something that is not a stream of frames.
    #[error("{path}: ffmpeg could not decode the video: {message}")]
    Video {
        /// The video file.
        path: String,
        /// ffmpeg's own message (or what was wrong with its output).
        message: String,
    },
}

impl Error {
    /// An [`Error::Io`] for `path`.
    pub(crate) fn io(path: &std::path::Path, message: impl std::fmt::Display) -> Error {
        Error::Io { path: path.display().to_string(), message: message.to_string() }
    }
}
