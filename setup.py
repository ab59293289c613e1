"""The compiled core of Speak Easy (engine/speakeasy/_fast.c); everything else is in pyproject.toml.

The extension is optional: where no C compiler is found the install goes on without it and the
engine runs its pure-Python code (the reference the core is tested against), only slower.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "engine.speakeasy._fast",
            sources=["engine/speakeasy/_fast.c"],
            extra_compile_args=["-std=c99", "-Wall", "-Wextra", "-Wno-unused-parameter"],
            optional=True,
        )
    ]
)
