"""What only the tests use: cut-free solution search, subprocess bookkeeping, packs and report
records to write, a stand-in competition solver."""
