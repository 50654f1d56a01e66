"""A tournament's pages: the start form, the players' page, the screen, the director's console, the results."""
