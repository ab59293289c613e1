"""Spies!: espionage for 2-5 players (rules: shared/design/spies-rules.md).

The package grows in the order of its brief; see README.md, STATUS, for what is built.
"""
