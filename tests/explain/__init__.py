"""Tests of satlink.explain."""
