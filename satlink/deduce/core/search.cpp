// Passes to a fixpoint, and the bounded look-ahead (satlink/deduce/__init__.py's fixpoint and
// satlink/deduce/lookahead.py, compiled).
#include "engine.hpp"

#include <algorithm>

namespace satlink {

int run(State& st, Technique technique) {
    switch (technique) {
        case Technique::forced: return forced(st);
        case Technique::corner: return corner(st);
        case Technique::notouch: return notouch(st);
        case Technique::region: return region(st);
        case Technique::bottleneck: return bottleneck(st);
        case Technique::parity: return parity(st);
    }
    return 0;
}

void Limits::check() const {
    if (cancel != nullptr && cancel->cancelled()) throw OutOfTime();
    if (deadline >= 0 && monotonic_now() > deadline) throw OutOfTime();
}

namespace {
struct Watch {  // the limits, seen by the long passes while a fixpoint or a run lasts
    State& st;
    const Limits* before;
    ~Watch() { st.limits = before; }
};
}  // namespace

int run(State& st, Technique technique, const Limits& limits) {
    Watch watch{st, st.limits};
    st.limits = &limits;
    limits.check();
    return run(st, technique);
}

void fixpoint(State& st, const std::vector<Technique>& passes, const Limits& limits) {
    Watch watch{st, st.limits};
    st.limits = &limits;
    forced(st);
    while (!finished(st)) {
        limits.check();
        bool progressed = false;
        for (Technique technique : passes) {
            if (run(st, technique)) {
                forced(st);
                progressed = true;
                break;
            }
        }
        if (!progressed) return;
    }
}

void Search::closure(State& st, int depth) {
    while (true) {
        fixpoint(st, trial_passes, limits);
        if (finished(st) || depth <= 0 || !lookahead(st, depth)) return;
    }
}

State::Mark& Search::mark(int depth) {
    while ((int)marks.size() <= depth) marks.push_back(std::make_unique<State::Mark>());
    return *marks[depth];
}

namespace {
// Try a hypothesis on ``st`` itself: ``move`` then ``then``, undone whatever happens; whether
// it ran into a contradiction (then ``why`` holds it).  Anything else thrown (out of budget or
// time) is passed on after the undo.
template <class Move, class Then>
bool refutes(State& st, State::Mark& at, Move move, Then then, Contradiction& why) {
    st.mark_trail(at);
    try {
        move();
        then();
    } catch (Contradiction& found) {
        st.undo_trail(at);
        why = std::move(found);
        return true;
    } catch (...) {
        st.undo_trail(at);
        throw;
    }
    st.undo_trail(at);
    return false;
}
}  // namespace

bool Search::settle(State& st, int depth, const std::vector<Technique>& passes) {
    top = depth;
    start = 0;
    try {
        while (lookahead(st, depth)) {
            start = resume ? refuted_at : 0;
            ++settled;
            if (keep_refutations) refutations.push_back(refuted);
            fixpoint(st, passes, limits);
            if (finished(st)) return true;
        }
    } catch (BudgetSpent&) {
    }
    return finished(st);
}

bool Search::settle_deferring(State& st, int depth, const std::vector<Technique>& passes,
                              const std::vector<Technique>& deferred) {
    std::vector<Technique> sooner, later;
    for (Technique t : passes)
        (std::find(deferred.begin(), deferred.end(), t) == deferred.end() ? sooner : later)
            .push_back(t);
    while (!settle(st, depth, sooner)) {
        bool progressed = false;
        for (Technique t : later) {
            if (run(st, t, limits)) {
                progressed = true;
                break;
            }
        }
        if (progressed) {
            fixpoint(st, passes, limits);
            if (finished(st)) return true;
        }
        if (!progressed || tried >= budget) return finished(st);
    }
    return true;
}

Staged first_stages(State& st, Search& search, const std::vector<Technique>& passes,
                    const std::vector<Technique>& deferred) {
    Staged out;
    try {
        fixpoint(st, passes, search.limits);
        out.finished = finished(st);
        if (!out.finished && search.budget > 0) {
            out.stage = Staged::lookahead;
            out.finished = search.settle_deferring(st, 1, passes, deferred);
        }
    } catch (Contradiction&) {
        out.contradiction = true;
    }
    return out;
}

int Search::lookahead(State& st, int depth) {
    if (limits.stack_low()) throw BudgetSpent();
    const Puzzle& P = *st.p;
    while ((int)moves.size() <= depth) moves.emplace_back();
    std::vector<Move>& list = moves[depth];  // the moves, in lookahead.py's _moves order
    list.clear();
    for (int x : st.heads())
        for (int i = P.inc_start[x]; i < P.inc_start[x + 1]; ++i)
            if (!st.es[P.inc_edge[i]]) list.push_back({'e', P.inc_edge[i], x});
    if (!P.fill) {  // without fill: is an undecided cell on a path, or empty?
        for (int x : P.nodes) {
            if (st.need(x) >= 0) continue;
            list.push_back({'x', x, -1});
            list.push_back({'u', x, -1});
        }
    }
    const int empty = P.k;
    const size_t n = list.size();
    const size_t first = depth == top && n ? start % n : 0;
    for (size_t j = 0; j < n; ++j) {
        const size_t at = (first + j) % n;
        const Move move = list[at];  // a copy: a deeper look-ahead reuses only its own list
        if (tried >= budget) throw BudgetSpent();
        ++tried;
        Contradiction why;
        auto make = [&] {
            if (move.kind == 'e')
                st.set_on(move.a);
            else if (move.kind == 'x')
                st.restrict_only(move.a, empty);
            else
                st.restrict_without(move.a, empty);
        };
        if (refutes(st, mark(depth), make, [&] { closure(st, depth - 1); }, why)) {
            if (move.kind == 'e') {
                refuted = Refutation{true, "edge", move.a, move.b, std::move(why)};
                st.set_off(move.a);
            } else if (move.kind == 'x') {
                refuted = Refutation{true, "empty", move.a, -1, std::move(why)};
                st.restrict_without(move.a, empty);
            } else {
                refuted = Refutation{true, "used", move.a, -1, std::move(why)};
                st.restrict_only(move.a, empty);
            }
            if (depth == top) refuted_at = at;
            return 1;
        }
    }
    return 0;
}

void Split::run(State& st, int depth) {
    if (++nodes > budget || depth > max_depth || limits.stack_low()) throw BudgetSpent();
    try {
        fixpoint(st, passes, limits);
    } catch (Contradiction&) {
        return;
    }
    if (st.complete()) {
        solutions.push_back(st.es);
        return;
    }
    const Puzzle& P = *st.p;
    std::vector<int> heads = st.heads();
    std::vector<int> options;
    // each case but the last on a copy; the last on ``st`` itself, which this search consumes
    // (a copy fewer per split: on a 1002x1002 board a state is tens of MB)
    auto child_of = [&](bool last) { return last ? std::move(st) : st.copy(); };
    if (!heads.empty()) {
        const int x = heads.front();
        for (int i = P.inc_start[x]; i < P.inc_start[x + 1]; ++i)
            if (st.es[P.inc_edge[i]] == UNKNOWN) options.push_back(P.inc_edge[i]);
        for (size_t j = 0; j < options.size(); ++j) {
            State child = child_of(j + 1 == options.size());
            try {
                child.set_on(options[j]);
            } catch (Contradiction&) {
                continue;
            }
            run(child, depth + 1);
            if (solutions.size() >= limit) return;
        }
        return;
    }
    int e = 0;
    while (st.es[e] != UNKNOWN) ++e;  // not complete: some edge is undecided
    for (int on = 1; on >= 0; --on) {
        State child = child_of(on == 0);
        try {
            if (on)
                child.set_on(e);
            else
                child.set_off(e);
        } catch (Contradiction&) {
            continue;
        }
        run(child, depth + 1);
        if (solutions.size() >= limit) return;
    }
}

}  // namespace satlink
