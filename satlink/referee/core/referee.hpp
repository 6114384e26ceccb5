// The compiled referee: whether claimed paths are a solution of a board, from the rules alone.
//
// Written from the README's rule table, with satlink/referee/paths.py (the Python referee) as
// the reference it must agree with.  Like that referee it reads only the board's cells and its
// geometry description (cell kind, size, warps, walls, bridges) and works out which cells
// neighbour which from their coordinates: it shares no code and no data with the deduction
// engine (satlink/deduce/core) or the board graph, so a bug there cannot certify its own
// answer.  It only says valid or not; the Python referee words the reasons.
#pragma once

#include <cstdint>
#include <unordered_set>
#include <vector>

namespace satlink_referee {

// What a path claims: its nodes, numbered as satlink.board.Board numbers them (cells, then
// per bridge one extra node per axis past the first), and the two endpoints it must join.
struct Paths {
    const int64_t* nodes;    // every path's nodes, one path after another
    const int64_t* offsets;  // path p is nodes[offsets[p] .. offsets[p + 1])
    const int64_t* ends;     // path p must join ends[2p] and ends[2p + 1]
    int64_t count;           // number of paths
};

struct Profile {
    bool fill, notouch, no2x2;
};

// A board as the referee sees it: the shape, each cell's character class, walls and bridges.
class Board {
public:
    // kinds: one code point per cell, row by row ('#' solid, '.' empty, else an endpoint);
    // walls: pairs of cells; bridges: bridge cells, ascending (the board's crossing order).
    Board(int width, int height, bool hex, bool wrap, std::vector<uint32_t> kinds,
          const std::vector<int64_t>& walls, std::vector<int64_t> bridges);

    bool valid(const Paths& paths, const Profile& profile) const;

private:
    int w_, h_;
    bool hex_, wrap_;
    int64_t size_, nodes_;
    int extra_;  // crossings of a bridge past its own cell: 1 on squares, 2 on hexagons
    std::vector<uint8_t> solid_, endpoint_;
    std::vector<int64_t> bridges_;
    std::vector<int32_t> bridge_index_;  // per cell: its place among the bridges, or -1
    std::unordered_set<uint64_t> walls_;

    int neighbours(int64_t cell, int64_t out[6]) const;
    bool adjacent(int64_t a, int64_t b) const;
    bool walled(int64_t a, int64_t b) const;
    int step_axis(int64_t a, int64_t b) const;
    int64_t cell_of(int64_t node) const;
    int axis_of(int64_t node) const;
    int64_t crossing(int64_t cell, int axis) const;

    bool walk(const Paths& paths, std::vector<int32_t>& owner, std::vector<int32_t>& at) const;
    bool filled(const std::vector<int32_t>& owner) const;
    bool untouched(const std::vector<int32_t>& owner, const std::vector<int32_t>& at) const;
    bool unblocked(const std::vector<int32_t>& owner) const;
};

}  // namespace satlink_referee
