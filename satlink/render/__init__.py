"""Ways to show boards and solutions to people (terminal now; SVG/HTML later)."""
