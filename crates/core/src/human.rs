//! Numbers for people: counts with thousands separators and byte sizes with binary units.
//! Libraries use them in error messages (a table too large for memory) and front ends in
//! their text output, so both read the same.

/// Formats a count with thousands separators (`181,440`, `-1,234`), or in scientific
/// notation when too large for that to help (1e18 and beyond).
///
/// ```
/// assert_eq!(delve_core::human::count(239_500_800.0), "239,500,800");
/// ```
pub fn count(n: f64) -> String {
    if n.abs() >= 1e18 {
        return format!("{n:.3e}");
    }
    let mut digits = format!("{}", n.abs().round() as u64);
    let mut out = String::new();
    while digits.len() > 3 {
        let tail = digits.split_off(digits.len() - 3);
        out = format!(",{tail}{out}");
    }
    let sign = if n < 0.0 && n.round() != 0.0 { "-" } else { "" };
    format!("{sign}{digits}{out}")
}

/// Formats a byte count with binary units (`512 B`, `57.1 MiB`).
///
/// ```
/// assert_eq!(delve_core::human::bytes(59_875_200.0), "57.1 MiB");
/// ```
pub fn bytes(bytes: f64) -> String {
    const UNITS: [&str; 9] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"];
    let mut value = bytes;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{value:.0} B")
    } else if value >= 1024.0 {
        format!("{value:.3e} {}", UNITS[unit])
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_bytes_and_counts() {
        assert_eq!(bytes(512.0), "512 B");
        assert_eq!(bytes(59_875_200.0), "57.1 MiB");
        assert_eq!(count(181_440.0), "181,440");
        assert_eq!(count(239_500_800.0), "239,500,800");
        assert_eq!(count(12.0), "12");
        assert_eq!(count(999.6), "1,000");
        assert_eq!(count(-1_234_567.0), "-1,234,567");
        assert_eq!(count(-0.2), "0");
        assert!(count(1.9e41).contains('e'));
    }
}
