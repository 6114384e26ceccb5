"""Tests of satlink.render."""
