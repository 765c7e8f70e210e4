//! Local search: hill climbing (steepest ascent, first choice, random restarts) and
//! simulated annealing, all seeded for reproducible runs.
