"""Ways to show boards and solutions to people: terminal drawings, SVG and PNG pictures drawn
from one shared layout (plain boards and every Flow Free variant), and the HTML report."""
