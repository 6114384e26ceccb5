// A complete depth-first search on the state's trail: solutions counted up to a limit without
// SAT (satlink/deduce/dfs.py is its Python side).
//
// Why a second complete search beside Split: Split copies the whole state at each case, which
// bounds it to a few dozen states on a small board; here a case is made on the state itself
// and undone from the trail (State::mark_trail), so a case costs what its consequences write
// and the search can visit thousands of states on a 40x20 board.
//
// The search: deduce to a fixpoint of ``passes``; a contradiction closes the case, a finished
// state is a solution (chains never close a loop and every node has the edges it needs, so
// the ON edges are one path per colour).  Otherwise split on the ways out of one path end:
// it takes exactly one of its undecided edges, so the cases are disjoint and cover every
// solution; where no path end is left (without fill: cells that may stay empty), split on an
// undecided edge, on or off.  Two leaves differ in an edge, so the solutions are distinct.
#include "dfs.hpp"

namespace satlink {

State::Mark& Dfs::mark(int depth) {
    while ((int)marks.size() <= depth) marks.push_back(std::make_unique<State::Mark>());
    return *marks[depth];
}

void Dfs::search(State& st) {
    State::Mark& root = mark(0);
    st.mark_trail(root);
    try {
        visit(st, 1);
    } catch (Contradiction&) {  // the root itself: no solution
        st.undo_trail(root);
        return;
    } catch (...) {
        st.undo_trail(root);
        throw;
    }
    st.undo_trail(root);
}

int Dfs::choose(const State& st) const {
    const Puzzle& P = *st.p;
    int best = -1;
    long best_key = 1L << 62;
    for (int x : P.nodes) {
        const int u = st.unk[x];
        if (!u || !(st.on[x] < st.need(x) && (st.on[x] || P.end_label[x] >= 0))) continue;
        const long at = rank.empty() ? x : rank[x];
        const long key = order == Order::sweep ? (at << 8) + u : ((long)u << 32) + at;
        if (key < best_key) {
            best = x;
            best_key = key;
        }
    }
    return best;
}

void Dfs::visit(State& st, int depth) {
    if (++nodes > budget || limits.stack_low()) throw BudgetSpent();
    fixpoint(st, passes, limits);
    if (finished(st)) {
        solutions.push_back(st.es);
        return;
    }
    const Puzzle& P = *st.p;
    while ((int)options.size() <= depth) options.emplace_back();
    std::vector<int>& cases = options[depth];  // reused per depth: no allocation per node
    cases.clear();
    const int x = choose(st);
    bool on_off = false;
    if (x >= 0) {
        for (int i = P.inc_start[x]; i < P.inc_start[x + 1]; ++i)
            if (st.es[P.inc_edge[i]] == UNKNOWN) cases.push_back(i);
    } else {
        int e = 0;
        while (st.es[e] != UNKNOWN) ++e;  // not finished: some edge is undecided
        cases.push_back(e);
        cases.push_back(~e);
        on_off = true;
    }
    const size_t n = cases.size() - (plant == Plant::drop_branch && cases.size() > 1);
    State::Mark& at = mark(depth);
    for (size_t j = 0; j < n; ++j) {
        const int c = cases[j];
        st.mark_trail(at);
        try {
            if (!on_off)
                st.set_on(P.inc_edge[c]);
            else if (c >= 0)
                st.set_on(c);
            else
                st.set_off(~c);
            visit(st, depth + 1);
        } catch (Contradiction&) {
        } catch (...) {
            st.undo_trail(at);
            throw;
        }
        if (plant == Plant::keep_subtree)
            --st.trailing;  // the planted bug: the case's writes stay (its mark dropped)
        else
            st.undo_trail(at);
        if (solutions.size() >= limit) return;
    }
}

}  // namespace satlink
