"""The benchmark harness behind ``satlink bench``: configurations, an interleaved runner,
summaries with same-run ratios, and plots."""
