//! Route finding on road maps.
