//! The event graph of a level (FORMAT.md §2): events are the road cells where a truck
//! decides (every road cell but a straight one), segments the straight runs between two
//! neighbouring events, each with its length in cells; plus the road distance between every
//! two events, for the A* heuristic.

use crate::error::{ErrorKind, ParseError};
use crate::level::{Cell, Colour, Dir, Level};
use delve_core::reach::{UNREACHED, bfs_distances};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The most events a level may have (event ids are bytes).
pub const MAX_EVENTS: usize = 255;
/// The most segments a level may have (the used-segment set is a 128-bit mask).
pub const MAX_SEGMENTS: usize = 128;
/// The most items plus warehouses a level may have (a 64-bit mask).
pub const MAX_SPECIALS: usize = 64;

/// A way out of an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exit {
    /// The segment driven.
    pub segment: u8,
    /// The event at its other end.
    pub to: u8,
    /// Its length in cells.
    pub length: u8,
}

/// An item or a warehouse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// An item of this colour.
    Item(Colour),
    /// A warehouse of this colour.
    Warehouse(Colour),
}

/// The event graph.
#[derive(Clone, Debug)]
pub struct Graph {
    /// Each event's cell (row-major index into the level's cells).
    pub cells: Vec<usize>,
    /// Each event's exits, by [`Dir`].
    pub exits: Vec<[Option<Exit>; 4]>,
    /// Each event's item or warehouse: its index in the special mask and what it is.
    pub specials: Vec<Option<(u8, Special)>>,
    /// Number of segments.
    pub segments: usize,
    /// Number of specials (items and warehouses).
    pub special_count: usize,
    /// Each truck's start event.
    pub starts: Vec<u8>,
    /// Road distance in cells between events `a` and `b` at `a * events + b`.
    distances: Vec<u32>,
}

impl Graph {
    /// Builds the graph of `level`, or says which limit the level passes.
    pub fn new(level: &Level) -> Result<Graph, ParseError> {
        let too_many = |what, found, max| ParseError {
            file: None,
            line: 1,
            column: 1,
            kind: ErrorKind::TooMany { what, found, max },
        };
        let event_cells: Vec<usize> = (0..level.cells.len()).filter(|&i| level.cells[i].is_event()).collect();
        if event_cells.len() > MAX_EVENTS {
            return Err(too_many("events (road cells other than straight ones)", event_cells.len(), MAX_EVENTS));
        }
        let mut event_of = vec![u8::MAX; level.cells.len()];
        for (e, &cell) in event_cells.iter().enumerate() {
            event_of[cell] = e as u8;
        }
        let mut specials = vec![None; event_cells.len()];
        let mut special_count = 0;
        for (e, &cell) in event_cells.iter().enumerate() {
            let special = match level.cells[cell] {
                Cell::Item(c) => Special::Item(c),
                Cell::Warehouse(c) => Special::Warehouse(c),
                _ => continue,
            };
            if special_count == MAX_SPECIALS {
                let total = level.cells.iter().filter(|c| matches!(c, Cell::Item(_) | Cell::Warehouse(_))).count();
                return Err(too_many("items and warehouses", total, MAX_SPECIALS));
            }
            specials[e] = Some((special_count as u8, special));
            special_count += 1;
        }
        // Segments: walk straight from every event along each link to the next event.
        let mut exits = vec![[None; 4]; event_cells.len()];
        let mut segments = 0usize;
        for (e, &cell) in event_cells.iter().enumerate() {
            for dir in Dir::ALL {
                if exits[e][dir as usize].is_some() {
                    continue;
                }
                let Some(mut here) = level.step(cell, dir) else { continue };
                let mut length = 1;
                while !level.cells[here].is_event() {
                    // A straight cell continues the way it is entered (the parser checked).
                    here = level.step(here, dir).expect("a straight cell continues straight");
                    length += 1;
                }
                if segments == MAX_SEGMENTS {
                    return Err(too_many("road segments", count_segments(level), MAX_SEGMENTS));
                }
                let to = event_of[here];
                let segment = segments as u8;
                segments += 1;
                let length = u8::try_from(length).expect("a segment is shorter than a grid side");
                exits[e][dir as usize] = Some(Exit { segment, to, length });
                exits[to as usize][dir.opposite() as usize] = Some(Exit { segment, to: e as u8, length });
            }
        }
        let starts = level.trucks.iter().map(|t| event_of[t.start]).collect();
        let n = event_cells.len();
        let mut distances = Vec::with_capacity(n * n);
        for &cell in &event_cells {
            let d = bfs_distances(level.cells.len(), cell, |i, buf| {
                buf.extend(Dir::ALL.iter().filter_map(|&d| level.step(i, d)))
            });
            distances.extend(event_cells.iter().map(|&c| d[c]));
        }
        Ok(Graph { cells: event_cells, exits, specials, segments, special_count, starts, distances })
    }

    /// Number of events.
    pub fn events(&self) -> usize {
        self.cells.len()
    }

    /// Road distance in cells from event `a` to event `b` ([`UNREACHED`] when none).
    #[inline]
    pub fn distance(&self, a: u8, b: u8) -> u32 {
        self.distances[a as usize * self.cells.len() + b as usize]
    }

    /// Road distances from event `from` to every event, driving only segments not in `used`
    /// (a truck can never drive a used segment again), into `dist` (one entry per event;
    /// [`UNREACHED`] where none). `heap` is scratch space, handed over empty and left empty.
    pub fn distances_avoiding(
        &self,
        from: u8,
        used: u128,
        dist: &mut [u32],
        heap: &mut BinaryHeap<Reverse<(u32, u8)>>,
    ) {
        dist.fill(UNREACHED);
        dist[from as usize] = 0;
        heap.push(Reverse((0, from)));
        while let Some(Reverse((d, e))) = heap.pop() {
            if d > dist[e as usize] {
                continue;
            }
            for exit in self.exits[e as usize].iter().flatten() {
                let next = d + u32::from(exit.length);
                if used & (1 << exit.segment) == 0 && next < dist[exit.to as usize] {
                    dist[exit.to as usize] = next;
                    heap.push(Reverse((next, exit.to)));
                }
            }
        }
    }

    /// Whether `b` can be reached from `a` by road.
    pub fn connected(&self, a: u8, b: u8) -> bool {
        self.distance(a, b) != UNREACHED
    }
}

/// How many segments a level has (only to say how far past the limit it is).
fn count_segments(level: &Level) -> usize {
    let links: usize = (0..level.cells.len()).map(|i| Dir::ALL.iter().filter(|&&d| level.linked(i, d)).count()).sum();
    let straight = level.cells.iter().filter(|c| **c == Cell::Straight).count();
    // Every link is one cell step; a segment of length L has L steps and L − 1 straight cells.
    links / 2 - straight
}
