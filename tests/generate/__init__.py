"""Tests of satlink.generate."""
