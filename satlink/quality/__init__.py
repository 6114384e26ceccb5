"""How good a puzzle is, beyond being unique: the figures every record and catalogue entry
carries (:mod:`satlink.quality.figures`: effort, grade, path shape) and the look of a
solution's paths (:mod:`satlink.quality.looks`)."""
