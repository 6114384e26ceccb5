"""Tests of satlink.formats."""
