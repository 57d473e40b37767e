"""slugboard.gui: the PySide6 application (main window, one page per game, export)."""

from __future__ import annotations

import os
import sys

# Slugboard's packages, and whether their modules use PySide (the codecs are pure Python).
PACKAGES = (("slugboard.gui", True), ("slugboard.codecs", False), ("slugboard.resources", False))


def module_names(package: str) -> list[str]:
    """The names of `package` and of every module and package under it, from its folder
    (none of them is imported)."""
    from importlib.util import find_spec

    spec = find_spec(package)
    folders = spec.submodule_search_locations if spec is not None else None
    names: list[str] = []
    for folder in folders or ():
        for path, subfolders, files in os.walk(folder):
            subfolders[:] = [name for name in subfolders if os.path.isfile(os.path.join(path, name, "__init__.py"))]
            below = os.path.relpath(path, folder)
            prefix = package if below == os.curdir else ".".join([package, *below.split(os.sep)])
            for file in files:
                if file.endswith(".py"):
                    stem = file.removesuffix(".py")
                    names.append(prefix if stem == "__init__" else f"{prefix}.{stem}")
    return names


def spare_source_reads() -> None:
    """Tell PySide beforehand what it would read each module's source to learn.

    Once PySide6 is loaded, it reads the source of every module imported after it, on
    that module's first import, to see whether the module names PySide6: its `__feature__`
    switches (snake_case, true_property) apply only to modules that do. That was about 60
    source files read while the window starts, 7 ms of it. PySide keeps what it learns in
    a table it publishes, `PySide6.support.feature.pyside_feature_dict`: 0 for a module
    that uses PySide, -1 for one it leaves alone; a module already there is not read.
    Slugboard fills in its own modules (the window's use PySide, the codecs do not) and
    the standard library's (none does), as PySide would. Before PySide is loaded, or with
    a PySide that keeps no such table, this does nothing and PySide reads as it did."""
    feature = sys.modules.get("PySide6.support.feature")
    table = getattr(feature, "pyside_feature_dict", None)
    if not isinstance(table, dict):
        return
    standard = sys.stdlib_module_names
    for name in [*standard, *(name for name in sys.modules if name.partition(".")[0] in standard)]:
        table.setdefault(name, -1)
    for package, uses_pyside in PACKAGES:
        for name in module_names(package):
            table.setdefault(name, 0 if uses_pyside else -1)


spare_source_reads()  # when PySide came first (a test, an embedding program); else app.main calls it
