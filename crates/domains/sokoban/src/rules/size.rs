//! Size classes of levels. The solvers keep squares, square sets and per-square scratch
//! arrays in fixed-size values, so that the inner loops never allocate. A level is solved in
//! the smallest class it fits: [`Small`] (255 squares, 38 boxes: one byte a square, the
//! size every Microban and XSokoban level fits) or [`Large`] (1,279 squares, 127 boxes: two
//! bytes a square). The whole solver is generic over the class, so small levels run the same
//! code as before large ones were taken.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{Index, IndexMut, Range, RangeTo};

/// A square's index on a board: `u8` in [`Small`], `u16` in [`Large`].
pub trait Square: Copy + Eq + Ord + Hash + Debug + Default + Send + Sync + 'static {
    /// Square 0, the top-left-most.
    const ZERO: Self;
    /// The index as a `usize`, for indexing.
    fn ix(self) -> usize;
    /// The square with index `i` (which must be below the class's [`Size::SLOTS`]).
    fn of(i: usize) -> Self;
}

impl Square for u8 {
    const ZERO: u8 = 0;
    #[inline(always)]
    fn ix(self) -> usize {
        usize::from(self)
    }
    #[inline(always)]
    fn of(i: usize) -> u8 {
        debug_assert!(i <= usize::from(u8::MAX));
        i as u8
    }
}

impl Square for u16 {
    const ZERO: u16 = 0;
    #[inline(always)]
    fn ix(self) -> usize {
        usize::from(self)
    }
    #[inline(always)]
    fn of(i: usize) -> u16 {
        debug_assert!(i <= usize::from(u16::MAX));
        i as u16
    }
}

/// A fixed-size array indexed by square or by box: what the solvers keep per square (box
/// index, distance, mark) and per box.
pub trait Array<T>:
    Copy
    + Debug
    + Send
    + Sync
    + Index<usize, Output = T>
    + IndexMut<usize>
    + Index<Range<usize>, Output = [T]>
    + IndexMut<Range<usize>>
    + Index<RangeTo<usize>, Output = [T]>
    + IndexMut<RangeTo<usize>>
    + AsRef<[T]>
    + AsMut<[T]>
{
}

impl<T: Copy + Debug + Send + Sync, const N: usize> Array<T> for [T; N] {}

/// A set of squares as a bit set: the player's regions, the player squares of dead patterns.
pub trait SquareSet: Copy + Default + Eq + Hash + Debug + Send + Sync + AsRef<[u64]> + AsMut<[u64]> {
    /// The empty set.
    const EMPTY: Self;

    /// Whether `sq` is in the set.
    #[inline(always)]
    fn has<S: Square>(&self, sq: S) -> bool {
        let i = sq.ix();
        self.as_ref()[i >> 6] >> (i & 63) & 1 == 1
    }

    /// Puts `sq` into the set.
    #[inline(always)]
    fn insert<S: Square>(&mut self, sq: S) {
        let i = sq.ix();
        self.as_mut()[i >> 6] |= 1 << (i & 63);
    }

    /// Takes `sq` out of the set.
    #[inline(always)]
    fn remove<S: Square>(&mut self, sq: S) {
        let i = sq.ix();
        self.as_mut()[i >> 6] &= !(1 << (i & 63));
    }

    /// The smallest square in the set (which must not be empty): the top-left-most.
    fn first<S: Square>(&self) -> S {
        let words = self.as_ref();
        let word = words.iter().position(|&w| w != 0).expect("a square in the set");
        S::of(word * 64 + words[word].trailing_zeros() as usize)
    }

    /// The squares in the set, smallest first.
    fn squares<S: Square>(&self) -> impl Iterator<Item = S> + '_ {
        self.as_ref().iter().enumerate().flat_map(|(word, &bits)| {
            std::iter::successors((bits != 0).then_some(bits), |&b| Some(b & (b - 1)).filter(|&b| b != 0))
                .map(move |b| S::of(word * 64 + b.trailing_zeros() as usize))
        })
    }

    /// The set of `squares`.
    fn of<S: Square>(squares: impl IntoIterator<Item = S>) -> Self {
        let mut set = Self::EMPTY;
        for sq in squares {
            set.insert(sq);
        }
        set
    }

    /// Whether the set and `other` have a square in common.
    fn meets(&self, other: &Self) -> bool {
        self.as_ref().iter().zip(other.as_ref()).any(|(a, b)| a & b != 0)
    }

    /// The number of squares the set and `other` have in common.
    fn common(&self, other: &Self) -> u32 {
        self.as_ref().iter().zip(other.as_ref()).map(|(a, b)| (a & b).count_ones()).sum()
    }

    /// Adds the squares of `other` to the set.
    fn add(&mut self, other: &Self) {
        for (a, b) in self.as_mut().iter_mut().zip(other.as_ref()) {
            *a |= b;
        }
    }

    /// The number of squares in the set.
    fn count(&self) -> u32 {
        self.as_ref().iter().map(|w| w.count_ones()).sum()
    }
}

impl SquareSet for [u64; 4] {
    const EMPTY: Self = [0; 4];
}

impl SquareSet for [u64; 20] {
    const EMPTY: Self = [0; 20];
}

/// A size class: the square type and the capacities of the fixed-size values built on it.
pub trait Size: Copy + Debug + Default + Eq + Hash + Send + Sync + 'static {
    /// A square's index.
    type Sq: Square;
    /// One `T` per square, with a slot for [`Size::NONE`].
    type Marks<T: Copy + Debug + Send + Sync>: Array<T>;
    /// Four `T` per square: one per side.
    type Sides<T: Copy + Debug + Send + Sync>: Array<T>;
    /// One `T` per box.
    type Boxes<T: Copy + Debug + Send + Sync>: Array<T>;
    /// The box squares of a search state.
    type BoxSquares: Array<Self::Sq> + Eq + Hash;
    /// A set of squares.
    type Set: SquareSet;
    /// Squares a value of the class has room for: the floor squares, and [`Size::NONE`].
    const SLOTS: usize;
    /// Most floor squares (in the player's region) a level of the class may have.
    const FLOOR: usize = Self::SLOTS - 1;
    /// Most boxes a level of the class may have.
    const BOXES: usize;
    /// "No square": a wall or the outside, as a neighbour; "no box" on a square. Its index
    /// is the last slot, so arrays indexed by square may be indexed by it too.
    const NONE: Self::Sq;
    /// The class's name in messages.
    const NAME: &'static str;
    /// One `value` per square.
    fn marks<T: Copy + Debug + Send + Sync>(value: T) -> Self::Marks<T>;
    /// Four `value` per square.
    fn sides<T: Copy + Debug + Send + Sync>(value: T) -> Self::Sides<T>;
    /// One `value` per box.
    fn boxes<T: Copy + Debug + Send + Sync>(value: T) -> Self::Boxes<T>;
    /// The box squares of a state, all `square`.
    fn box_squares(square: Self::Sq) -> Self::BoxSquares;
}

// A per-square array has room for four entries per box (the PI-corral pushes).
const _: () = assert!(Small::SLOTS >= 4 * Small::BOXES && Large::SLOTS >= 4 * Large::BOXES);
// The large class takes at least 1,024 squares and 127 boxes, and its sets hold every slot.
const _: () = assert!(Large::FLOOR >= 1024 && Large::BOXES >= 127 && Large::SLOTS <= 64 * 20);
// Every small slot fits its set too.
const _: () = assert!(Small::SLOTS <= 64 * 4);

/// Levels of up to 255 floor squares and 38 boxes (a state is 48 bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Small;

impl Size for Small {
    type Sq = u8;
    type Marks<T: Copy + Debug + Send + Sync> = [T; 256];
    type Sides<T: Copy + Debug + Send + Sync> = [T; 4 * 256];
    type Boxes<T: Copy + Debug + Send + Sync> = [T; 38];
    type BoxSquares = [u8; 38];
    type Set = [u64; 4];
    const SLOTS: usize = 256;
    const BOXES: usize = 38;
    const NONE: u8 = u8::MAX;
    const NAME: &'static str = "small";
    #[inline(always)]
    fn marks<T: Copy + Debug + Send + Sync>(value: T) -> [T; 256] {
        [value; 256]
    }
    #[inline(always)]
    fn sides<T: Copy + Debug + Send + Sync>(value: T) -> [T; 4 * 256] {
        [value; 4 * 256]
    }
    #[inline(always)]
    fn boxes<T: Copy + Debug + Send + Sync>(value: T) -> [T; 38] {
        [value; 38]
    }
    #[inline(always)]
    fn box_squares(square: u8) -> [u8; 38] {
        [square; 38]
    }
}

/// Levels of up to 1,279 floor squares and 127 boxes (a state is 264 bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Large;

impl Size for Large {
    type Sq = u16;
    type Marks<T: Copy + Debug + Send + Sync> = [T; 1280];
    type Sides<T: Copy + Debug + Send + Sync> = [T; 4 * 1280];
    type Boxes<T: Copy + Debug + Send + Sync> = [T; 127];
    type BoxSquares = [u16; 127];
    type Set = [u64; 20];
    const SLOTS: usize = 1280;
    const BOXES: usize = 127;
    const NONE: u16 = 1279;
    const NAME: &'static str = "large";
    #[inline(always)]
    fn marks<T: Copy + Debug + Send + Sync>(value: T) -> [T; 1280] {
        [value; 1280]
    }
    #[inline(always)]
    fn sides<T: Copy + Debug + Send + Sync>(value: T) -> [T; 4 * 1280] {
        [value; 4 * 1280]
    }
    #[inline(always)]
    fn boxes<T: Copy + Debug + Send + Sync>(value: T) -> [T; 127] {
        [value; 127]
    }
    #[inline(always)]
    fn box_squares(square: u16) -> [u16; 127] {
        [square; 127]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::size::Small;

    fn sets<Z: Size>() {
        let last = Z::Sq::of(Z::FLOOR - 1);
        let mut set = Z::Set::of([Z::Sq::of(3), last, Z::Sq::of(64)]);
        assert!(set.has(last) && !set.has(Z::Sq::of(4)));
        assert_eq!(set.squares().collect::<Vec<Z::Sq>>(), [Z::Sq::of(3), Z::Sq::of(64), last]);
        assert_eq!((set.first::<Z::Sq>(), set.count()), (Z::Sq::of(3), 3));
        set.remove(Z::Sq::of(3));
        assert_eq!(set.first::<Z::Sq>(), Z::Sq::of(64));
    }

    #[test]
    fn square_sets_hold_every_square_of_each_class() {
        sets::<Small>();
        sets::<Large>();
        assert_eq!(Small::NONE.ix(), Small::FLOOR);
        assert_eq!(Large::NONE.ix(), Large::FLOOR);
    }
}
