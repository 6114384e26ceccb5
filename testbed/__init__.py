"""Shared by the tests and the benchmarks (neither imports the other): the brute-force oracle,
independent of satlink's CNF code, the board families it checks satlink against, and the
headless browser and studio server the page tests and page benchmarks drive."""
