//! The dataflows against outside figures and the single-machine code: per-depth counts of
//! whole sliding-puzzle spaces (OEIS where it has them), N-Queens counts against OEIS
//! A000170, and batches in input order, each with one
//! worker, two workers, and two processes on loopback (two clusters in this test process,
//! joined over TCP on free ports).

use delve_core::{Limits, NoObserver};
use delve_dist::{Cluster, batch::batch, enumerate::enumerate, queens};
use delve_sliding::{Dims, Grid};
use std::net::TcpListener;
use std::time::Duration;

/// Two free loopback addresses.
fn free_addresses() -> Vec<String> {
    let a = TcpListener::bind("127.0.0.1:0").unwrap();
    let b = TcpListener::bind("127.0.0.1:0").unwrap();
    [a, b].iter().map(|l| l.local_addr().unwrap().to_string()).collect()
}

/// Process `process` of a two-process cluster of one worker each on `hosts`.
fn two(hosts: &[String], process: usize, connect_timeout: Duration) -> Cluster {
    Cluster { workers: 1, processes: 2, process, hosts: hosts.to_vec(), connect_timeout }
}

/// Runs `job` as process 0 and 1 of a two-process cluster with one worker each; returns
/// process 0's value (process 1 must return `None`).
fn two_processes<T: Send + 'static>(job: impl Fn(&Cluster) -> Option<T> + Send + Sync + Copy + 'static) -> T {
    let hosts = free_addresses();
    let other = two(&hosts, 1, Duration::from_secs(20));
    let second = std::thread::spawn(move || job(&other));
    let first = job(&two(&hosts, 0, Duration::from_secs(20)));
    assert!(second.join().unwrap().is_none(), "process 1 returns nothing");
    first.expect("process 0 has the result")
}

/// The three shapes every dataflow runs on: 1 worker, 2 workers, 2 processes.
fn each_shape<T: Send + 'static + PartialEq + std::fmt::Debug>(
    job: impl Fn(&Cluster) -> Option<T> + Send + Sync + Copy + 'static,
    expected: &T,
) {
    assert_eq!(&job(&Cluster::local(1)).unwrap(), expected, "1 worker");
    assert_eq!(&job(&Cluster::local(2)).unwrap(), expected, "2 workers");
    assert_eq!(&two_processes(job), expected, "2 processes");
}

fn per_depth_single(board: Dims) -> Vec<u64> {
    let goal = Grid::standard_goal(board);
    delve_sliding::enumerate::enumerate(&goal, u64::MAX, &Limits::none(), NoObserver).unwrap().per_depth().to_vec()
}

fn per_depth_dataflow(cluster: &Cluster, board: Dims) -> Option<Vec<u64>> {
    let goal = Grid::standard_goal(board);
    enumerate(cluster, &goal, u64::MAX, &Limits::none(), NoObserver).unwrap().map(|c| c.per_depth)
}

/// OEIS A090034, A090035 and A090036: configurations of the 3 X 2, 4 X 2 and 5 X 2 sliding
/// puzzles n moves from the goal with the blank in a corner (by symmetry, 2×3, 2×4 and 2×5).
const A090034: [u64; 22] = [1, 2, 3, 5, 6, 7, 10, 12, 12, 16, 23, 25, 28, 39, 44, 40, 29, 21, 18, 12, 6, 1];
const A090035: [u64; 37] = [
    1, 2, 3, 6, 10, 14, 19, 28, 42, 61, 85, 119, 161, 215, 293, 396, 506, 632, 788, 985, 1194, 1414, 1664, 1884, 1999,
    1958, 1770, 1463, 1076, 667, 361, 190, 88, 39, 19, 7, 1,
];
const A090036: [u64; 56] = [
    1, 2, 3, 6, 11, 19, 30, 44, 68, 112, 176, 271, 411, 602, 851, 1232, 1783, 2530, 3567, 4996, 6838, 9279, 12463,
    16597, 21848, 28227, 35682, 44464, 54597, 65966, 78433, 91725, 104896, 116966, 126335, 131998, 133107, 128720,
    119332, 106335, 91545, 75742, 60119, 45840, 33422, 23223, 15140, 9094, 5073, 2605, 1224, 528, 225, 75, 20, 2,
];

macro_rules! enumeration_equals_oeis {
    ($name:ident, $rows:expr, $cols:expr, $oeis:expr) => {
        #[test]
        fn $name() {
            each_shape(move |c| per_depth_dataflow(c, Dims::new($rows, $cols).unwrap()), &$oeis.to_vec());
        }
    };
}

enumeration_equals_oeis!(enumeration_2x3_equals_a090034, 2, 3, A090034);
enumeration_equals_oeis!(enumeration_2x4_equals_a090035, 2, 4, A090035);
enumeration_equals_oeis!(enumeration_2x5_equals_a090036, 2, 5, A090036);

macro_rules! enumeration_matches {
    ($name:ident, $rows:expr, $cols:expr) => {
        #[test]
        fn $name() {
            let board = Dims::new($rows, $cols).unwrap();
            let expected = per_depth_single(board);
            each_shape(move |c| per_depth_dataflow(c, Dims::new($rows, $cols).unwrap()), &expected);
        }
    };
}

enumeration_matches!(enumeration_2x2, 2, 2);
enumeration_matches!(enumeration_3x3, 3, 3);
enumeration_matches!(enumeration_3x4, 3, 4);
enumeration_matches!(enumeration_1x5, 1, 5);

#[test]
fn enumeration_stats_count_the_whole_cluster() {
    let c = two_processes(|c| {
        let goal = Grid::standard_goal(Dims::new(3, 3).unwrap());
        enumerate(c, &goal, u64::MAX, &Limits::none(), NoObserver).unwrap()
    });
    assert_eq!(c.stats.expanded, 181_440);
    assert_eq!(c.stats.iterations, 33, "31 layers, the empty one, and the depth-0 start");
    assert_eq!(c.stats.max_frontier, 24_047);
}

/// OEIS A000170: the number of ways to place n nonattacking queens on an n×n board.
const A000170: [u64; 13] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

#[test]
fn queens_counts_equal_oeis_a000170() {
    for (n, expected) in A000170.iter().enumerate().skip(1) {
        each_shape(move |c| queens::count(c, n, &Limits::none(), NoObserver).unwrap().map(|c| c.solutions), expected);
    }
}

#[test]
fn batches_come_back_in_input_order() {
    let expected: Vec<String> = (0..11).map(|i| format!("item {i}: {}", i * i)).collect();
    each_shape(
        |c| batch(c, "squares", 11, |i| format!("item {i}: {}", i * i), |_, _| {}, &Limits::none()).unwrap(),
        &expected,
    );
}

#[test]
fn a_missing_process_is_an_error_in_bounded_time() {
    let hosts = free_addresses();
    let c = two(&hosts, 0, Duration::from_millis(500));
    let start = std::time::Instant::now();
    let e = queens::count(&c, 8, &Limits::none(), NoObserver).unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(5));
    assert!(e.to_string().starts_with("process 1 did not connect to 127.0.0.1:"), "{e}");
}

#[test]
fn processes_of_different_jobs_refuse_each_other() {
    let hosts = free_addresses();
    let other = two(&hosts, 1, Duration::from_secs(5));
    let second = std::thread::spawn(move || queens::count(&other, 9, &Limits::none(), NoObserver));
    let first = queens::count(&two(&hosts, 0, Duration::from_secs(5)), 8, &Limits::none(), NoObserver).unwrap_err();
    assert!(first.to_string().contains("runs another job"), "{first}");
    assert!(second.join().unwrap().unwrap_err().to_string().contains("runs another job"));
}
