"""The compiled core of Speak Easy (engine/speakeasy/_fast.c); everything else is in pyproject.toml.

The extension is optional: where no C compiler is found the install goes on without it and the
engine runs its pure-Python code (the reference the core is tested against), only slower.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class BuildExt(build_ext):
    """Puts the built extension into the source tree (the editable install) by renaming a copy
    over the old one: a process that has the old one loaded (tests running while the project is
    reinstalled) keeps its file, where a rewrite in place could crash it."""

    def copy_file(self, infile: Any, outfile: Any, *args: Any, **kwargs: Any) -> tuple[str, bool]:
        partial = f"{outfile}.partial-{os.getpid()}"
        super().copy_file(infile, partial, *args, **kwargs)
        os.replace(partial, outfile)
        return str(outfile), True


setup(
    cmdclass={"build_ext": BuildExt},
    ext_modules=[
        Extension(
            "engine.speakeasy._fast",
            sources=["engine/speakeasy/_fast.c"],
            extra_compile_args=["-std=c99", "-Wall", "-Wextra", "-Wno-unused-parameter"],
            optional=True,
        )
    ],
)
