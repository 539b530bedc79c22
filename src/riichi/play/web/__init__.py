"""The web game: ``python -m riichi.play --web`` serves a page on which one person plays
against three AI, the engine and the AI running in the server (the ``web`` extra: Starlette and
uvicorn). :mod:`~riichi.play.web.session` is the game as JSON, :mod:`~riichi.play.web.server`
the app; the page itself is in ``static/``."""
