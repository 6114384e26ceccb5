"""Tests of satlink.repair."""
