"""The lab: many games at once, their statistics, and the tools a lesson's experiment uses."""
