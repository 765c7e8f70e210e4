//! Tables of gigabytes in their own memory, on huge pages where the system offers them.
//!
//! A table probed at random spends much of its time translating addresses: with 4 KiB pages
//! nearly every probe of a table of gigabytes misses the TLB, and the page tables themselves
//! no longer fit in cache. Linux's transparent huge pages map such a table in 2 MiB pages
//! instead, but where the system setting is `madvise` (a common default) a program gets them
//! only for memory it asks them for. [`BigTable`] maps its own memory and asks; elsewhere it
//! is an ordinary table.

use bytemuck::Pod;
use memmap2::{MmapMut, MmapOptions};
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

/// A fixed-length table of plain values (`u8`, `u32`, `u64`, …) in anonymous memory advised
/// for transparent huge pages. It dereferences to a slice; each dereference checks the
/// mapping's alignment and length, so a hot loop takes the slice once, before it starts.
///
/// ```
/// use delve_core::big_table::BigTable;
/// let mut t = BigTable::filled(1000, u64::MAX).unwrap();
/// t[7] = 3;
/// assert_eq!((t.len(), t[7], t[8]), (1000, 3, u64::MAX));
/// ```
pub struct BigTable<T> {
    map: MmapMut,
    len: usize,
    values: PhantomData<T>,
}

impl<T: Pod> BigTable<T> {
    /// A table of `len` copies of `value`. Fails when the system will not map that much
    /// memory; the huge pages are only a hint, and the table works without them.
    pub fn filled(len: usize, value: T) -> std::io::Result<BigTable<T>> {
        let bytes = len.checked_mul(size_of::<T>()).ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::OutOfMemory, format!("a table of {len} values is too large"))
        })?;
        // A mapping has at least one byte; its start is page-aligned, so aligned for any `T`.
        let map = MmapOptions::new().len(bytes.max(1)).map_anon()?;
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        let mut table = BigTable { map, len, values: PhantomData };
        // Anonymous memory starts zeroed: only another value needs writing.
        if bytemuck::bytes_of(&value).iter().any(|&b| b != 0) {
            table.fill(value);
        }
        Ok(table)
    }
}

impl<T: Pod> BigTable<T> {
    /// A table holding a copy of `values`.
    ///
    /// ```
    /// use delve_core::big_table::BigTable;
    /// let t = BigTable::from_slice(&[3u8, 1, 4]).unwrap();
    /// assert_eq!(&t[..], &[3, 1, 4]);
    /// ```
    pub fn from_slice(values: &[T]) -> std::io::Result<BigTable<T>> {
        let mut table = BigTable::filled(values.len(), T::zeroed())?;
        table.copy_from_slice(values);
        Ok(table)
    }
}

impl<T: Pod> Deref for BigTable<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        bytemuck::cast_slice(&self.map[..self.len * size_of::<T>()])
    }
}

impl<T: Pod> DerefMut for BigTable<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        bytemuck::cast_slice_mut(&mut self.map[..self.len * size_of::<T>()])
    }
}

impl<T> std::fmt::Debug for BigTable<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BigTable").field("len", &self.len).finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_hold_their_values() {
        let zeros = BigTable::<u32>::filled(5, 0).unwrap();
        assert_eq!(&zeros[..], &[0; 5]);
        let mut bytes = BigTable::filled(3, 7u8).unwrap();
        bytes[2] = 9;
        assert_eq!(&bytes[..], &[7, 7, 9]);
        assert!(BigTable::<u64>::filled(0, 1).unwrap().is_empty());
        assert!(BigTable::<u64>::filled(usize::MAX, 1).is_err());
    }

    #[test]
    fn a_table_of_megabytes_is_filled_through() {
        let t = BigTable::filled(3 << 20, u64::MAX).unwrap();
        assert!(t.iter().all(|&w| w == u64::MAX));
    }
}
