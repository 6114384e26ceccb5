"""Tests of satlink.solver."""
