"""Tests of satlink.painted."""
