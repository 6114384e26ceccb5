// The depth-first search on the trail (dfs.cpp): its bounds, its branching rule, what it found.
#pragma once

#include <deque>
#include <memory>
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
    enum class Plant : int { none, keep_subtree, drop_branch };

    long budget = 0;   // states it may deduce (search nodes)
    long nodes = 0;
    size_t limit = 2;  // stop at this many solutions
    Order order = Order::fewest;
    Plant plant = Plant::none;
    Limits limits;
    std::vector<Technique> passes;
    std::vector<std::vector<uint8_t>> solutions;  // the edge states of each solution found

    // Search from ``st``; the state is as it was once it returns or throws (BudgetSpent when
    // the budget or the stack ran out before every case was covered, OutOfTime).
    void search(State& st);

private:
    std::vector<std::unique_ptr<State::Mark>> marks;  // one per depth, reused
    std::deque<std::vector<int>> options;  // the cases per depth, reused (a deque: a deeper
                                           // level added keeps the shallower ones in place)
    State::Mark& mark(int depth);
    int choose(const State& st) const;
    void visit(State& st, int depth);
};

}  // namespace satlink
