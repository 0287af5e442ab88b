//! The principal variation: the line a search expects, kept in its workspace's triangular
//! table as the nodes' best moves change.

use jetan_rules::Move;

use super::Search;
use super::workspace::MAX_PLY;

impl Search<'_> {
    /// The principal variation of the last completed iteration.
    pub fn principal_variation(&self) -> Vec<Move> {
        self.work.pv[..self.work.pv_len[0]].to_vec()
    }

    /// The principal variation at `ply` becomes `mv`, followed by the line this thread found
    /// below it if its own line starts with `mv` (another thread's line is not known here).
    pub(crate) fn settle_pv(&mut self, ply: usize, mv: Move) {
        if self.work.pv_len[ply] <= ply || self.work.pv[ply * MAX_PLY + ply] != mv {
            self.work.pv[ply * MAX_PLY + ply] = mv;
            self.work.pv_len[ply] = ply + 1;
        }
    }

    /// The principal variation at `ply` becomes `mv` followed by the one found below it.
    pub(crate) fn update_pv(&mut self, ply: usize, mv: Move) {
        let (row, below) = self.work.pv[ply * MAX_PLY..].split_at_mut(MAX_PLY);
        row[ply] = mv;
        let end = self.work.pv_len[ply + 1].max(ply + 1);
        row[ply + 1..end].copy_from_slice(&below[ply + 1..end]);
        self.work.pv_len[ply] = end;
    }
}
