"""The app's screens: title, setup, board, dialogs, game over, help."""
