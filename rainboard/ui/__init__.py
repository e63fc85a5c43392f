"""The Textual interface. Import `rainboard.ui.app` only when the app is about to run: Textual is slow to import."""
