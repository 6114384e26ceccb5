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
//
// Without notouch and no2x2 (fill, nikoli), where a path may wind beside itself and the same
// undecided part is reached along many decided ones, the search may remember the states it
// covered without a solution (memo_bytes; key() says why a key determines the completions) and
// close a later state of the same key at once.  Only failures are kept: a state that found a
// solution reached again is searched again, its solutions then distinct from the first ones.
#include "dfs.hpp"

namespace satlink {

State::Mark& Dfs::mark(int depth) {
    while ((int)marks.size() <= depth) marks.push_back(std::make_unique<State::Mark>());
    return *marks[depth];
}

// What the rest of the board depends on, once a state is at its fixpoint: every node that has
// an undecided edge, the state of each of its edges and, where a chain ends there, the chain's
// other end (which says what the end may join: the endpoint's colour, or a chain it must not
// close a loop with).  A node with no undecided edge is settled: under rules that look only at
// degrees, loops and colours (no notouch, no no2x2), nothing else of the decided part can
// constrain the undecided edges, so two states of one key have the same completions (the
// colour sets and the other deductions are consequences of the key, however far each state's
// fixpoint took them; a state that took them further only has a different key).
void Dfs::key(const State& st, std::string& out) const {
    const Puzzle& P = *st.p;
    out.clear();
    auto put = [&out](uint32_t v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); };
    for (int x : P.nodes) {
        if (!st.unk[x]) continue;
        put((uint32_t)x);
        uint32_t states = 0;
        int shift = 0;
        for (int i = P.inc_start[x]; i < P.inc_start[x + 1]; ++i, shift += 2) {
            if (shift == 32) {
                put(states);
                states = 0;
                shift = 0;
            }
            states |= (uint32_t)st.es[P.inc_edge[i]] << shift;
        }
        put(states);
        if (st.on[x] && plant != Plant::memo_no_ends) {
            const int c = st.seg[x];
            put((uint32_t)(st.end1[c] == x ? st.end2[c] : st.end1[c]));
        }
    }
}

void Dfs::search(State& st) {
    const Puzzle& P = *st.p;
    if (P.notouch || !P.blocks.empty()) memo_bytes = 0;  // key() would not say enough
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
    std::string seen;
    if (memo_bytes) {
        key(st, seen);
        if (failed.count(seen)) {
            ++memo_hits;
            return;
        }
    }
    const size_t found_before = solutions.size();
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
    // every case covered (a bound stopping the search throws past here), none a solution
    const bool failed_here =
        solutions.size() == found_before || plant == Plant::memo_solved;
    if (memo_bytes && failed_here && plant != Plant::keep_subtree && plant != Plant::drop_branch &&
        memo_used + seen.size() + 64 <= memo_bytes) {
        memo_used += seen.size() + 64;  // the key and about what the set keeps beside it
        failed.insert(std::move(seen));
    }
}

}  // namespace satlink
