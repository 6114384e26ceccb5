"""Tests of satlink.cnf."""
