"""Tests of satlink.batch."""
