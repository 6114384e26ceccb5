"""Tests of satlink.cli."""
