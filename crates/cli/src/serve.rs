//! `delve serve`: the local web page (`delve-web`) on 127.0.0.1 — play, solve and watch every
//! domain in a browser. Thin: bind, print the address, optionally open a browser, serve.

use crate::common::Status;
use anyhow::Context;
use clap::Args;

/// Arguments of `delve serve`.
#[derive(Args, Debug)]
#[command(
    after_help = "The page listens on 127.0.0.1 only; Ctrl-C stops it.\n\nExamples:\n  delve serve\n  delve serve --port 8080 --open\n  delve serve --port 0"
)]
pub struct ServeArgs {
    /// The port on 127.0.0.1 (0: any free port; the address is printed).
    #[arg(long, value_name = "P", default_value_t = 8471)]
    port: u16,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// Answer requests that name this host too (repeatable). Only `localhost`, `127.0.0.1`
    /// and `[::1]` are answered otherwise, so that a page on another site cannot reach the
    /// server by pointing its own name at 127.0.0.1.
    #[arg(long, value_name = "NAME")]
    allow_host: Vec<String>,
    /// The most connections open at once. At the cap, a new one closes the connection idle
    /// longest; a connection is also closed after 30 s idle, or 10 s into a request head not
    /// yet complete.
    #[arg(long, value_name = "N", default_value_t = 256, value_parser = clap::value_parser!(u16).range(1..))]
    max_connections: u16,
}

/// Runs `delve serve` until the process is stopped.
pub fn run(args: ServeArgs) -> anyhow::Result<Status> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().context("starting the server")?;
    runtime.block_on(async {
        let listener =
            delve_web::bind(args.port).await.with_context(|| format!("cannot listen on 127.0.0.1:{}", args.port))?;
        let url = format!("http://{}/", listener.local_addr()?);
        println!("delve serve: the page is at {url} (Ctrl-C stops it)");
        if args.open {
            open_browser(&url);
        }
        let config = delve_web::Config {
            allow_hosts: args.allow_host,
            max_connections: args.max_connections.into(),
            ..delve_web::Config::default()
        };
        delve_web::serve(listener, config).await.context("serving the page")?;
        Ok(Status::Done)
    })
}

/// Asks the desktop to open `url`; says so when it cannot (the page still runs).
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("could not open a browser ({opener}: {e}); open {url} yourself");
    }
}
