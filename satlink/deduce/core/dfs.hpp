// The depth-first search on the trail (dfs.cpp): its bounds, its branching rule, what it found.
#pragma once

#include <deque>
#include <memory>
#include <vector>

#include "engine.hpp"

namespace satlink {

struct Dfs {
    // Which path end to split on: the one with the fewest undecided edges (the cases), ties
    // to the first (the order of Split and of satlink/deduce/split.py) or to the last in node
    // order.  The tree's size swings with the tie-break (benchmarks/README.md), so both are kept.
    enum class Order : int { first, last };
    // Bugs the tests plant to show that they catch them (never set otherwise).
    enum class Plant : int { none, keep_subtree, drop_branch };

    long budget = 0;   // states it may deduce (search nodes)
    long nodes = 0;
    size_t limit = 2;  // stop at this many solutions
    Order order = Order::first;
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
