// The depth-first search on the trail (dfs.cpp): its bounds, its branching rule, what it found.
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "engine.hpp"

namespace satlink {

struct Dfs {
    // Which path end to split on.  ``fewest``: the one with the fewest undecided edges (the
    // fewest cases), ties to the least rank (the order of Split and satlink/deduce/split.py
    // without a rank).  ``sweep``: the one of least rank, whatever its count.  The rank is the
    // caller's (satlink/deduce/dfs.py: across the board's short side, along its long one, so
    // the decided part grows as a band of the short side's width); empty, the node order.
    // The band keeps the tree far smaller than the node order's rows of the long side do
    // (benchmarks/README.md, the section on this search).
    enum class Order : int { fewest, sweep };
    std::vector<int> rank;
    // Bugs the tests plant to show that they catch them (never set otherwise).
    // ``memo_solved``: a state remembered as failed though it found solutions; ``memo_no_ends``:
    // the key without the chains' other ends.
    enum class Plant : int { none, keep_subtree, drop_branch, memo_solved, memo_no_ends };

    long budget = 0;   // states it may deduce (search nodes)
    long nodes = 0;
    size_t limit = 2;  // stop at this many solutions
    Order order = Order::fewest;
    Plant plant = Plant::none;
    Limits limits;
    std::vector<Technique> passes;
    std::vector<std::vector<uint8_t>> solutions;  // the edge states of each solution found
    // The failed states' memory: at most this many bytes of keys (0: none).  A state whose
    // every case was covered without a solution is remembered by what the rest of the board
    // depends on (key()); a later state of the same key has no solution either and is closed
    // without a search.  Only where the rules look at nothing but degrees, loops and the
    // chains' ends (without notouch and no2x2, whose cells see their decided neighbours).
    size_t memo_bytes = 0;
    long memo_hits = 0;
    size_t memo_used = 0;

    // Search from ``st``; the state is as it was once it returns or throws (BudgetSpent when
    // the budget or the stack ran out before every case was covered, OutOfTime).
    void search(State& st);

private:
    std::vector<std::unique_ptr<State::Mark>> marks;  // one per depth, reused
    std::deque<std::vector<int>> options;  // the cases per depth, reused (a deque: a deeper
                                           // level added keeps the shallower ones in place)
    std::unordered_set<std::string> failed;  // the keys of states without a solution
    State::Mark& mark(int depth);
    void key(const State& st, std::string& out) const;
    int choose(const State& st) const;
    void visit(State& st, int depth);
};

}  // namespace satlink
