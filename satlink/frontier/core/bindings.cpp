// The compiled sweep as the Python module satlink.frontier._sweep (pybind11): one entry point,
// arrays in and a count with edge lists out; satlink/frontier/compiled.py is its only caller.
// The GIL is released while the sweep runs.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "sweep.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_sweep, m) {
    m.doc() = "The frontier sweep of satlink.frontier, compiled.";
    m.def(
        "run",
        [](const std::vector<int>& ops, const std::vector<uint8_t>& decided, int n_labels,
           bool grouped, bool notouch, bool fill, uint64_t limit, int keep, double seconds,
           uint64_t max_bytes, bool lookahead, bool planar, bool reach, bool carry) {
            if (n_labels < 0 || n_labels >= 0x2000)
                throw py::value_error("the compiled sweep takes at most 8191 labels");
            if (keep < 0 || keep > 255) throw py::value_error("keep must be 0 .. 255");
            if (limit < 1 || limit > (uint64_t(1) << 62))
                throw py::value_error("limit must be 1 .. 2**62");
            frontier::Settings settings;
            settings.n_labels = n_labels, settings.grouped = grouped, settings.fill = fill;
            settings.notouch = notouch;
            settings.limit = limit, settings.keep = keep, settings.seconds = seconds;
            settings.max_bytes = max_bytes;
            settings.lookahead = lookahead;
            settings.planar = planar;
            settings.reach = reach;
            settings.carry = carry;
            frontier::Result result;
            {
                py::gil_scoped_release unlocked;
                result = frontier::run(ops, decided, settings);
            }
            return py::make_tuple(result.ended, result.count, result.edge_sets,
                                  result.peak_states, result.sizes, result.lookahead,
                                  result.peak_bytes);
        },
        py::arg("ops"), py::arg("decided"), py::arg("n_labels"), py::arg("grouped"),
        py::arg("notouch"), py::arg("fill"), py::arg("limit"), py::arg("keep"), py::arg("seconds"),
        py::arg("max_bytes"), py::arg("lookahead") = true, py::arg("planar") = false, py::arg("reach") = false,
        py::arg("carry") = false,
        "Sweep the schedule's operations; returns (ended, count, edge lists, peak states, states after each node, lookahead used, "
        "peak bytes held).");
}
