// The compiled referee as the Python module satlink.referee._check (pybind11): arrays in, one
// answer out.  satlink/referee/compiled.py is the one place that packs a board and a solution
// for it and chooses between it and the Python referee.
//
// Arrays cross as buffers (array.array, numpy arrays, bytes): a small run need not load numpy.
#include <cstring>
#include <string>

#include <pybind11/pybind11.h>

#include "referee.hpp"

namespace py = pybind11;
using satlink_referee::Board;
using satlink_referee::Paths;
using satlink_referee::Profile;

namespace {

// Whether a buffer's struct format names a signed integer (of any size: the size is checked
// apart), in native or little-endian order: 'q' for array('q'), 'l' or '<q' for numpy's int64.
// A float buffer of the same size is refused, not read as integers' bits.
bool signed_integers(const std::string& format) {
    std::string code = format;
    if (!code.empty() && (code[0] == '@' || code[0] == '=' || code[0] == '<')) code.erase(0, 1);
    return code == "q" || code == "l" || code == "n" || code == "i" || code == "h" || code == "b";
}

// A one-dimensional contiguous buffer of `T`-sized signed integers, held (and so kept alive
// and unresizable) as long as the returned info lives.
template <typename T>
py::buffer_info held(const py::buffer& buffer, const char* what) {
    py::buffer_info info = buffer.request();
    if (info.ndim != 1 || info.itemsize != int64_t(sizeof(T)) || !signed_integers(info.format) ||
        (info.shape[0] > 1 && info.strides[0] != info.itemsize))
        throw py::value_error(std::string(what) + ": a contiguous one-dimensional array of " +
                              std::to_string(sizeof(T)) + "-byte signed integers");
    return info;
}

template <typename T>
std::vector<T> copied(const py::buffer& buffer, const char* what) {
    py::buffer_info info = held<T>(buffer, what);
    const T* data = static_cast<const T*>(info.ptr);
    return std::vector<T>(data, data + info.shape[0]);
}

Board make_board(int width, int height, bool hex, bool wrap, const py::bytes& kinds,
                 const py::buffer& walls, const py::buffer& bridges) {
    if (width <= 0 || height <= 0) throw py::value_error("a board has cells");
    std::string text = kinds;
    int64_t size = int64_t(width) * height;  // (no overflow: both below 2**31)
    if (text.size() % 4 != 0 || int64_t(text.size() / 4) != size)
        throw py::value_error("kinds: one UTF-32 code point per cell");
    std::vector<uint32_t> codes(size);
    std::memcpy(codes.data(), text.data(), text.size());
    auto wall_cells = copied<int64_t>(walls, "walls");
    auto bridge_cells = copied<int64_t>(bridges, "bridges");
    if (wall_cells.size() % 2 != 0) throw py::value_error("walls: pairs of cells, flat");
    for (int64_t x : wall_cells) {
        if (x < 0 || x >= size) throw py::value_error("walls: a cell off the board");
    }
    for (size_t i = 0; i < bridge_cells.size(); ++i) {
        int64_t x = bridge_cells[i];
        if (x < 0 || x >= size) throw py::value_error("bridges: a cell off the board");
        if (i > 0 && x <= bridge_cells[i - 1])
            throw py::value_error("bridges: each cell once, ascending");
    }
    return Board(width, height, hex, wrap, std::move(codes), wall_cells, std::move(bridge_cells));
}

bool valid(const Board& board, const py::buffer& nodes, const py::buffer& offsets,
           const py::buffer& ends, bool fill, bool notouch, bool no2x2) {
    py::buffer_info node_info = held<int64_t>(nodes, "nodes");
    py::buffer_info offset_info = held<int64_t>(offsets, "offsets");
    py::buffer_info end_info = held<int64_t>(ends, "ends");
    auto node_data = static_cast<const int64_t*>(node_info.ptr);
    auto offset_data = static_cast<const int64_t*>(offset_info.ptr);
    auto end_data = static_cast<const int64_t*>(end_info.ptr);
    int64_t n_nodes = node_info.shape[0], n_ends = end_info.shape[0];
    int64_t count = offset_info.shape[0] - 1;
    if (count < 0 || n_ends != 2 * count || offset_data[0] != 0 || offset_data[count] != n_nodes)
        throw py::value_error("offsets: one more than the paths, from 0 to len(nodes); "
                              "ends: two per path");
    for (int64_t p = 0; p < count; ++p) {
        if (offset_data[p + 1] < offset_data[p]) throw py::value_error("offsets: ascending");
    }
    Paths paths{node_data, offset_data, end_data, count};
    Profile profile{fill, notouch, no2x2};
    py::gil_scoped_release release;  // (the buffers stay held: their infos outlive this)
    return board.valid(paths, profile);
}

}  // namespace

PYBIND11_MODULE(_check, m) {
    m.doc() = "The compiled referee: whether claimed paths solve a board (see referee.hpp).";
    py::class_<Board>(m, "Board")
        .def(py::init(&make_board), py::arg("width"), py::arg("height"), py::arg("hex"),
             py::arg("wrap"), py::arg("kinds"), py::arg("walls"), py::arg("bridges"),
             "kinds: the cells' characters as UTF-32-LE bytes; walls: cell pairs, flat; "
             "bridges: the bridge cells, ascending (int64 buffers).")
        .def("valid", &valid, py::arg("nodes"), py::arg("offsets"), py::arg("ends"),
             py::arg("fill"), py::arg("notouch"), py::arg("no2x2"),
             "Whether the paths (nodes flat, offsets, two ends per path; int64 buffers) are a "
             "solution under the profile's rules.");
}
