//! The CSP model: variables with finite [`Domain`]s and constraints over them — binary
//! relations, all-different (optionally with per-variable offsets) and arbitrary n-ary
//! predicates.

use crate::domain::Domain;
use crate::error::CspError;
use std::fmt;
use std::sync::Arc;

/// A variable: its index in the order variables were added.
pub type Var = usize;

/// A binary predicate on two values.
pub type BinaryFn = Arc<dyn Fn(u32, u32) -> bool + Send + Sync>;
/// An n-ary predicate on the values of a constraint's variables (in their order).
pub type NaryFn = Arc<dyn Fn(&[u32]) -> bool + Send + Sync>;

/// The relation a binary constraint `rel(x, y)` imposes. The structured forms let the
/// solvers propagate in O(1) per value; [`Relation::Predicate`] accepts anything.
#[derive(Clone)]
pub enum Relation {
    /// `x == y`.
    Eq,
    /// `x != y`.
    Ne,
    /// `x < y`.
    Lt,
    /// `x <= y`.
    Le,
    /// `x - y` is none of the listed differences. N-Queens columns `i < j` use
    /// `[0, j - i, i - j]`: different rows, different diagonals.
    DiffNotIn(Arc<[i64]>),
    /// Any predicate on `(x, y)`.
    Predicate(BinaryFn),
}

impl Relation {
    /// Whether `(a, b)` satisfies the relation.
    #[inline]
    pub fn holds(&self, a: u32, b: u32) -> bool {
        match self {
            Relation::Eq => a == b,
            Relation::Ne => a != b,
            Relation::Lt => a < b,
            Relation::Le => a <= b,
            Relation::DiffNotIn(ks) => {
                let d = i64::from(a) - i64::from(b);
                !ks.contains(&d)
            }
            Relation::Predicate(f) => f(a, b),
        }
    }

    /// The relation with its arguments swapped: `swap.holds(b, a) == self.holds(a, b)`.
    pub fn swapped(&self) -> Relation {
        match self {
            Relation::Eq => Relation::Eq,
            Relation::Ne => Relation::Ne,
            Relation::Lt => {
                let f: BinaryFn = Arc::new(|b, a| a < b);
                Relation::Predicate(f)
            }
            Relation::Le => {
                let f: BinaryFn = Arc::new(|b, a| a <= b);
                Relation::Predicate(f)
            }
            Relation::DiffNotIn(ks) => Relation::DiffNotIn(ks.iter().map(|k| -k).collect()),
            Relation::Predicate(f) => {
                let f = f.clone();
                Relation::Predicate(Arc::new(move |b, a| f(a, b)))
            }
        }
    }
}

impl fmt::Debug for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Relation::Eq => f.write_str("Eq"),
            Relation::Ne => f.write_str("Ne"),
            Relation::Lt => f.write_str("Lt"),
            Relation::Le => f.write_str("Le"),
            Relation::DiffNotIn(ks) => write!(f, "DiffNotIn({ks:?})"),
            Relation::Predicate(_) => f.write_str("Predicate(..)"),
        }
    }
}

/// A constraint of the model.
#[derive(Clone)]
pub enum Constraint {
    /// `rel(x, y)`.
    Binary {
        /// First variable.
        x: Var,
        /// Second variable.
        y: Var,
        /// The relation between their values.
        rel: Relation,
    },
    /// The shifted values `value(vars[i]) + offsets[i]` are pairwise different (plain
    /// all-different has all offsets zero).
    AllDifferent {
        /// The variables, all distinct.
        vars: Vec<Var>,
        /// One offset per variable.
        offsets: Vec<i64>,
    },
    /// Any predicate on the values of `vars`, in that order.
    Predicate {
        /// The variables, all distinct.
        vars: Vec<Var>,
        /// The predicate.
        pred: NaryFn,
    },
}

impl Constraint {
    /// The variables the constraint mentions, in order.
    pub fn vars(&self) -> Vec<Var> {
        match self {
            Constraint::Binary { x, y, .. } => vec![*x, *y],
            Constraint::AllDifferent { vars, .. } | Constraint::Predicate { vars, .. } => vars.clone(),
        }
    }

    /// Number of violations under a complete assignment: 0 or 1, except all-different,
    /// which counts clashing pairs.
    pub fn violations(&self, values: &[u32]) -> usize {
        match self {
            Constraint::Binary { x, y, rel } => usize::from(!rel.holds(values[*x], values[*y])),
            Constraint::AllDifferent { vars, offsets } => {
                let mut shifted: Vec<i64> = vars.iter().zip(offsets).map(|(&v, &o)| i64::from(values[v]) + o).collect();
                shifted.sort_unstable();
                let mut pairs = 0;
                let mut run = 1;
                for w in shifted.windows(2) {
                    if w[0] == w[1] {
                        pairs += run;
                        run += 1;
                    } else {
                        run = 1;
                    }
                }
                pairs
            }
            Constraint::Predicate { vars, pred } => {
                let tuple: Vec<u32> = vars.iter().map(|&v| values[v]).collect();
                usize::from(!pred(&tuple))
            }
        }
    }
}

impl fmt::Debug for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Constraint::Binary { x, y, rel } => write!(f, "{rel:?}(v{x}, v{y})"),
            Constraint::AllDifferent { vars, offsets } => write!(f, "AllDifferent({vars:?} + {offsets:?})"),
            Constraint::Predicate { vars, .. } => write!(f, "Predicate({vars:?})"),
        }
    }
}

/// A finite-domain constraint satisfaction problem.
///
/// ```
/// use delve_csp::{Csp, Domain, Relation};
/// // Map colouring: three mutually adjacent regions, three colours.
/// let mut csp = Csp::new();
/// let [wa, nt, sa] = [0, 1, 2].map(|_| csp.add_var(Domain::full(3)));
/// csp.add_all_different(&[wa, nt, sa]).unwrap();
/// csp.add_binary(wa, nt, Relation::Lt).unwrap();
/// assert_eq!(csp.num_vars(), 3);
/// assert!(csp.is_solution(&[0, 1, 2]));
/// assert!(!csp.is_solution(&[1, 0, 2]));
/// ```
#[derive(Clone, Default)]
pub struct Csp {
    domains: Vec<Domain>,
    names: Vec<String>,
    /// For each variable: the names of its values (empty when it has none).
    labels: Vec<Vec<String>>,
    constraints: Vec<Constraint>,
    /// For each variable: (constraint index, position of the variable in it).
    incidence: Vec<Vec<(u32, u32)>>,
}

impl Csp {
    /// An empty problem.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a variable with the given domain; returns it.
    pub fn add_var(&mut self, domain: Domain) -> Var {
        let name = format!("v{}", self.domains.len());
        self.add_named_var(name, domain)
    }

    /// Adds a named variable.
    pub fn add_named_var(&mut self, name: impl Into<String>, domain: Domain) -> Var {
        self.domains.push(domain);
        self.names.push(name.into());
        self.labels.push(Vec::new());
        self.incidence.push(Vec::new());
        self.domains.len() - 1
    }

    /// Adds a named variable whose values are `labels`: value `i` is `labels[i]`, and the
    /// domain holds them all. The solvers work on the numbers; [`Csp::label`] and
    /// [`Csp::show`] give the names back.
    ///
    /// ```
    /// use delve_core::{Limits, NoObserver};
    /// use delve_csp::{Config, Csp, Relation, solve};
    /// let mut csp = Csp::new();
    /// let colours = ["red", "green", "blue"];
    /// let [wa, nt, sa] = ["WA", "NT", "SA"].map(|r| csp.add_labelled_var(r, colours));
    /// for (a, b) in [(wa, nt), (wa, sa), (nt, sa)] {
    ///     csp.add_binary(a, b, Relation::Ne).unwrap();
    /// }
    /// let out = solve(&csp, &Config::mrv_fc(), &Limits::none(), NoObserver);
    /// let values = out.solution().unwrap();
    /// assert_eq!(csp.label(sa, values[sa]), Some("blue"));
    /// assert_eq!(csp.show(values), "WA=red NT=green SA=blue");
    /// ```
    pub fn add_labelled_var<L: Into<String>>(
        &mut self,
        name: impl Into<String>,
        labels: impl IntoIterator<Item = L>,
    ) -> Var {
        let labels: Vec<String> = labels.into_iter().map(Into::into).collect();
        let universe = u32::try_from(labels.len()).unwrap_or(u32::MAX);
        let v = self.add_named_var(name, Domain::full(universe));
        self.labels[v] = labels;
        v
    }

    /// The name of `value` of `v`, when `v` was added with labels and has one for it.
    pub fn label(&self, v: Var, value: u32) -> Option<&str> {
        self.labels.get(v)?.get(usize::try_from(value).ok()?).map(String::as_str)
    }

    /// An assignment as `name=value` pairs, each value by its label where it has one: for
    /// printing a solution.
    pub fn show(&self, values: &[u32]) -> String {
        let pairs = values.iter().enumerate().map(|(v, &value)| match self.label(v, value) {
            Some(label) => format!("{}={label}", self.names[v]),
            None => format!("{}={value}", self.names[v]),
        });
        pairs.collect::<Vec<_>>().join(" ")
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.domains.len()
    }

    /// The initial domain of `v`.
    pub fn domain(&self, v: Var) -> &Domain {
        &self.domains[v]
    }

    /// All initial domains.
    pub fn domains(&self) -> &[Domain] {
        &self.domains
    }

    /// Replaces the domain of `v` (e.g. to fix a given value).
    pub fn set_domain(&mut self, v: Var, domain: Domain) -> Result<(), CspError> {
        self.check_var(v)?;
        self.domains[v] = domain;
        Ok(())
    }

    /// The name of `v`.
    pub fn name(&self, v: Var) -> &str {
        &self.names[v]
    }

    /// The constraints.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// `(constraint index, position)` of every constraint mentioning `v`.
    pub fn incidence(&self, v: Var) -> &[(u32, u32)] {
        &self.incidence[v]
    }

    /// The largest universe over all domains (values are below it).
    pub fn max_universe(&self) -> u32 {
        self.domains.iter().map(Domain::universe).max().unwrap_or(0)
    }

    /// Adds `rel(x, y)`; returns the constraint index.
    pub fn add_binary(&mut self, x: Var, y: Var, rel: Relation) -> Result<usize, CspError> {
        self.check_var(x)?;
        self.check_var(y)?;
        if x == y {
            return Err(CspError::RepeatedVariable(x));
        }
        Ok(self.push(Constraint::Binary { x, y, rel }, &[x, y]))
    }

    /// Adds all-different over `vars`.
    pub fn add_all_different(&mut self, vars: &[Var]) -> Result<usize, CspError> {
        self.add_all_different_offsets(vars, &vec![0; vars.len()])
    }

    /// Adds "the values `vars[i] + offsets[i]` are pairwise different".
    pub fn add_all_different_offsets(&mut self, vars: &[Var], offsets: &[i64]) -> Result<usize, CspError> {
        if vars.len() != offsets.len() {
            return Err(CspError::ArityMismatch { vars: vars.len(), offsets: offsets.len() });
        }
        self.check_distinct(vars)?;
        Ok(self.push(Constraint::AllDifferent { vars: vars.to_vec(), offsets: offsets.to_vec() }, vars))
    }

    /// Adds an arbitrary predicate over `vars`.
    pub fn add_predicate(
        &mut self,
        vars: &[Var],
        pred: impl Fn(&[u32]) -> bool + Send + Sync + 'static,
    ) -> Result<usize, CspError> {
        self.check_distinct(vars)?;
        Ok(self.push(Constraint::Predicate { vars: vars.to_vec(), pred: Arc::new(pred) }, vars))
    }

    /// Independent check of a complete assignment: every value in its domain and every
    /// constraint satisfied.
    pub fn is_solution(&self, values: &[u32]) -> bool {
        values.len() == self.num_vars() && self.violations(values) == 0
    }

    /// Total violations of a complete assignment (values outside their domain count one each).
    pub fn violations(&self, values: &[u32]) -> usize {
        let outside = values.iter().zip(&self.domains).filter(|(v, d)| !d.contains(**v)).count();
        outside + self.constraints.iter().map(|c| c.violations(values)).sum::<usize>()
    }

    fn push(&mut self, c: Constraint, vars: &[Var]) -> usize {
        let id = self.constraints.len();
        for (pos, &v) in vars.iter().enumerate() {
            self.incidence[v].push((id as u32, pos as u32));
        }
        self.constraints.push(c);
        id
    }

    fn check_var(&self, v: Var) -> Result<(), CspError> {
        if v < self.num_vars() { Ok(()) } else { Err(CspError::UnknownVariable { var: v, count: self.num_vars() }) }
    }

    fn check_distinct(&self, vars: &[Var]) -> Result<(), CspError> {
        for (i, &v) in vars.iter().enumerate() {
            self.check_var(v)?;
            if vars[..i].contains(&v) {
                return Err(CspError::RepeatedVariable(v));
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Csp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Csp").field("vars", &self.num_vars()).field("constraints", &self.constraints.len()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_models::vars;

    #[test]
    fn labels_name_values_and_numbers_stand_in_where_there_are_none() {
        let mut csp = Csp::new();
        let day = csp.add_labelled_var("day", ["mon", "tue"]);
        let hour = csp.add_named_var("hour", Domain::full(24));
        assert_eq!(csp.domain(day).len(), 2);
        assert_eq!((csp.label(day, 1), csp.label(day, 2), csp.label(hour, 9)), (Some("tue"), None, None));
        assert_eq!(csp.show(&[1, 9]), "day=tue hour=9");
        assert_eq!(csp.show(&[5, 9]), "day=5 hour=9"); // a value past the labels is its number
    }

    #[test]
    fn violations_count_clashing_pairs() {
        let (mut csp, v) = vars(4, 4);
        csp.add_all_different(&v).unwrap();
        assert_eq!(csp.violations(&[0, 0, 0, 1]), 3);
        assert_eq!(csp.violations(&[0, 1, 2, 3]), 0);
        // Offsets: queens' diagonal constraint.
        let (mut q, v) = vars(3, 3);
        q.add_all_different_offsets(&v, &[0, 1, 2]).unwrap();
        assert_eq!(q.violations(&[2, 1, 0]), 3);
    }

    #[test]
    fn model_errors() {
        let mut csp = Csp::new();
        let a = csp.add_var(Domain::full(2));
        assert!(matches!(csp.add_binary(a, a, Relation::Ne), Err(CspError::RepeatedVariable(0))));
        assert!(matches!(csp.add_binary(a, 7, Relation::Ne), Err(CspError::UnknownVariable { var: 7, count: 1 })));
        assert!(matches!(csp.add_all_different_offsets(&[a], &[]), Err(CspError::ArityMismatch { .. })));
    }

    #[test]
    fn swapped_relations_agree() {
        let rels = [
            Relation::Eq,
            Relation::Ne,
            Relation::Lt,
            Relation::Le,
            Relation::DiffNotIn(Arc::from([0, 2, -1])),
            Relation::Predicate(Arc::new(|a, b| a * 2 == b)),
        ];
        for rel in rels {
            let s = rel.swapped();
            for a in 0..6 {
                for b in 0..6 {
                    assert_eq!(rel.holds(a, b), s.holds(b, a), "{rel:?} {a} {b}");
                }
            }
        }
    }
}
