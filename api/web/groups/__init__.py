"""A group's pages: its tables and standings, a player's statistics and charts, the start form's group choice."""
