// The rules, checked walk by walk (see referee.hpp, what this is and why it stands apart).
//
// A path occupies "visits": an ordinary cell, or one crossing of a bridge.  A valid path names
// each bridge crossing by the node of the axis it runs along, so a visit is simply a node, and
// "who occupies what" is one array over the board's nodes.
#include "referee.hpp"

#include <algorithm>
#include <cstdlib>
#include <utility>

namespace satlink_referee {

namespace {

// (row, column) steps to a cell's neighbours, as satlink/referee/cells.py lists them.
const int SQUARE[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
const int HEX_EVEN[6][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {1, -1}, {1, 1}};
const int HEX_ODD[6][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}};  // sit higher

uint64_t side(int64_t a, int64_t b) {
    if (a > b) std::swap(a, b);
    return (uint64_t(a) << 32) | uint64_t(b);
}

}  // namespace

Board::Board(int width, int height, bool hex, bool wrap, std::vector<uint32_t> kinds,
             const std::vector<int64_t>& walls, std::vector<int64_t> bridges)
    : w_(width), h_(height), hex_(hex), wrap_(wrap), size_(int64_t(width) * height),
      extra_(hex ? 2 : 1), bridges_(std::move(bridges)) {
    nodes_ = size_ + extra_ * int64_t(bridges_.size());
    solid_.assign(size_, 0);
    endpoint_.assign(size_, 0);
    for (int64_t x = 0; x < size_; ++x) {
        solid_[x] = kinds[x] == '#';
        endpoint_[x] = kinds[x] != '#' && kinds[x] != '.';
    }
    bridge_index_.assign(size_, -1);
    for (size_t i = 0; i < bridges_.size(); ++i) bridge_index_[bridges_[i]] = int32_t(i);
    for (size_t i = 0; i + 1 < walls.size(); i += 2) walls_.insert(side(walls[i], walls[i + 1]));
}

// The cells sharing a side with `cell` (warps applied; walls and solid cells kept), each once.
int Board::neighbours(int64_t cell, int64_t out[6]) const {
    int64_t r = cell / w_, c = cell % w_;
    const int (*steps)[2] = hex_ ? (c % 2 ? HEX_ODD : HEX_EVEN) : SQUARE;
    int count = 0, n = hex_ ? 6 : 4;
    for (int k = 0; k < n; ++k) {
        int64_t r2 = r + steps[k][0], c2 = c + steps[k][1];
        if (wrap_) {
            r2 = ((r2 % h_) + h_) % h_;
            c2 = ((c2 % w_) + w_) % w_;
        } else if (r2 < 0 || r2 >= h_ || c2 < 0 || c2 >= w_) {
            continue;
        }
        int64_t x = r2 * w_ + c2;
        if (x == cell || std::find(out, out + count, x) != out + count) continue;
        out[count++] = x;
    }
    return count;
}

bool Board::adjacent(int64_t a, int64_t b) const {
    int64_t near[6];
    int n = neighbours(a, near);
    return std::find(near, near + n, b) != near + n;
}

bool Board::walled(int64_t a, int64_t b) const {
    return !walls_.empty() && walls_.count(side(a, b));
}

// The axis of a step between neighbours, numbered as a bridge's crossings are: on squares
// 0 horizontal, 1 vertical (by column, a warp step too); on hexagons 0 vertical, 1 falling
// (backslash), 2 rising (slash), from the centres: columns apart, an even column's centre half
// a row lower than an odd one's, y growing down.
int Board::step_axis(int64_t a, int64_t b) const {
    if (!hex_) return a % w_ == b % w_ ? 1 : 0;
    int64_t r1 = a / w_, c1 = a % w_, r2 = b / w_, c2 = b % w_;
    int64_t dx = c2 - c1;
    int64_t dy = (2 * r2 + (c2 % 2 == 0)) - (2 * r1 + (c1 % 2 == 0));
    if (dx == 0) return 0;
    return dx * dy > 0 ? 1 : 2;
}

int64_t Board::cell_of(int64_t node) const {
    if (node < size_) return node;
    return bridges_[(node - size_) / extra_];
}

int Board::axis_of(int64_t node) const {
    return node < size_ ? 0 : 1 + int((node - size_) % extra_);
}

int64_t Board::crossing(int64_t cell, int axis) const {
    if (axis == 0) return cell;
    return size_ + int64_t(bridge_index_[cell]) * extra_ + axis - 1;
}

// Each path: joins its endpoints, steps only between neighbours with no wall between, never
// on a solid cell or through another endpoint, crosses each bridge straight on the axis its
// node names (never starting or ending there); no visit is made twice, by any path.
bool Board::walk(const Paths& paths, std::vector<int32_t>& owner,
                 std::vector<int32_t>& at) const {
    for (int64_t p = 0; p < paths.count; ++p) {
        const int64_t* path = paths.nodes + paths.offsets[p];
        int64_t len = paths.offsets[p + 1] - paths.offsets[p];
        if (len < 2) return false;
        int64_t first = path[0], last = path[len - 1], a = paths.ends[2 * p], b = paths.ends[2 * p + 1];
        if (!((first == a && last == b) || (first == b && last == a))) return false;
        for (int64_t i = 0; i < len; ++i) {
            if (path[i] < 0 || path[i] >= nodes_) return false;  // off the board
        }
        for (int64_t i = 0; i < len; ++i) {
            int64_t node = path[i], cell = cell_of(node);
            if (solid_[cell]) return false;
            if (endpoint_[cell] && i > 0 && i < len - 1) return false;
            if (i > 0) {
                int64_t before = cell_of(path[i - 1]);
                if (!adjacent(before, cell) || walled(before, cell)) return false;
            }
            if (bridge_index_[cell] >= 0) {
                if (i == 0 || i == len - 1) return false;
                int axis = step_axis(cell, cell_of(path[i - 1]));
                if (axis != step_axis(cell, cell_of(path[i + 1])) || axis != axis_of(node))
                    return false;
            }
            if (owner[node] >= 0) return false;
            owner[node] = int32_t(p);
            at[node] = int32_t(i);
        }
    }
    return true;
}

// fill: every open cell is used, and every crossing of every bridge.
bool Board::filled(const std::vector<int32_t>& owner) const {
    for (int64_t x = 0; x < size_; ++x) {
        if (!solid_[x] && owner[x] < 0) return false;
    }
    for (int64_t x = size_; x < nodes_; ++x) {
        if (owner[x] < 0) return false;
    }
    return true;
}

// notouch: two visits of one path joined by a side (no wall, not solid; at a bridge, along
// the axis of its crossing) come one after the other on it.
bool Board::untouched(const std::vector<int32_t>& owner, const std::vector<int32_t>& at) const {
    int64_t near[6];
    for (int64_t v = 0; v < nodes_; ++v) {
        if (owner[v] < 0) continue;
        int64_t cell = cell_of(v);
        bool bridge = bridge_index_[cell] >= 0;
        int n = neighbours(cell, near);
        for (int k = 0; k < n; ++k) {
            int64_t x = near[k];
            if (x < cell) continue;  // each side once, from its lower cell
            if (bridge && step_axis(cell, x) != axis_of(v)) continue;
            if (walled(cell, x) || solid_[x]) continue;
            int64_t other = bridge_index_[x] >= 0 ? crossing(x, step_axis(x, cell)) : x;
            if (owner[other] == owner[v] && std::llabs(int64_t(at[other]) - at[v]) != 1)
                return false;
        }
    }
    return true;
}

// no2x2: no path fills a 2x2 square (never across the warp seam) or, on hexagons, a triangle
// of three mutually adjacent cells; a block holding a solid or bridge cell never counts.
bool Board::unblocked(const std::vector<int32_t>& owner) const {
    auto same = [&](const int64_t* block, int n) {
        for (int k = 0; k < n; ++k) {
            if (solid_[block[k]] || bridge_index_[block[k]] >= 0) return false;
        }
        int32_t first = owner[block[0]];
        if (first < 0) return false;
        for (int k = 1; k < n; ++k) {
            if (owner[block[k]] != first) return false;
        }
        return true;
    };
    if (!hex_) {
        for (int64_t r = 0; r + 1 < h_; ++r) {
            for (int64_t c = 0; c + 1 < w_; ++c) {
                int64_t x = r * w_ + c;
                int64_t block[4] = {x, x + 1, x + w_, x + w_ + 1};
                if (same(block, 4)) return false;
            }
        }
        return true;
    }
    int64_t near[6];
    for (int64_t a = 0; a < size_; ++a) {
        int n = neighbours(a, near);
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) {
                if (near[i] <= a || near[j] <= near[i] || !adjacent(near[i], near[j])) continue;
                int64_t block[3] = {a, near[i], near[j]};
                if (same(block, 3)) return false;
            }
        }
    }
    return true;
}

bool Board::valid(const Paths& paths, const Profile& profile) const {
    std::vector<int32_t> owner(nodes_, -1), at(nodes_, 0);
    if (!walk(paths, owner, at)) return false;
    if (profile.fill && !filled(owner)) return false;
    if (profile.notouch && !untouched(owner, at)) return false;
    if (profile.no2x2 && !unblocked(owner)) return false;
    return true;
}

}  // namespace satlink_referee
