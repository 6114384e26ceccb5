// The frontier sweep, compiled: the same schedule, states and transitions as the Python
// reference (satlink/frontier/schedule.py, state.py, sweep.py), held to it by
// tests/frontier/test_engines.py.  Arrays in (the schedule's operations, the decided edges),
// a count and edge lists out; nothing of Python crosses per state.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace frontier {

enum Op { ADD = 0, EDGE = 1, BLOCK = 2, DROP = 3 };

struct Settings {
    int n_labels = 0;
    bool grouped = false;     // notouch / no2x2: pieces kept per node, groups in the state
    bool notouch = false;     // an edge decided off: its ends never on one path
    bool fill = false;
    uint64_t limit = 2;       // counts capped here
    int keep = 0;             // witnesses (decoded solutions) per state
    double seconds = -1;      // time allowed (< 0: none)
    uint64_t max_bytes = 0;   // the bytes the sweep may hold (memory.hpp; 0: no bound)
    bool lookahead = true;    // the degree lookahead (degrees.hpp)
    bool planar = false;      // the schedule sweeps a planar grid in boundary order: pairs nest
    bool reach = false;       // cut open ends that can no longer reach their partners
    bool carry = false;       // carry a state through steps that leave it one way on (run())
};

struct Result {
    std::string ended;        // complete, timeout, memory (the next allocation would pass the bound)
    uint64_t count = 0;
    std::vector<std::vector<int>> edge_sets;
    uint64_t peak_states = 0;
    uint64_t peak_bytes = 0;      // the most bytes the sweep held at once (memory.hpp)
    std::vector<uint64_t> sizes;  // states after each node's step
    bool lookahead = false;       // the degree lookahead filtered the states
    uint64_t lookahead_patterns = 0;
};

// Throws std::invalid_argument for operations that are not a schedule (a slot off the
// frontier, an edge off `edges` when there are decided edges, a label off `labels`).
void check_ops(const std::vector<int>& ops, size_t edges, int labels);

Result run(const std::vector<int>& ops, const std::vector<uint8_t>& decided,
           const Settings& settings);

}  // namespace frontier
