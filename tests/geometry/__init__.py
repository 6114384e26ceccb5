"""Tests of satlink.geometry."""
