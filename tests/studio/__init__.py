"""Tests of satlink.studio."""
