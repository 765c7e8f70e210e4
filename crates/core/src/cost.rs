//! The [`Cost`] trait: what a path cost must support so every algorithm can add, compare
//! and bound it — integers, floats, and lexicographic pairs ([`Lex`], e.g. Sokoban's
//! `(pushes, moves)`). [`Scale`] adds multiplication by a real factor, which only weighted A*
//! needs.

use std::cmp::Ordering;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::Add;

/// A path cost: integers (signed and unsigned), floats and [`Lex`] pairs implement it.
///
/// Floats are not `Ord`, so algorithms never rely on `Ord`; they order costs with
/// [`Cost::total_cmp`]. For `f32`/`f64` that is IEEE-754 `totalOrder`: a NaN compares
/// greater than `+∞`, so a node whose cost became NaN is expanded after every real node
/// (it never hides a cheaper path). Step costs should be non-negative for the optimal
/// algorithms (uniform-cost, A*, iterative lengthening, IDA*) to stay optimal.
pub trait Cost: Copy + PartialOrd + Add<Output = Self> + Debug + Send + Sync + 'static {
    /// The additive identity (cost of the empty path).
    const ZERO: Self;
    /// The largest representable cost, used as "unbounded".
    const MAX: Self;
    /// A total order, also for floats (see the trait docs for NaN).
    fn total_cmp(&self, other: &Self) -> Ordering;
    /// The smaller of two costs under [`Cost::total_cmp`].
    fn min_of(self, other: Self) -> Self {
        if other.total_cmp(&self) == Ordering::Less { other } else { self }
    }
    /// Addition that saturates at [`Cost::MAX`] instead of overflowing (a heuristic may
    /// return [`Cost::MAX`] for a dead end).
    fn saturating_add(self, other: Self) -> Self;
    /// Whether costs take few distinct values along a search (integers, and pairs of them):
    /// the best-first searches may then move a large frontier from its binary heap into
    /// buckets by `(f, h)` (see the crate's `buckets` module). Floats keep the heap.
    const FEW_VALUES: bool = false;
    /// `self` times a non-negative real factor, for the costs that are [`Scale`] (what
    /// weighted A* needs); `None` for those that are not, such as [`Lex`] pairs.
    /// [`Algorithm::run`](crate::Algorithm::run) asks it, so that every other algorithm runs on
    /// any cost.
    fn try_scale(self, factor: f64) -> Option<Self> {
        let _ = factor;
        None
    }
}

/// A cost that can be multiplied by a real factor: what weighted A* needs on top of [`Cost`].
pub trait Scale: Cost {
    /// Multiplies by a non-negative factor; integers round to nearest and saturate.
    fn scale(self, factor: f64) -> Self;
}

macro_rules! int_cost {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0;
            const MAX: Self = <$t>::MAX;
            const FEW_VALUES: bool = true;
            #[inline]
            fn total_cmp(&self, other: &Self) -> Ordering { self.cmp(other) }
            #[inline]
            fn saturating_add(self, other: Self) -> Self { <$t>::saturating_add(self, other) }
            #[inline]
            fn try_scale(self, factor: f64) -> Option<Self> { Some(Scale::scale(self, factor)) }
        }
        impl Scale for $t {
            #[inline]
            fn scale(self, factor: f64) -> Self { ((self as f64) * factor).round() as $t }
        }
    )*};
}
int_cost!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

macro_rules! float_cost {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0.0;
            const MAX: Self = <$t>::INFINITY;
            #[inline]
            fn total_cmp(&self, other: &Self) -> Ordering { <$t>::total_cmp(self, other) }
            #[inline]
            fn saturating_add(self, other: Self) -> Self { self + other }
            #[inline]
            fn try_scale(self, factor: f64) -> Option<Self> { Some(Scale::scale(self, factor)) }
        }
        impl Scale for $t {
            #[inline]
            fn scale(self, factor: f64) -> Self { ((self as f64) * factor) as $t }
        }
    )*};
}
float_cost!(f32, f64);

/// A lexicographic pair of costs: compared on the first, then the second; added
/// componentwise. Sokoban's "fewest pushes, then fewest moves" is `Lex<u32, u32>`.
///
/// ```
/// use delve_core::{FnProblem, Lex, Limits, NoObserver, uninformed::ucs};
/// // Two roads from a to c: one push-free but long, one with a push but short.
/// let p = FnProblem::new('a', |&c: &char| match c {
///     'a' => vec![('b', Lex(0u32, 9u32)), ('c', Lex(1, 1))],
///     'b' => vec![('c', Lex(0, 9))],
///     _ => vec![],
/// }, |&c: &char| c == 'c');
/// let sol = ucs(&p, &Limits::none(), NoObserver).into_solution().unwrap();
/// assert_eq!(sol.cost, Lex(0, 18)); // fewer pushes wins, whatever the moves
/// ```
///
/// As JSON (in streamed search events, for instance) it is the pair `[a, b]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct Lex<A, B>(pub A, pub B);

impl<A: Add<Output = A>, B: Add<Output = B>> Add for Lex<A, B> {
    type Output = Self;
    #[inline]
    fn add(self, other: Self) -> Self {
        Lex(self.0 + other.0, self.1 + other.1)
    }
}

impl<A: Cost, B: Cost> Cost for Lex<A, B> {
    const ZERO: Self = Lex(A::ZERO, B::ZERO);
    const MAX: Self = Lex(A::MAX, B::MAX);
    const FEW_VALUES: bool = A::FEW_VALUES && B::FEW_VALUES;
    #[inline]
    fn total_cmp(&self, other: &Self) -> Ordering {
        match self.0.total_cmp(&other.0) {
            Ordering::Equal => self.1.total_cmp(&other.1),
            order => order,
        }
    }
    #[inline]
    fn saturating_add(self, other: Self) -> Self {
        let first = self.0.saturating_add(other.0);
        // Once the first component saturates the pair is "infinite": keep it at MAX.
        if first.total_cmp(&A::MAX) == Ordering::Equal { Self::MAX } else { Lex(first, self.1.saturating_add(other.1)) }
    }
}

impl<A: std::fmt::Display, B: std::fmt::Display> std::fmt::Display for Lex<A, B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.0, self.1)
    }
}

/// Wraps a [`Cost`] so it can live in ordered collections (`BinaryHeap`, sorting).
#[derive(Clone, Copy, Debug)]
pub struct Ordered<C>(pub C);

impl<C: Cost> PartialEq for Ordered<C> {
    fn eq(&self, other: &Self) -> bool {
        self.0.total_cmp(&other.0) == Ordering::Equal
    }
}
impl<C: Cost> Eq for Ordered<C> {}
impl<C: Cost> PartialOrd for Ordered<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<C: Cost> Ord for Ordered<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}
impl<C: Cost + Hash> Hash for Ordered<C> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nan_sorts_after_infinity() {
        let mut v = [Ordered(f64::NAN), Ordered(1.0), Ordered(f64::INFINITY), Ordered(-2.0)];
        v.sort();
        assert_eq!(v[0].0, -2.0);
        assert_eq!(v[1].0, 1.0);
        assert!(v[2].0.is_infinite());
        assert!(v[3].0.is_nan());
    }

    #[test]
    fn integer_scale_rounds_and_saturates() {
        assert_eq!(7u32.scale(1.5), 11);
        assert_eq!(u8::MAX.saturating_add(1), u8::MAX);
        assert_eq!(3i64.min_of(-4), -4);
    }

    #[test]
    fn lex_orders_on_the_first_component_then_the_second() {
        assert_eq!(Lex(1u32, 9u32).total_cmp(&Lex(2, 0)), Ordering::Less);
        assert_eq!(Lex(1u32, 9u32).total_cmp(&Lex(1, 3)), Ordering::Greater);
        assert_eq!(Lex(1u32, 2u32) + Lex(3, 4), Lex(4, 6));
        assert_eq!(Lex(u32::MAX, 0u32).saturating_add(Lex(1, 1)), Lex::<u32, u32>::MAX);
    }
}
