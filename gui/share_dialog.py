"""File > Share: the board's web link as a QR code, to copy or save."""

from __future__ import annotations

import os

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from slugboard.codecs import SlugError
from slugboard.codecs import qr as qrcodes

from .file_dialogs import save_file_name, settings_of


class ShareDialog(QDialog):
    """A QR code of `link` with Copy link, Copy image and Save (PNG or SVG)."""

    def __init__(self, link: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("shareDialog")
        self.setWindowTitle("Share board")
        self.link = link
        self.code = qrcodes.make(link)
        self.image = QImage.fromData(qrcodes.png_bytes(self.code, scale=6))
        layout = QVBoxLayout(self)
        picture = QLabel()
        picture.setObjectName("qrCode")
        picture.setPixmap(QPixmap.fromImage(self.image))
        picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        picture.setToolTip("Point a phone's camera at the code to open the board in the game's web app")
        layout.addWidget(picture)
        field = QLineEdit(link)
        field.setReadOnly(True)
        field.setObjectName("shareLink")
        field.setCursorPosition(0)
        layout.addWidget(field)
        buttons = QHBoxLayout()
        for text, slot, tip in (
            ("Copy link", self.copy_link, "Copy the link as text"),
            ("Copy image", self.copy_image, "Copy the QR code as an image"),
            ("Save…", self.save_dialog, "Save the QR code as a PNG image or an SVG drawing"),
        ):
            button = QPushButton(text)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        self.message = QLabel(" ")  # keeps its line, so nothing moves when it speaks
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # it may name a file
        self.message.setObjectName("shareMessage")
        layout.addWidget(self.message)

    def copy_link(self) -> None:
        QGuiApplication.clipboard().setText(self.link)
        self.message.setText("Link copied")

    def copy_image(self) -> None:
        QGuiApplication.clipboard().setImage(self.image)
        self.message.setText("QR code copied as an image")

    def save_dialog(self) -> None:
        path, _ = save_file_name(
            self,
            "Save QR code",
            "board-qr.png",
            "PNG image (*.png);;SVG drawing (*.svg)",
            settings_of(self.parentWidget()),
        )
        if path:
            self.save(path)

    def save(self, path: str) -> bool:
        if not os.path.splitext(path)[1]:
            path += ".png"
        try:
            qrcodes.save(self.code, path)
        except SlugError as exc:
            self.message.setText(exc.message)
            return False
        self.message.setText(f"Saved {os.path.basename(path)}")
        return True
