"""Tests of satlink.grading."""
