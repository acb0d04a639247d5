"""A placeholder until the strategy bot lands."""
from lld.bots.random_bot import RandomBot as WillughbyBot  # noqa: F401
