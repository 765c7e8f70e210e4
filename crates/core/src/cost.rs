//! The [`Cost`] trait: what a path cost must support so every algorithm can add, compare
//! and bound it, for integers and floats alike.

use std::cmp::Ordering;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::{Add, Sub};

/// A path cost: integers (signed and unsigned) and floats implement it.
///
/// Floats are not `Ord`, so algorithms never rely on `Ord`; they order costs with
/// [`Cost::total_cmp`]. For `f32`/`f64` that is IEEE-754 `totalOrder`: a NaN compares
/// greater than `+∞`, so a node whose cost became NaN is expanded after every real node
/// (it never hides a cheaper path). Step costs should be non-negative for the optimal
/// algorithms (uniform-cost, A*, iterative lengthening, IDA*) to stay optimal.
pub trait Cost:
    Copy + PartialOrd + Add<Output = Self> + Sub<Output = Self> + Debug + Display + Send + Sync + 'static
{
    /// The additive identity (cost of the empty path).
    const ZERO: Self;
    /// The largest representable cost, used as "unbounded".
    const MAX: Self;
    /// A total order, also for floats (see the trait docs for NaN).
    fn total_cmp(&self, other: &Self) -> Ordering;
    /// Lossy conversion for reporting and for weighting heuristics.
    fn to_f64(self) -> f64;
    /// Multiplies by a non-negative factor (weighted A*); integers round to nearest.
    fn scale(self, factor: f64) -> Self;
    /// The smaller of two costs under [`Cost::total_cmp`].
    fn min_of(self, other: Self) -> Self {
        if other.total_cmp(&self) == Ordering::Less { other } else { self }
    }
    /// Addition that saturates at [`Cost::MAX`] instead of overflowing.
    fn saturating_add(self, other: Self) -> Self;
}

macro_rules! int_cost {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0;
            const MAX: Self = <$t>::MAX;
            #[inline]
            fn total_cmp(&self, other: &Self) -> Ordering { self.cmp(other) }
            #[inline]
            fn to_f64(self) -> f64 { self as f64 }
            #[inline]
            fn scale(self, factor: f64) -> Self { ((self as f64) * factor).round() as $t }
            #[inline]
            fn saturating_add(self, other: Self) -> Self { <$t>::saturating_add(self, other) }
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
            fn to_f64(self) -> f64 { self as f64 }
            #[inline]
            fn scale(self, factor: f64) -> Self { ((self as f64) * factor) as $t }
            #[inline]
            fn saturating_add(self, other: Self) -> Self { self + other }
        }
    )*};
}
float_cost!(f32, f64);

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
}
