"""Tests of satlink.bench."""
