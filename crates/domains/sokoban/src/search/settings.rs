//! How the search sees a level: [`Settings`], made by a checked [`SettingsBuilder`] so that a
//! combination the search would silently ignore is refused instead, with the four modes as its
//! presets ([`Settings::optimal`], [`Settings::pushes`], [`Settings::fast`], [`Settings::any`]).

/// A combination of settings the search cannot honour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// The heuristic's weight must be at least 1.
    #[error("the heuristic's weight must be at least 1")]
    ZeroWeight,
    /// A setting that needs another one that is off.
    #[error("`{setting}` needs `{needs}`")]
    Needs {
        /// The setting asked for.
        setting: &'static str,
        /// The setting it depends on.
        needs: &'static str,
    },
    /// Two settings that exclude each other.
    #[error("`{0}` and `{1}` exclude each other")]
    Excludes(&'static str, &'static str),
}

/// How the search sees a level (read them with the getters; make them with
/// [`Settings::builder`] or a preset).
///
/// ```
/// use delve_sokoban::{Mode, Settings, SettingsError};
/// let fast = Settings::builder().weight(3).pi_corrals().build().unwrap();
/// assert_eq!(fast, Mode::Fast.settings());
/// let bad = Settings::builder().exact_player().macros().build();
/// assert_eq!(bad, Err(SettingsError::Excludes("macros", "exact_player")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub(crate) exact_player: bool,
    pub(crate) weight: u32,
    pub(crate) pi_corrals: bool,
    pub(crate) macros: bool,
    pub(crate) corral_deadlocks: bool,
    pub(crate) thorough_corrals: bool,
    pub(crate) deadlock_table: bool,
    pub(crate) table_when_expanded: bool,
    pub(crate) frozen_goals: bool,
    pub(crate) follow_children: bool,
}

impl Settings {
    /// Plain push search: the normalised player, the admissible weight 1, and only the
    /// pruning every mode has (dead squares, freeze deadlocks, the matching).
    pub const PLAIN: Settings = Settings {
        exact_player: false,
        weight: 1,
        pi_corrals: false,
        macros: false,
        corral_deadlocks: false,
        thorough_corrals: false,
        deadlock_table: false,
        table_when_expanded: false,
        frozen_goals: false,
        follow_children: false,
    };

    /// A builder starting from [`Settings::PLAIN`].
    pub fn builder() -> SettingsBuilder {
        SettingsBuilder(Settings::PLAIN)
    }

    /// `--optimal`: the exact player, moves in the cost (fewest pushes, then fewest moves).
    pub fn optimal() -> Settings {
        Settings { exact_player: true, ..Settings::PLAIN }
    }

    /// `--pushes`: PI-corrals, corral deadlocks, the deadlock table (searched when a
    /// position is expanded) and frozen goals; all keep the fewest pushes.
    pub fn pushes() -> Settings {
        Settings {
            pi_corrals: true,
            corral_deadlocks: true,
            deadlock_table: true,
            table_when_expanded: true,
            frozen_goals: true,
            ..Settings::PLAIN
        }
    }

    /// `--fast`: weighted A* (`f = g + 3·h`) with PI-corrals.
    pub fn fast() -> Settings {
        Settings { weight: 3, pi_corrals: true, ..Settings::PLAIN }
    }

    /// `--any`: macros, thorough corral deadlocks, the deadlock table at the push, frozen
    /// goals, and each expansion's children kept for the cycling searches.
    pub fn any() -> Settings {
        Settings {
            pi_corrals: true,
            macros: true,
            corral_deadlocks: true,
            thorough_corrals: true,
            deadlock_table: true,
            frozen_goals: true,
            follow_children: true,
            ..Settings::PLAIN
        }
    }

    /// The same settings without macros: what proves that a level has no solution when the
    /// macros (which drop some single pushes) found none.
    pub fn without_macros(self) -> Settings {
        Settings { macros: false, ..self }
    }

    /// Keep the exact player square and count moves in the cost (push-optimal, then
    /// move-optimal); otherwise normalise the player and count pushes only.
    pub fn exact_player(&self) -> bool {
        self.exact_player
    }
    /// The heuristic's weight on pushes (1: admissible; more: the inadmissible fast mode).
    pub fn weight(&self) -> u32 {
        self.weight
    }
    /// Generate only the pushes into a PI-corral when there is one (keeps the fewest pushes,
    /// not the fewest moves: see the `corral` module).
    pub fn pi_corrals(&self) -> bool {
        self.pi_corrals
    }
    /// Macros: a box pushed into a one-wide tunnel goes on to its end, a box pushed onto a
    /// goal room's entrance is carried to the room's next goal in packing order (the `rooms`
    /// module), and a box that can go straight to a goal its room can take next gets that as
    /// one more successor (the `packing` module); with the weight 1, the heuristic becomes
    /// (bound, boxes off goal). Not push-optimal.
    pub fn macros(&self) -> bool {
        self.macros
    }
    /// Prune positions with a corral whose boxes, alone on the board, can never all reach
    /// goals (the `corral_deadlock` module; unordered levels only).
    pub fn corral_deadlocks(&self) -> bool {
        self.corral_deadlocks
    }
    /// Search a corral found live because the player got into it again past that point, and
    /// then with the boxes next to its barrier: more dead positions, at more cost per corral.
    pub fn thorough_corrals(&self) -> bool {
        self.thorough_corrals
    }
    /// Prune pushes whose box and the boxes packed around it, searched alone, can never all
    /// reach goals; dead patterns are learned (the `deadlock_table` module).
    pub fn deadlock_table(&self) -> bool {
        self.deadlock_table
    }
    /// Run the deadlock table's sub-problem search when a position is expanded, not when the
    /// push that made it is generated: cheaper in A*, where many children are never expanded.
    pub fn table_when_expanded(&self) -> bool {
        self.table_when_expanded
    }
    /// Prune pushes after which boxes frozen on goals, taken as walls, leave the other boxes
    /// unable to reach distinct free goals (the `frozen_goals` module).
    pub fn frozen_goals(&self) -> bool {
        self.frozen_goals
    }
    /// Keep each expansion's children so that expanding one of them next takes its region and
    /// matching over from the parent (pays in cycling searches, which often do).
    pub fn follow_children(&self) -> bool {
        self.follow_children
    }
}

/// Builds [`Settings`], checking at [`build`](SettingsBuilder::build) that they go together.
#[derive(Clone, Copy, Debug)]
pub struct SettingsBuilder(Settings);

impl SettingsBuilder {
    /// See [`Settings::exact_player`].
    pub fn exact_player(mut self) -> Self {
        self.0.exact_player = true;
        self
    }
    /// See [`Settings::weight`].
    pub fn weight(mut self, weight: u32) -> Self {
        self.0.weight = weight;
        self
    }
    /// See [`Settings::pi_corrals`].
    pub fn pi_corrals(mut self) -> Self {
        self.0.pi_corrals = true;
        self
    }
    /// See [`Settings::macros`].
    pub fn macros(mut self) -> Self {
        self.0.macros = true;
        self
    }
    /// See [`Settings::corral_deadlocks`].
    pub fn corral_deadlocks(mut self) -> Self {
        self.0.corral_deadlocks = true;
        self
    }
    /// See [`Settings::thorough_corrals`].
    pub fn thorough_corrals(mut self) -> Self {
        self.0.thorough_corrals = true;
        self
    }
    /// See [`Settings::deadlock_table`].
    pub fn deadlock_table(mut self) -> Self {
        self.0.deadlock_table = true;
        self
    }
    /// See [`Settings::table_when_expanded`].
    pub fn table_when_expanded(mut self) -> Self {
        self.0.table_when_expanded = true;
        self
    }
    /// See [`Settings::frozen_goals`].
    pub fn frozen_goals(mut self) -> Self {
        self.0.frozen_goals = true;
        self
    }
    /// See [`Settings::follow_children`].
    pub fn follow_children(mut self) -> Self {
        self.0.follow_children = true;
        self
    }

    /// The settings, or the first rule they break: the weight is at least 1; the thorough
    /// corral searches need corral deadlocks; searching the table when expanded needs the
    /// table; macros and kept children need the normalised player (moves are not in the cost
    /// then: a macro's pushes and a child's region are found without them).
    pub fn build(self) -> Result<Settings, SettingsError> {
        let s = self.0;
        let needs = |on: bool, setting, needs_on: bool, needs| match on && !needs_on {
            true => Err(SettingsError::Needs { setting, needs }),
            false => Ok(()),
        };
        if s.weight == 0 {
            return Err(SettingsError::ZeroWeight);
        }
        needs(s.thorough_corrals, "thorough_corrals", s.corral_deadlocks, "corral_deadlocks")?;
        needs(s.table_when_expanded, "table_when_expanded", s.deadlock_table, "deadlock_table")?;
        for (on, name) in [(s.macros, "macros"), (s.follow_children, "follow_children")] {
            if on && s.exact_player {
                return Err(SettingsError::Excludes(name, "exact_player"));
            }
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_presets_pass_their_own_checks() {
        for preset in [Settings::optimal(), Settings::pushes(), Settings::fast(), Settings::any()] {
            assert_eq!(SettingsBuilder(preset).build(), Ok(preset));
        }
    }

    #[test]
    fn combinations_the_search_would_ignore_are_refused() {
        let b = Settings::builder;
        assert_eq!(b().weight(0).build(), Err(SettingsError::ZeroWeight));
        let needs = |setting, needs| Err(SettingsError::Needs { setting, needs });
        assert_eq!(b().thorough_corrals().build(), needs("thorough_corrals", "corral_deadlocks"));
        assert_eq!(b().table_when_expanded().build(), needs("table_when_expanded", "deadlock_table"));
        let excluded = b().exact_player().follow_children().build();
        assert_eq!(excluded, Err(SettingsError::Excludes("follow_children", "exact_player")));
        assert!(b().corral_deadlocks().thorough_corrals().build().is_ok());
    }
}
