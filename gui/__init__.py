"""slugboard.gui: the PySide6 application (main window, one page per game, export)."""
