"""Tests of satlink.deduce."""
