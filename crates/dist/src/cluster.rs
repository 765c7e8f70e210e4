//! Where a dataflow runs: worker threads in this process, or processes on one or many
//! machines joined over TCP, in timely's terms (`-w`, `-n`, `-p`, `-h`).
//!
//! The processes connect before timely starts: each listens on its own address and dials
//! every process of lower index, and the two ends check that they run the same job on the
//! same cluster shape. Connecting has a deadline, so a missing process is an error in bounded
//! time rather than timely's endless retries. During the run, a broken connection (a process
//! that died or was stopped) makes timely's network thread panic; [`run`] catches that and
//! returns [`Error::Lost`], so every surviving process exits with an error instead of
//! waiting for data that will never come.

use crate::Error;
use socket2::{SockRef, TcpKeepalive};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};
use timely::communication::Hooks;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely::worker::Worker;

/// The first port of the default addresses: process `i` listens on `127.0.0.1:2101 + i`
/// (timely's own default).
pub const FIRST_PORT: u16 = 2101;

/// How long processes wait for each other to start, by default.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(60);

/// Largest hostfile read, in bytes.
const MAX_HOSTFILE: u64 = 1 << 20;

/// The shape of a run and this process's place in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// Worker threads per process (timely's `-w`).
    pub workers: usize,
    /// Processes (timely's `-n`); 1 runs everything here.
    pub processes: usize,
    /// This process's index, `0..processes` (timely's `-p`). Process 0 prints the result.
    pub process: usize,
    /// One `host:port` per process (timely's `-h` file); empty means `127.0.0.1` from port
    /// [`FIRST_PORT`].
    pub hosts: Vec<String>,
    /// How long to wait for the other processes to start.
    pub connect_timeout: Duration,
}

impl Cluster {
    /// `workers` threads in this process alone.
    pub fn local(workers: usize) -> Cluster {
        Cluster { workers, processes: 1, process: 0, hosts: Vec::new(), connect_timeout: CONNECT_TIMEOUT }
    }

    /// Total workers, `workers × processes`.
    pub fn peers(&self) -> usize {
        self.workers * self.processes
    }

    /// True on the process that prints results (process 0).
    pub fn is_leader(&self) -> bool {
        self.process == 0
    }

    /// Checks the shape: at least one worker and one process, an index in range, one
    /// address per process.
    pub fn check(&self) -> Result<(), Error> {
        if self.workers == 0 {
            return Err(Error::Config("--workers must be at least 1".into()));
        }
        if self.processes == 0 {
            return Err(Error::Config("--processes must be at least 1".into()));
        }
        if self.process >= self.processes {
            return Err(Error::Config(format!(
                "--process {} is out of range: with --processes {} the processes are 0 to {}",
                self.process,
                self.processes,
                self.processes - 1
            )));
        }
        if !self.hosts.is_empty() && self.hosts.len() != self.processes {
            return Err(Error::Config(format!(
                "the hostfile lists {} address{} but --processes is {}: give one host:port per process",
                self.hosts.len(),
                if self.hosts.len() == 1 { "" } else { "es" },
                self.processes
            )));
        }
        Ok(())
    }

    /// The address of process `i`.
    pub fn address(&self, i: usize) -> String {
        match self.hosts.get(i) {
            Some(h) => h.clone(),
            None => format!("127.0.0.1:{}", u32::from(FIRST_PORT) + i as u32),
        }
    }
}

/// Reads a hostfile: one `host:port` a line, in process order; blank lines and `#` comments
/// are skipped.
pub fn read_hostfile(path: &Path) -> Result<Vec<String>, Error> {
    let config = |m: String| Error::Config(format!("{}: {m}", path.display()));
    let unreadable = |e: std::io::Error| Error::Config(format!("cannot read the hostfile {}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let mut bytes = Vec::new();
    file.take(MAX_HOSTFILE + 1).read_to_end(&mut bytes).map_err(unreadable)?;
    if bytes.len() as u64 > MAX_HOSTFILE {
        return Err(config(format!("larger than {MAX_HOSTFILE} bytes; a hostfile has one host:port a line")));
    }
    let text = String::from_utf8(bytes).map_err(|e| config(format!("not UTF-8 text: {e}")))?;
    parse_hostfile(&text).map_err(|(line, column, message)| Error::Hostfile {
        path: path.into(),
        line,
        column,
        message,
    })
}

/// Parses hostfile text; an error is `(line, column, message)`.
///
/// ```
/// use delve_dist::cluster::parse_hostfile;
/// let hosts = parse_hostfile("# two machines\nnode-a:2101\n\n10.0.0.2:2101  # the other\n").unwrap();
/// assert_eq!(hosts, ["node-a:2101", "10.0.0.2:2101"]);
/// let (line, column, message) = parse_hostfile("node-a:2101\nnode-b\n").unwrap_err();
/// assert_eq!((line, column), (2, 1));
/// assert!(message.contains("expected host:port"), "{message}");
/// ```
pub fn parse_hostfile(text: &str) -> Result<Vec<String>, (usize, usize, String)> {
    let mut hosts = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        let entry = line.trim();
        if entry.is_empty() {
            continue;
        }
        let column = line.find(entry).unwrap_or(0) + 1;
        let fail = |what: &str| Err((i + 1, column, format!("{what} in `{}`: expected host:port", excerpt(entry))));
        if entry.contains(char::is_whitespace) {
            return fail("more than one word");
        }
        let Some((host, port)) = entry.rsplit_once(':') else { return fail("no port") };
        if host.is_empty() {
            return fail("no host");
        }
        if host.chars().any(char::is_control) {
            return fail("a control character");
        }
        if port.parse::<u16>().map_or(true, |p| p == 0) {
            return fail("the port is not a number from 1 to 65535");
        }
        hosts.push(entry.to_string());
    }
    if hosts.is_empty() {
        return Err((1, 1, "no addresses: expected one host:port a line, one line per process".into()));
    }
    Ok(hosts)
}

/// At most 40 characters of `text`, control characters escaped.
fn excerpt(text: &str) -> String {
    let mut out: String = text.chars().take(40).flat_map(char::escape_default).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}

/// What two processes tell each other on connecting.
const MAGIC: &[u8; 8] = b"delve-d1";

/// `MAGIC`, the job's fingerprint, the sender's index, the processes and the workers.
fn hello(job: u64, cluster: &Cluster) -> [u8; 40] {
    let mut out = [0u8; 40];
    out[..8].copy_from_slice(MAGIC);
    for (k, v) in
        [job, cluster.process as u64, cluster.processes as u64, cluster.workers as u64].into_iter().enumerate()
    {
        out[8 + 8 * k..16 + 8 * k].copy_from_slice(&v.to_le_bytes());
    }
    out
}

/// Checks the other end's hello against ours; returns its process index.
fn check_hello(theirs: &[u8; 40], job: u64, cluster: &Cluster, address: &str) -> Result<usize, Error> {
    let fail = |message: String| Err(Error::Handshake { address: address.to_string(), message });
    if &theirs[..8] != MAGIC {
        return fail("the other end is not a delve process of this version".into());
    }
    let word = |k: usize| u64::from_le_bytes(theirs[8 + 8 * k..16 + 8 * k].try_into().expect("8 bytes"));
    let (their_job, index, processes, workers) = (word(0), word(1), word(2), word(3));
    if processes != cluster.processes as u64 || workers != cluster.workers as u64 {
        return fail(format!(
            "process {index} runs with --processes {processes} --workers {workers}, this one with --processes {} --workers {}",
            cluster.processes, cluster.workers
        ));
    }
    if their_job != job {
        return fail(format!("process {index} runs another job: every process needs the same command and arguments"));
    }
    if index >= processes || index == cluster.process as u64 {
        return fail(format!("the other end says it is process {index}, which cannot connect here"));
    }
    Ok(index as usize)
}

/// A job's fingerprint (FNV-1a of its description), so processes started with different
/// commands refuse each other.
pub fn fingerprint(job: &str) -> u64 {
    job.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// Exchanges hellos on a fresh connection, within `deadline`.
fn handshake(
    stream: &mut TcpStream,
    job: u64,
    cluster: &Cluster,
    address: &str,
    deadline: Instant,
) -> Result<usize, Error> {
    let io =
        |e: std::io::Error| Error::Handshake { address: address.to_string(), message: format!("no greeting: {e}") };
    let left = deadline.saturating_duration_since(Instant::now()).max(Duration::from_secs(1));
    stream.set_read_timeout(Some(left)).map_err(io)?;
    stream.write_all(&hello(job, cluster)).map_err(io)?;
    let mut theirs = [0u8; 40];
    stream.read_exact(&mut theirs).map_err(io)?;
    stream.set_read_timeout(None).map_err(io)?;
    stream.set_nodelay(true).map_err(io)?;
    // A machine that vanishes without closing its connections (power, network) is noticed
    // by the keepalive probes of an idle connection: after 10 s, then every 5 s, as many
    // times as the system says (9 on Linux: under a minute).
    let keepalive = TcpKeepalive::new().with_time(Duration::from_secs(10));
    #[cfg(any(target_os = "linux", target_os = "macos", target_os = "windows"))]
    let keepalive = keepalive.with_interval(Duration::from_secs(5));
    SockRef::from(&*stream).set_tcp_keepalive(&keepalive).map_err(io)?;
    check_hello(&theirs, job, cluster, address)
}

/// Connects this process to every other: dials the lower indices, accepts the higher
/// ones, all within the cluster's connect timeout. Slot `i` holds the stream to process `i`
/// (`None` for this process).
fn connect(cluster: &Cluster, job: u64) -> Result<Vec<Option<TcpStream>>, Error> {
    let me = cluster.process;
    let start = Instant::now();
    let deadline = start + cluster.connect_timeout;
    let own = cluster.address(me);
    // Listen first, so higher processes can connect while this one dials lower ones.
    let listener = if me + 1 < cluster.processes {
        let listen = |cause| Error::Listen { process: me, address: own.clone(), cause };
        let l = TcpListener::bind(resolve(&own).map_err(listen)?).map_err(listen)?;
        l.set_nonblocking(true).map_err(listen)?;
        Some(l)
    } else {
        None
    };
    let mut streams: Vec<Option<TcpStream>> = (0..cluster.processes).map(|_| None).collect();
    for (peer, slot) in streams.iter_mut().enumerate().take(me) {
        let address = cluster.address(peer);
        let stream = loop {
            let attempt = resolve(&address).and_then(|a| {
                let left = deadline.saturating_duration_since(Instant::now()).max(Duration::from_millis(100));
                TcpStream::connect_timeout(&a, left)
            });
            match attempt {
                Ok(s) => break s,
                Err(cause) if Instant::now() >= deadline => {
                    return Err(Error::Connect { peer, address, waited: start.elapsed(), cause });
                }
                Err(_) => std::thread::sleep(Duration::from_millis(100)),
            }
        };
        let mut stream = stream;
        let index = handshake(&mut stream, job, cluster, &address, deadline)?;
        if index != peer {
            return Err(Error::Handshake {
                address,
                message: format!("process {index} answered where process {peer} was expected: check the hostfile"),
            });
        }
        *slot = Some(stream);
    }
    if let Some(listener) = listener {
        while streams[me + 1..].iter().any(Option::is_none) {
            match listener.accept() {
                Ok((mut stream, from)) => {
                    stream
                        .set_nonblocking(false)
                        .map_err(|e| Error::Handshake { address: from.to_string(), message: e.to_string() })?;
                    let index = handshake(&mut stream, job, cluster, &from.to_string(), deadline)?;
                    if index <= me || streams[index].is_some() {
                        return Err(Error::Handshake {
                            address: from.to_string(),
                            message: format!("process {index} connected twice or out of turn"),
                        });
                    }
                    streams[index] = Some(stream);
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    if Instant::now() >= deadline {
                        let missing = (me + 1..cluster.processes).filter(|&i| streams[i].is_none()).collect();
                        return Err(Error::Missing { missing, address: own, waited: start.elapsed() });
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
                Err(cause) => return Err(Error::Listen { process: me, address: own, cause }),
            }
        }
    }
    Ok(streams)
}

/// The first socket address of `host:port`.
fn resolve(address: &str) -> std::io::Result<SocketAddr> {
    address.to_socket_addrs()?.next().ok_or_else(|| std::io::Error::other("the name resolves to no address"))
}

/// Runs currently watched by the panic hook.
static ACTIVE: AtomicUsize = AtomicUsize::new(0);
/// The first failure (a panic message) seen while a run was active.
static FAILURE: Mutex<Option<String>> = Mutex::new(None);
/// Installs the hook once.
static HOOK: OnceLock<()> = OnceLock::new();

/// Routes panics during a run (timely's network threads panic when a connection breaks) to
/// [`FAILURE`] instead of the terminal; other panics go to the previous hook.
fn install_hook() {
    HOOK.get_or_init(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if ACTIVE.load(Ordering::SeqCst) == 0 {
                return previous(info);
            }
            let message = info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| info.payload().downcast_ref::<&str>().map(|s| (*s).to_string()))
                .unwrap_or_else(|| "panic".to_string());
            let mut slot = FAILURE.lock().unwrap_or_else(|p| p.into_inner());
            slot.get_or_insert(message);
        }));
    });
}

/// The failure recorded since the run began, as an error.
fn failure() -> Option<Error> {
    let slot = FAILURE.lock().unwrap_or_else(|p| p.into_inner());
    slot.as_ref().map(|m| {
        if m.starts_with("timely communication error") { Error::Lost(m.clone()) } else { Error::Worker(m.clone()) }
    })
}

/// Marks a run as watched while alive. A run that fails keeps watching for good (see
/// [`Watch::keep`]): its abandoned threads may still panic on their way down.
struct Watch;

impl Watch {
    fn new() -> Watch {
        install_hook();
        if ACTIVE.fetch_add(1, Ordering::SeqCst) == 0 {
            *FAILURE.lock().unwrap_or_else(|p| p.into_inner()) = None;
        }
        Watch
    }
}

impl Watch {
    /// Keeps panics routed to [`FAILURE`] after this run: it failed, its abandoned worker and
    /// network threads can still panic, and the caller is about to report the error and exit.
    fn keep(self) {
        std::mem::forget(self);
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        ACTIVE.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Runs `job` on every worker of `cluster` and returns worker 0's value on process 0 (`None`
/// on the other processes). `name` describes the job (command and arguments): processes
/// whose names differ refuse to connect.
///
/// Each worker returns `Ok(Some(value))` (worker 0) or `Ok(None)`, or an error. The first
/// error, a worker's panic, or a broken connection ends the run here at once: the other
/// workers of this process are abandoned (the caller is expected to exit), and the other
/// processes see their connections close.
pub fn run<T, F>(cluster: &Cluster, name: &str, job: F) -> Result<Option<T>, Error>
where
    T: Send + 'static,
    F: Fn(&mut Worker) -> Result<Option<T>, Error> + Send + Sync + 'static,
{
    cluster.check()?;
    let watch = Watch::new();
    let hooks = Hooks::default();
    let (builders, others): (Vec<AllocatorBuilder>, Box<dyn std::any::Any + Send>) = if cluster.processes == 1 {
        let builders = ProcessBuilder::new_typed_vector(cluster.workers, hooks.refill.clone(), hooks.spill.clone());
        (builders.into_iter().map(AllocatorBuilder::Process).collect(), Box::new(()))
    } else {
        let sockets = connect(cluster, fingerprint(name))?;
        let locals = ProcessBuilder::new_typed_vector(cluster.workers, hooks.refill.clone(), hooks.spill.clone());
        let (builders, guard) =
            initialize_networking_from_sockets(locals, sockets, cluster.process, cluster.workers, hooks)
                .map_err(|e| Error::Lost(format!("starting the network threads: {e}")))?;
        (builders.into_iter().map(AllocatorBuilder::Tcp).collect(), Box::new(guard))
    };
    let (tx, rx) = mpsc::channel::<Result<Option<T>, Error>>();
    let tx = Mutex::new(tx);
    let guards = timely::execute::execute_from(builders, others, timely::WorkerConfig::default(), move |worker| {
        let result = job(worker);
        let failed = result.is_err();
        let sender = tx.lock().unwrap_or_else(|p| p.into_inner()).clone();
        let _ = sender.send(result);
        if failed {
            // Leave the dataflow unfinished: the process is about to report the error.
            loop {
                std::thread::park();
            }
        }
    })
    .map_err(Error::Worker)?;
    let mut value = None;
    let mut finished = 0;
    while finished < cluster.workers {
        match rx.recv_timeout(Duration::from_millis(50)) {
            Ok(Ok(v)) => {
                finished += 1;
                value = value.or(v);
            }
            Ok(Err(e)) => {
                std::mem::forget(guards);
                watch.keep();
                return Err(e);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Some(e) = failure() {
                    std::mem::forget(guards);
                    watch.keep();
                    return Err(e);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    // Let the workers finish the dataflows and the network threads say goodbye, watching for
    // a peer that fails meanwhile.
    let (done_tx, done_rx) = mpsc::channel();
    std::thread::spawn(move || {
        let results = guards.join();
        let _ = done_tx.send(results.into_iter().find_map(Result::err));
    });
    let failed = loop {
        match done_rx.recv_timeout(Duration::from_millis(50)) {
            Ok(None) => break None,
            Ok(Some(e)) => break Some(failure().unwrap_or(Error::Worker(e))),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Some(e) = failure() {
                    break Some(e);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Some(failure().unwrap_or(Error::Worker("the workers ended without a result".into())));
            }
        }
    };
    match failed {
        None => Ok(value),
        Some(e) => {
            watch.keep();
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_checked() {
        let mut c = Cluster::local(2);
        assert!(c.check().is_ok());
        c.processes = 2;
        c.process = 2;
        assert!(c.check().unwrap_err().to_string().contains("processes are 0 to 1"));
        c.process = 1;
        c.hosts = vec!["a:1".into()];
        assert!(c.check().unwrap_err().to_string().contains("lists 1 address but --processes is 2"));
        c.workers = 0;
        assert!(c.check().unwrap_err().to_string().contains("--workers"));
    }

    #[test]
    fn default_addresses_count_up_from_2101() {
        let c = Cluster { processes: 3, ..Cluster::local(1) };
        assert_eq!(c.address(0), "127.0.0.1:2101");
        assert_eq!(c.address(2), "127.0.0.1:2103");
    }

    #[test]
    fn hostfile_errors_point_at_the_entry() {
        let (line, column, m) = parse_hostfile("a:1\n   b:x\n").unwrap_err();
        assert_eq!((line, column), (2, 4));
        assert!(m.contains("`b:x`"), "{m}");
        let (_, _, m) = parse_hostfile("a:1 b:2\n").unwrap_err();
        assert!(m.contains("more than one word"), "{m}");
        let (_, _, m) = parse_hostfile("# nothing\n\n").unwrap_err();
        assert!(m.contains("no addresses"), "{m}");
        let (_, _, m) = parse_hostfile(&format!("{}\u{7}:1\n", "x".repeat(50))).unwrap_err();
        assert!(m.contains('…') && !m.contains('\u{7}'), "{m}");
    }

    #[test]
    fn hellos_must_match() {
        let c0 = Cluster { processes: 2, ..Cluster::local(1) };
        let c1 = Cluster { process: 1, ..c0.clone() };
        let job = fingerprint("x");
        assert_eq!(check_hello(&hello(job, &c1), job, &c0, "a").unwrap(), 1);
        let other = check_hello(&hello(fingerprint("y"), &c1), job, &c0, "a").unwrap_err();
        assert!(other.to_string().contains("another job"), "{other}");
        let wide = Cluster { workers: 2, ..c1.clone() };
        let e = check_hello(&hello(job, &wide), job, &c0, "a").unwrap_err();
        assert!(e.to_string().contains("--workers 2"), "{e}");
        let mut junk = hello(job, &c1);
        junk[0] = b'X';
        assert!(check_hello(&junk, job, &c0, "a").unwrap_err().to_string().contains("not a delve process"));
    }
}
